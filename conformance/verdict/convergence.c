// SPDX-License-Identifier: GPL-2.0
/*
 * convergence.c - how long after each phase the measured split settled.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/convergence.h"
#include "verdict/predict.h"

/*
 * Convergence after each phase: the time from the phase until the
 * measured split, averaged over a sub-window's worth of intervals, comes
 * within tolerance of the window's measured split for good (until the
 * next phase or the window). -1: not within that time.
 */
void convergence(const struct vd_input *in, struct ival *iv,
		 struct hop_ival *hv, int first, int per_sub,
		 struct scn_result *r)
{
	const struct scenario *s = in->s;
	const struct sample_set *ss = in->ss;
	int ng = s->ngroups, p, k, g, j;
	double *acc = calloc((size_t)(ng + 1) * (per_sub + 1), sizeof(double));
	double *tot = calloc(per_sub + 1, sizeof(double));

	r->nconv = 0;
	for (p = 0; p < s->nphases && acc && tot; p++) {
		uint64_t at = s->phases[p].at_us, until = ss->v[first].t_us;
		int64_t conv = -1;
		int n = 0;

		for (j = p + 1; j < s->nphases; j++)
			if (s->phases[j].at_us > at) {
				until = s->phases[j].at_us;
				break;
			}
		memset(tot, 0, sizeof(double) * per_sub);
		for (k = 1; k < ss->n && ss->v[k].t_us <= until; k++) {
			double dev = 0, t = 0;
			int slot = n % per_sub;

			if (ss->v[k - 1].t_us < at)
				continue;
			if (eval_interval(in, k, iv, hv, NULL))
				continue;
			for (g = 0; g < ng; g++)
				acc[slot * ng + g] = iv->meas[g];
			tot[slot] = iv->tot;
			if (++n < per_sub)
				continue;
			for (j = 0; j < per_sub; j++)
				t += tot[j];
			if (t <= 0)
				continue;
			for (g = 0; g < ng; g++) {
				double m = 0;

				for (j = 0; j < per_sub; j++)
					m += acc[j * ng + g];
				dev = fmax(dev, fabs(m / t - r->g[g].measured));
			}
			if (dev > s->tolerance)
				conv = -1;
			else if (conv < 0)
				conv = (int64_t)(ss->v[k].t_us - at);
		}
		r->conv[r->nconv].phase = p;
		r->conv[r->nconv].at_us = at;
		r->conv[r->nconv].converged_after_us = conv;
		r->nconv++;
	}
	free(acc);
	free(tot);
}
