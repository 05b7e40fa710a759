/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ideal.h - the ideal model: the split the scenario intends.
 *
 * Hierarchical weighted max-min fair share of the online CPUs, where each
 * runnable task can use at most one CPU and only the CPUs of its effective
 * affinity (task cpus restricted by the group cpusets). Stopped tasks and
 * tasks without an allowed online CPU demand nothing. Duty-cycled tasks are
 * treated as demanding run/(run+sleep) of a CPU; churn tasks as hogs.
 */
#ifndef CONFORM_IDEAL_H
#define CONFORM_IDEAL_H

#include "scenario.h"

/*
 * cpu_capacity[c]: usable CPU of CPU c (1.0 = a whole CPU; NULL = 1.0 for
 * every online CPU). On return group_cpu[g] is the CPU (in CPUs) group g
 * and its descendants get, and task_cpu[t] (may be NULL) the CPU each task
 * entry gets in total over its instances. Returns 0 or -EINVAL.
 */
int ideal_split(const struct scenario *s, const struct scn_state *st,
		const double *cpu_capacity, double *group_cpu,
		double *task_cpu);

#endif /* CONFORM_IDEAL_H */
