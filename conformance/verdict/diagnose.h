/* SPDX-License-Identifier: GPL-2.0 */
/*
 * diagnose.h - inside the verdict module: diagnostics lines that name
 * what stood out in the window (diagnose.c).
 */
#ifndef CONFORM_VERDICT_DIAGNOSE_H
#define CONFORM_VERDICT_DIAGNOSE_H

#include "verdict/window.h"

/* The interval and group with the largest model error. */
void report_worst(const struct vd_input *in, const struct worst_ival *w,
		  int first, int nint, int W, struct scn_result *r);

/* Tasks runnable at nearly every sample that got no CPU time. */
void report_starved(const struct vd_input *in, int first, int last,
		    struct scn_result *r);

/* Each hopper over the window (first, last], and what the model had. */
void report_hoppers(const struct vd_input *in, struct hop_ival *hv,
		    int first, int last, struct scn_result *r);

#endif /* CONFORM_VERDICT_DIAGNOSE_H */
