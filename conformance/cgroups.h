/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cgroups.h - a scenario's cgroup tree, through libcgroup.
 *
 * The tree lives under one scenario root, "<mount>/conform.<index>", so
 * that removing it removes everything the scenario made. v2 uses the
 * cgroup2 mount at /sys/fs/cgroup; v1 mounts a "cpu,cpuacct" hierarchy at
 * CG_V1_MNT for the scenario and unmounts it afterwards.
 */
#ifndef CONFORM_CGROUPS_H
#define CONFORM_CGROUPS_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "scenario.h"

#define CG_V2_MNT	"/sys/fs/cgroup"
/* /sys/fs is sysfs (no mkdir): the v1 mount point lives on the rootfs. */
#define CG_V1_MNT	"/run/cgroup-v1/cpu"

struct cgroup;

struct cg_ctx {
	enum scn_hierarchy h;
	const struct scenario *s;
	char mnt[128];			/* mount point holding "cpu" */
	char root[64];			/* scenario root, relative to mnt */
	struct cgroup *root_cg;
	struct cgroup *cg[SCN_MAX_GROUPS];
	bool created[SCN_MAX_GROUPS];
	bool root_created;
};

/*
 * Make hierarchy h usable for a scenario (v1: mount it). Returns 0,
 * -EOPNOTSUPP when the kernel lacks a needed feature (why says which: the
 * scenario is skipped), or another -errno (why says what failed).
 */
int cg_hier_setup(enum scn_hierarchy h, bool need_cpuset, char *why,
		  size_t len);

/* Undo cg_hier_setup (v1: unmount). */
void cg_hier_teardown(enum scn_hierarchy h);

/* Create the scenario root "conform.<index>" and every group. */
int cg_create_tree(struct cg_ctx *c, const struct scenario *s, int index,
		   char *err, size_t len);

/* Remove every group of the tree (deepest first) and the root. */
int cg_remove_tree(struct cg_ctx *c);

/* Remove a leftover scenario root (after a crashed scenario process). */
int cg_remove_root(enum scn_hierarchy h, int index);

int cg_attach(struct cg_ctx *c, int g, pid_t pid);
int cg_set_weight(struct cg_ctx *c, int g, unsigned long weight);
int cg_set_max(struct cg_ctx *c, int g, int64_t quota_us,
	       uint64_t period_us);

/* Absolute directory of group g (-1: the scenario root). */
int cg_group_dir(const struct cg_ctx *c, int g, char *buf, size_t len);

/* The scenario root as sched/debug prints task group paths. */
int cg_debugfs_root(const struct cg_ctx *c, char *buf, size_t len);

/* Cumulative CPU usage of group g (v2 cpu.stat usage_usec, v1 cpuacct). */
int cg_read_usage_us(const struct cg_ctx *c, int g, uint64_t *us);

/* The file cg_read_usage_us() reads, and how to parse its content. */
int cg_usage_path(const struct cg_ctx *c, int g, char *buf, size_t len);
int cg_parse_usage(const struct cg_ctx *c, const char *buf, uint64_t *us);

/* Parse usage_usec from a cpu.stat buffer. Returns 0 or -EINVAL. */
int cg_parse_cpu_stat(const char *buf, uint64_t *usage_us);

/* Does the kernel offer cpu.pelt in the scenario's groups? */
bool cg_has_cpu_pelt(const struct cg_ctx *c);

#endif /* CONFORM_CGROUPS_H */
