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

#endif /* REPORT_FLAKE_H */
