/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sample.h - what the sampler records of a running scenario, the types
 * the runner fills (run/sampler.c) and the verdict and the output read:
 * the samples (each instance's CPU time, CPU and state, each group's
 * cgroup usage and PELT state) and the hoppers' reads and hops. Below
 * run/, verdict/ and output/, so that neither includes the other's
 * header for them.
 */
#ifndef CONFORM_SAMPLE_H
#define CONFORM_SAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/kernel.h"
#include "scenario/scenario.h"

/* One hop: from t_ns (CLOCK_MONOTONIC) on, the hopper was set to cpu. */
struct wl_hop_ev {
	uint64_t t_ns;
	int cpu;
};

struct sample {
	uint64_t t_us;			/* from workload start */
	int events_done;		/* phases and repeat firings applied
					 * before this sample (timeline.c) */
	scn_cpumask_t online;
	bool usage_ok;
	bool pelt_ok;			/* pelt read at this sample */
	int pelt_ref;			/* sample holding the latest PELT read */
	bool pelt_moved;		/* read because a task moved CPU */
	struct task_sample *ts;		/* [ninst] */
	uint64_t *usage_us;		/* [ngroups] */
	struct pelt_snap pelt;		/* [ngroups x ncpus] */
};

struct sample_set {
	int n, cap;
	int ninst, ngroups, ncpus;
	struct sample *v;
	uint64_t cost_ns;		/* sampler CPU time, all samples */
	uint64_t cost_part_ns[3];	/* tasks, cgroup usage, PELT */
	int errors;			/* failed reads */
	char last_error[160];
	/* what the sampler held instead of reading (sampler_note()) */
	long task_reads;		/* /proc/<pid>/stat reads */
	long held;			/* task placements held */
	long held_checks;		/* held placements read again */
	long quick_checks;		/* ... or checked without /proc */
	long quick_starts;		/* held from the start without /proc */
	long quick_confirmed;		/* ... and confirmed by progress */
	long held_wrong;		/* ... and found changed */
	long online_held, online_wrong;	/* the same for cpu/online */
	long pelt_reads;		/* group cpu.pelt reads */
	long pelt_held;			/* group states carried over */
	long pelt_checks, pelt_held_wrong;
	struct hop_log *hop;		/* NULL: no hopper (wl_hop_take()) */
};

/*
 * A hopper as the sampler read it at one sample, right before the tasks
 * (wl_hop_take()): where it was set, its own CPU time per CPU, and the
 * hops it made since the previous sample (hop_log.ev[ev0, ev0 + nev)).
 * The verdict splits the interval at those hops (verdict/hopper.c).
 */
struct hop_read {
	bool ok;			/* read whole, no hop lost */
	bool moved;			/* hopped before the sample's PELT read
					 * ended: that read is of two placements */
	int cpu;
	uint64_t t_ns;			/* CLOCK_MONOTONIC at the read */
	uint64_t hops, misses;
	uint64_t cpu_ns[SCN_MAX_CPUS];
	int ev0, nev;
};

struct hop_log {
	int n;				/* hopper instances */
	int inst[SCN_MAX_HOPPERS];	/* ... their instance numbers */
	struct hop_read *rd;		/* [sample_set.cap * n] */
	struct wl_hop_ev *ev;		/* the hops read, in sample order */
	int nev, evcap;
	long lost;			/* hops overwritten before a read */
	long torn;			/* reads given up (kept changing) */
};

/* Hopper h's read at sample k. */
static inline struct hop_read *hop_at(const struct hop_log *hl, int k, int h)
{
	return &hl->rd[(size_t)k * hl->n + h];
}

/* The PELT snapshot in force at sample k, or NULL. */
const struct pelt_snap *sset_pelt(const struct sample_set *ss, int k);

#endif /* CONFORM_SAMPLE_H */
