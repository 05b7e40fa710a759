// SPDX-License-Identifier: GPL-2.0
/*
 * select.c - seeded, operator-stratified sampling (select.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "select.h"

static const char *const op_order[] = {
	"rel", "arith", "const", "swap", "drop-clamp", "drop-call",
	"skip-rescale", "skip-update", "stale-read",
};

#define N_OPS ((int)(sizeof(op_order) / sizeof(op_order[0])))

uint64_t select_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t fnv1a(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static int op_index(const char *op)
{
	int k;

	for (k = 0; k < N_OPS; k++)
		if (!strcmp(op, op_order[k]))
			return k;
	return N_OPS - 1;
}

static bool same(const struct mutation *a, const struct mutation *b)
{
	return a->line == b->line && a->delete_line == b->delete_line &&
	       (a->delete_line || !strcmp(a->text, b->text));
}

static void dedupe(struct mut_list *l)
{
	int i, k, n = 0;

	for (i = 0; i < l->n; i++) {
		for (k = 0; k < n && !same(&l->m[k], &l->m[i]); k++)
			;
		if (k == n)
			l->m[n++] = l->m[i];
	}
	l->n = n;
}

static int by_line(const void *a, const void *b)
{
	const struct mutation *x = *(const struct mutation *const *)a;
	const struct mutation *y = *(const struct mutation *const *)b;

	if (x->line != y->line)
		return x->line - y->line;
	if (op_index(x->op) != op_index(y->op))
		return op_index(x->op) - op_index(y->op);
	return x < y ? -1 : x > y;
}

/* Fill pick[] with up to max mutations, operators taken in turn. */
static int pick_round_robin(struct mut_list *l, uint64_t *rng, int max,
			    struct mutation **pick)
{
	int i, k, j, n = 0, left = l->n;
	int *used = calloc(l->n ? l->n : 1, sizeof(*used));

	if (!used)
		return -ENOMEM;
	/* shuffle (Fisher-Yates), then a stable pass per operator */
	for (i = l->n - 1; i > 0; i--) {
		struct mutation t;

		j = select_next(rng) % (uint64_t)(i + 1);
		t = l->m[i], l->m[i] = l->m[j], l->m[j] = t;
	}
	while (n < max && left)
		for (k = 0; k < N_OPS && n < max; k++)
			for (i = 0; i < l->n; i++)
				if (!used[i] && op_index(l->m[i].op) == k) {
					used[i] = 1, left--;
					pick[n++] = &l->m[i];
					break;
				}
	free(used);
	return n;
}

int select_sample(struct mut_list *l, const char *func, uint64_t seed,
		  int max)
{
	uint64_t rng = seed ^ fnv1a(func);
	struct mutation **pick, *out;
	int n, i;

	dedupe(l);
	pick = calloc(l->n ? l->n : 1, sizeof(*pick));
	if (!pick)
		return -ENOMEM;
	n = pick_round_robin(l, &rng, max < l->n ? max : l->n, pick);
	out = n > 0 ? malloc(n * sizeof(*out)) : NULL;
	if (n < 0 || (n > 0 && !out)) {
		free(pick);
		return n < 0 ? n : -ENOMEM;
	}
	qsort(pick, n, sizeof(*pick), by_line);
	for (i = 0; i < n; i++)
		out[i] = *pick[i];
	free(pick);
	free(l->m);
	l->m = out;
	l->n = l->cap = n;
	return 0;
}
