/* SPDX-License-Identifier: GPL-2.0 */
/*
 * window.h - inside the verdict module: the window's samples and the sums
 * over its intervals (window.c) that the verdict's steps read.
 */
#ifndef CONFORM_VERDICT_WINDOW_H
#define CONFORM_VERDICT_WINDOW_H

#include "verdict/interval.h"

struct hop_ival;

/* The interval (k-1, k] and group with the largest model error. */
struct worst_ival {
	double dev, meas, pred;
	int k, g;
};

/*
 * What vd_analyze() sums over the window's intervals (first, last]:
 * per sub-window, cumulative at every interval end, per group and CPU.
 */
struct vd_acc {
	int ng, nc, first, last, nint, W;
	double tot;			/* ns, all instances */
	double window_ns;		/* t(last) - t(first) */
	double *wmeas, *wpred, *wtot;	/* per sub-window: acc_wmeas() ... */
	double *cmeas, *cpred, *ctot;	/* cumulative: acc_cmeas() ... */
	double *gm, *gp;		/* [ng * nc] measured, model defined */
	double *x, *lag;		/* [W], [nint + 1]: one group's errors */
	double tmeas[SCN_MAX_GROUPS];
	double tpred[KM_KINDS][SCN_MAX_GROUPS];
	double icap[SCN_MAX_CPUS];
	double alone, unmod;		/* ns: struct ival's, summed */
	struct ival iv;
	struct hop_ival *hop;		/* the hoppers' (hopper.h) */
	struct worst_ival wi[KM_KINDS];
};

/* Group g's measured CPU time in sub-window w. */
static inline double *acc_wmeas(struct vd_acc *a, int w, int g)
{
	return &a->wmeas[(size_t)w * a->ng + g];
}

/* ... and model kind's. */
static inline double *acc_wpred(struct vd_acc *a, int w, int kind, int g)
{
	return &a->wpred[((size_t)w * KM_KINDS + kind) * a->ng + g];
}

/* Group g's measured CPU time up to the end of interval j (0: none). */
static inline double *acc_cmeas(struct vd_acc *a, int g, int j)
{
	return &a->cmeas[(size_t)g * (a->nint + 1) + j];
}

static inline double *acc_cpred(struct vd_acc *a, int kind, int g, int j)
{
	return &a->cpred[((size_t)kind * a->ng + g) * (a->nint + 1) + j];
}

/* Samples first and last of the window; r->intervals and subwindows. */
int vd_window(const struct vd_input *in, struct scn_result *r,
	      struct vd_acc *a);

/* a's sums for ninst instances; 0 or -ENOMEM (then acc_free() it). */
int acc_alloc(struct vd_acc *a, int ninst);
void acc_free(struct vd_acc *a);

/* Evaluate and sum every interval of the window; the CPU capacities. */
int vd_accumulate(const struct vd_input *in, struct vd_acc *a,
		  struct scn_result *r);

#endif /* CONFORM_VERDICT_WINDOW_H */
