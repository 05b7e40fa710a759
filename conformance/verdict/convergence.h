/* SPDX-License-Identifier: GPL-2.0 */
/*
 * convergence.h - inside the verdict module: how long the measured split
 * took to settle after each phase (convergence.c).
 */
#ifndef CONFORM_VERDICT_CONVERGENCE_H
#define CONFORM_VERDICT_CONVERGENCE_H

#include "verdict/interval.h"

struct hop_ival;

/* r->conv[] of every phase; iv, hv: scratch; first: the window's. */
void convergence(const struct vd_input *in, struct ival *iv,
		 struct hop_ival *hv, int first, int per_sub,
		 struct scn_result *r);

#endif /* CONFORM_VERDICT_CONVERGENCE_H */
