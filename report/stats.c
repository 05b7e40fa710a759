// SPDX-License-Identifier: GPL-2.0
/*
 * stats.c - Welch's test, on the t distribution of the contract
 * (conformance/contract/stats.c: one implementation for runner and report),
 * and the chance band of a standard deviation from n runs.
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

/* the standard normal quantile: bisection on erfc() (exact to 1e-12) */
static double normal_quantile(double p)
{
	double lo = -40, hi = 40;
	int i;

	for (i = 0; i < 100; i++) {
		double mid = (lo + hi) / 2;

		if (0.5 * erfc(-mid / M_SQRT2) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

/*
 * Chi-square quantile by Wilson and Hilferty's cube-root normal
 * approximation: within 0.2 % of the exact value for df >= 4 and
 * 1e-4 <= p <= 1 - 1e-4 (chi2(9): 16.903 for 16.919 at 0.95), which is
 * all a band of a few runs needs.
 */
static double chi2_quantile(double p, double df)
{
	double v = 2 / (9 * df), c = 1 - v + normal_quantile(p) * sqrt(v);

	return c > 0 ? df * c * c * c : 0;
}

void stats_se_ratio_band(int n, double alpha_lo, double alpha_hi,
			 double *lo, double *hi)
{
	double df = n - 1;

	*lo = *hi = NAN;
	if (n < 3 || !(alpha_lo > 0 && alpha_lo < 1) ||
	    !(alpha_hi > 0 && alpha_hi < 1))
		return;
	/* a small s (a high ratio) is the chi-square's lower tail */
	*lo = sqrt(df / chi2_quantile(1 - alpha_lo, df));
	*hi = sqrt(df / chi2_quantile(alpha_hi, df));
}
