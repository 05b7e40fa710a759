// SPDX-License-Identifier: GPL-2.0
/*
 * mutation.c - mutation lists and line rewriting (mutation.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mutation.h"

int mut_add(struct mut_list *l, const struct mutation *m)
{
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 64;
		struct mutation *p = realloc(l->m, cap * sizeof(*p));

		if (!p)
			return -ENOMEM;
		l->m = p;
		l->cap = cap;
	}
	l->m[l->n++] = *m;
	return 0;
}

void mut_list_free(struct mut_list *l)
{
	free(l->m);
	l->m = NULL;
	l->n = l->cap = 0;
}

int mut_replace(struct mutation *m, const char *line, int start, int len,
		const char *with)
{
	int n = snprintf(m->text, sizeof(m->text), "%.*s%s%s", start, line,
			 with, line + start + len);

	return n < 0 || n >= (int)sizeof(m->text) ? -E2BIG : 0;
}
