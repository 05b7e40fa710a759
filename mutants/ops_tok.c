// SPDX-License-Identifier: GPL-2.0
/*
 * ops_tok.c - operators that rewrite one token: rel, arith, const
 * (ops.h), and what every operator shares.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ops.h"

struct pair {
	const char *from, *to;
};

static const struct pair rel_pairs[] = {
	{ "<", "<=" }, { "<=", "<" }, { ">", ">=" }, { ">=", ">" },
	{ "==", "!=" }, { "!=", "==" },
};

static const struct pair arith_pairs[] = {
	{ "+", "-" }, { "-", "+" }, { "*", "/" }, { "/", "*" },
	{ "<<", ">>" }, { ">>", "<<" }, { "+=", "-=" }, { "-=", "+=" },
	{ "*=", "/=" }, { "/=", "*=" },
};

struct prec {
	const char *op;
	int prec;
};

static const struct prec precs[] = {
	{ "*", 13 }, { "/", 13 }, { "%", 13 }, { "+", 12 }, { "-", 12 },
	{ "<<", 11 }, { ">>", 11 }, { "<", 10 }, { ">", 10 }, { "<=", 10 },
	{ ">=", 10 }, { "==", 9 }, { "!=", 9 }, { "&", 8 }, { "^", 7 },
	{ "|", 6 }, { "&&", 5 }, { "||", 4 },
};

#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

int ops_emit_tok(const struct op_ctx *c, int i, const char *with,
		 const char *op, const char *what)
{
	struct mutation m = { .line = c->lineno, .op = op, .func = c->func };

	if (mut_replace(&m, c->line, c->t->tok[i].start, c->t->tok[i].len,
			with))
		return 0;	/* a line too long to mutate: skipped */
	snprintf(m.what, sizeof(m.what), "%s", what);
	return mut_add(c->out, &m);
}

int ops_prec(const struct op_ctx *c, int i)
{
	int k;

	if (i < 0 || i >= c->t->n || c->t->tok[i].kind != TOK_PUNCT)
		return 0;
	for (k = 0; k < N(precs); k++)
		if (tok_is(c->line, &c->t->tok[i], precs[k].op))
			return precs[k].prec;
	return 0;
}

int ops_match(const struct op_ctx *c, int i)
{
	static const char open[] = "([", close[] = ")]";
	const struct token *t = c->t->tok;
	int dir, depth = 0;
	char o, x;

	if (t[i].kind != TOK_PUNCT || t[i].len != 1)
		return -1;
	o = c->line[t[i].start];
	if (strchr(open, o)) {
		dir = 1;
		x = close[strchr(open, o) - open];
	} else if (strchr(close, o)) {
		dir = -1;
		x = open[strchr(close, o) - close];
	} else {
		return -1;
	}
	for (; i >= 0 && i < c->t->n; i += dir) {
		if (t[i].kind != TOK_PUNCT || t[i].len != 1)
			continue;
		if (c->line[t[i].start] == o)
			depth++;
		else if (c->line[t[i].start] == x && --depth == 0)
			return i;
	}
	return -1;
}

/*
 * Every token spelled like a pair's from becomes its to, where ok (if
 * given) admits the token.
 */
static int rewrite_pairs(const struct op_ctx *c, const struct pair *pairs,
			 int n, const char *op,
			 bool (*ok)(const struct op_ctx *c, int i))
{
	char what[MUT_TEXT];
	int i, k, err;

	for (i = 0; i < c->t->n; i++)
		for (k = 0; k < n; k++) {
			if (!tok_is(c->line, &c->t->tok[i], pairs[k].from) ||
			    (ok && !ok(c, i)))
				continue;
			snprintf(what, sizeof(what), "`%s` becomes `%s`",
				 pairs[k].from, pairs[k].to);
			err = ops_emit_tok(c, i, pairs[k].to, op, what);
			if (err)
				return err;
		}
	return 0;
}

int ops_rel(const struct op_ctx *c)
{
	return rewrite_pairs(c, rel_pairs, N(rel_pairs), "rel", NULL);
}

/* Is token i a binary operator (its left side ends a value)? */
static bool binary_at(const struct op_ctx *c, int i)
{
	const struct token *p;

	if (i == 0)
		return false;
	p = &c->t->tok[i - 1];
	if (p->kind == TOK_NUMBER)
		return true;
	if (p->kind == TOK_IDENT)
		return !tok_is(c->line, p, "return") &&
		       !tok_is(c->line, p, "sizeof") &&
		       !tok_is(c->line, p, "case");
	return tok_is(c->line, p, ")") || tok_is(c->line, p, "]");
}

/* In a declaration ("struct x *p = ...") a '*' before '=' is a type's. */
static bool declarator_star(const struct op_ctx *c, int i)
{
	static const char *const types[] = {
		"struct", "unsigned", "signed", "long", "int", "u64", "s64",
		"u32", "s32", "bool", "const", "static", "enum", "void",
		"char", "short",
	};
	int k;

	if (!tok_is(c->line, &c->t->tok[i], "*"))
		return false;
	if (i + 1 < c->t->n && (tok_is(c->line, &c->t->tok[i + 1], ")") ||
				tok_is(c->line, &c->t->tok[i + 1], ",")))
		return true;	/* a cast or a parameter type */
	for (k = 0; k < i; k++)
		if (tok_is(c->line, &c->t->tok[k], "="))
			return false;
	for (k = 0; k < N(types); k++)
		if (tok_is(c->line, &c->t->tok[0], types[k]))
			return true;
	return false;
}

/* A binary operator, not a declarator's star. */
static bool arith_ok(const struct op_ctx *c, int i)
{
	return binary_at(c, i) && !declarator_star(c, i);
}

int ops_arith(const struct op_ctx *c)
{
	return rewrite_pairs(c, arith_pairs, N(arith_pairs), "arith", arith_ok);
}

/* The changed values of v: doubled and halved, or +1 and -1. */
static int const_values(uint64_t v, uint64_t out[2], const char *why[2])
{
	if (v >= 2 && !(v & (v - 1))) {
		out[0] = v << 1, why[0] = "doubled (shifted left by one)";
		out[1] = v >> 1, why[1] = "halved (shifted right by one)";
		return 2;
	}
	out[0] = v + 1, why[0] = "plus one";
	if (!v)
		return 1;
	out[1] = v - 1, why[1] = "minus one";
	return 2;
}

int ops_const(const struct op_ctx *c)
{
	char with[64], what[MUT_TEXT], lit[64], *end;
	const char *why[2];
	uint64_t v, nv[2];
	int i, k, n, err;

	for (i = 0; i < c->t->n; i++) {
		const struct token *t = &c->t->tok[i];

		if (t->kind != TOK_NUMBER || t->len >= (int)sizeof(lit))
			continue;
		snprintf(lit, sizeof(lit), "%.*s", t->len, c->line + t->start);
		v = strtoull(lit, &end, 0);
		if (strspn(end, "uUlL") != strlen(end) ||
		    (lit[0] == '0' && lit[1] &&
		     tolower((unsigned char)lit[1]) != 'x'))
			continue;	/* a float, or an octal literal */
		n = const_values(v, nv, why);
		for (k = 0; k < n; k++) {
			snprintf(with, sizeof(with),
				 lit[1] == 'x' || lit[1] == 'X' ?
				 "0x%" PRIx64 "%s" : "%" PRIu64 "%s", nv[k], end);
			snprintf(what, sizeof(what), "constant %s %s: %s", lit,
				 why[k], with);
			err = ops_emit_tok(c, i, with, "const", what);
			if (err)
				return err;
		}
	}
	return 0;
}
