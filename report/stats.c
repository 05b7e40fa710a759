// SPDX-License-Identifier: GPL-2.0
/*
 * stats.c - Welch's test, on the t distribution of the contract
 * (conformance/contract/stats.c: one implementation for runner and report).
 */
#include "stats.h"
/* the incomplete beta function is the runner's (one implementation) */
#include "contract/contract.h"

#include <errno.h>
#include <math.h>

int welch_from_ci(double mean_a, double half_a, int n_a,
		  double mean_b, double half_b, int n_b,
		  double confidence, struct welch *out)
{
	double va, vb, num, den, q;

	out->diff = mean_b - mean_a;
	out->se = out->df = out->p = out->lo = out->hi = NAN;
	if (isnan(mean_a) || isnan(mean_b) || isnan(half_a) ||
	    isnan(half_b) || n_a < 2 || n_b < 2 ||
	    !(confidence > 0 && confidence < 1))
		return -EINVAL;
	/* half = t(conf, n-1) * s / sqrt(n), so s^2/n = (half / t)^2 */
	va = half_a / stats_t_quantile(confidence, n_a - 1);
	vb = half_b / stats_t_quantile(confidence, n_b - 1);
	va *= va;
	vb *= vb;
	out->se = sqrt(va + vb);
	if (!(out->se > 0)) {
		/* both intervals have zero width: any difference is real */
		out->df = n_a + n_b - 2;
		out->p = out->diff == 0 ? 1 : 0;
		out->lo = out->hi = out->diff;
		return 0;
	}
	num = (va + vb) * (va + vb);
	den = va * va / (n_a - 1) + vb * vb / (n_b - 1);
	out->df = den > 0 ? num / den : n_a + n_b - 2;
	out->p = 2 * (1 - stats_t_cdf(fabs(out->diff) / out->se, out->df));
	if (out->p < 0)
		out->p = 0;
	q = stats_t_quantile(confidence, out->df);
	out->lo = out->diff - q * out->se;
	out->hi = out->diff + q * out->se;
	return 0;
}
