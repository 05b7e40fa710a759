/* SPDX-License-Identifier: GPL-2.0 */
/*
 * loads.h - the scheduler hot-path loads, each run for a fixed time:
 *
 *  pingpong   two tasks in sibling cgroups pass one byte back and forth
 *             over two pipes (every round trip is two wakeups, two
 *             sleeps, two cross-cgroup context switches); unpinned, so
 *             wakeups also migrate them between CPUs.
 *  hackbench  like perf bench sched messaging (pipe mode): G groups of S
 *             senders and S receivers, each sender writing 100-byte
 *             messages round-robin to its group's receivers; senders and
 *             receivers in different cgroups, unpinned.
 *
 * The rate is operations per second of wall time: round trips, messages.
 */
#ifndef CFSBENCH_LOADS_H
#define CFSBENCH_LOADS_H

#include <stdint.h>

struct load_result {
	uint64_t ops;		/* round trips or messages */
	double seconds;		/* wall time from release to last exit */
	double rate;		/* ops / seconds */
	/* fixed-op runs only: clock and schedstat run time at the markers */
	int64_t t0_ns, t1_ns, busy0_ns, busy1_ns;
};

int64_t loads_now_ns(void);
int64_t loads_busy_ns(void);

/*
 * n > 0: the loads stop after a fixed number of operations instead of a
 * time (ping-pong: n round trips; hackbench: n / senders messages from
 * every sender, rounded up), so that the work is the same on any kernel
 * and any host: what `make bench-icount` measures. 0: back to the time.
 */
void loads_fixed_ops(uint64_t n);

/* Leaves are BCG_ROOT-relative cgroups that exist ("pp/a", "pp/b"). */
int load_pingpong(const char *cg_a, const char *cg_b, double seconds,
		  struct load_result *out);

#define HB_MAX_GROUPS	16
#define HB_MAX_PAIRS	20

/*
 * Group g's senders run in "<prefix><g>/snd", its receivers in
 * "<prefix><g>/rcv" (made by the caller).
 */
int load_hackbench(const char *prefix, int groups, int pairs, double seconds,
		   struct load_result *out);

#endif /* CFSBENCH_LOADS_H */
