/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktap.h - the top-level results of a KTAP v1 stream (results.ktap):
 * "ok N name", "not ok N name # SKIP|TIMEOUT|ERROR why" and the
 * "# Totals: pass:P fail:F skip:S" line. Subtests (indented lines) and
 * console noise are ignored.
 */
#ifndef REPORT_KTAP_H
#define REPORT_KTAP_H

#include <stdio.h>

#include "results.h"

struct ktap_result {
	int index;
	char name[128];
	enum verdict verdict;
	char why[256];
};

/*
 * Parse one line. Returns 1 and fills *r for a top-level result, 2 for a
 * totals line (fills pass/fail/skip), 0 for anything else.
 */
int ktap_parse_line(const char *line, struct ktap_result *r,
		    int *pass, int *fail, int *skip);

#endif /* REPORT_KTAP_H */
