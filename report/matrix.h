/* SPDX-License-Identifier: GPL-2.0 */
/*
 * matrix.h - the suite on several kernels: one table, kernel x scenario,
 * each cell the scenario's verdict on that kernel (the forest plot's
 * colours in HTML, a link to that run's report).
 */
#ifndef REPORT_MATRIX_H
#define REPORT_MATRIX_H

#include <stdio.h>

#include "results.h"

/*
 * What heads a column: the kernel (package, tree or release), or the
 * run's label (make run RUN_LABEL=..., e.g. a mutant's name: make mutants).
 */
enum matrix_head { MATRIX_BY_KERNEL, MATRIX_BY_LABEL };

/* Plain text, one row per scenario, one column per run. */
void matrix_write_text(FILE *f, const struct rep_run *runs, int n,
		       enum matrix_head head);

/* An HTML page; each column links to its run's report.html. */
int matrix_write_html(FILE *f, const struct rep_run *runs, int n,
		      enum matrix_head head);

#endif /* REPORT_MATRIX_H */
