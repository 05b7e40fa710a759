/* SPDX-License-Identifier: GPL-2.0 */
/*
 * results.h - one results directory (meta.json, results.jsonl,
 * results.ktap; see docs/results-schema.md) loaded into plain structs.
 *
 * Loading never fails on bad input: every file may be missing, empty or
 * truncated. Numbers that are absent are NAN, strings NULL, counts 0; what
 * was missing or unreadable is listed in run->problems so the report can
 * say so.
 */
#ifndef REPORT_RESULTS_H
#define REPORT_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

#include "arena.h"
#include "contract/contract.h"	/* enum verdict, verdict_name/parse() */

struct rep_percpu {
	int cpu;
	double measured, model_defined, ideal;	/* CPUs */
};

struct rep_group {
	const char *path;
	enum verdict verdict;
	double measured, measured_cpu;
	/* model_defined: the verdict's model (JSON "model", by default the
	 * defined one); model_computed and model_se as sampled */
	double model_defined, model_computed, model_se, ideal, expected;
	double error, ci_lo, ci_hi, tolerance, intent_deviation;
	double usage_cpu;		/* from cpu.stat, CPUs */
	double usage_task_cpu;		/* its tasks' over the same span */
	double exp_ci_lo, exp_ci_hi;	/* CI of measured - expected */
	struct rep_percpu *per_cpu;
	int n_per_cpu;
};

/* scenario_start "groups" entry */
struct rep_group_def {
	const char *path, *parent, *cpuset, *max;
	double weight;
};

struct rep_phase {
	double at_us;
	const char *action, *group, *value;
	const char *desc;	/* "weight A=300", "offline cpu 2", ... */
};

struct rep_issue {
	const char *group, *kind, *detail;
	int cpu;
	double amount;
};

struct rep_convergence {
	int phase;
	double at_us, converged_after_us;	/* NAN: never converged */
};

/* one `series` record; any value array may be NULL */
struct rep_series {
	const char *group;
	int cpu;
	int n;
	double *t_us, *tg_load_avg, *contrib, *load_avg, *cfs_load_weight;
	double *se_weight;
};

struct rep_scenario {
	int index;
	const char *name, *file, *description, *hierarchy;
	bool has_start, has_result, from_ktap_only;
	bool kernel_test;	/* a KUnit suite, numbered after the scenarios */
	int cpus;
	double tolerance, confidence, warmup_us, measure_us;	/* params */
	struct rep_group_def *defs;
	int n_defs;
	struct rep_phase *phases;
	int n_phases;
	struct rep_series *series;
	int n_series, series_cap;

	/* result */
	enum verdict verdict;
	const char *reason, *source;
	double duration_us, win_start_us, win_length_us;
	int subwindows;
	/* the sequential verdict (schema 2; NAN / 0 / false without it) */
	bool sequential;
	int look, looks;		/* the deciding look, 1-based; planned */
	double time_to_verdict_us, max_measure_us;
	double ci_confidence, ci_inflation;
	double *cpu_capacity;
	int n_capacity;
	struct rep_group *groups;
	int n_groups;
	int aggregation_ok;		/* 1, 0, or -1: not reported */
	int checked_samples;
	struct rep_issue *issues;
	int n_issues;
	double model_disagreement, se_disagreement;
	struct rep_convergence *convergence;
	int n_convergence;
	int sampler_samples;
	double sampler_overhead;
	bool host_contention;		/* sampler.host_contention */
	const char **warnings;
	int n_warnings;
	const char **diagnostics;
	int n_diagnostics;

	/* KTAP cross-check: verdict from results.ktap, V_UNKNOWN if absent */
	enum verdict ktap_verdict;
	/* the guest stopped while this scenario ran (meta last_scenario) */
	bool died_here;
	/* ... killed by the emulator, not the kernel (meta emulator_faults):
	 * no verdict */
	bool emulator_fault;
};

struct rep_run {
	struct arena arena;
	const char *dir;

	/* meta.json */
	bool has_meta;
	const char *run_id, *label, *accel, *guest_mem, *kernel_image;
	const char *kernel_release, *config_hash, *series_hash, *host_status;
	const char *last_scenario, *started;
	const char **emulator_faults;	/* scenarios the emulator killed */
	int n_emulator_faults;
	const char *kernel_source;	/* package and version, or source tree */
	const char *kernel_hz;		/* distro kernels: CONFIG_HZ */
	int guest_cpus, n_patches;
	int runner_exit;	/* -1: null / unknown */
	double duration_s;

	/* run_start */
	bool has_run_start;
	int schema_version;		/* run_start's; 0: before versions */
	const char *runner_version, *kernel_version, *pelt_source;
	const char *clocksource;
	int cpus_online, scenarios_planned;
	/* sched/cgroup_mode: in effect (NULL: unknown), the kernel's (NULL:
	 * no file), set by the runner; has_: the runner recorded them */
	bool has_cgroup_mode, cgroup_mode_set;
	const char *cgroup_mode, *cgroup_mode_kernel;

	/* run_end */
	bool has_run_end;
	int totals[V_COUNT];	/* as the runner reported them */
	int run_exit;
	double run_duration_us;

	/* KTAP "# Totals:" line, -1 when absent */
	int ktap_pass, ktap_fail, ktap_skip;

	struct rep_scenario *scen;	/* stream order */
	int n_scen;

	const char **problems;		/* what was missing or unreadable */
	int n_problems, problems_cap;
	int scen_cap;
	int jsonl_lines, jsonl_bad;
};

/* Load dir into *run (always succeeds unless out of memory: -ENOMEM). */
int results_load(const char *dir, struct rep_run *run);
void results_free(struct rep_run *run);

/* Counts of scenario verdicts as loaded (incomplete included). */
void results_count(const struct rep_run *run, int counts[V_COUNT]);

/* true when the run is not clean: guest died, runner missing, ... */
bool results_run_broken(const struct rep_run *run);

/* Sort key: failing scenarios first (incomplete, error, fail,
 * inconclusive, unknown, skip, pass). */
int verdict_rank(enum verdict v);

/* Scenarios ordered failing first, then by index; caller frees. */
struct rep_scenario **results_sorted(const struct rep_run *run);

struct rep_scenario *results_find(const struct rep_run *run,
				  const char *name);

/* Group with the largest |error| bound (the worst), or NULL. */
const struct rep_group *results_worst_group(const struct rep_scenario *s);

/*
 * The kernel's share function as one line ("concur (sched/cgroup_mode,
 * the kernel's)", "smp, set for the run ..."), in buf; NULL when the run
 * did not record it (a runner from before cgroup_mode).
 */
const char *results_share_function(const struct rep_run *run, char *buf,
				   size_t len);

/* "largest |measured - model_defined|" CPU for group g, -1 if none. */
int results_worst_cpu(const struct rep_group *g, double *delta);

#endif /* REPORT_RESULTS_H */
