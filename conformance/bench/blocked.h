/* SPDX-License-Identifier: GPL-2.0 */
/*
 * blocked.h - the cost of update_blocked_averages() against the number of
 * cgroups with blocked load, read from /sys/kernel/debug/sched/
 * blocked_averages (patch 0006), one line per possible CPU:
 *
 *   cpu0 calls=18 cfs_rqs=25 lock_ns_total=598670 lock_ns_max=247671
 *
 * Blocked load is made by one sleeping task per cgroup, woken once per
 * pass to run briefly: a sleeping task's load stays in its cfs_rq as
 * blocked load, on the CPU's leaf list until it has decayed to zero
 * (a few hundred ms). (Moving one task through the cgroups does not do
 * it: the move detaches the task's load from the cgroup it leaves.)
 */
#ifndef CFSBENCH_BLOCKED_H
#define CFSBENCH_BLOCKED_H

#include <stdint.h>
#include <sys/types.h>

#define BLOCKED_FILE	"/sys/kernel/debug/sched/blocked_averages"

struct blocked_stats {
	uint64_t calls, cfs_rqs, lock_ns_total, lock_ns_max;
	int cpus;
};

/* Sum over CPUs (max of the maxima). Returns 0 or -EINVAL. */
int blocked_parse(const char *text, struct blocked_stats *out);

/* Read the file (0, -ENOENT without the series, -errno). */
int blocked_read(struct blocked_stats *out);

/* Reset the counters (any write). */
int blocked_reset(void);

#define BLOCKED_MAX	8192

/* Sleepers, one per cgroup "<prefix><i>" (BCG_ROOT-relative). */
struct blocked_pool {
	pid_t pids[BLOCKED_MAX];
	int n;
};

/*
 * Fork sleepers until there are n, each in its own cgroup PREFIX<i>.
 * Returns 0 once every new sleeper is in its cgroup, -ECHILD when one
 * could not move there (it exited), or another -errno.
 */
int blocked_grow(struct blocked_pool *p, const char *prefix, int n,
		 int spin_us);

/*
 * Wake the first n once: each runs spin_us and sleeps again, leaving
 * blocked load in its cgroup's cfs_rq on the CPU it ran on.
 */
int blocked_kick(const struct blocked_pool *p, int n);

/* Kill and reap them all. */
void blocked_release(struct blocked_pool *p);

#endif /* CFSBENCH_BLOCKED_H */
