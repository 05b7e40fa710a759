/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verdict.h - the verdict module: from samples to a verdict, and the
 * cross-check of the PELT sources against each other.
 */
#ifndef CONFORM_VERDICT_H
#define CONFORM_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "kernel/kernel.h"
#include "scenario/scenario.h"
#include "verdict/result.h"

/*
 * analyze.c - from samples to a verdict.
 *
 * The measurement window [start, start + length) is cut into sample
 * intervals; each instance's CPU time in an interval is charged to the CPU
 * it was seen on at the interval's end, and a CPU's capacity in the
 * interval is the time charged to it. The kernel model (kmodel.h) splits
 * each CPU's capacity among the entities runnable on it at that sample.
 * Intervals are grouped into sub-windows; per group and sub-window the
 * error is (measured - model as defined) as a fraction of all the
 * scenario's measured CPU, and a group passes when the Student t interval
 * of the mean error lies within +-tolerance. Where the model is steady
 * (pinned hogs, no bandwidth limit) the interval is the tighter one of a
 * bounded lag instead (stats_summarize_lag()). Golden expectations are
 * checked the same way against the measured fraction. The PELT aggregate
 * is checked against its definition (aggregation.c).
 */

/* Analyse the samples; fills r (verdict PASS/FAIL/ERROR). */
int vd_analyze(const struct vd_input *in, struct scn_result *r);

/*
 * The cgroup usage cross-check (a diagnostic): each group's cgroup CPU
 * usage between the two samples that read it, the window's first and the
 * run's last (taken after the deciding window), against its tasks' CPU
 * time over the same samples; usage_cpu and usage_task_cpu in CPUs, a
 * line for each group apart by more than 2 %, and one saying what was
 * compared or why nothing was.
 */
void vd_usage_check(const struct vd_input *in, struct scn_result *r);

/* The aggregation check alone (part of vd_analyze). */
void vd_check_aggregation(const struct vd_input *in, int first, int last,
			  struct scn_result *r);

/*
 * Whether the window's model is steady: every runnable task a hog with
 * one CPU to run on, and no bandwidth limit over it (VD_CI_LAG applies).
 */
bool vd_steady(const struct scenario *s, const struct scn_state *st);

/* cap[SCN_MAX_CPUS]: each CPU's measured capacity in r, 0 beyond. */
void vd_capacity(const struct scn_result *r, double *cap);
/*
 * frac[g]: group g's CPUs gcpu[g] over the top-level groups' sum (0 when
 * that is 0); returns the sum.
 */
double vd_fractions(const struct scenario *s, const double *gcpu,
		    double *frac);

/*
 * departure.c - a FAIL whose every failing group misses only its golden
 * expectation, where the model holds and the measured share is what the
 * kernel's share function (sched/cgroup_mode concur, tasks or max) gives
 * by its documented formula: the verdict becomes XFAIL, each such group
 * marked with that share and the reason naming the size of the
 * departure. Only a steady window (vd_steady(), no repeats) is judged.
 * Where measured - that share straddles the tolerance the FAIL is not
 * decided either way: the verdict becomes INCONCLUSIVE (DEP_OPEN), and
 * a look that finds it so is not the last (sequential.c).
 */
enum vd_dep { DEP_NO, DEP_OPEN, DEP_YES };

enum vd_dep vd_departure_call(const struct vd_input *in,
			      const struct scn_result *r);
void vd_departure(const struct vd_input *in, struct scn_result *r);


/*
 * crosscheck.c - the series' cpu.pelt against sched/debug for the same
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
 * debug caught it in between. A wrong field differs every time; so the
 * whole read sequence is taken again when one has a mismatch, and the
 * check fails only when all XCHECK_ATTEMPTS sequences have one
 * (the observation: docs/lab/2026-12-07-runner-verdict-notes.md).
 */

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

#endif /* CONFORM_VERDICT_H */
