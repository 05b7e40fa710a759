// SPDX-License-Identifier: GPL-2.0
/*
 * ideal_window.c - the ideal split over the window, on the CPU capacities
 * measured in it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/hop_ideal.h"
#include "verdict/ideal_window.h"
#include "verdict/verdict.h"

/*
 * Ideal split (CPUs per group) over the window: of its state, or with
 * repeats or hoppers, the time average over the states of its intervals.
 */
static int vd_ideal_window(const struct vd_input *in, struct vd_acc *a,
			   const double *cap, double *gcpu)
{
	const struct sample_set *ss = in->ss;
	struct hop_memo *mm = NULL;
	double one[SCN_MAX_GROUPS], span = 0;
	struct scn_event_pos pos;
	struct scn_state *st;
	int k, g, ret = 0;

	if (!in->s->nrepeats && !ss->hop)
		return ideal_split(in->s, in->st, cap, gcpu, NULL);
	st = calloc(1, sizeof(*st));
	if (ss->hop)
		mm = hop_memo_new();
	if (!st || (ss->hop && !mm)) {
		free(st);
		hop_memo_free(mm);
		return -ENOMEM;
	}
	scn_event_init(&pos);
	memset(gcpu, 0, sizeof(double) * SCN_MAX_GROUPS);
	for (k = a->first + 1; k <= a->last && !ret; k++) {
		double dt = (double)ss->v[k].t_us - (double)ss->v[k - 1].t_us;
		const struct scn_state *sk = vd_state(in, k, st, &pos);

		span += dt;
		if (mm) {
			ret = hop_ideal_interval(in, k, sk, cap, a->hop, mm,
						 gcpu);
			continue;
		}
		ret = ideal_split(in->s, sk, cap, one, NULL);
		for (g = 0; g < in->s->ngroups; g++)
			gcpu[g] += one[g] * dt;
	}
	for (g = 0; g < in->s->ngroups && span > 0; g++)
		gcpu[g] /= span;
	free(st);
	hop_memo_free(mm);
	return ret;
}

void vd_capacity(const struct scn_result *r, double *cap)
{
	for (int c = 0; c < SCN_MAX_CPUS; c++)
		cap[c] = c < r->ncpus ? r->cpu_capacity[c] : 0;
}

double vd_fractions(const struct scenario *s, const double *gcpu,
		    double *frac)
{
	double tot = 0;
	int g;

	for (g = 0; g < s->ngroups; g++)
		if (s->groups[g].parent < 0)
			tot += gcpu[g];
	for (g = 0; g < s->ngroups; g++)
		frac[g] = tot > 0 ? gcpu[g] / tot : 0;
	return tot;
}

/* Ideal model on the measured capacities. */
void vd_ideal_shares(const struct vd_input *in, struct vd_acc *a,
		     struct scn_result *r)
{
	const struct scenario *s = in->s;
	double cap[SCN_MAX_CPUS], gcpu_ideal[SCN_MAX_GROUPS];
	double frac[SCN_MAX_GROUPS];
	int g;

	vd_capacity(r, cap);
	if (vd_ideal_window(in, a, cap, gcpu_ideal)) {
		vd_diag(r, "ideal model failed; ideal reported as 0");
		memset(gcpu_ideal, 0, sizeof(gcpu_ideal));
	}
	vd_fractions(s, gcpu_ideal, frac);
	for (g = 0; g < s->ngroups; g++)
		r->g[g].ideal = frac[g];
}
