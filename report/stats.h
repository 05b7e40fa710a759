/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats.h - Welch's unequal-variance t test, used to decide whether an
 * error changed between two runs, and the chance band of a standard
 * error estimated from repeated runs. The t distribution itself is the
 * contract's (stats_t_quantile(), stats_t_cdf()).
 */
#ifndef REPORT_STATS_H
#define REPORT_STATS_H

#include "contract/contract.h"

struct welch {
	double diff;		/* b - a */
	double se;		/* standard error of the difference */
	double df;		/* Welch-Satterthwaite degrees of freedom */
	double p;		/* two-sided p-value; NAN when not computable */
	double lo, hi;		/* confidence interval of diff */
};

/*
 * Welch test from two means with the half-widths of their confidence
 * intervals at the given confidence, over n_a and n_b samples (n >= 2).
 * Returns 0, or -EINVAL when the inputs do not allow a test.
 */
int welch_from_ci(double mean_a, double half_a, int n_a,
		  double mean_b, double half_b, int n_b,
		  double confidence, struct welch *out);

/*
 * The range a calibrated interval's SE c/o (claimed standard error over
 * the standard deviation of the error across n runs) falls in by chance,
 * from the sampling of that standard deviation alone: (n-1) s^2 / sigma^2
 * is chi-square with n-1 degrees of freedom. @lo is exceeded downward
 * with probability @alpha_lo, @hi upward with @alpha_hi. NAN for n < 3.
 */
void stats_se_ratio_band(int n, double alpha_lo, double alpha_hi,
			 double *lo, double *hi);

#endif /* REPORT_STATS_H */
