/* SPDX-License-Identifier: GPL-2.0 */
/*
 * select.h - a reproducible sample of a function's mutations.
 *
 * The mutations of one function are grouped by operator; each group is
 * shuffled by a generator seeded with the seed and the function's name
 * (so adding a function to the list does not change the others'
 * samples), and the groups are then taken from in turn, one mutation
 * each, until max are taken: every operator the function admits is
 * represented before any gets a second. Duplicates (the same line
 * rewritten the same way) are dropped first. The sample is returned in
 * line order.
 */
#ifndef MUTANTS_SELECT_H
#define MUTANTS_SELECT_H

#include <stdint.h>

#include "mutation.h"

/* Replace l's contents with the sample; 0 or -ENOMEM. */
int select_sample(struct mut_list *l, const char *func, uint64_t seed,
		  int max);

/* The generator (splitmix64): the next value of *state. */
uint64_t select_next(uint64_t *state);

#endif /* MUTANTS_SELECT_H */
