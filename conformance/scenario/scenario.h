/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scenario.h - the scenario room: parse and validate .scn files, and query
 * a parsed scenario (its groups, tasks, phases, and the state in force at
 * a time).
 */
#ifndef CONFORM_SCENARIO_H
#define CONFORM_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * scenario.c - the in-memory form of one cgroup-scenarios/ .scn file.
 *
 * One parser (scenario.c) serves the host validator (conform --check) and
 * the guest runner. The file format is documented in
 * cgroup-scenarios/FORMAT.md. All times are microseconds; CPU sets are
 * bit masks (bit n = CPU n).
 */

#define SCN_MAX_CPUS	64
#define SCN_MAX_GROUPS	512
#define SCN_MAX_TASKS	256
#define SCN_MAX_PHASES	64
#define SCN_MAX_EXPECT	SCN_MAX_GROUPS
#define SCN_NAME_MAX	64
#define SCN_PATH_MAX	256
#define SCN_DESC_MAX	4096
#define SCN_ERR_MAX	512

typedef uint64_t scn_cpumask_t;

/* How many values each enum below has (the sizes of its name table). */
#define SCN_NHIERARCHIES	2
#define SCN_NKINDS		4
#define SCN_NACTIONS		10
#define SCN_NMODELS		3

enum scn_hierarchy {
	SCN_V2,			/* cgroup v2, cpu.weight 1..10000 */
	SCN_V1,			/* cgroup v1 cpu controller, cpu.shares 2..262144 */
};

enum scn_task_kind {
	SCN_TASK_HOG,		/* spins forever */
	SCN_TASK_DUTY,		/* runs run_us, sleeps sleep_us, repeats */
	SCN_TASK_CHURN,		/* forks a child that runs run_us and exits, repeats */
	SCN_TASK_HOPPER,	/* spins, moving itself over its cpus every hop_us */
};

enum scn_action {
	SCN_ACT_WEIGHT,		/* group, value = new weight/shares */
	SCN_ACT_MOVE,		/* task, group = destination */
	SCN_ACT_AFFINITY,	/* task, cpus = new affinity */
	SCN_ACT_OFFLINE,	/* cpu */
	SCN_ACT_ONLINE,		/* cpu */
	SCN_ACT_STOP,		/* task: SIGSTOP all its instances (dequeued, as asleep) */
	SCN_ACT_CONT,		/* task: SIGCONT */
	SCN_ACT_MAX,		/* group, quota_us/period_us (quota_us < 0: "max") */
	SCN_ACT_CPUSET,		/* group, cpus = new cpuset.cpus */
	SCN_ACT_PANIC,		/* test-only: sysrq-trigger 'c' */
};

struct scn_group {
	char path[SCN_PATH_MAX];	/* "A/B", relative to the scenario root */
	char name[SCN_NAME_MAX];	/* last path component */
	int parent;			/* index into groups[], -1 = scenario root */
	int depth;			/* 1 for a top-level group */
	int line;			/* definition line in the file */
	unsigned long weight;		/* cpu.weight (v2) or cpu.shares (v1) */
	bool weight_set;		/* false: the kernel default was used */
	scn_cpumask_t cpuset;		/* cpuset.cpus; 0 = not set (inherit) */
	bool has_max;
	int64_t max_quota_us;		/* < 0: "max" (unlimited) */
	uint64_t max_period_us;
	int idle;			/* cpu.idle: -1 unset, 0 or 1 */
};

struct scn_task {
	char name[SCN_NAME_MAX];
	int group;			/* index into groups[] */
	int count;			/* identical instances */
	int line;
	scn_cpumask_t cpus;		/* affinity; 0 = all CPUs of the scenario */
	enum scn_task_kind kind;
	uint64_t run_us;		/* duty/churn: run length */
	uint64_t sleep_us;		/* duty: sleep length */
	uint64_t hop_us;		/* hopper: time on each CPU of cpus */
	int each_cpu;			/* each=: its CPU ("h@CPU"), else -1 */
};

