/* SPDX-License-Identifier: GPL-2.0 */
/*
 * testutil.h - helpers the report's cmocka programs share.
 */
#ifndef REPORT_TESTUTIL_H
#define REPORT_TESTUTIL_H

#include <string.h>

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
