// SPDX-License-Identifier: GPL-2.0
/*
 * verdict_names.c - the one name table of enum verdict, for printing
 * (runner: KTAP, JSON) and parsing (report).
 */
#include <string.h>

#include "contract/contract.h"

static const char *const verdict_names[V_COUNT] = {
	[V_PASS] = "pass",
	[V_FAIL] = "fail",
	[V_SKIP] = "skip",
	[V_ERROR] = "error",
	[V_INCONCLUSIVE] = "inconclusive",
	[V_INCOMPLETE] = "incomplete",
	[V_UNKNOWN] = "unknown",
	[V_XFAIL] = "xfail",
};

const char *verdict_name(enum verdict v)
{
	if ((int)v < 0 || v >= V_COUNT)
		return "unknown";
	return verdict_names[v];
}

enum verdict verdict_parse(const char *s)
{
	if (!s)
		return V_UNKNOWN;
	for (int i = 0; i < V_COUNT; i++)
		if (!strcmp(s, verdict_names[i]))
			return (enum verdict)i;
	return V_UNKNOWN;
}
