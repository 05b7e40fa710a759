/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hopper.h - inside the verdict module: the sub-interval model of the
 * self-migrating tasks (kind=hopper) in hopper.c (docs/verdict.md,
 * "Self-migrating tasks"). It reads the sample interval (interval.h) and
 * gives facts: the interval's split and its sub-intervals (the ideal
 * split over them: hop_ideal.h); it never writes a result.
 */
#ifndef CONFORM_VERDICT_HOPPER_H
#define CONFORM_VERDICT_HOPPER_H

#include <stdbool.h>

#include "model/model.h"
#include "verdict/interval.h"

/* The hoppers' scratch for one interval at a time. */
struct hop_ival;

/* For ng groups, nc CPUs and ni instances; NULL when out of memory. */
struct hop_ival *hop_ival_new(int ng, int nc, int ni);
void hop_ival_free(struct hop_ival *hv);

/*
 * Interval k with hoppers, after the interval's measure: 0 when modelled
 * here (fallbacks[kind], if not NULL, counts the model's fallbacks), 1
 * when it has no hoppers or their reads are not whole, or -errno.
 */
int hop_eval(const struct vd_input *in, int k, struct ival *iv,
	     struct hop_ival *hv, int *fallbacks);

/* Are both ends of interval k read whole for every hopper? */
bool hop_ok(const struct hop_log *hl, int k);

/* The hops of interval k, in time order, into hv; 0 or -errno. */
int hop_cuts(const struct hop_log *hl, int k, struct hop_ival *hv);

/* ... the ns between the hoppers' two reads of that interval. */
double hop_span(const struct hop_ival *hv);

/*
 * Calls fn(cur, len, ctx) for each sub-interval of interval k (after
 * hop_cuts()): the hoppers' placement cur[] in it and its length in ns;
 * stops at fn's first non-zero return and gives it back.
 */
typedef int hop_sub_fn(const int *cur, double len, void *ctx);
int hop_walk(const struct hop_log *hl, int k, const struct hop_ival *hv,
	     hop_sub_fn *fn, void *ctx);

/*
 * The sub-intervals the hoppers cut the window (first, last] into, and
 * how many of them had no PELT read of their own placement.
 */
void hop_count_subs(const struct vd_input *in, struct hop_ival *hv,
		    int first, int last, int *nsub, int *nmiss);

#endif /* CONFORM_VERDICT_HOPPER_H */
