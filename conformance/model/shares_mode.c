// SPDX-License-Identifier: GPL-2.0
/*
 * shares_mode.c - a group entity's weight under each share function the
 * model knows (sched/cgroup_mode; docs/kernels.md), as merged in 7.3
 * (kernel/sched/fair.c of Debian's 7.3.4, calc_*_shares()):
 *
 *   __calc_smp_shares(cfs_rq, S, M) = clamp(S * load / tg_weight,
 *                                           MIN_SHARES, M)
 *   up:     tg_shares
 *   smp:    __calc_smp_shares(cfs_rq, tg_shares, tg_shares)
 *   concur: nr = min(tg_tasks, tg_cpus)
 *           __calc_smp_shares(cfs_rq, nr * tg_shares, nr * tg_shares)
 *   max:    __calc_smp_shares(cfs_rq, tg_cpus * tg_shares,
 *                             scale_load(sched_prio_to_weight[0]))
 *   tasks:  __calc_smp_shares(cfs_rq, tg_tasks * tg_shares, same)
 *
 *   tg_tasks = max(1, tg->runnable_avg >> SCHED_CAPACITY_SHIFT): the sum of
 *              the CPUs' cfs_rq runnable_avg contributions, in whole tasks
 *              (rounded down);
 *   tg_cpus  = the group's effective cpuset (cpuset_num_cpus()), or
 *              num_online_cpus() without cpusets.
 *
 * tg_tasks is the kernel's own where cpu.pelt shows it ("tasks=") and its
 * own per-CPU runnable_avg allow it (kernel_count_fits()); else it is
 * taken from the sampled per-CPU runnable_avg, within the range the
 * lagging contributions allow (km_mode_weight(), model.h).
 */
#include <math.h>
#include <string.h>

#include "model/model.h"

/* scale_load_down(scale_load(sched_prio_to_weight[0])): nice -20 */
#define KM_NICE_M20_WEIGHT	88761.0

static const char *const mode_names[KM_MODES] = {
	[KM_MODE_SMP] = "smp",
	[KM_MODE_CONCUR] = "concur",
	[KM_MODE_MAX] = "max",
	[KM_MODE_UP] = "up",
	[KM_MODE_TASKS] = "tasks",
};

/* Set once by the runner before any scenario process is forked. */
static enum km_mode cur_mode = KM_MODE_SMP;

int km_mode_parse(const char *name)
{
	for (int m = 0; m < KM_MODES; m++)
		if (name && !strcmp(name, mode_names[m]))
			return m;
	return -1;
}

const char *km_mode_name(enum km_mode m)
{
	return (int)m >= 0 && m < KM_MODES ? mode_names[m] : "?";
}

void km_set_mode(enum km_mode m)
{
	cur_mode = (int)m >= 0 && m < KM_MODES ? m : KM_MODE_SMP;
}

enum km_mode km_get_mode(void)
{
	return cur_mode;
}

double km_mode_shares(enum km_mode m, double tg_shares, double load,
		      double tg_weight, int tg_tasks, int tg_cpus)
{
	double total = tg_shares, max = tg_shares, shares;
	int nr;

	if (tg_tasks < 1)
		tg_tasks = 1;
	if (tg_cpus < 1)
		tg_cpus = 1;
	if (m == KM_MODE_UP)
		return tg_shares;
	if (m == KM_MODE_TASKS) {
		total = max = tg_tasks * tg_shares;
	} else if (m == KM_MODE_CONCUR) {
		nr = tg_tasks < tg_cpus ? tg_tasks : tg_cpus;
		total = max = nr * tg_shares;
	} else if (m == KM_MODE_MAX) {
		total = tg_cpus * tg_shares;
		max = KM_NICE_M20_WEIGHT;
	}
	shares = total * load;
	if (tg_weight > 0)
		shares /= tg_weight;
	return fmin(fmax(shares, KM_MIN_SHARES), max);
}

/* Is group @g, or an ancestor of it, the group of task entry @t? */
static bool below(const struct km_input *in, int t, int g)
{
	return scn_group_below(in->s, in->st->task_group[t], g);
}

