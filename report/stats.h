/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats.h - Welch's unequal-variance t test, used to decide whether an
 * error changed between two runs. The t distribution itself is the
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

#endif /* REPORT_STATS_H */
