// SPDX-License-Identifier: GPL-2.0
/*
 * scan.c - the operators over the lines of a function body (scan.h).
 */
#include <stdbool.h>
#include <string.h>

#include "lex.h"
#include "ops.h"
#include "scan.h"

#define MAX_BODIES	8

static const char *const skipped[] = {
	"WARN", "BUG", "lockdep", "trace_", "assert_", "rq_lock",
	"rq_unlock", "raw_spin_", "rcu_read_", "local_irq", "schedstat",
	"might_sleep", "__percpu", "rq_pin", "rq_unpin", "smp_wmb", "smp_rmb",
	"smp_mb", "blocked_stats_",
};

static int (*const operators[])(const struct op_ctx *) = {
	ops_rel, ops_arith, ops_const, ops_swap, ops_drop_clamp,
	ops_drop_call, ops_skip_update, ops_stale,
};

static bool skipped_line(const char *l)
{
	size_t k;

	for (k = 0; k < sizeof(skipped) / sizeof(skipped[0]); k++)
		if (strstr(l, skipped[k]))
			return true;
	return false;
}

/* Does the code line l end a statement or open/close a block? */
static bool ends_statement(const char *l, const struct line_tokens *t)
{
	const struct token *last;

	if (!t->n)
		return true;	/* blank or comment only: look further up */
	last = &t->tok[t->n - 1];
	return tok_is(l, last, ";") || tok_is(l, last, "{") ||
	       tok_is(l, last, "}") || (tok_is(l, last, ":") && t->n <= 3);
}

static int scan_body(const struct source *src, const struct body *b,
		     struct op_ctx *c)
{
	struct lex_state st = { false };
	struct line_tokens t;
	bool prev_ends = true, cont = false;
	size_t k;
	int i, err;

	c->t = &t;
	for (i = b->first; i <= b->last; i++) {
		const char *l = src->line[i];
		size_t len = strlen(l);
		bool pp = cont || l[strspn(l, " \t")] == '#';

		cont = pp && len && l[len - 1] == '\\';
		if (pp || lex_line(l, &st, &t) < 0)
			continue;
		c->line = l;
		c->lineno = i;
		c->stmt_start = prev_ends;
		if (t.n)
			prev_ends = ends_statement(l, &t);
		if (!t.n || skipped_line(l))
			continue;
		for (k = 0; k < sizeof(operators) / sizeof(operators[0]); k++) {
			err = operators[k](c);
			if (err)
				return err;
		}
	}
	return 0;
}

int scan_function(const struct source *src, const char *func,
		  struct mut_list *out)
{
	struct body bodies[MAX_BODIES];
	struct op_ctx c = { .func = func, .out = out };
	int n = source_bodies(src, func, bodies, MAX_BODIES), i, err;

	for (i = 0; i < src->n && !c.has_runnable_contrib; i++)
		c.has_runnable_contrib = strstr(src->line[i],
						"tg_runnable_avg_contrib");
	for (i = 0; i < n; i++) {
		err = scan_body(src, &bodies[i], &c);
		if (err)
			return err;
	}
	return 0;
}
