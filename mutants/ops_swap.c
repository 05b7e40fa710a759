// SPDX-License-Identifier: GPL-2.0
/*
 * ops_swap.c - swap and stale-read (ops.h).
 *
 * swap: the operands of - / < > <= >= << >> change places. An operand is
 * a primary: a name or number with its -> . [] and call suffixes, or a
 * bracketed group. The tokens around the pair must bind less tightly
 * than the operator (or be brackets, commas, ';', "return"), so the
 * swapped pair is exactly the operator's two operands.
 */
#include <stdio.h>
#include <string.h>

#include "ops.h"

static const char *const swap_ops[] = {
	"-", "/", "<", ">", "<=", ">=", "<<", ">>",
};

static bool is(const struct op_ctx *c, int i, const char *s)
{
	return i >= 0 && i < c->t->n && tok_is(c->line, &c->t->tok[i], s);
}

static bool value_tok(const struct op_ctx *c, int i)
{
	return c->t->tok[i].kind == TOK_IDENT || c->t->tok[i].kind == TOK_NUMBER;
}

/* First token of the primary that ends at token i, or -1. */
static int primary_left(const struct op_ctx *c, int i)
{
	for (;;) {
		if (is(c, i, ")") || is(c, i, "]")) {
			i = ops_match(c, i);
			if (i < 0)
				return -1;
			if (i > 0 && c->t->tok[i - 1].kind == TOK_IDENT)
				i--;	/* a call or an index */
		} else if (!value_tok(c, i)) {
			return -1;
		}
		if (!is(c, i - 1, "->") && !is(c, i - 1, "."))
			return i;
		i -= 2;
		if (i < 0)
			return -1;
	}
}

/* Last token of the primary that starts at token i, or -1. */
static int primary_right(const struct op_ctx *c, int i)
{
	if (i >= c->t->n)
		return -1;
	if (is(c, i, "(")) {
		i = ops_match(c, i);
		if (i < 0 || (i + 1 < c->t->n && value_tok(c, i + 1)))
			return -1;	/* a cast */
	} else if (!value_tok(c, i)) {
		return -1;
	}
	for (;;) {
		if (is(c, i + 1, "(") || is(c, i + 1, "[")) {
			i = ops_match(c, i + 1);
			if (i < 0)
				return -1;
		} else if ((is(c, i + 1, "->") || is(c, i + 1, ".")) &&
			   i + 2 < c->t->n && c->t->tok[i + 2].kind == TOK_IDENT) {
			i += 2;
		} else {
			return i;
		}
	}
}

/* May token i border an operand of an operator of precedence p? */
static bool border(const struct op_ctx *c, int i, int p, bool left)
{
	static const char *const ok[] = { "(", "[", ",", ";", "=", "?", ":",
					  ")", "]", "+=", "-=", "return" };
	int q = ops_prec(c, i);
	size_t k;

	if (i < 0 || i >= c->t->n)
		return true;
	if (left && (is(c, i, "&") || is(c, i, "*") || is(c, i, "-")))
		return false;	/* maybe unary: part of the operand */
	if (q)
		return left ? q < p : q <= p;
	for (k = 0; k < sizeof(ok) / sizeof(ok[0]); k++)
		if (is(c, i, ok[k]))
			return true;
	return false;
}

static int swap_at(const struct op_ctx *c, int i)
{
	const struct token *t = c->t->tok;
	int p = ops_prec(c, i), l = primary_left(c, i - 1), r = i + 1, re;
	struct mutation m = { .line = c->lineno, .op = "swap", .func = c->func };
	int ls, le, rs, rend;

	if (l < 0 || !border(c, l - 1, p, true))
		return 0;
	re = primary_right(c, r);
	if (re < 0 || !border(c, re + 1, p, false))
		return 0;
	ls = t[l].start, le = t[i - 1].start + t[i - 1].len;
	rs = t[r].start, rend = t[re].start + t[re].len;
	if (le - ls == rend - rs && !strncmp(c->line + ls, c->line + rs, le - ls))
		return 0;	/* the same operand twice */
	if (snprintf(m.text, sizeof(m.text), "%.*s%.*s%.*s%.*s%s", ls, c->line,
		     rend - rs, c->line + rs, rs - le, c->line + le, le - ls,
		     c->line + ls, c->line + rend) >= (int)sizeof(m.text))
		return 0;
	snprintf(m.what, sizeof(m.what), "operands of `%.*s` swapped: `%.*s` and `%.*s`",
		 t[i].len, c->line + t[i].start, le - ls, c->line + ls,
		 rend - rs, c->line + rs);
	return mut_add(c->out, &m);
}

int ops_swap(const struct op_ctx *c)
{
	size_t k;
	int i, err;

	for (i = 1; i < c->t->n; i++)
		for (k = 0; k < sizeof(swap_ops) / sizeof(swap_ops[0]); k++) {
			if (!is(c, i, swap_ops[k]))
				continue;
			err = swap_at(c, i);
			if (err)
				return err;
		}
	return 0;
}

/*
 * stale-read: a cfs_rq's current average read as the copy last folded
 * into its task group's sum (what update_tg_load_avg() compares against).
 */
static const struct stale {
	const char *fresh, *stale, *field;
} stales[] = {
	{ "cfs_rq->avg.load_avg", "cfs_rq->tg_load_avg_contrib", NULL },
	{ "gcfs_rq->avg.load_avg", "gcfs_rq->tg_load_avg_contrib", NULL },
	{ "cfs_rq->avg.runnable_avg", "cfs_rq->tg_runnable_avg_contrib",
	  "tg_runnable_avg_contrib" },
};

/* Is the text at p (n bytes) read, not written or addressed? */
static bool read_at(const char *line, const char *p, size_t n)
{
	const char *q = p + n;

	if (p > line && (p[-1] == '_' || p[-1] == '&' ||
			 (p[-1] >= 'a' && p[-1] <= 'z')))
		return false;
	if ((*q >= 'a' && *q <= 'z') || *q == '_' || *q == '.')
		return false;
	while (*q == ' ')
		q++;
	if (q[0] == '=' && q[1] != '=')
		return false;
	return !((q[0] == '+' || q[0] == '-' || q[0] == '|') && q[1] == '=');
}

int ops_stale(const struct op_ctx *c)
{
	struct mutation m = { .line = c->lineno, .op = "stale-read",
			      .func = c->func };
	const char *p;
	size_t k, n;
	int err;

	for (k = 0; k < sizeof(stales) / sizeof(stales[0]); k++) {
		if (stales[k].field && !c->has_runnable_contrib)
			continue;
		n = strlen(stales[k].fresh);
		for (p = strstr(c->line, stales[k].fresh); p;
		     p = strstr(p + n, stales[k].fresh)) {
			if (!read_at(c->line, p, n) ||
			    mut_replace(&m, c->line, p - c->line, n, stales[k].stale))
				continue;
			snprintf(m.what, sizeof(m.what), "stale read: `%s` instead of `%s`",
				 stales[k].stale, stales[k].fresh);
			err = mut_add(c->out, &m);
			if (err)
				return err;
		}
	}
	return 0;
}
