/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verdict.h - the verdict room: from samples to a verdict, and the
 * cross-check of the PELT sources against each other.
 */
#ifndef CONFORM_VERDICT_H
#define CONFORM_VERDICT_H

#include <stdbool.h>
#include <stdint.h>

#include "contract/contract.h"
#include "kernel/kernel.h"
#include "model/model.h"
#include "sample/sample.h"
#include "scenario/scenario.h"

/*
 * verdict.c - from samples to a verdict.
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
 * is checked against its definition (see verdict.c).
 */

#define VD_MAX_ISSUES	32
#define VD_MAX_DIAG	48
#define VD_DIAG_LEN	200
#define VD_MAX_WINDOWS	64

/*
 * Coverage (ival_coverage()): a task alone on its CPU with at least
 * VD_FULL_SHARE of it is charged its own time; a window that tested
 * nothing else (and has no expectation) cannot pass, nor one where the
 * model had no say over most of the CPU time (duty cycles sampled asleep
 * leave 15-16 % of it unmodelled in duty-blocked-load and threshold-n).
 */
#define VD_FULL_SHARE		0.999
#define VD_UNMODELLED_MAX	0.50

/* How a window's confidence intervals were taken (see vd_steady()). */
enum vd_ci_method {
	VD_CI_SUBWINDOWS,	/* stats_summarize_series() over sub-windows */
	VD_CI_LAG,		/* stats_summarize_lag(): steady model */
};

struct grp_result {
	bool pass;
	bool has_expected;
	double measured;		/* fraction of the total */
	double measured_cpu;		/* CPUs over the window */
	double model[KM_KINDS];		/* fractions */
	double ideal;
	double expected;
	double intent_dev;		/* measured - ideal */
	double usage_cpu;		/* cgroup accounting; NaN if none */
	double usage_task_cpu;		/* ... the tasks' over its span */
	struct stats_summary err;	/* measured - model defined */
	double sub_half_width;		/* ... the sub-window interval's */
	double err_w[VD_MAX_WINDOWS];	/* ... per sub-window */
	struct stats_summary exp_err;	/* measured - expected */
	/* a missed expectation the share function's formula gives */
	bool departure;
	double mode_expected;		/* that formula's share (departure.c) */
	double cpu_measured[SCN_MAX_CPUS];	/* CPUs, per CPU */
	double cpu_model[SCN_MAX_CPUS];		/* model defined, CPUs */
	/* stall charges (ns) to its subtree in the last sub-window */
	double stall_tail_ns;
};

struct agg_issue {
	int group;
	int cpu;			/* -1: not attributable to one CPU */
	char kind[24];			/* stale_contrib, offline_contrib, ... */
	double amount;			/* median excess, load units */
	int checked;			/* samples of its group checked */
	char detail[160];
};

struct convergence {
	int phase;
	uint64_t at_us;
	int64_t converged_after_us;	/* < 0: not within the run */
};

struct scn_result {
	enum verdict v;
	char reason[256];
	enum pelt_source src;
	uint64_t win_start_us, win_len_us;
	int subwindows;
	int intervals;
	enum vd_ci_method ci_method;
	int ncpus;
	double cpu_capacity[SCN_MAX_CPUS];	/* CPUs over the window */
	struct grp_result g[SCN_MAX_GROUPS];
	bool agg_ok;
	int agg_checked;
	int nissues;
	struct agg_issue issues[VD_MAX_ISSUES];
	double model_disagreement;	/* max |computed - defined| */
	double se_disagreement;		/* max |se - defined| */
	/* fractions of the CPU time: see ival_coverage() */
	double tested, alone, unmodelled;
	bool se_available;
	enum km_kind verdict_kind;	/* the model the errors are against */
	int km_fallbacks[KM_KINDS];
	int nconv;
	struct convergence conv[SCN_MAX_PHASES];
	int samples;
	int pelt_samples;		/* samples with a PELT read */
	int pelt_moved;			/* ... of them read as a task moved */
	/*
	 * Most CPU time the tasks were charged in one interval beyond what
	 * the online CPUs could give them in it: the charge for a vCPU the
	 * host did not run across a sample, landing when it runs again.
	 */
	uint64_t charge_excess_us;
	/*
	 * CPU time the tasks were charged in the window while they ran
	 * none of their code (workload.c's probe: their vCPU not run), in
	 * all and in the worst interval, its end (from the workload start)
	 * and the group charged most in it (-1: none).
	 */
	uint64_t stall_us, stall_max_us, stall_max_at_us;
	int stall_max_group;
	/*
	 * Every failing group's excess beyond the tolerance is no larger
	 * than its uneven share of the stall charges in the last sub-window
	 * (charged to its subtree beyond its measured fraction of them if it
	 * got too much, short of it if too little): CFS repays a charge by
	 * running the others ahead, and one late in the window is not yet
	 * repaid when it ends. The verdict stands; the failure is then
	 * attributed to the host.
	 */
	bool stall_explains;
	bool host_contention;		/* late sampler or charge excess
					 * over RUNNER_CONTENTION_US */
	uint64_t max_late_us;		/* worst sampler wake-up lateness */
	int late_samples;		/* ... samples late by > 5 ms */
	uint64_t sampler_cpu_us;
	double sampler_overhead;	/* fraction of one CPU */
	int ndiag;
	char diag[VD_MAX_DIAG][VD_DIAG_LEN];
};

struct vd_input {
	const struct scenario *s;
	const struct scn_state *st;	/* state during the window */
	const struct sample_set *ss;
	const int *inst_task;
	enum pelt_source src;
	uint64_t win_start_us, win_len_us;
};

void vd_diag(struct scn_result *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

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
 */
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
 * debug caught it in between (fork-exit-cross-cpu: tg_load_avg 2325 in
 * both cpu.pelt reads, 1313 in sched/debug, once in 7 patched runs). A
 * wrong field differs every time; so the whole read sequence is taken
 * again when one has a mismatch, and the check fails only when all
 * XCHECK_ATTEMPTS sequences have one.
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
