// SPDX-License-Identifier: GPL-2.0
/*
 * lex.c - tokens of one C source line (lex.h).
 */
#include <ctype.h>
#include <string.h>

#include "lex.h"

/* Longest first within each leading character. */
static const char *const puncts[] = {
	"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==",
	"!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
	"##",
};

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static int punct_len(const char *p)
{
	size_t i;

	for (i = 0; i < sizeof(puncts) / sizeof(puncts[0]); i++)
		if (!strncmp(p, puncts[i], strlen(puncts[i])))
			return strlen(puncts[i]);
	return 1;
}

/* Length of the literal that starts with quote q at p. */
static int quoted_len(const char *p)
{
	int i = 1;

	while (p[i] && p[i] != p[0] && p[i] != '\n') {
		if (p[i] == '\\' && p[i + 1])
			i++;
		i++;
	}
	return p[i] == p[0] ? i + 1 : i;
}

static int token_len(const char *p, enum tok_kind *kind)
{
	int i = 0;

	if (p[0] == '"' || p[0] == '\'') {
		*kind = TOK_STRING;
		return quoted_len(p);
	}
	if (isdigit((unsigned char)p[0])) {
		*kind = TOK_NUMBER;
		while (ident_char(p[i]) || p[i] == '.')
			i++;
		return i;
	}
	if (ident_char(p[0])) {
		*kind = TOK_IDENT;
		while (ident_char(p[i]))
			i++;
		return i;
	}
	*kind = TOK_PUNCT;
	return punct_len(p);
}

int lex_line(const char *line, struct lex_state *st, struct line_tokens *out)
{
	int i = 0, len;
	enum tok_kind kind;

	out->n = 0;
	while (line[i] && line[i] != '\n') {
		if (st->in_comment) {
			const char *end = strstr(line + i, "*/");

			if (!end)
				return out->n;
			st->in_comment = false;
			i = end - line + 2;
			continue;
		}
		if (isspace((unsigned char)line[i])) {
			i++;
			continue;
		}
		if (!strncmp(line + i, "//", 2))
			break;
		if (!strncmp(line + i, "/*", 2)) {
			st->in_comment = true;
			i += 2;
			continue;
		}
		if (out->n == LEX_MAX_TOKENS)
			return -1;
		len = token_len(line + i, &kind);
		out->tok[out->n++] = (struct token){ kind, i, len };
		i += len;
	}
	return out->n;
}

bool tok_is(const char *line, const struct token *t, const char *s)
{
	return (int)strlen(s) == t->len && !strncmp(line + t->start, s, t->len);
}
