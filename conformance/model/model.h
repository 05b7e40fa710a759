/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model.h - the model room: the split the kernel model predicts from the
 * sampled PELT state (kmodel.c) and the split the scenario intends
 * (ideal.c).
 */
#ifndef CONFORM_MODEL_H
#define CONFORM_MODEL_H


#include "kernel/kernel.h"
#include "scenario/scenario.h"

/*
 * kmodel.c - the kernel model: the split CFS should produce for one
 * sample, from the sampled PELT group state and task placement.
 *
 * On each CPU the runnable entities of a cfs_rq share it in proportion to
 * their weights; a task's share of its CPU is the product, down its
 * group path, of weight / sum(runnable sibling weights). Tasks weigh 1024
 * (nice 0). A group entity's weight on CPU c is calc_group_shares()
 * (kernel/sched/fair.c, 6.1):
 *
 *   load      = max(cfs_rq->load.weight, cfs_rq->avg.load_avg)
 *   tg_weight = <tg load> - cfs_rq->tg_load_avg_contrib + load
 *   weight    = clamp(tg_shares * load / tg_weight, MIN_SHARES, tg_shares)
 *
 * with <tg load> taken three ways (enum km_kind). On a kernel with another
 * share function (sched/cgroup_mode) the weight is that mode's, from the
 * same load and tg_weight (shares_mode.c).
 */

enum km_kind {
	/*
	 * As defined: tg_weight = sum over the other online CPUs of their
	 * cfs_rq avg.load_avg (offline or off-list cfs_rqs count 0) + load.
	 */
	KM_DEFINED,
	/* As computed: from the sampled tg->load_avg and contrib. */
	KM_COMPUTED,
	/* From the sampled group entity weights (se->load.weight). */
	KM_SE,
	KM_KINDS,
};

#define KM_NICE0_WEIGHT	1024.0
/* MIN_SHARES (2) is applied to scaled shares: 2 / 1024 unscaled. */
#define KM_MIN_SHARES	(2.0 / 1024.0)

/*
 * The throttle state of bandwidth-limited groups (a cpu.max/cfs_quota_us
 * quota of their own) on every CPU.
 */
enum km_bw {
	KM_BW_SNAPSHOT,		/* as the PELT snapshot shows it */
	KM_BW_RUNNING,		/* none throttled */
	KM_BW_THROTTLED,	/* each with runnable tasks below it throttled */
};

struct km_input {
	const struct scenario *s;
	const struct scn_state *st;
	const struct pelt_snap *p;	/* NULL: nominal weights only */
	scn_cpumask_t online;
	int ncpus;
	int ninst;
	const int *inst_task;		/* instance -> task */
	const struct task_sample *ts;	/* instance placement and state */
	enum km_bw bw;
};

/* What was measured over the interval the model is applied to. */
struct km_meas {
	const double *d;		/* [ninst] CPU time */
	const int *cpu;			/* [ninst] CPU it was charged to */
	const double *cap;		/* [ncpus] CPU time of all instances */
};

/* scale_load_down(tg->shares) for a configured weight. */
double km_tg_shares(enum scn_hierarchy h, unsigned long weight, int idle);

/* calc_group_shares() in unscaled units. */
double km_calc_group_shares(double tg_shares, double load, double tg_weight);

/*
 * share[i] = the fraction of its CPU instance i gets in this sample
 * (0 when not runnable). Returns the number of group weights that had to
 * fall back to another source (e.g. KM_SE without se weights), or
 * -EINVAL.
 */
int km_shares(const struct km_input *in, enum km_kind k, double *share);

/* Is any group of the scenario bandwidth-limited (in in->st)? */
bool km_bw_limited(const struct km_input *in);