struct scn_expect {
	int group;
	double fraction;		/* golden share of the total measured CPU */
	int line;
};

struct scn_phase {
	uint64_t at_us;			/* from workload start (repeats: 0) */
	enum scn_action action;
	int line;
	int group;			/* WEIGHT, MAX, MOVE (destination); else -1 */
	int task;			/* MOVE, AFFINITY, STOP, CONT; else -1 */
	int cpu;			/* OFFLINE, ONLINE; else -1 */
	scn_cpumask_t cpus;		/* AFFINITY, CPUSET */
	unsigned long value;		/* WEIGHT */
	int64_t quota_us;		/* MAX */
	uint64_t period_us;		/* MAX */
};

/*
 * "every PERIOD [from=TIME] ACTION ARGS... VALUE...": an action repeated
 * during the run, at from, from + period, ... until the window ends; the
 * n-th firing applies vals[n % nvals] (the action's last argument cycles
 * through the values given: "every 20ms affinity h 0 1"). Firings and
 * "at" phases form one timeline (scn_event_next()): in time order, at
 * equal times the phases first, then the repeats in file order.
 */
#define SCN_MAX_REPEATS		16
#define SCN_MAX_CYCLE		8	/* values one repeat cycles through */
#define SCN_MAX_FIRINGS		4096	/* firings of all repeats in a run */
#define SCN_MIN_REPEAT_US	10000	/* shortest period: 10ms */

struct scn_repeat {
	uint64_t period_us;
	uint64_t from_us;		/* the first firing */
	enum scn_action action;
	int line;
	int nvals;
	struct scn_phase vals[SCN_MAX_CYCLE];
};

/*
 * "sched NAME VALUE": a scheduler debugfs knob set for this scenario and
 * restored after it (/sys/kernel/debug/sched/NAME; NAME "features" writes
 * a sched_feat name or NO_name). A kernel without the knob SKIPs.
 */
#define SCN_MAX_KNOBS	8
#define SCN_KNOB_MAX	32

/*
 * The kernel model a scenario's verdict is taken against (kmodel.h has
 * the three, in this order): from the loads as tg->load_avg is defined,
 * from the sampled tg->load_avg and contributions, or from the sampled
 * group entity weights.
 */
enum scn_model {
	SCN_MODEL_DEFINED,
	SCN_MODEL_COMPUTED,
	SCN_MODEL_SE,
};

struct scn_knob {
	char name[SCN_KNOB_MAX];
	char value[SCN_KNOB_MAX];
	int line;
};

struct scenario {
	char name[SCN_NAME_MAX];	/* "name" key, default: file basename */
	char file[SCN_PATH_MAX];	/* as given to the parser */
	char description[SCN_DESC_MAX];	/* the leading comment block */
	int cpus;			/* N: the CPUs the scenario runs on */
	int cpus_min;			/* "cpus 2-8" / "cpus 2+": the range N */
	int cpus_max;			/* is clamped to (topology.c) */
	enum scn_hierarchy hierarchy;
	uint64_t warmup_us;		/* after the last phase, before measuring */
	uint64_t measure_us;		/* measurement window */
	uint64_t max_measure_us;	/* longest sequential window; 0: default */
	uint64_t sample_us;		/* sampler period */
	uint64_t pelt_sample_us;	/* group PELT state period (0: default) */
	int windows;			/* sub-windows for the confidence interval */
	double tolerance;		/* allowed |measured - model|, fraction of total */
	double confidence;		/* e.g. 0.95 */
	uint64_t timeout_us;		/* per-scenario deadline (0: derived) */
	double agg_tolerance;		/* aggregation check slack, fraction */
	enum scn_model model;		/* the kernel model the verdict uses */

