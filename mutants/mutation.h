/* SPDX-License-Identifier: GPL-2.0 */
/*
 * mutation.h - one mechanical change of one source line, and a list of
 * them.
 *
 * Operators (the catalogue's file names use these words):
 *   rel          a relational operator becomes its neighbour (< <=, ==
 *                !=)
 *   arith        an arithmetic operator becomes its inverse (+ -, * /,
 *                << >>, += -=, *= /=)
 *   const        an integer constant +1 / -1, or doubled / halved when it
 *                is a power of two (a shift by one)
 *   swap         the two operands of a non-commutative operator swapped
 *   drop-clamp   min/max/clamp replaced by one operand
 *   drop-call    a call statement removed
 *   skip-rescale a member assignment that scales a value removed
 *   skip-update  any other member assignment removed
 *   stale-read   a fresh value read replaced by its last folded copy
 */
#ifndef MUTANTS_MUTATION_H
#define MUTANTS_MUTATION_H

#include <stdbool.h>

#define MUT_TEXT	512

struct mutation {
	int line;		/* 0-based line of the source */
	bool delete_line;	/* else the line becomes text */
	char text[MUT_TEXT];
	const char *op;		/* one of the words above */
	char what[MUT_TEXT];	/* the change in words */
	const char *func;	/* the function it is in */
};

struct mut_list {
	struct mutation *m;
	int n, cap;
};

/* Append a copy of *m; 0 or -ENOMEM. */
int mut_add(struct mut_list *l, const struct mutation *m);
void mut_list_free(struct mut_list *l);

/*
 * m->text = line with its bytes [start, start + len) replaced by with;
 * -E2BIG when it does not fit.
 */
int mut_replace(struct mutation *m, const char *line, int start, int len,
		const char *with);

#endif /* MUTANTS_MUTATION_H */
