/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pelt.h - one snapshot of the PELT group state of a scenario's groups,
 * and the parser of the series' per-cgroup cpu.pelt file.
 *
 * All weights are in scale_load_down() units (1024 = one nice-0 task),
 * whatever the source printed.
 */
#ifndef CONFORM_PELT_H
#define CONFORM_PELT_H

#include <stdbool.h>
#include <stddef.h>

enum pelt_source {
	PELT_SRC_NONE,
	PELT_SRC_CPU_PELT,	/* the series' cpu.pelt, every possible CPU */
	PELT_SRC_DEBUGFS,	/* sched/debug: online CPUs, leaf-listed only */
};

/* The state of one group's cfs_rq (and its group entity) on one CPU. */
struct pelt_cpu {
	bool present;		/* the source listed this cfs_rq */
	bool online;
	bool on_list;		/* on the leaf cfs_rq list */
	bool throttled;
	bool has_se;
	bool has_tg;		/* tg_load_avg given in this block (debugfs) */
	int nr_running;
	int h_nr_running;
	double contrib;		/* cfs_rq->tg_load_avg_contrib */
	double weight;		/* cfs_rq->load.weight */
	double load_avg;
	double runnable_avg;
	double util_avg;
	double removed_load_avg;
	double se_weight;	/* group entity se->load.weight */
	double se_load_avg;
	double tg_load_avg;	/* debugfs repeats it in every block */
};

struct pelt_group {
	bool present;
	bool has_tg;
	bool has_shares;
	double tg_load_avg;	/* atomic_long_read(&tg->load_avg) */
	double shares;		/* scale_load_down(tg->shares) */
};

struct pelt_snap {
	int ngroups;
	int ncpus;
	struct pelt_group *grp;		/* [ngroups] */
	struct pelt_cpu *cpu;		/* [ngroups * ncpus] */
};

static inline struct pelt_cpu *pelt_at(const struct pelt_snap *p, int g,
				       int c)
{
	return &p->cpu[(size_t)g * p->ncpus + c];
}

int pelt_snap_alloc(struct pelt_snap *p, int ngroups, int ncpus);
void pelt_snap_free(struct pelt_snap *p);
void pelt_snap_clear(struct pelt_snap *p);

/* tg_load_avg of group g: the group line, else any CPU block; -1 if none. */
double pelt_tg_load_avg(const struct pelt_snap *p, int g);

/*
 * Parse one cpu.pelt file into group g of p. Unknown keys are ignored;
 * CPUs beyond p->ncpus are ignored. Returns 0 or -EINVAL.
 */
int pelt_parse_cpu_pelt(const char *buf, size_t len, struct pelt_snap *p,
			int g);

/* Read and parse path (a group's cpu.pelt). Returns 0 or -errno. */
int pelt_read_cpu_pelt(const char *path, struct pelt_snap *p, int g);

const char *pelt_source_name(enum pelt_source src);

#endif /* CONFORM_PELT_H */
