// SPDX-License-Identifier: GPL-2.0
/*
 * analyze.c - one window's verdict, assembled: the window's sums, the
 * ideal split, each group's comparisons, then the diagnostics, the
 * aggregation check, host stalls and convergence.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "verdict/convergence.h"
#include "verdict/diagnose.h"
#include "verdict/groups.h"
#include "verdict/ideal_window.h"
#include "verdict/stalls.h"
#include "verdict/verdict.h"
#include "verdict/window.h"

/* Diagnostics, the aggregation check, stalls, convergence. */
static void vd_finalise(const struct vd_input *in, struct vd_acc *a,
			struct scn_result *r)
{
	int k, kind;

	report_worst(in, &a->wi[r->verdict_kind], a->first, a->nint, a->W, r);
	report_starved(in, a->first, a->last, r);
	report_hoppers(in, a->hop, a->first, a->last, r);
	vd_check_aggregation(in, a->first, a->last, r);
	/* an aggregation failure is never the host's */
	explain_by_stalls(in->s, a->tot, r);
	if (!r->agg_ok) {
		if (r->v == V_PASS) {
			r->v = V_FAIL;
			snprintf(r->reason, sizeof(r->reason),
				 "aggregation: %s", r->nissues ?
				 r->issues[0].detail : "broken");
		}
		for (k = 0; k < r->nissues; k++)
			vd_diag(r, "aggregation: %s", r->issues[k].detail);
	}
	convergence(in, &a->iv, a->hop, a->first,
		    a->nint / a->W > 0 ? a->nint / a->W : 1, r);
	for (kind = 0; kind < KM_KINDS; kind++)
		if (r->km_fallbacks[kind])
			vd_diag(r, "model %s: %d group weights from a fallback",
				km_kind_name(kind), r->km_fallbacks[kind]);
}

int vd_analyze(const struct vd_input *in, struct scn_result *r)
{
	struct vd_acc *a;
	int ret;

	r->src = in->src;
	r->win_start_us = in->win_start_us;
	r->win_len_us = in->win_len_us;
	r->ncpus = in->ss->ncpus;
	r->samples = in->ss->n;
	a = calloc(1, sizeof(*a));
	if (!a)
		goto nomem;
	a->ng = in->s->ngroups;
	a->nc = in->ss->ncpus;
	ret = vd_window(in, r, a);
	if (ret)
		goto out;
	if (acc_alloc(a, in->ss->ninst))
		goto nomem;
	ret = vd_accumulate(in, a, r);
	if (ret)
		goto out;
	vd_ideal_shares(in, a, r);
	vd_groups(in, a, r);
	vd_coverage(a, r);
	vd_finalise(in, a, r);
	goto out;
nomem:
	r->v = V_ERROR;
	snprintf(r->reason, sizeof(r->reason), "out of memory");
	ret = -ENOMEM;
out:
	if (a)
		acc_free(a);
	free(a);
	return ret;
}