/*
 * km_shares() over an interval in which bandwidth-limited groups may have
 * been throttled for part of the time. A throttled cfs_rq is runnable
 * for a few ms after each period refresh and the sampled throttle state
 * is a point in time (and, between PELT reads, an old one): it cannot say
 * for how much of the interval a group ran. The interval is modelled as
 * a mix of the two states on each CPU c: a fraction th_c of the time with
 * every limited group running (shares on[]), the rest with each one that
 * has runnable tasks throttled (shares off[]). th_c is what makes the
 * limited groups' predicted time on c equal their measured time x_c:
 * th_c = min(1, x_c / (sum of their on[] shares * cap_c)).
 * So a limited group's own time is taken as measured (up to its full
 * weight share: more is still an error), and the verdict is on how the
 * rest of the CPU is split around it; whether the group got its quota and
 * no more is the scenario's expect lines' job (the ideal model caps
 * it). All limited groups on a CPU switch together. @on: [ninst]
 * scratch. Returns as km_shares(), fallbacks counted in each state used;
 * a limited group (or one below it) assumed running has no sampled state
 * to fall back from where the sample saw it throttled, so its weights are
 * not counted.
 */
int km_shares_bw(const struct km_input *in, enum km_kind k,
		 const struct km_meas *m, double *share, double *on);

const char *km_kind_name(enum km_kind k);

/*
 * subival.c - the kernel model over an interval that self-migrating tasks
 * (kind=hopper) split into sub-intervals of fixed placement.
 *
 * Within sub-interval j (a fraction frac_j of the interval's wall time)
 * every instance i is on one CPU cpu_j(i) (-1: not runnable) and the
 * model gives it share_j(i) of that CPU (km_shares() on that placement).
 * What is measured is each instance's CPU time per CPU over the whole
 * interval, meas(i, c), and each CPU's total cap(c) = sum_i meas(i, c).
 * The prediction is
 *
 *   pred(i, c) = sum_j [cpu_j(i) = c] share_j(i) * cap(c) * frac_j / busy(c)
 *   busy(c)    = sum_j frac_j over the j where some instance has a share of c
 *
 * that is: each CPU delivers its measured capacity evenly in wall time
 * over the sub-intervals in which it has work (assumed: a vCPU's speed
 * is constant within one sample interval). Where that fails (a vCPU the
 * host stopped inside the interval), a task's error is at most the
 * capacity moved between sub-intervals times the difference of its
 * shares in them; the runner's stall probe and charge-excess check name
 * such intervals. A CPU that had work in no sub-interval (busy 0) is
 * charged as measured: the model has no say there, as in the interval
 * model without sub-intervals. With one sub-interval (frac 1) this is
 * that model exactly: share * cap where the instance is runnable.
 */
struct km_sub_acc {
	int ninst, ncpus;
	double *a;			/* [ninst * ncpus]: sum share * frac */
	double *busy;			/* [ncpus] */
	double *alone;			/* [ncpus]: frac with one full share */
};

int km_sub_init(struct km_sub_acc *acc, int ninst, int ncpus);
void km_sub_free(struct km_sub_acc *acc);
void km_sub_reset(struct km_sub_acc *acc);
/*
 * Add sub-interval (frac, cpu[], share[]); full: the share at which a
 * task alone on its CPU counts as untested (VD_FULL_SHARE).
 */
void km_sub_add(struct km_sub_acc *acc, double frac, const int *cpu,
		const double *share, double full);
/*
 * pred[i * ncpus + c] from meas[i * ncpus + c] (ns); *alone and *unmod
 * (may be NULL): the predicted time of tasks alone with a full share and
 * the measured time on CPUs without work, as struct ival counts them.
 */
void km_sub_predict(const struct km_sub_acc *acc, const double *meas,
		    double *pred, double *alone, double *unmod);

/*
 * The mean of n PELT reads of one placement (in[0] the latest): every
 * load, weight, contribution and tg load averaged over the reads that
 * show the cfs_rq as in[0] does (present, online, on the list, with an
 * entity), flags and counts from in[0]. A hopper's group state swings
 * within each stay on a CPU; reads at random points of different stays
 * average to the stay's course (subival.c's assumption: the swing
 * repeats from stay to stay).
 */
