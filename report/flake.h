/* SPDX-License-Identifier: GPL-2.0 */
/*
 * flake.h - repeated runs of one suite on one kernel: per scenario, how
 * often each verdict came out and how the error was distributed.
 */
#ifndef REPORT_FLAKE_H
#define REPORT_FLAKE_H

#include <stdio.h>

#include "results.h"

/*
 * Print the per-scenario table for runs[0..n) to f. Returns the number of
 * scenarios that did not pass in every run they were part of.
 */
int flake_summarize(FILE *f, const struct rep_run *runs, int n);

/*
 * Claimed over observed standard error of one group: the median of
 * se[0..n) (sorted in place) over the sample standard deviation of
 * err[0..n). NAN for fewer than 5 runs or no spread.
 */
double flake_se_ratio(const double *err, double *se, int n);

/*
 * -1 when an SE c/o of @ratio over @n runs (the smallest of @groups
 * groups) is below what a calibrated interval gives by chance (90 %,
 * Bonferroni over the groups at the lower end), +1 above, 0 within.
 */
int flake_se_outside(double ratio, int n, int groups);

#endif /* REPORT_FLAKE_H */
