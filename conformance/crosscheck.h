/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crosscheck.h - the series' cpu.pelt against sched/debug for the same
 * groups and CPUs, read back to back while the workload runs.
 *
 * Two sources of one kernel state must agree: tg_load_avg, and on every
 * CPU debugfs lists, tg_load_avg_contrib, cfs_rq load.weight and the group
 * entity's weight. load_avg moves between the reads, so it is compared
 * only where the two cpu.pelt reads around the debugfs read agree.
 */
#ifndef CONFORM_CROSSCHECK_H
#define CONFORM_CROSSCHECK_H

#include "cgroups.h"
#include "scenario.h"

struct xcheck {
	int compared;		/* values compared */
	int mismatches;
	int skipped;		/* moved between the reads: not comparable */
	char first[200];	/* the first mismatch, for the diagnostics */
};

/* Returns 0 (see x->mismatches) or -errno when a source is unreadable. */
int xcheck_pelt_debugfs(const struct scenario *s, const struct cg_ctx *cg,
			struct xcheck *x);

#endif /* CONFORM_CROSSCHECK_H */
