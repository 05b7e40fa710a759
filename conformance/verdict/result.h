/* SPDX-License-Identifier: GPL-2.0 */
/*
 * result.h - what the verdict module reads and what it gives: its input
 * (the scenario, its samples and window) and a scenario's result, each
 * group's and the diagnostics lines (result.c).
 */
#ifndef CONFORM_VERDICT_RESULT_H
#define CONFORM_VERDICT_RESULT_H

#include <stdbool.h>
#include <stdint.h>

#include "contract/contract.h"
#include "kernel/kernel.h"
#include "model/model.h"
#include "sample/sample.h"
#include "scenario/scenario.h"

#define VD_MAX_ISSUES	32
#define VD_MAX_DIAG	48
#define VD_DIAG_LEN	200
#define VD_MAX_WINDOWS	64

/*
 * Coverage (ival_coverage()): a task alone on its CPU with at least
 * VD_FULL_SHARE of it is charged its own time; a window that tested
 * nothing else (and has no expectation) cannot pass, nor one where the
 * model had no say over most of the CPU time (duty cycles sampled asleep
 * leave some of it unmodelled in any window, well below the bound;
 * docs/lab/2026-12-07-runner-verdict-notes.md).
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
	bool departure_open;		/* may be: not decided (departure.c) */
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

#endif /* CONFORM_VERDICT_RESULT_H */
