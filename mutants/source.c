// SPDX-License-Identifier: GPL-2.0
/*
 * source.c - lines and function bodies of a C file (source.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

/* A definition's header may wrap over this many lines before "{". */
#define HEADER_LINES	6

static int split_lines(struct source *src)
{
	size_t cap = 1024;
	char *p = src->text, *nl;

	src->n = 0;
	src->line = malloc(cap * sizeof(*src->line));
	if (!src->line)
		return -ENOMEM;
	while (*p) {
		if ((size_t)src->n == cap) {
			char **l = realloc(src->line, 2 * cap * sizeof(*l));

			if (!l)
				return -ENOMEM;
			src->line = l;
			cap *= 2;
		}
		src->line[src->n++] = p;
		nl = strchr(p, '\n');
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	return 0;
}

int source_from_string(const char *text, struct source *src)
{
	int err;

	src->line = NULL;
	src->text = strdup(text);
	if (!src->text)
		return -ENOMEM;
	err = split_lines(src);
	if (err)
		source_free(src);
	return err;
}

int source_load(const char *path, struct source *src)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	long len;
	int err = 0;

	if (!f)
		return -errno;
	if (fseek(f, 0, SEEK_END) || (len = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET))
		err = -EIO;
	else if (!(buf = malloc(len + 1)))
		err = -ENOMEM;
	else if (fread(buf, 1, len, f) != (size_t)len)
		err = -EIO;
	fclose(f);
	if (!err) {
		buf[len] = '\0';
		err = source_from_string(buf, src);
	}
	free(buf);
	return err;
}

void source_free(struct source *src)
{
	free(src->line);
	free(src->text);
	src->line = NULL;
	src->text = NULL;
	src->n = 0;
}

/* Does line l start a definition (or declaration) of name? */
static int names_function(const char *l, const char *name)
{
	size_t n = strlen(name);
	const char *p = l;

	if (!l[0] || isspace((unsigned char)l[0]) || l[0] == '#' ||
	    l[0] == '}' || l[0] == '/' || l[0] == '*')
		return 0;
	while ((p = strstr(p, name))) {
		if ((p == l || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    p[n] == '(')
			return 1;
		p += n;
	}
	return 0;
}

/* The line of the body's "{" after a header at line i, or -1. */
static int body_open(const struct source *src, int i)
{
	int k;

	for (k = i; k < src->n && k <= i + HEADER_LINES; k++) {
		if (!strcmp(src->line[k], "{"))
			return k;
		if (strchr(src->line[k], ';') || strchr(src->line[k], '{'))
			return -1;	/* a prototype, or a one-line body */
	}
	return -1;
}

int source_bodies(const struct source *src, const char *name,
		  struct body *out, int max)
{
	int i, open, close, found = 0;

	for (i = 0; i < src->n && found < max; i++) {
		if (!names_function(src->line[i], name))
			continue;
		open = body_open(src, i);
		if (open < 0)
			continue;
		for (close = open + 1; close < src->n &&
		     strcmp(src->line[close], "}"); close++)
			;
		if (close == src->n)
			break;
		out[found++] = (struct body){ open + 1, close - 1 };
		i = close;
	}
	return found;
}
