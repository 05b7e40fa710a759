/* SPDX-License-Identifier: GPL-2.0 */
/*
 * forest.h - the report's first screen: a forest plot of every scenario,
 * one row each, its worst group's error against the kernel model with the
 * confidence interval, against that scenario's +-tolerance band. Failing
 * rows and passing rows near the tolerance are highlighted. With two
 * panels (compare.html) the baseline and the candidate share the rows and
 * the axis.
 */
#ifndef REPORT_FOREST_H
#define REPORT_FOREST_H

#include <stdbool.h>
#include <stdio.h>

#include "results.h"

/* A passing row is "near" when its interval reaches this much of the
 * tolerance. */
#define FOREST_NEAR	0.8
#define FOREST_PANELS	2

enum forest_status {
	FS_PASS,
	FS_NEAR,		/* passed, interval within 80-100 % of tol */
	/*
	 * The sequential verdict's INCONCLUSIVE: at the longest window the
	 * interval still straddles the band edge. Listed in the legend only
	 * when a row has it.
	 */
	FS_INCONCLUSIVE,
	FS_FAIL,		/* fail, error, incomplete, unknown */
	FS_SKIP,
	FS_ABSENT,		/* not in this run (compare) */
	FS_XFAIL,		/* a departure by the share function's design */
	FS_EMULATOR,		/* the emulator killed the guest in it: no
				 * verdict (results.h emulator_fault) */
	FS_COUNT,
};

struct forest_cell {
	enum forest_status status;
	enum verdict verdict;
	const char *group;			/* worst group, or NULL */
	double error, lo, hi, tolerance;	/* NAN when absent */
	bool died_here;		/* the guest stopped in it */
	bool kunit;		/* a KUnit suite: no groups */
};

struct forest_row {
	const char *label;	/* the scenario */
	bool mark;		/* compare: a regression, label in red */
	struct forest_cell cell[FOREST_PANELS];
};

/* How a scenario's verdict and its worst group's interval are drawn. */
enum forest_status forest_status(enum verdict v, double lo, double hi,
				 double tolerance);

/* The colours and name of a status (bg NULL: none), as the plot draws it. */
void forest_status_style(enum forest_status st, const char **bg,
			 const char **ink, const char **name);

/* The cell of scenario s (NULL: FS_ABSENT). */
void forest_cell_of(const struct rep_scenario *s, struct forest_cell *c);

/*
 * One <svg> with n rows and `panels` (1 or 2) panels titled titles[]
 * (NULL for one panel). Returns 1 if it wrote a chart, 0 if n is 0.
 */
int forest_svg(FILE *f, const struct forest_row *rows, int n, int panels,
	       const char *const *titles);

#endif /* REPORT_FOREST_H */
