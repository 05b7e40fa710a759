/* SPDX-License-Identifier: GPL-2.0 */
/*
 * testutil.h - helpers the report's cmocka programs share (include it
 * after <cmocka.h>).
 */
#ifndef REPORT_TESTUTIL_H
#define REPORT_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"

typedef int (*writer)(FILE *f, const struct rep_run *run);

/* What writer w makes of the results directory dir (caller frees). */
static inline char *render(const char *dir, writer w)
{
	struct rep_run r;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	assert_int_equal(results_load(dir, &r), 0);
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	assert_int_equal(w(f, &r), 0);
	fclose(f);
	results_free(&r);
	return buf;
}

/* How often needle occurs in hay (not overlapping). */
static inline int count(const char *hay, const char *needle)
{
	int n = 0;

	while ((hay = strstr(hay, needle))) {
		n++;
		hay += strlen(needle);
	}
	return n;
}

#endif /* REPORT_TESTUTIL_H */
