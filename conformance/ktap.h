/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktap.h - KTAP v1 on stdout: one result per scenario, one subtest per
 * group, "# " diagnostics. stdout must be line-buffered (main does it).
 */
#ifndef CONFORM_KTAP_H
#define CONFORM_KTAP_H

#include <stdio.h>

#include "scenario.h"
#include "verdict.h"

void ktap_header(FILE *f, int n);

/* "# " diagnostic at the given nesting level (0 top, 1 subtest). */
void ktap_diag(FILE *f, int level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The indented subtest block of one analysed scenario. */
void ktap_subtests(FILE *f, const struct scenario *s,
		   const struct scn_result *r);

/* "ok N name" / "not ok N name # SKIP|TIMEOUT|ERROR reason". */
void ktap_result(FILE *f, int n, const char *name, enum verdict v,
		 const char *reason, int timeout);

void ktap_totals(FILE *f, int pass, int fail, int skip, int error);

#endif /* CONFORM_KTAP_H */
