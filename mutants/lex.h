/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lex.h - the C tokens of one source line, enough to find the operators,
 * literals, identifiers and brackets a mutation rewrites.
 *
 * Comments are skipped (a block comment may carry over to the next
 * line: struct lex_state), string and character literals are single
 * tokens, punctuators are taken longest first ("<<=" before "<<"
 * before "<").
 */
#ifndef MUTANTS_LEX_H
#define MUTANTS_LEX_H

#include <stdbool.h>

#define LEX_MAX_TOKENS	256

enum tok_kind { TOK_IDENT, TOK_NUMBER, TOK_STRING, TOK_PUNCT };

struct token {
	enum tok_kind kind;
	int start, len;		/* bytes into the line */
};

struct lex_state {
	bool in_comment;	/* inside a block comment at the line's end */
};

struct line_tokens {
	struct token tok[LEX_MAX_TOKENS];
	int n;
};

/* Tokens of line (no newline needed); returns n, or -1 if too many. */
int lex_line(const char *line, struct lex_state *st, struct line_tokens *out);

/* Does token t of line spell s exactly? */
bool tok_is(const char *line, const struct token *t, const char *s);

#endif /* MUTANTS_LEX_H */
