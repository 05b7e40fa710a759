/* SPDX-License-Identifier: GPL-2.0 */
/*
 * contract.h - what the runner (conformance/) and the report (report/) share:
 * the verdict enum and its names, and the statistics behind a verdict
 * (mean, sample standard deviation, Student t quantile and intervals).
 * Both link the .c files of conformance/contract/; neither keeps a copy.
 */
#ifndef CONFORM_CONTRACT_H
#define CONFORM_CONTRACT_H


/*
 * A scenario's verdict: the runner's KTAP (ok, not ok, # SKIP, # ERROR)
 * and JSON "verdict" strings, and what the report reads back. The runner
 * gives the first five; INCOMPLETE and UNKNOWN are the report's (a
 * scenario_start without a result, a string it does not know).
 * INCONCLUSIVE: the sequential verdict's longest window ended with an
 * interval across a tolerance bound (KTAP "not ok N name # INCONCLUSIVE
 * why": a non-pass for every KTAP consumer).
 */
enum verdict {
	V_PASS,
	V_FAIL,
	V_SKIP,
	V_ERROR,
	V_INCONCLUSIVE,	/* neither inside nor outside at the longest window */
	V_INCOMPLETE,	/* scenario_start seen, no result: the guest stopped */
	V_UNKNOWN,	/* a verdict string we do not know, or none */
	V_XFAIL,	/* a golden expectation missed by the share function's
			 * documented formula (departure.c); the model holds */
	V_COUNT,
};

/* "pass", "fail", "skip", "error", "inconclusive", "incomplete",
 * "unknown", "xfail". */
const char *verdict_name(enum verdict v);
/* The verdict named s; V_UNKNOWN for NULL or a name not in the table. */
enum verdict verdict_parse(const char *s);

/*
 * exit.c - the run's counts and exit code (README "Exit codes"), one rule for the
 * runner over its scenarios and for the host over a run's parts (shards,
 * KUnit suites): 1 when any failed, else 5 when any was inconclusive,
 * else 4 when all n were skipped, else 0. The guest-level codes (2, 3,
 * 10-20) are the host's; they outrank all of these.
 */
#define CONFORM_EXIT_PASS		0
#define CONFORM_EXIT_FAIL		1
#define CONFORM_EXIT_USAGE		2
#define CONFORM_EXIT_SETUP		3
#define CONFORM_EXIT_SKIP		4
#define CONFORM_EXIT_INCONCLUSIVE	5
#define CONFORM_EXIT_PANIC		10
#define CONFORM_EXIT_HANG		11
#define CONFORM_EXIT_DEADLINE		12
#define CONFORM_EXIT_QEMU_DIED		13
#define CONFORM_EXIT_CRASHED		14
/*
 * The emulator killed the guest (an int3 oops in text the kernel had
 * already patched, report/guestdeath.h): no verdict on the kernel. Of the
 * guest-level codes it ranks last: a run's other parts' panic, hang or
 * crash (10-14) outrank it, and it outranks every verdict code (0-5).
 */
#define CONFORM_EXIT_EMULATOR		15

int exit_code_rank(int failed, int inconclusive, int skipped, int n);

/*
 * A run's verdict counts: the runner's over its scenarios, the report's
 * over the top-level results of a KTAP stream.
 */
struct totals {
	int pass, fail, skip, error, inconclusive, xfail;
};

/* Count v into t (INCOMPLETE and UNKNOWN as errors). */
void totals_add(struct totals *t, enum verdict v);

/* exit_code_rank() of t, an error counting as a failure, n results. */
int totals_exit_code(const struct totals *t, int n);

/* "PASS", "SKIP" (4), "INCONCLUSIVE" (5), "EMULATOR-FAULT" (15), else
 * "FAIL". */
const char *exit_code_verdict(int code);

/*
 * stats.c - the statistics behind a verdict: mean, sample standard
 * deviation and a two-sided Student t confidence interval.
 */

