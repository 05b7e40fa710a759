/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hopper.h - inside the verdict room only: the sample interval that
 * verdict.c evaluates, and the sub-interval model of the self-migrating
 * tasks (kind=hopper) in hopper.c (docs/verdict.md, "Self-migrating
 * tasks").
 */
#ifndef CONFORM_VERDICT_HOPPER_H
#define CONFORM_VERDICT_HOPPER_H

#include <stdbool.h>

#include "model/model.h"
#include "verdict/verdict.h"

struct hop_cut;
struct hop_pcache;
struct hop_memo;

/* What hop_eval() keeps per interval: per instance and CPU, the hops. */
struct hop_ival {
	double *hm, *hp;		/* [ninst * ncpus] measured, predicted */
	int *hcpu;			/* [ninst] placement in a sub-interval */
	struct task_sample *hts;	/* [ninst] ... as km_shares() takes it */
	struct km_sub_acc sub;
	struct hop_cut *cut;		/* the interval's hops, in time order */
	int ncut, cut_cap;
	double span;			/* ns between the hoppers' two reads */
	struct hop_pcache *pcache;	/* [VD_HOP_PCACHE] (hop_pelt()) */
	int pnext;
};

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
	struct hop_ival hop;		/* hoppers (hop_eval()) */
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

int hop_ival_alloc(struct hop_ival *hv, int ng, int nc, int ni);
void hop_ival_free(struct hop_ival *hv);

/*
 * Interval k with hoppers, after the interval's measure: 0 when modelled
 * here, 1 when it has no hoppers or their reads are not whole, or -errno.
 */
int hop_eval(const struct vd_input *in, int k, struct ival *iv,
	     struct scn_result *r);

/* Leave sample sm out of the propagation check of group g on CPU c? */
bool agg_hop_netted(const struct vd_input *in, const struct scn_state *st,
		    const struct sample *sm, int g, int c);

struct hop_memo *hop_memo_new(void);
void hop_memo_free(struct hop_memo *mm);

/* Interval k's ideal split times its length, added to gcpu[]. */
int hop_ideal_interval(const struct vd_input *in, int k,
		       const struct scn_state *st, const double *cap,
		       struct ival *iv, struct hop_memo *mm, double *gcpu);

/* The hoppers' diagnostics over the window (first, last]. */
void report_hoppers(const struct vd_input *in, struct ival *iv, int first,
		    int last, struct scn_result *r);

#endif
