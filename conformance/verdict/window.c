// SPDX-License-Identifier: GPL-2.0
/*
 * window.c - the window's samples, and the sums over its intervals that
 * the verdict reads (verdict/window.h).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "verdict/hopper.h"
#include "verdict/predict.h"
#include "verdict/stalls.h"
#include "verdict/window.h"

static void note_worst(struct worst_ival *wi, const struct ival *iv, int k,
		       int ng)
{
	int kind, g;

	for (kind = 0; kind < KM_KINDS; kind++)
		for (g = 0; g < ng; g++) {
			double dev = iv->meas[g] - iv->pred[kind][g];

			if (fabs(dev) <= fabs(wi[kind].dev))
				continue;
			wi[kind] = (struct worst_ival){ dev, iv->meas[g],
				iv->pred[kind][g], k, g };
		}
}

/* Samples first and last of the window; r->intervals and subwindows. */
int vd_window(const struct vd_input *in, struct scn_result *r,
	      struct vd_acc *a)
{
	const struct sample_set *ss = in->ss;
	uint64_t half = in->s->sample_us / 2;
	uint64_t end = in->win_start_us + in->win_len_us;
	int k, W;

	a->first = a->last = -1;
	for (k = 0; k < ss->n; k++) {
		if (a->first < 0 && ss->v[k].t_us + half >= in->win_start_us)
			a->first = k;
		if (ss->v[k].t_us <= end + half)
			a->last = k;
	}
	a->nint = a->first >= 0 && a->last > a->first ? a->last - a->first : 0;
	if (a->nint < 2) {
		r->v = V_ERROR;
		snprintf(r->reason, sizeof(r->reason),
			 "only %d sample intervals in the window", a->nint);
		return -ENODATA;
	}
	r->intervals = a->nint;
	W = in->s->windows < a->nint ? in->s->windows : a->nint;
	if (W > VD_MAX_WINDOWS)
		W = VD_MAX_WINDOWS;
	if (W < 2)
		W = 2;
	r->subwindows = a->W = W;
	return 0;
}

int acc_alloc(struct vd_acc *a, int ninst)
{
	size_t ng = (size_t)a->ng, W = (size_t)a->W, n1 = (size_t)a->nint + 1;

	if (ival_alloc(&a->iv, a->ng, a->nc, ninst))
		return -ENOMEM;
	a->hop = hop_ival_new(a->ng, a->nc, ninst);
	if (!a->hop)
		return -ENOMEM;
	a->wmeas = calloc(W * ng, sizeof(double));
	a->wpred = calloc(W * ng * KM_KINDS, sizeof(double));
	a->wtot = calloc(W, sizeof(double));
	a->x = calloc(W, sizeof(double));
	a->gm = calloc(ng * a->nc + 1, sizeof(double));
	a->gp = calloc(ng * a->nc + 1, sizeof(double));
	a->cmeas = calloc(ng * n1, sizeof(double));
	a->cpred = calloc(ng * KM_KINDS * n1, sizeof(double));
	a->ctot = calloc(n1, sizeof(double));
	a->lag = calloc(n1, sizeof(double));
	if (!a->wmeas || !a->wpred || !a->wtot || !a->x || !a->gm || !a->gp ||
	    !a->cmeas || !a->cpred || !a->ctot || !a->lag)
		return -ENOMEM;
	return 0;
}

void acc_free(struct vd_acc *a)
{
	ival_free(&a->iv);
	hop_ival_free(a->hop);
	free(a->wmeas);
	free(a->wpred);
	free(a->wtot);
	free(a->x);
	free(a->gm);
	free(a->gp);
	free(a->cmeas);
	free(a->cpred);
	free(a->ctot);
	free(a->lag);
}

/* Add interval a->iv, the j-th of the window, in sub-window w. */
static void acc_add(struct vd_acc *a, int j, int w)
{
	const struct ival *iv = &a->iv;
	int g, c, kind;

	a->wtot[w] += iv->tot;
	a->tot += iv->tot;
	a->alone += iv->alone;
	a->unmod += iv->unmod;
	a->ctot[j + 1] = a->tot;
	for (c = 0; c < a->nc; c++)
		a->icap[c] += iv->cap[c];
	for (g = 0; g < a->ng; g++) {
		*acc_wmeas(a, w, g) += iv->meas[g];
		a->tmeas[g] += iv->meas[g];
		*acc_cmeas(a, g, j + 1) = a->tmeas[g];
		for (kind = 0; kind < KM_KINDS; kind++) {
			*acc_wpred(a, w, kind, g) += iv->pred[kind][g];
			a->tpred[kind][g] += iv->pred[kind][g];
			*acc_cpred(a, kind, g, j + 1) = a->tpred[kind][g];
		}
	}
	for (g = 0; g < a->ng * a->nc; g++) {
		a->gm[g] += iv->gcpu_meas[g];
		a->gp[g] += iv->gcpu_pred[g];
	}
}

/* Evaluate and sum every interval of the window; the CPU capacities. */
int vd_accumulate(const struct vd_input *in, struct vd_acc *a,
		  struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	int k, c, ret;

	r->charge_excess_us = 0;
	r->stall_us = r->stall_max_us = r->stall_max_at_us = 0;
	r->stall_max_group = -1;
	r->stall_explains = false;
	for (k = 0; k < a->ng; k++)
		r->g[k].stall_tail_ns = 0;
	for (k = a->first + 1; k <= a->last; k++) {
		int j = k - a->first - 1, w = j * a->W / a->nint;

		ret = eval_interval(in, k, &a->iv, a->hop, r);
		if (ret)
			return ret;
		note_worst(a->wi, &a->iv, k, a->ng);
		note_excess(ss, k, a->iv.tot, r);
		note_stall(in, a->iv.st, k, w == a->W - 1, r);
		acc_add(a, j, w);
	}
	a->window_ns = ((double)ss->v[a->last].t_us -
			(double)ss->v[a->first].t_us) * 1000.0;
	if (a->tot <= 0 || a->window_ns <= 0) {
		r->v = V_ERROR;
		snprintf(r->reason, sizeof(r->reason),
			 "no CPU time measured in the window");
		return -ENODATA;
	}
	for (c = 0; c < a->nc; c++)
		r->cpu_capacity[c] = a->icap[c] / a->window_ns;
	return 0;
}
