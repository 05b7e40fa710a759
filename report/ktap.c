// SPDX-License-Identifier: GPL-2.0
/*
 * ktap.c - top-level KTAP result lines, tolerant of a trailing '\r' and of
 * anything that is not a result.
 */
#include "ktap.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static void copy_trim(char *dst, size_t size, const char *s, size_t n)
{
	while (n && isspace((unsigned char)*s)) {
		s++;
		n--;
	}
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	if (n >= size)
		n = size - 1;
	memcpy(dst, s, n);
	dst[n] = '\0';
}

static int parse_totals(const char *p, int *pass, int *fail, int *skip)
{
	const char *q;

	q = strstr(p, "pass:");
	if (!q)
		return 0;
	*pass = atoi(q + 5);
	q = strstr(p, "fail:");
	*fail = q ? atoi(q + 5) : 0;
	q = strstr(p, "skip:");
	*skip = q ? atoi(q + 5) : 0;
	return 2;
}

int ktap_parse_line(const char *line, struct ktap_result *r,
		    int *pass, int *fail, int *skip)
{
	const char *p = line, *name, *hash;
	int ok;
	char *end;
	long idx;

	if (!strncmp(p, "# Totals:", 9))
		return parse_totals(p + 9, pass, fail, skip);
	if (!strncmp(p, "not ok ", 7)) {
		ok = 0;
		p += 7;
	} else if (!strncmp(p, "ok ", 3)) {
		ok = 1;
		p += 3;
	} else {
		return 0;
	}
	idx = strtol(p, &end, 10);
	if (end == p || idx < 0 || idx > 1000000)
		return 0;
	memset(r, 0, sizeof(*r));
	r->index = (int)idx;
	name = end;
	hash = strchr(name, '#');
	copy_trim(r->name, sizeof(r->name), name,
		  hash ? (size_t)(hash - name) : strlen(name));
	if (!strncmp(r->name, "- ", 2))
		memmove(r->name, r->name + 2, strlen(r->name + 2) + 1);
	r->verdict = ok ? V_PASS : V_FAIL;
	if (hash) {
		const char *d = hash + 1;

		while (*d == ' ')
			d++;
		if (!strncasecmp(d, "SKIP", 4))
			r->verdict = V_SKIP;
		else if (ok && !strncasecmp(d, "XFAIL", 5))
			r->verdict = V_XFAIL;
		else if (!ok && !strncasecmp(d, "INCONCLUSIVE", 12))
			r->verdict = V_INCONCLUSIVE;
		else if (!strncasecmp(d, "TIMEOUT", 7) ||
			 !strncasecmp(d, "ERROR", 5))
			r->verdict = V_ERROR;
		copy_trim(r->why, sizeof(r->why), d, strlen(d));
	}
	return 1;
}
