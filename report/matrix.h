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

/* Plain text, one row per scenario, one column per run. */
void matrix_write_text(FILE *f, const struct rep_run *runs, int n);

/* An HTML page; each column links to its run's report.html. */
int matrix_write_html(FILE *f, const struct rep_run *runs, int n);

#endif /* REPORT_MATRIX_H */
