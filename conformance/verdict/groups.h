/* SPDX-License-Identifier: GPL-2.0 */
/*
 * groups.h - inside the verdict module: each group's comparisons and the
 * scenario's verdict from them (groups.c).
 */
#ifndef CONFORM_VERDICT_GROUPS_H
#define CONFORM_VERDICT_GROUPS_H

#include "verdict/window.h"

/* Every group's verdict; r->v PASS or FAIL. */
void vd_groups(const struct vd_input *in, struct vd_acc *a,
	       struct scn_result *r);

/* Did the window test the model at all? An ERROR when it did not. */
void vd_coverage(const struct vd_acc *a, struct scn_result *r);

#endif /* CONFORM_VERDICT_GROUPS_H */
