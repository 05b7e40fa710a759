/* SPDX-License-Identifier: GPL-2.0 */
/*
 * contract.h - what the runner (conformance/) and the report (report/) share:
 * the verdict enum and its names, and the statistics behind a verdict
 * (mean, sample standard deviation, Student t quantile and intervals).
 * Both link the .c files of conformance/contract/; neither keeps a copy.
 */
#ifndef CONFORM_CONTRACT_H
#define CONFORM_CONTRACT_H


/*
 * A scenario's verdict: the runner's KTAP (ok, not ok, # SKIP, # ERROR)
 * and JSON "verdict" strings, and what the report reads back. The runner
 * gives the first four; INCOMPLETE and UNKNOWN are the report's (a
 * scenario_start without a result, a string it does not know).
 */
enum verdict {
	V_PASS,
	V_FAIL,
	V_SKIP,
	V_ERROR,
	V_INCOMPLETE,	/* scenario_start seen, no result: the guest stopped */
	V_UNKNOWN,	/* a verdict string we do not know, or none */
	V_COUNT,
};

/* "pass", "fail", "skip", "error", "incomplete", "unknown". */
const char *verdict_name(enum verdict v);
/* The verdict named s; V_UNKNOWN for NULL or a name not in the table. */
enum verdict verdict_parse(const char *s);

/*
 * stats.c - the statistics behind a verdict: mean, sample standard
 * deviation and a two-sided Student t confidence interval.
 */

struct stats_summary {
	int n;
	double mean;
	double sd;		/* sample standard deviation (n - 1) */
	double half_width;	/* t(conf, n - 1) * sd / sqrt(n); 0 when n < 2 */
	double lo, hi;		/* mean -/+ half_width */
	double rho1;		/* lag-1 autocorrelation (series only), else 0 */
};

/* Regularized incomplete beta I_x(a, b), a, b > 0, 0 <= x <= 1. */
double stats_incbeta(double a, double b, double x);

/*
 * Two-sided Student t quantile: P(|T| <= q) = confidence, df >= 1 (real:
 * Welch's degrees of freedom are fractional). The one t quantile of the
 * tree: the runner's intervals and the report's tests use it alike.
 */
double stats_t_quantile(double confidence, double df);

/* P(T <= t) for Student's t with df > 0 degrees of freedom. */
double stats_t_cdf(double t, double df);

void stats_summarize(const double *x, int n, double confidence,
		     struct stats_summary *out);

/*
 * The same for consecutive sub-window errors of one measurement window,
 * whose terms are serially dependent: CFS keeps a group's lag (cumulative
 * measured - model CPU) bounded, so what one sub-window loses at its end
 * the next one gains (measured in the guest: mean lag-1 autocorrelation
 * -0.36 over 144 groups), while a host stall that spans a sub-window edge
 * correlates neighbours positively. The variance of the mean is taken as
 * that of an MA(1) series, sd^2 (1 + 2 rho (n - 1) / n) / n, where rho is
 * the lag-1 autocorrelation estimate moved up by its small-sample bias
 * (1/n) and by half its standard error (0.5/sqrt(n)), clamped to the
 * MA(1) range [-1/2, 0.99]. Simulated coverage at 95 % (test_stats.c):
 * independent terms 0.95, bounded-lag terms >= 0.99.
 */
void stats_summarize_series(const double *x, int n, double confidence,
			    struct stats_summary *out);

/*
 * The interval for the mean error (lag[n] - lag[0]) / (cum[n] - cum[0]) of
 * a window whose cumulative error lag[] (measured - model CPU time) stays
 * bounded: the case of a steady model, where CFS repays every lag it lets
 * build up (a host stall's included). That mean is a difference of two lag
 * values, so its variance is that of a lag increment over the window, not
 * a sum of per-sub-window noise: it is estimated from all increments over
 * half the window, detrended by the mean (a lag spread over more than
 * half the window is thus seen), and scaled by the t quantile with df
 * degrees of freedom. cum[] is the cumulative total CPU time (the axis),
 * n >= 4 intervals. Fills mean, half_width, lo, hi and n; sd and rho1
 * are 0. Simulated coverage at 95 % (test_stats.c): >= 0.95 for lag
 * correlation times up to 1/10 of the window and for stalls that are
 * repaid; about 2.3 times narrower than stats_summarize_series() there.
 * Not valid when the model error is a random walk (per-interval model
 * noise: sleepers, churn, migrations): coverage drops to ~0.7.
 */
void stats_summarize_lag(const double *lag, const double *cum, int n,
			 double confidence, int df, struct stats_summary *out);

#endif /* CONFORM_CONTRACT_H */
