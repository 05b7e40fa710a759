/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats.h - the statistics behind a verdict: mean, sample standard
 * deviation and a two-sided Student t confidence interval.
 */
#ifndef CONFORM_STATS_H
#define CONFORM_STATS_H

struct stats_summary {
	int n;
	double mean;
	double sd;		/* sample standard deviation (n - 1) */
	double half_width;	/* t(conf, n - 1) * sd / sqrt(n); 0 when n < 2 */
	double lo, hi;		/* mean -/+ half_width */
};

/* Two-sided Student t quantile: P(|T| <= q) = confidence, df >= 1. */
double stats_t_quantile(double confidence, int df);

void stats_summarize(const double *x, int n, double confidence,
		     struct stats_summary *out);

#endif /* CONFORM_STATS_H */