struct stats_summary {
	int n;
	double mean;
	double sd;		/* sample standard deviation (n - 1) */
	double half_width;	/* t(conf, n - 1) * sd / sqrt(n); 0 when n < 2 */
	double lo, hi;		/* mean -/+ half_width */
	double rho1;		/* lag-1 autocorrelation (series only), else 0 */
};

/* Regularized incomplete beta I_x(a, b), a, b > 0, 0 <= x <= 1. */
double stats_incbeta(double a, double b, double x);

/*
 * Two-sided Student t quantile: P(|T| <= q) = confidence, df >= 1 (real:
 * Welch's degrees of freedom are fractional). The one t quantile of the
 * tree: the runner's intervals and the report's tests use it alike.
 */
double stats_t_quantile(double confidence, double df);

/* P(T <= t) for Student's t with df > 0 degrees of freedom. */
double stats_t_cdf(double t, double df);

void stats_summarize(const double *x, int n, double confidence,
		     struct stats_summary *out);

/*
 * The same for consecutive sub-window errors of one measurement window,
 * whose terms are serially dependent: CFS keeps a group's lag (cumulative
 * measured - model CPU) bounded, so what one sub-window loses at its end
 * the next one gains (measured in the guest: mean lag-1 autocorrelation
 * -0.36 over 144 groups), while a host stall that spans a sub-window edge
 * correlates neighbours positively. The variance of the mean is taken as
 * that of an MA(1) series, sd^2 (1 + 2 rho (n - 1) / n) / n, where rho is
 * the lag-1 autocorrelation estimate moved up by its small-sample bias
 * (1/n) and by half its standard error (0.5/sqrt(n)), clamped to the
 * MA(1) range [-1/2, 0.99]. Simulated coverage at 95 % (test_stats.c):
 * independent terms 0.95, bounded-lag terms >= 0.99.
 */
void stats_summarize_series(const double *x, int n, double confidence,
			    struct stats_summary *out);

/*
 * The interval for the mean error (lag[n] - lag[0]) / (cum[n] - cum[0]) of
 * a window whose cumulative error lag[] (measured - model CPU time) stays
 * bounded: the case of a steady model, where CFS repays every lag it lets
 * build up (a host stall's included). That mean is a difference of two lag
 * values, so its variance is that of a lag increment over the window, not
 * a sum of per-sub-window noise: it is estimated from all increments over
 * half the window, detrended by the mean (a lag spread over more than
 * half the window is thus seen), and scaled by the t quantile with df
 * degrees of freedom. cum[] is the cumulative total CPU time (the axis),
 * n >= 4 intervals. Fills mean, half_width, lo, hi and n; sd and rho1
 * are 0. Simulated coverage at 95 % (test_stats.c): >= 0.95 for lag
 * correlation times up to 1/10 of the window and for stalls that are
 * repaid; about 2.3 times narrower than stats_summarize_series() there.
 * Not valid when the model error is a random walk (per-interval model
 * noise: sleepers, churn, migrations): coverage drops to ~0.7.
 */
void stats_summarize_lag(const double *lag, const double *cum, int n,
			 double confidence, int df, struct stats_summary *out);

/*
 * The results stream (JSON Lines, docs/results-schema.md): the schema
 * version the runner writes in its run_start record, the record types and
 * every key, named once for the runner (output/jsonout.c) and the report
 * (report/results.c). A reader accepts the versions up to its own; adding
 * a key or a record type does not change the version, renaming, removing
 * or changing the meaning of one does.
 */
/*
 * 2: the sequential verdict. A result's verdict can be "inconclusive",
 * its window length is the deciding look's (not the scenario's measure),
 * its intervals are at ci_confidence (Bonferroni over the looks) with lag
 * intervals' standard error times ci_inflation; run_end totals count
 * inconclusive apart.
 */
/*
 * 3: a group's usage_cpu is the cgroup usage from the window's first
 * sample to the run's last (after the deciding window), not over the
 * window; usage_task_cpu is its tasks' time over the same samples.
 */
