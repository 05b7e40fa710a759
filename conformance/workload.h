/* SPDX-License-Identifier: GPL-2.0 */
/*
 * workload.h - the scenario's worker processes.
 *
 * Every task entry becomes `count` instance processes, forked by the
 * scenario process (the leader of the scenario's process group, so one
 * kill(-pgid, SIGKILL) ends them all). Instances wait on a pipe until
 * wl_start(), after they have been attached to their cgroup and given
 * their affinity.
 *
 * hog:   spins.
 * duty:  spins for run_us of its own CPU time, sleeps sleep_us, repeats.
 * churn: forks a child that spins for run_us of CPU time and exits,
 *        repeats; the child's CPU time is added to the instance's total
 *        (shared memory), so an instance's CPU time includes its children.
 */
#ifndef CONFORM_WORKLOAD_H
#define CONFORM_WORKLOAD_H

#include <stdint.h>
#include <sys/types.h>

#include "measure.h"
#include "scenario.h"

struct wl_shared {
	volatile pid_t child;		/* churn: the running child, or 0 */
	volatile uint64_t done_ns;	/* churn: CPU time of exited children */
	uint64_t stall_ns;		/* hog, duty: charged while not run */
};

struct workload {
	int ninst;
	int task_of[SCN_MAX_TASKS * 8];	/* instance -> task index */
	pid_t pid[SCN_MAX_TASKS * 8];
	struct wl_shared *sh;		/* [ninst], MAP_SHARED */
	int start_rd, start_wr;
	enum scn_task_kind kind[SCN_MAX_TASKS * 8];
	struct task_reader rd[SCN_MAX_TASKS * 8];	/* the instances' */
};

#define WL_MAX_INST	(SCN_MAX_TASKS * 8)

/* Called for each new instance before it starts: attach it to group. */
typedef int (*wl_attach_fn)(void *ctx, int group, pid_t pid);

/* Fork every instance (stopped at the start barrier). */
int wl_spawn(struct workload *w, const struct scenario *s,
	     const struct scn_state *st, wl_attach_fn attach, void *ctx,
	     char *err, size_t len);

/* Release every instance. */
void wl_start(struct workload *w);

/* Affinity of every instance of task t (mask 0: all of all_mask). */
int wl_set_affinity(struct workload *w, int t, scn_cpumask_t mask);

/* Send sig to every instance of task t (and churn children). */
int wl_signal(struct workload *w, int t, int sig);

/* Move every instance of task t to group g. */
int wl_move(struct workload *w, int t, int g, wl_attach_fn attach,
	    void *ctx);

/* CPU time, CPU and state of instance i. Returns 0 or -errno. */
int wl_sample(struct workload *w, int i, struct task_sample *ts);

/* SIGKILL every instance and reap them. */
void wl_kill(struct workload *w);

#endif /* CONFORM_WORKLOAD_H */
