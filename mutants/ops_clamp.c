// SPDX-License-Identifier: GPL-2.0
/*
 * ops_clamp.c - drop-clamp (ops.h): min(a, b) becomes (a) or (b),
 * clamp(x, lo, hi) becomes (x); the _t forms keep their cast.
 */
#include <stdio.h>
#include <string.h>

#include "ops.h"

static const struct clamp {
	const char *name;
	bool typed;	/* first argument is a type */
	int keep[2];	/* arguments (after the type) a mutant keeps */
	int n_keep;
} clamps[] = {
	{ "min", false, { 0, 1 }, 2 }, { "max", false, { 0, 1 }, 2 },
	{ "min_t", true, { 0, 1 }, 2 }, { "max_t", true, { 0, 1 }, 2 },
	{ "clamp", false, { 0 }, 1 }, { "clamp_t", true, { 0 }, 1 },
	{ "clamp_val", false, { 0 }, 1 },
};

#define MAX_ARGS	4

/* Split the call whose "(" is token open into argument token ranges. */
static int args_of(const struct op_ctx *c, int open, int start[], int end[])
{
	int close = ops_match(c, open), i, n = 0;

	if (close < 0)
		return -1;
	start[0] = open + 1;
	for (i = open + 1; i < close; i++) {
		if (tok_is(c->line, &c->t->tok[i], "(") ||
		    tok_is(c->line, &c->t->tok[i], "[")) {
			i = ops_match(c, i);
		} else if (tok_is(c->line, &c->t->tok[i], ",")) {
			if (n + 1 == MAX_ARGS)
				return -1;
			end[n++] = i - 1;
			start[n] = i + 1;
		}
	}
	end[n++] = close - 1;
	return n;
}

static int keep_one(const struct op_ctx *c, const struct clamp *k, int i,
		    int n, const int start[], const int end[], int keep)
{
	const struct token *t = c->t->tok;
	struct mutation m = { .line = c->lineno, .op = "drop-clamp",
			      .func = c->func };
	int a = keep + k->typed, close = end[n - 1] + 1;
	int s = t[start[a]].start, e = t[end[a]].start + t[end[a]].len;
	int cs = t[start[0]].start, ce = t[end[0]].start + t[end[0]].len;
	char with[MUT_TEXT];

	if (k->typed)
		snprintf(with, sizeof(with), "(%.*s)(%.*s)", ce - cs,
			 c->line + cs, e - s, c->line + s);
	else
		snprintf(with, sizeof(with), "(%.*s)", e - s, c->line + s);
	if (mut_replace(&m, c->line, t[i].start,
			t[close].start + 1 - t[i].start, with))
		return 0;
	snprintf(m.what, sizeof(m.what), "%s() dropped, keeping `%.*s`",
		 k->name, e - s, c->line + s);
	return mut_add(c->out, &m);
}

int ops_drop_clamp(const struct op_ctx *c)
{
	int start[MAX_ARGS], end[MAX_ARGS], i, j, n, err;
	size_t k;

	for (i = 0; i + 1 < c->t->n; i++) {
		if (!tok_is(c->line, &c->t->tok[i + 1], "("))
			continue;
		for (k = 0; k < sizeof(clamps) / sizeof(clamps[0]); k++) {
			if (!tok_is(c->line, &c->t->tok[i], clamps[k].name))
				continue;
			n = args_of(c, i + 1, start, end);
			if (n != clamps[k].typed + 2 + !strncmp(clamps[k].name, "clamp", 5))
				break;
			for (j = 0; j < clamps[k].n_keep; j++) {
				err = keep_one(c, &clamps[k], i, n, start, end,
					       clamps[k].keep[j]);
				if (err)
					return err;
			}
		}
	}
	return 0;
}
