/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ops.h - the mutation operators (mutation.h names them). Each appends
 * every mutation of its kind that line ctx->line admits to ctx->out and
 * returns 0 or -errno.
 *
 * Token operators (ops_tok.c, ops_swap.c): rel, arith, const, swap,
 * stale-read. Statement operators (ops_stmt.c, ops_clamp.c): drop-call,
 * skip-rescale / skip-update, drop-clamp; these only touch a statement
 * that fits on its line and starts it (the previous code line ends a
 * statement or opens a block), so a removal never changes what an
 * unbraced if governs.
 */
#ifndef MUTANTS_OPS_H
#define MUTANTS_OPS_H

#include <stdbool.h>

#include "lex.h"
#include "mutation.h"

struct op_ctx {
	const char *line;
	const struct line_tokens *t;
	int lineno;
	const char *func;
	bool stmt_start;	/* the line starts a statement */
	bool has_runnable_contrib;	/* the file has tg_runnable_avg_contrib */
	struct mut_list *out;
};

int ops_rel(const struct op_ctx *c);
int ops_arith(const struct op_ctx *c);
int ops_const(const struct op_ctx *c);
int ops_swap(const struct op_ctx *c);
int ops_stale(const struct op_ctx *c);
int ops_drop_call(const struct op_ctx *c);
int ops_skip_update(const struct op_ctx *c);
int ops_drop_clamp(const struct op_ctx *c);

/* Shared by the operators: a mutation of c's line replacing token i. */
int ops_emit_tok(const struct op_ctx *c, int i, const char *with,
		 const char *op, const char *what);

/* Index of the bracket matching the one at i (either way), or -1. */
int ops_match(const struct op_ctx *c, int i);

/* Binary operator precedence of token i (13 for * / %), 0 if none. */
int ops_prec(const struct op_ctx *c, int i);

#endif /* MUTANTS_OPS_H */
