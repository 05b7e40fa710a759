/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sampler.h - periodic snapshots of a running scenario: every instance's
 * CPU time, CPU and state, every group's cgroup CPU usage, and the PELT
 * group state (cpu.pelt or sched/debug). The sampler measures its own CPU
 * time.
 */
#ifndef CONFORM_SAMPLER_H
#define CONFORM_SAMPLER_H

#include <stdbool.h>
#include <stdint.h>

#include "cgroups.h"
#include "measure.h"
#include "pelt.h"
#include "scenario.h"
#include "workload.h"

struct sample {
	uint64_t t_us;			/* from workload start */
	int phases_done;		/* phases applied before this sample */
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
};

struct sampler {
	const struct scenario *s;
	struct workload *w;
	const struct cg_ctx *cg;
	enum pelt_source src;
	char debugfs_root[SCN_PATH_MAX];
	char *dbuf;			/* read buffer (sched/debug: big) */
	size_t dcap;
	struct refile *pelt_rf;		/* [ngroups] cpu.pelt */
	struct refile *usage_rf;	/* [ngroups] cpu.stat/cpuacct.usage */
	struct refile online_rf;
	struct refile debugfs_rf;
};

int sset_init(struct sample_set *ss, int cap, int ninst, int ngroups,
	      int ncpus);
void sset_free(struct sample_set *ss);

int sampler_init(struct sampler *sp, const struct scenario *s,
		 struct workload *w, const struct cg_ctx *cg,
		 enum pelt_source src);
void sampler_free(struct sampler *sp);

/*
 * Does sample @sm (its pelt_ref set) find a runnable task on a CPU other
 * than the one the latest PELT read found it on? Then that read is stale
 * where it matters most: the task's load has left one CPU's group cfs_rqs
 * for another's, and every group entity weight on both CPUs changes.
 */
bool sampler_moved(const struct sample_set *ss, const struct sample *sm);

/*
 * Append one sample (t_us, phases_done given); want_usage: read the
 * groups' cgroup CPU usage, want_pelt: read the PELT state (otherwise the
 * sample refers to the latest one read; it is read anyway when a task
 * moved, see sampler_moved()). Returns 0 or -errno.
 */
int sampler_take(struct sampler *sp, struct sample_set *ss, uint64_t t_us,
		 int phases_done, bool want_usage, bool want_pelt);

/* The PELT snapshot in force at sample k, or NULL. */
const struct pelt_snap *sset_pelt(const struct sample_set *ss, int k);

#endif /* CONFORM_SAMPLER_H */