/* The runnable tasks below @g in the sample (no PELT state read). */
static int runnable_below(const struct km_input *in, int g)
{
	int i, n = 0;

	for (i = 0; i < in->ninst; i++)
		if (in->ts[i].state == 'R' && below(in, in->inst_task[i], g))
			n++;
	return n > 1 ? n : 1;
}

/* tg_tasks() of 7.3 for an aggregate of @sum: rounded down, at least 1. */
static int tasks_of(double sum)
{
	int n = (int)((long)sum >> 10);

	return n > 1 ? n : 1;
}

/*
 * Whether the kernel's count @n is one its per-CPU runnable_avg (sum @sum)
 * allows. tg->runnable_avg trails each CPU's average by the 1/64 fold
 * threshold plus what a CPU's average moves within the 1 ms rate limit
 * (at most 1 - 2^(-1/32), 2.2 %, of 1024 per task): 4 % either way. The
 * kernel rounds down (7.3.4) or to nearest (the series' fix). A count
 * outside that range is a stale aggregate - a kernel error, which the
 * model does not follow: it counts from the per-CPU averages instead.
 */
static bool kernel_count_fits(int n, double sum)
{
	return n >= tasks_of(sum * 0.96) && n <= tasks_of(sum * 1.04 + 512);
}

/* The sum of the runnable_avg the sample shows on the online CPUs. */
static double runnable_sum(const struct km_input *in, int g)
{
	double sum = 0;

	for (int c = 0; c < in->ncpus; c++) {
		const struct pelt_cpu *pc = pelt_at(in->p, g, c);

		if (pc->present && pc->online && (in->online & (1ull << c)))
			sum += pc->runnable_avg;
	}
	return sum;
}

/*
 * tg_cpus: the online CPUs of the group's effective cpuset, as the state
 * has it (a "cpuset" action changes it during the run).
 */
static int tg_cpus(const struct km_input *in, int g)
{
	scn_cpumask_t cs = in->st ? scn_state_group_cpuset(in->s, in->st, g) :
				    scn_group_cpuset(in->s, g);
	int n = scn_cpumask_count(cs & in->online);

	return n > 0 ? n : scn_cpumask_count(in->online);
}

/* The sampled entity weight of @g on @c, or -1. */
static double se_weight_at(const struct km_input *in, int g, int c)
{
	const struct pelt_cpu *pc;

	if (!in->p || c < 0 || c >= in->ncpus)
		return -1;
	pc = pelt_at(in->p, g, c);
	return pc->present && pc->has_se ? pc->se_weight : -1;
}

double km_mode_weight(const struct km_input *in, int g, int c,
		      double tg_shares, double load, double tg_weight)
{
	enum km_mode m = km_get_mode();
	double sum, wlo, whi, se;
	int cpus, lo, hi, n;

	if (m == KM_MODE_SMP)	/* 6.x: no counts, nothing to look up */
		return km_calc_group_shares(tg_shares, load, tg_weight);
	cpus = tg_cpus(in, g);
	if (m != KM_MODE_CONCUR && m != KM_MODE_TASKS)
		return km_mode_shares(m, tg_shares, load, tg_weight, 1, cpus);
	if (!in->p)
		return km_mode_shares(m, tg_shares, load, tg_weight,
				      runnable_below(in, g), cpus);
	sum = runnable_sum(in, g);
	n = in->p->grp[g].tg_tasks;	/* the kernel's own count (cpu.pelt) */
	if (n && kernel_count_fits(n, sum))
		return km_mode_shares(m, tg_shares, load, tg_weight, n, cpus);
	lo = tasks_of(sum * 64 / 65);
	hi = tasks_of(sum * 64 / 63);
	wlo = km_mode_shares(m, tg_shares, load, tg_weight, lo, cpus);
	if (lo == hi)
		return wlo;
	whi = km_mode_shares(m, tg_shares, load, tg_weight, hi, cpus);
	se = se_weight_at(in, g, c);
	if (se < 0)	/* nothing to tell them apart: the sampled sum's */
		return km_mode_shares(m, tg_shares, load, tg_weight,
				      tasks_of(sum), cpus);
	return fabs(whi - se) < fabs(wlo - se) ? whi : wlo;
}
