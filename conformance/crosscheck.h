/* SPDX-License-Identifier: GPL-2.0 */
/*
 * crosscheck.h - the series' cpu.pelt against sched/debug for the same
 * groups and CPUs, read back to back while the workload runs.
 *
 * Two sources of one kernel state must agree: tg_load_avg, and on every
 * CPU debugfs lists, tg_load_avg_contrib, cfs_rq load.weight and the group
 * entity's weight, exactly, where the two cpu.pelt reads around the
 * debugfs read agree.
 *
 * load_avg moves while tasks run, and the reads of one group are tens of
 * milliseconds apart (all cpu.pelt files, sched/debug, all again). Even a
 * steady runqueue's load_avg dithers from one PELT update to the next
 * (load_sum over a divider that follows period_contrib): measured
 * 1023..1024 for a runqueue with one nice-0 hog and 106507..106528 for
 * one with 104, when nothing changed. So load_avg is compared where the
 * two cpu.pelt reads are within that dither of each other, 1 + v / 4096,
 * and sched/debug must be within it of one of them. A wrong or torn field
 * is off by far more.
 *
 * A value can also move away and back between the two cpu.pelt reads: a
 * churn group's tg_load_avg rises and falls by a task's load at every
 * fork and exit, a few ms apart, and looks steady to them while sched/
 * debug caught it in between (fork-exit-cross-cpu: tg_load_avg 2325 in
 * both cpu.pelt reads, 1313 in sched/debug, once in 7 patched runs). A
 * wrong field differs every time; so the whole read sequence is taken
 * again when one has a mismatch, and the check fails only when all
 * XCHECK_ATTEMPTS sequences have one.
 */
#ifndef CONFORM_CROSSCHECK_H
#define CONFORM_CROSSCHECK_H

#include <stdbool.h>

#include "cgroups.h"
#include "scenario.h"

#define XCHECK_ATTEMPTS	3

struct xcheck {
	int attempts;		/* read sequences taken (the last reported) */
	int compared;		/* values compared */
	int mismatches;
	int skipped;		/* moved between the reads: not comparable */
	char first[200];	/* the first mismatch, for the diagnostics */
};

/* Returns 0 (see x->mismatches) or -errno when a source is unreadable. */
int xcheck_pelt_debugfs(const struct scenario *s, const struct cg_ctx *cg,
			struct xcheck *x);

/* The load_avg rules above, for the tests. */
double xcheck_load_avg_dither(double v);
bool xcheck_load_avg_steady(double a, double b);
bool xcheck_load_avg_agrees(double a, double b, double dbg);

/* sched/debug's weight / 1024 as cpu.pelt prints it (scale_load_down()). */
double xcheck_scale_load_down(double w);

#endif /* CONFORM_CROSSCHECK_H */
