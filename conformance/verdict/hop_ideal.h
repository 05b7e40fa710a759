/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hop_ideal.h - inside the verdict module: the ideal split of the
 * intervals with self-migrating tasks (hop_ideal.c).
 */
#ifndef CONFORM_VERDICT_HOP_IDEAL_H
#define CONFORM_VERDICT_HOP_IDEAL_H

#include "verdict/interval.h"

struct hop_ival;
/* Ideal splits of the placements the hoppers took, by events done. */
struct hop_memo;

struct hop_memo *hop_memo_new(void);
void hop_memo_free(struct hop_memo *mm);

/* Interval k's ideal split times its length, added to gcpu[]. */
int hop_ideal_interval(const struct vd_input *in, int k,
		       const struct scn_state *st, const double *cap,
		       struct hop_ival *hv, struct hop_memo *mm, double *gcpu);

#endif /* CONFORM_VERDICT_HOP_IDEAL_H */
