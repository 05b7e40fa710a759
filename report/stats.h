/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats.h - Student t distribution and Welch's unequal-variance t test,
 * used to decide whether an error changed between two runs.
 */
#ifndef REPORT_STATS_H
#define REPORT_STATS_H

/* P(T <= t) for Student's t with df > 0 degrees of freedom. */
double t_cdf(double t, double df);

/* Two-sided quantile q with P(|T| <= q) = confidence. */
double t_quantile(double confidence, double df);

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