	int ngroups;
	struct scn_group groups[SCN_MAX_GROUPS];
	int ntasks;
	struct scn_task tasks[SCN_MAX_TASKS];
	int nexpect;
	struct scn_expect expect[SCN_MAX_EXPECT];
	int nphases;
	struct scn_phase phases[SCN_MAX_PHASES];	/* sorted by at_us */
	int nknobs;
	struct scn_knob knobs[SCN_MAX_KNOBS];		/* "sched" lines */
	int nrepeats;
	struct scn_repeat repeats[SCN_MAX_REPEATS];	/* "every" lines */
};


/*
 * The mutable state of a running scenario: what the phases change. The
 * runner and both models share it; scn_state_apply() is the one place that
 * knows what each action does to it.
 */
struct scn_state {
	int task_group[SCN_MAX_TASKS];		/* current group of each task */
	scn_cpumask_t task_cpus[SCN_MAX_TASKS];	/* current affinity (0 = all) */
	bool task_stopped[SCN_MAX_TASKS];
	unsigned long group_weight[SCN_MAX_GROUPS];
	int64_t group_quota_us[SCN_MAX_GROUPS];	/* < 0: unlimited */
	uint64_t group_period_us[SCN_MAX_GROUPS];
	scn_cpumask_t group_cpuset[SCN_MAX_GROUPS];	/* cpuset.cpus; 0 = inherit */
	scn_cpumask_t online;			/* online CPUs of the scenario */
};

void scn_state_init(const struct scenario *s, struct scn_state *st);
void scn_state_apply(const struct scenario *s, struct scn_state *st,
		     const struct scn_phase *p);

/*
 * A position in the timeline of phases and repeat firings. Start it with
 * scn_event_init(); scn_event_next() returns the next event (its time in
 * *at_us, the phase it applies) and advances, or NULL at the end of the
 * run (firings stop at scn_duration_us()); scn_event_peek() only looks.
 * *repeat gets the repeat's index, -1 for an "at" phase. done counts the
 * events returned so far: the state after them is scn_state_at().
 */
struct scn_event_pos {
	int phase;				/* next "at" phase */
	int done;				/* events returned */
	uint32_t fired[SCN_MAX_REPEATS];	/* firings of each repeat */
};

void scn_event_init(struct scn_event_pos *pos);
const struct scn_phase *scn_event_peek(const struct scenario *s,
				       const struct scn_event_pos *pos,
				       uint64_t *at_us, int *repeat);
const struct scn_phase *scn_event_next(const struct scenario *s,
				       struct scn_event_pos *pos,
				       uint64_t *at_us, int *repeat);

/* Firings of all repeats in a run. */
int scn_firings(const struct scenario *s);

/*
 * The state after the first n events of the timeline: st and pos hold a
 * state and its position (pos->done events applied; scn_state_init() and
 * scn_event_init() for none); moves forward from there, or starts over
 * when n is behind it.
 */
void scn_state_at(const struct scenario *s, struct scn_state *st,
		  struct scn_event_pos *pos, int n);

/* Defaults, visible in the log and in the results JSON. */
#define SCN_DEFAULT_WARMUP_US		500000
#define SCN_DEFAULT_MEASURE_US		2000000
#define SCN_DEFAULT_SAMPLE_US		50000
#define SCN_DEFAULT_WINDOWS		8
#define SCN_DEFAULT_TOLERANCE		0.01
#define SCN_DEFAULT_CONFIDENCE		0.95
#define SCN_DEFAULT_AGG_TOLERANCE	0.05
#define SCN_V2_DEFAULT_WEIGHT		100
#define SCN_V1_DEFAULT_SHARES		1024

/*
 * Parse and validate one scenario file. Returns 0, or -EINVAL (syntax or
 * contradiction) / -errno (I/O) with a "file:line: message" in err.
 */
int scn_parse_file(const char *path, struct scenario *s, char *err,
		   size_t errlen);

/* Same, from a buffer; name is used in messages and as the default name. */
int scn_parse_buffer(const char *name, const char *buf, size_t len,
		     struct scenario *s, char *err, size_t errlen);