void km_pelt_mean(struct pelt_snap *out, const struct pelt_snap *const *in,
		  int n);

/*
 * shares_mode.c - the share function of the kernel under test
 * (debugfs sched/cgroup_mode, 7.3): the group entity weight of every
 * mode, from __calc_smp_shares() as merged (fair.c of 7.3.4).
 */
enum km_mode {
	KM_MODE_SMP,		/* calc_group_shares() above: 6.1, 6.12 */
	KM_MODE_CONCUR,		/* tg_shares * min(tg_tasks, tg_cpus) */
	KM_MODE_MAX,		/* tg_shares * tg_cpus, at most nice -20 */
	KM_MODE_UP,		/* tg_shares on every CPU, whatever the load */
	KM_MODE_TASKS,		/* tg_shares * tg_tasks */
	KM_MODES,
};

/* The mode named @name, or -1 when the model does not know it. */
int km_mode_parse(const char *name);
const char *km_mode_name(enum km_mode m);
/* The mode km_shares() uses (default smp); set before forking scenarios. */
void km_set_mode(enum km_mode m);
enum km_mode km_get_mode(void);

/*
 * A group entity's weight (unscaled) under mode @m: tg_tasks and tg_cpus
 * as the kernel counts them (each at least 1; smp ignores both).
 */
double km_mode_shares(enum km_mode m, double tg_shares, double load,
		      double tg_weight, int tg_tasks, int tg_cpus);

/*
 * km_mode_shares() under km_get_mode() for group @g on CPU @c of @in:
 * tg_cpus from its effective cpuset; tg_tasks from the sampled
 * runnable_avg (without a sample, in->p NULL: the runnable tasks below
 * @g), or the kernel's own tg_tasks() where cpu.pelt shows it (7.3's
 * series: "tasks="). Else tg->runnable_avg is not readable: it is the sum
 * of per-CPU copies folded only when a CPU's runnable_avg moved by more
 * than 1/64 of its copy, so it lies within [S * 64/65, S * 64/63] of the
 * sampled sum S. Where tg_tasks() differs across that range (a saturated
 * group sits just under a whole count), the count whose weight is nearer
 * the sampled entity weight of @g on @c is taken: the model then checks
 * that the weight is one the share function can give, and the split.
 */
double km_mode_weight(const struct km_input *in, int g, int c,
		      double tg_shares, double load, double tg_weight);

/*
 * ideal.c - the ideal model: the split the scenario intends.
 *
 * Hierarchical weighted max-min fair share of the online CPUs, where each
 * runnable task can use at most one CPU and only the CPUs of its effective
 * affinity (task cpus restricted by the group cpusets). Stopped tasks and
 * tasks without an allowed online CPU demand nothing. Duty-cycled tasks are
 * treated as demanding run/(run+sleep) of a CPU; churn tasks as hogs.
 */

/*
 * cpu_capacity[c]: usable CPU of CPU c (1.0 = a whole CPU; NULL = 1.0 for
 * every online CPU). On return group_cpu[g] is the CPU (in CPUs) group g
 * and its descendants get, and task_cpu[t] (may be NULL) the CPU each task
 * entry gets in total over its instances. Returns 0 or -EINVAL.
 */
int ideal_split(const struct scenario *s, const struct scn_state *st,
		const double *cpu_capacity, double *group_cpu,
		double *task_cpu);

/*
 * For the tests: decide every feasibility check by max-flow (on), as the
 * model did before its cut check; the split must not change (ideal.c).
 * Not for use while another thread computes a split.
 */
void ideal_set_reference(bool on);
/* Feasibility checks so far decided by the cut, and by max-flow. */
void ideal_check_counts(unsigned long *cut, unsigned long *flow);

#endif /* CONFORM_MODEL_H */
