/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arena.h - a bump allocator that owns everything loaded from one results
 * directory, so the loader never has to free field by field.
 */
#ifndef REPORT_ARENA_H
#define REPORT_ARENA_H

#include <stddef.h>

struct arena_block;

struct arena {
	struct arena_block *head;
};

/* Zeroed memory, or NULL when out of memory. */
void *arena_alloc(struct arena *a, size_t size);
/* Copy of s (NULL when s is NULL or out of memory). */
char *arena_strdup(struct arena *a, const char *s);
/* printf into the arena; NULL when out of memory. */
char *arena_printf(struct arena *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void arena_free(struct arena *a);

#endif /* REPORT_ARENA_H */