/*
 * The same for a machine with ncpus CPUs: N (s->cpus) is ncpus clamped
 * to the file's "cpus" range (cpus_min..cpus_max); ncpus <= 0 takes the
 * minimum, which is what scn_parse_file() and scn_parse_buffer() do. A
 * machine below the minimum gets N = cpus_min (the runner SKIPs it).
 * Per-CPU tasks (each=), "last" CPUs and expect formulas of N are
 * expanded for that N (cgroup-scenarios/FORMAT.md, "Topology").
 */
int scn_parse_file_cpus(const char *path, int ncpus, struct scenario *s,
			char *err, size_t errlen);
int scn_parse_buffer_cpus(const char *name, const char *buf, size_t len,
			  int ncpus, struct scenario *s, char *err,
			  size_t errlen);

/* The "cpus" range as written: "2", "2-8" or "2+". */
const char *scn_cpus_range_text(const struct scenario *s, char *buf,
				size_t len);

/*
 * The value of formula expr ("(N-1)/(2*N)": numbers, N, + - * / and
 * parentheses) at N = n. Returns 0, or -1 with the reason in why.
 */
int scn_formula_eval(const char *expr, int n, double *out, char *why,
		     size_t whylen);

/* Start of the measurement window, from workload start. */
uint64_t scn_measure_start_us(const struct scenario *s);

/* The longest window and run the sequential verdict may take (state.c). */
#define SCN_MAX_MEASURE_FACTOR	2
uint64_t scn_max_measure_us(const struct scenario *s);
uint64_t scn_max_duration_us(const struct scenario *s);

/* Total workload run time (last phase + warmup + measure). */
uint64_t scn_duration_us(const struct scenario *s);

/* Index of the group with this path, or -1. */
int scn_find_group(const struct scenario *s, const char *path);

/* Index of the task with this name, or -1. */
int scn_find_task(const struct scenario *s, const char *name);

/*
 * Format a CPU mask as a kernel cpu list ("0-2,5"; "" for an empty mask).
 * Returns the length written, or -ENOSPC if buf is too small.
 */
int scn_cpumask_format(scn_cpumask_t mask, char *buf, size_t len);

/* Parse a kernel cpu list; returns 0 or -EINVAL. */
int scn_cpumask_parse(const char *str, scn_cpumask_t *mask);

/* Effective affinity of a task: its cpus, restricted by the group cpusets. */
scn_cpumask_t scn_task_effective_cpus(const struct scenario *s, int task);

const char *scn_action_name(enum scn_action a);

/* The first kind=hopper task whose cpus hold cpu (-1: any), or -1. */
int scn_find_hopper(const struct scenario *s, int cpu);
const char *scn_kind_name(enum scn_task_kind k);

/*
 * Additions (H1). Backward compatible: nothing above changed meaning.
 */

/* Limits of the format, enforced by the parser. */
#define SCN_MAX_FILE_BYTES	(1 << 20)	/* larger input is rejected */
#define SCN_MAX_LINE		1023		/* characters per line */
#define SCN_MAX_DEPTH		8		/* group nesting */
#define SCN_MAX_COUNT		64		/* instances per task entry */
#define SCN_MAX_INSTANCES	1024		/* task instances in total */
#define SCN_MAX_TIME_US		3600000000ULL	/* any time value: 1 hour */
#define SCN_DEFAULT_PERIOD_US	100000		/* cpu.max period default */
#define SCN_TIMEOUT_SLACK_US	10000000	/* derived timeout: 2 x run + 10 s */
/*
 * kind=hopper: hop= range, hopper instances per scenario, and hops per
 * sample period at most (its hop log, run/run.h, holds eight times that
 * many: a sample may come late).
 */
#define SCN_HOP_MIN_US		2000
#define SCN_HOP_MAX_US		1000000
#define SCN_MAX_HOPPERS		8
#define SCN_HOPS_PER_SAMPLE	64