#define RESULTS_SCHEMA_VERSION	3

#define RT_RUN_START	"run_start"
#define RT_SCENARIO_START	"scenario_start"
#define RT_SERIES	"series"
#define RT_RESULT	"result"
#define RT_RUN_END	"run_end"

#define RK_ACTION	"action"
#define RK_AGG_TOLERANCE	"agg_tolerance"
#define RK_AGGREGATION	"aggregation"
#define RK_AMOUNT	"amount"
#define RK_AT_US	"at_us"
#define RK_CFS_LOAD_WEIGHT	"cfs_load_weight"
#define RK_CGROUP_MODE	"cgroup_mode"
#define RK_CGROUP_MODE_KERNEL	"cgroup_mode_kernel"
#define RK_CGROUP_MODE_SET	"cgroup_mode_set"
#define RK_CHARGE_EXCESS_US	"charge_excess_us"
#define RK_CHECKED_SAMPLES	"checked_samples"
#define RK_CI	"ci"
#define RK_CI_HALF_WIDTH	"ci_half_width"
#define RK_CI_HALF_WIDTH_SUBWINDOWS	"ci_half_width_subwindows"
#define RK_CI_CONFIDENCE	"ci_confidence"
#define RK_CI_INFLATION	"ci_inflation"
#define RK_CI_METHOD	"ci_method"
#define RK_CLOCKSOURCE	"clocksource"
#define RK_CMDLINE	"cmdline"
#define RK_CONFIDENCE	"confidence"
#define RK_CONTRIB	"contrib"
#define RK_CONVERGED_AFTER_US	"converged_after_us"
#define RK_CONVERGENCE	"convergence"
#define RK_COUNT	"count"
#define RK_CPU	"cpu"
#define RK_CPU_CAPACITY	"cpu_capacity"
#define RK_CPU_US	"cpu_us"
#define RK_CPUS	"cpus"
#define RK_CPUS_ONLINE	"cpus_online"
#define RK_CPUS_POSSIBLE	"cpus_possible"
#define RK_CPUSET	"cpuset"
#define RK_DESCRIPTION	"description"
#define RK_DETAIL	"detail"
#define RK_DIAGNOSTICS	"diagnostics"
#define RK_DURATION_US	"duration_us"
#define RK_ERROR	"error"
#define RK_ERROR_SD	"error_sd"
#define RK_ERROR_SUBWINDOWS	"error_subwindows"
#define RK_EXIT	"exit"
#define RK_EXPECTED	"expected"
#define RK_EXPECTED_CI	"expected_ci"
#define RK_FAIL	"fail"
#define RK_FILE	"file"
#define RK_GROUP	"group"
#define RK_GROUPS	"groups"
#define RK_HIERARCHY	"hierarchy"
#define RK_HOST_CONTENTION	"host_contention"
#define RK_IDEAL	"ideal"
#define RK_IDLE	"idle"
#define RK_INCONCLUSIVE	"inconclusive"
#define RK_INDEX	"index"
#define RK_INTENT_DEVIATION	"intent_deviation"
#define RK_INTERVALS	"intervals"
#define RK_ISSUES	"issues"
#define RK_KERNEL_RELEASE	"kernel_release"
#define RK_KERNEL_VERSION	"kernel_version"
#define RK_KERNEL_WARNINGS	"kernel_warnings"
#define RK_KIND	"kind"
#define RK_LATE_SAMPLES	"late_samples"
#define RK_LENGTH_US	"length_us"
#define RK_LOAD_AVG	"load_avg"
#define RK_LOOK	"look"
#define RK_LOOKS	"looks"
#define RK_MAX	"max"
#define RK_MAX_LATE_US	"max_late_us"
#define RK_MAX_MEASURE_US	"max_measure_us"
#define RK_MEASURE_START_US	"measure_start_us"
#define RK_MEASURE_US	"measure_us"
#define RK_MODE_EXPECTED	"mode_expected"
#define RK_MEASURED	"measured"
#define RK_MEASURED_CPU	"measured_cpu"
#define RK_MODEL	"model"
#define RK_MODEL_COMPUTED	"model_computed"
#define RK_MODEL_DEFINED	"model_defined"
#define RK_MODEL_DISAGREEMENT	"model_disagreement"
#define RK_COVERAGE		"coverage"
#define RK_TESTED		"tested"
#define RK_ALONE		"alone"
#define RK_UNMODELLED		"unmodelled"
#define RK_MODEL_SE	"model_se"
#define RK_NAME	"name"
#define RK_OK	"ok"
#define RK_OVERHEAD	"overhead"
#define RK_PARAMS	"params"
#define RK_PARENT	"parent"
#define RK_PASS	"pass"
#define RK_PATH	"path"
#define RK_PELT_SAMPLE_US	"pelt_sample_us"
#define RK_PELT_SAMPLES	"pelt_samples"
#define RK_PELT_SAMPLES_MOVED	"pelt_samples_moved"
#define RK_PELT_SOURCE	"pelt_source"
#define RK_PER_CPU	"per_cpu"
#define RK_PERIOD_US	"period_us"
#define RK_PHASE	"phase"
#define RK_PHASES	"phases"
#define RK_QUOTA_US	"quota_us"
#define RK_REASON	"reason"
#define RK_RUN_US	"run_us"
#define RK_RUNNER_VERSION	"runner_version"
#define RK_SAMPLE_MS_OVERRIDE	"sample_ms_override"
#define RK_SAMPLE_US	"sample_us"
#define RK_SAMPLER	"sampler"
#define RK_SAMPLES	"samples"
#define RK_RUNNABLE_AVG	"runnable_avg"
#define RK_SCENARIO	"scenario"
#define RK_SCENARIOS	"scenarios"
#define RK_SCHED_BASE_SLICE_NS	"sched_base_slice_ns"
#define RK_SCHED_LATENCY_NS	"sched_latency_ns"
#define RK_SCHED_MIN_GRANULARITY_NS	"sched_min_granularity_ns"
#define RK_SCHED_WAKEUP_GRANULARITY_NS	"sched_wakeup_granularity_ns"
#define RK_SCHEMA_VERSION	"schema_version"
#define RK_SE_DISAGREEMENT	"se_disagreement"
#define RK_SE_WEIGHT	"se_weight"
#define RK_SEQUENTIAL	"sequential"
#define RK_SKIP	"skip"
#define RK_SLEEP_US	"sleep_us"
#define RK_SLICES	"slices"
#define RK_SHARDS	"shards"	/* make run JOBS=N: run_start, run_end */
#define RK_SOURCE	"source"
#define RK_STALL_CHARGED_US	"stall_charged_us"
#define RK_STALL_MAX_AT_US	"stall_max_at_us"
#define RK_STALL_MAX_US	"stall_max_us"
#define RK_START_US	"start_us"
#define RK_SUBWINDOWS	"subwindows"
#define RK_T_US	"t_us"
#define RK_TASK	"task"
#define RK_TASKS	"tasks"
#define RK_TG_LOAD_AVG	"tg_load_avg"
#define RK_TIME_TO_VERDICT_US	"time_to_verdict_us"
#define RK_TIMEOUT_US	"timeout_us"
#define RK_TOLERANCE	"tolerance"
#define RK_TOTALS	"totals"
#define RK_TYPE	"type"
#define RK_USAGE_CPU	"usage_cpu"
#define RK_USAGE_TASK_CPU	"usage_task_cpu"
#define RK_VALUE	"value"
#define RK_VERDICT	"verdict"
#define RK_WARMUP_US	"warmup_us"
#define RK_WEIGHT	"weight"
#define RK_WEIGHT_SET	"weight_set"
#define RK_WINDOW	"window"
#define RK_WINDOWS	"windows"
#define RK_XFAIL	"xfail"

#endif /* CONFORM_CONTRACT_H */
