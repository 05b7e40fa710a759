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
	bool pelt_ok;
	struct task_sample *ts;		/* [ninst] */
	uint64_t *usage_us;		/* [ngroups] */
	struct pelt_snap pelt;		/* [ngroups x ncpus] */
};

struct sample_set {
	int n, cap;
	int ninst, ngroups, ncpus;
	struct sample *v;
	uint64_t cost_ns;		/* sampler CPU time, all samples */
	uint64_t cost_window_ns;	/* ... of samples in the window */
	int errors;			/* failed reads */
	char last_error[160];
};

struct sampler {
	const struct scenario *s;
	const struct workload *w;
	const struct cg_ctx *cg;
	enum pelt_source src;
	char debugfs_root[SCN_PATH_MAX];
	char *dbuf;			/* sched/debug read buffer */
	size_t dcap;
	char **pelt_path;		/* [ngroups] cpu.pelt paths */
};

int sset_init(struct sample_set *ss, int cap, int ninst, int ngroups,
	      int ncpus);
void sset_free(struct sample_set *ss);

int sampler_init(struct sampler *sp, const struct scenario *s,
		 const struct workload *w, const struct cg_ctx *cg,
		 enum pelt_source src);
void sampler_free(struct sampler *sp);

/* Append one sample (t_us, phases_done given). Returns 0 or -errno. */
int sampler_take(struct sampler *sp, struct sample_set *ss, uint64_t t_us,
		 int phases_done);

#endif /* CONFORM_SAMPLER_H */
