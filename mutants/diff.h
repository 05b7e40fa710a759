/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diff.h - a mutation as a unified diff of kernel/sched/fair.c, with
 * three lines of context, as `diff -u` writes it, after a header line
 * that says the mutation in words (patch and git apply skip it).
 */
#ifndef MUTANTS_DIFF_H
#define MUTANTS_DIFF_H

#include <stdio.h>

#include "mutation.h"
#include "source.h"

#define DIFF_PATH	"kernel/sched/fair.c"

/* Write the patch of m (header: header) to f; 0 or -EIO. */
int diff_write(FILE *f, const struct source *src, const struct mutation *m,
	       const char *header);

#endif /* MUTANTS_DIFF_H */
