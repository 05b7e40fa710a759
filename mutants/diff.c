// SPDX-License-Identifier: GPL-2.0
/*
 * diff.c - one mutation as a unified diff (diff.h).
 */
#include <errno.h>

#include "diff.h"

#define CONTEXT	3

int diff_write(FILE *f, const struct source *src, const struct mutation *m,
	       const char *header)
{
	int first = m->line > CONTEXT ? m->line - CONTEXT : 0;
	int last = m->line + CONTEXT < src->n ? m->line + CONTEXT : src->n - 1;
	int old = last - first + 1, i;

	fprintf(f, "%s\n--- a/%s\n+++ b/%s\n", header, DIFF_PATH, DIFF_PATH);
	fprintf(f, "@@ -%d,%d +%d,%d @@ %s\n", first + 1, old, first + 1,
		old - m->delete_line, m->func);
	for (i = first; i <= last; i++) {
		if (i != m->line) {
			fprintf(f, " %s\n", src->line[i]);
			continue;
		}
		fprintf(f, "-%s\n", src->line[i]);
		if (!m->delete_line)
			fprintf(f, "+%s\n", m->text);
	}
	return ferror(f) ? -EIO : 0;
}