/* Mask of the scenario's CPUs (bits 0 .. cpus - 1). */
scn_cpumask_t scn_all_cpus(const struct scenario *s);

/* Number of CPUs in a mask. */
int scn_cpumask_count(scn_cpumask_t mask);

/* Does group g (g < 0: the root) have child groups? */
bool scn_has_children(const struct scenario *s, int g);

/* Does any group set a cpuset, at creation or by a "cpuset" action? */
bool scn_uses_cpuset(const struct scenario *s);

/*
 * Effective cpuset of group g: the intersection of the cpusets set on g and
 * its ancestors; scn_all_cpus() when none is set. g < 0: the root.
 */
scn_cpumask_t scn_group_cpuset(const struct scenario *s, int g);

/* Is group c, or a group above it, g? (c < 0: the root, never.) */
bool scn_group_below(const struct scenario *s, int c, int g);

/*
 * Effective cpuset of group g in state st: as scn_group_cpuset(), with the
 * cpusets the "cpuset" actions applied so far (st->group_cpuset[]).
 */
scn_cpumask_t scn_state_group_cpuset(const struct scenario *s,
				     const struct scn_state *st, int g);

/*
 * Effective affinity of task t in state st: its current affinity (0 = all)
 * restricted by the cpusets of its current group and by st->online.
 */
scn_cpumask_t scn_state_task_cpus(const struct scenario *s,
				  const struct scn_state *st, int t);

/*
 * Does a bandwidth limit (cpu.max / cfs_quota_us) in state st apply to
 * group g, on g itself or on an ancestor? g < 0: the root, never.
 */
bool scn_state_under_limit(const struct scenario *s,
			   const struct scn_state *st, int g);

/*
 * The scenario's deadline: timeout_us, or 2 x scn_duration_us() (at
 * least scn_max_duration_us()) + 10 s.
 */
uint64_t scn_timeout_us(const struct scenario *s);

/* "v1" / "v2". */
const char *scn_hierarchy_name(enum scn_hierarchy h);

/*
 * One name table per enum, indexed by value: the parser reads names with
 * scn_name_index(), the outputs print them (scn_*_name() return "?" for a
 * value out of range).
 */
extern const char *const scn_hierarchy_names[SCN_NHIERARCHIES];
extern const char *const scn_model_names[SCN_NMODELS];
extern const char *const scn_kind_names[SCN_NKINDS];
extern const char *const scn_action_names[SCN_NACTIONS];

/* Index of v in names[n], or -1. */
int scn_name_index(const char *const *names, int n, const char *v);

/*
 * What a workload kind is, described once (scenario/kinds.c; its name is
 * in scn_kind_names[], how it runs in run/workload.c's wl_kind_run[]).
 */
#define SCN_KIND_RUN	(1u << 0)	/* takes run= */
#define SCN_KIND_SLEEP	(1u << 1)	/* takes sleep= */
#define SCN_KIND_HOP	(1u << 2)	/* takes hop= */

struct scn_kind {
	unsigned int keys;	/* SCN_KIND_*: the kind-specific keys it needs */
	/*
	 * Pinned to one CPU, no limit above it, it is a steady load: the
	 * kernel model sees every interval as it was (vd_steady()).
	 */
	bool steady;
	/* Its CPU time includes exited children's (their rusage). */
	bool forks;
	/* CPUs one instance uses when it runs alone (the ideal model). */
	double (*demand)(const struct scn_task *t);
};

/* The kind's description; NULL for a value out of range. */
const struct scn_kind *scn_kind(enum scn_task_kind k);

/*
 * Kernel-side weight of group g's entity in state st, in the 1024 = nice-0
 * scale: v2 cpu.weight * 1024 / 100 (unrounded), v1 cpu.shares, and 3
 * (WEIGHT_IDLEPRIO) for an idle group.
 */
double scn_group_kernel_weight(const struct scenario *s,
			       const struct scn_state *st, int g);

#endif /* CONFORM_SCENARIO_H */
