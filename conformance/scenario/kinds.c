// SPDX-License-Identifier: GPL-2.0
/*
 * kinds.c - the workload kinds, one row each: the keys it needs, whether
 * it is a steady load, whether it forks, its CPU demand. A new kind is a
 * value of enum scn_task_kind, its name in scn_kind_names[] (state.c), a
 * row here and its run function in run/workload.c's wl_kind_run[];
 * cgroup-scenarios/FORMAT.md documents it.
 */
#include "scenario/parse.h"

/* hog: spins, one whole CPU when alone */
static double demand_one(const struct scn_task *t)
{
	(void)t;
	return 1;
}

/* duty: runs run_us of every run_us + sleep_us */
static double demand_duty(const struct scn_task *t)
{
	return t->run_us + t->sleep_us ?
	       (double)t->run_us / (double)(t->run_us + t->sleep_us) : 0;
}

static const struct scn_kind kinds[SCN_NKINDS] = {
	[SCN_TASK_HOG] = {
		.keys = 0, .steady = true, .forks = false,
		.demand = demand_one,
	},
	[SCN_TASK_DUTY] = {
		.keys = SCN_KIND_RUN | SCN_KIND_SLEEP, .steady = false,
		.forks = false, .demand = demand_duty,
	},
	/* churn: forks a child that runs run_us and exits, back to back */
	[SCN_TASK_CHURN] = {
		.keys = SCN_KIND_RUN, .steady = false, .forks = true,
		.demand = demand_one,
	},
	/*
	 * hopper: spins, and moves itself to the next CPU of its cpus every
	 * hop_us (sched_setaffinity() on itself); it accounts its own CPU
	 * time per CPU and logs its hops (run/run.h, struct wl_hop). Not
	 * steady: its placement changes between samples.
	 */
	[SCN_TASK_HOPPER] = {
		.keys = SCN_KIND_HOP, .steady = false, .forks = false,
		.demand = demand_one,
	},
};

const struct scn_kind *scn_kind(enum scn_task_kind k)
{
	return (int)k >= 0 && k < SCN_NKINDS ? &kinds[k] : NULL;
}
