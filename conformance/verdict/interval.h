/* SPDX-License-Identifier: GPL-2.0 */
/*
 * interval.h - inside the verdict module: one sample interval (k-1, k],
 * its state and each instance's CPU time in it (interval.c), with the
 * scratch the models of the interval fill (predict.c, hopper.c).
 */
#ifndef CONFORM_VERDICT_INTERVAL_H
#define CONFORM_VERDICT_INTERVAL_H

#include "model/model.h"
#include "verdict/result.h"

/* One sample interval (k-1, k]: measured and predicted CPU time. */
struct ival {
	double tot;			/* ns, all instances */
	double *meas;			/* [ngroups] ns, hierarchical */
	double *pred[KM_KINDS];		/* [ngroups] ns, hierarchical */
	double *cap;			/* [ncpus] ns */
	double *gcpu_meas;		/* [ngroups * ncpus] ns */
	double *gcpu_pred;		/* [ngroups * ncpus] ns, defined */
	double *share;			/* [ninst] scratch */
	double *share_on;		/* [ninst] scratch */
	double *d;			/* [ninst] scratch */
	int *cpu;			/* [ninst] scratch */
	double alone;			/* ns on CPUs with one task, full share */
	double unmod;			/* ns on CPUs with no runnable task */
	const struct scn_state *st;	/* the state in the interval */
	struct scn_state *replay;	/* ... replayed (scenario repeats) */
	struct scn_event_pos pos;	/* ... its position on the timeline */
};

/* x added to group g's v[] and its ancestors'. */
static inline void add_up(const struct scenario *s, double *v, int g,
			  double x)
{
	for (; g >= 0; g = s->groups[g].parent)
		v[g] += x;
}

/* ... the same in v[group * nc + c]. */
static inline void add_up_cpu(const struct scenario *s, double *v, int nc,
			      int g, int c, double x)
{
	for (; g >= 0; g = s->groups[g].parent)
		v[(size_t)g * nc + c] += x;
}

/* For ng groups, nc CPUs and ni instances; 0 or -ENOMEM (then free it). */
int ival_alloc(struct ival *iv, int ng, int nc, int ni);
void ival_free(struct ival *iv);

/*
 * The state the interval ending at sample k was in: the window's (in->st),
 * unless repeats change it during the window; then the state after the
 * events applied before sample k, replayed in st from pos.
 */
const struct scn_state *vd_state(const struct vd_input *in, int k,
				 struct scn_state *st,
				 struct scn_event_pos *pos);

void ival_reset(struct ival *iv, int ng, int nc);

/* Each instance's CPU time in interval (k-1, k], charged to its CPU. */
void ival_measure(const struct vd_input *in, int k, struct ival *iv);

/* Interval k's state and measured CPU time, from a cleared iv. */
void ival_measure_at(const struct vd_input *in, int k, struct ival *iv);

#endif /* CONFORM_VERDICT_INTERVAL_H */
