/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ideal_window.h - inside the verdict module: the ideal split over the
 * window (ideal_window.c).
 */
#ifndef CONFORM_VERDICT_IDEAL_WINDOW_H
#define CONFORM_VERDICT_IDEAL_WINDOW_H

#include "verdict/window.h"

/* Each group's ideal fraction into r, on the measured capacities. */
void vd_ideal_shares(const struct vd_input *in, struct vd_acc *a,
		     struct scn_result *r);

#endif /* CONFORM_VERDICT_IDEAL_WINDOW_H */
