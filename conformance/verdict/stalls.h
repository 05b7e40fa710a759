/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stalls.h - inside the verdict module: CPU time charged to tasks whose
 * vCPU the host did not run (stalls.c).
 */
#ifndef CONFORM_VERDICT_STALLS_H
#define CONFORM_VERDICT_STALLS_H

#include <stdbool.h>

#include "verdict/result.h"

/* The most the tasks were charged in (k-1, k] beyond the CPUs' time. */
void note_excess(const struct sample_set *ss, int k, double tot_ns,
		 struct scn_result *r);

/* Stall charges in (k-1, k]; tail: in the last sub-window. */
void note_stall(const struct vd_input *in, const struct scn_state *st,
		int k, bool tail, struct scn_result *r);

/*
 * Names the stalls, and sets r->stall_explains when they account for
 * every failing group's excess (tot: the window's CPU time, ns).
 */
void explain_by_stalls(const struct scenario *s, double tot,
		       struct scn_result *r);

#endif /* CONFORM_VERDICT_STALLS_H */
