// SPDX-License-Identifier: GPL-2.0
/*
 * ops_stmt.c - drop-call, skip-rescale / skip-update (ops.h): a whole
 * statement removed. Only a statement that starts its line and ends it
 * with ';' qualifies.
 */
#define _GNU_SOURCE	/* memmem */
#include <stdio.h>
#include <string.h>

#include "ops.h"

static const char *const keywords[] = {
	"return", "if", "while", "for", "switch", "do", "else", "goto",
	"break", "continue", "sizeof", "case", "default",
};

static bool keyword(const struct op_ctx *c, int i)
{
	size_t k;

	for (k = 0; k < sizeof(keywords) / sizeof(keywords[0]); k++)
		if (tok_is(c->line, &c->t->tok[i], keywords[k]))
			return true;
	return false;
}

static bool whole_statement(const struct op_ctx *c)
{
	const struct line_tokens *t = c->t;

	return c->stmt_start && t->n >= 2 &&
	       tok_is(c->line, &t->tok[t->n - 1], ";") &&
	       t->tok[0].kind == TOK_IDENT && !keyword(c, 0);
}

static int drop(const struct op_ctx *c, const char *op, const char *what)
{
	struct mutation m = { .line = c->lineno, .delete_line = true, .op = op,
			      .func = c->func };

	snprintf(m.what, sizeof(m.what), "%s", what);
	return mut_add(c->out, &m);
}

int ops_drop_call(const struct op_ctx *c)
{
	char what[MUT_TEXT];
	const struct token *t = c->t->tok;

	if (!whole_statement(c) || !tok_is(c->line, &t[1], "(") ||
	    ops_match(c, 1) != c->t->n - 2)
		return 0;
	snprintf(what, sizeof(what), "call of %.*s() removed", t[0].len,
		 c->line + t[0].start);
	return drop(c, "drop-call", what);
}

/* Does the right-hand side (tokens from i) scale a value? */
static bool scales(const struct op_ctx *c, int i)
{
	for (; i < c->t->n; i++) {
		const struct token *t = &c->t->tok[i];

		if (tok_is(c->line, t, "*") || tok_is(c->line, t, "/") ||
		    tok_is(c->line, t, ">>") || tok_is(c->line, t, "<<"))
			return true;
		if (t->kind == TOK_IDENT &&
		    (memmem(c->line + t->start, t->len, "div", 3) ||
		     memmem(c->line + t->start, t->len, "scale", 5)))
			return true;
	}
	return false;
}

int ops_skip_update(const struct op_ctx *c)
{
	char what[MUT_TEXT];
	bool member = false;
	int i;

	if (!whole_statement(c))
		return 0;
	for (i = 1; i < c->t->n; i++) {
		const struct token *t = &c->t->tok[i];

		if (tok_is(c->line, t, "->") || tok_is(c->line, t, "."))
			member = true;
		else if (tok_is(c->line, t, "=") || tok_is(c->line, t, "+=") ||
			 tok_is(c->line, t, "-="))
			break;
		else if (t->kind != TOK_IDENT)
			return 0;	/* not a plain member on the left */
	}
	if (i == c->t->n || !member)
		return 0;
	snprintf(what, sizeof(what), "update of %.*s removed",
		 c->t->tok[i - 1].start + c->t->tok[i - 1].len - c->t->tok[0].start,
		 c->line + c->t->tok[0].start);
	return drop(c, scales(c, i + 1) ? "skip-rescale" : "skip-update", what);
}
