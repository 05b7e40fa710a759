// SPDX-License-Identifier: GPL-2.0
/*
 * cgroups.c - create, configure, populate and remove a scenario's cgroup
 * tree through libcgroup.
 *
 * What does not go through libcgroup, and why:
 *  - mount(2)/umount(2) of the v1 hierarchy: libcgroup only discovers
 *    mounts (cgroup_init() parses /proc/mounts), it does not make them.
 *  - cgroup.subtree_control of the v2 root and of inner groups: libcgroup
 *    2.0.2 has no public call to enable or disable a controller for a
 *    group's children (cgroupv2_subtree_control() is internal), and the
 *    controller must be enabled before the children can carry cpu.* files.
 *  - rmdir(2) of a group that is empty (delete_one()): libcgroup's delete
 *    costs ~10 system calls a group, to move tasks there are none of.
 *  - the sampler's reads of cpu.stat / cpuacct.usage / cpu.pelt:
 *    cgroup_get_cgroup() reads every file of every controller of a group;
 *    the sampler reads one small file per group 10-20 times a second, and
 *    its own CPU cost is part of what is measured.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <libcgroup.h>

#include "kernel/kernel.h"

static bool cg_inited;

static void msleep(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	nanosleep(&ts, NULL);
}

static int read_file(const char *path, char *buf, size_t len)
{
	int n = kfile_read(path, buf, len);

	return n < 0 ? n : 0;
}


/* Is word (a controller name) in a space-separated list? */
static bool has_word(const char *list, const char *word)
{
	size_t wl = strlen(word);
	const char *p = list;

	while ((p = strstr(p, word))) {
		if ((p == list || p[-1] == ' ') &&
		    (p[wl] == ' ' || p[wl] == '\n' || p[wl] == '\0'))
			return true;
		p += wl;
	}
	return false;
}

static bool dir_has_controller(const char *dir, const char *file,
			       const char *ctrl)
{
	char path[PATH_MAX + 64], buf[512];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (read_file(path, buf, sizeof(buf)))
		return false;
	return has_word(buf, ctrl);
}

/* See the header comment: no libcgroup call sets subtree_control. */
static int enable_subtree(const char *dir, const char *ctrl)
{
	char path[PATH_MAX + 64], val[32];

	if (dir_has_controller(dir, "cgroup.subtree_control", ctrl))
		return 0;
	snprintf(path, sizeof(path), "%s/cgroup.subtree_control", dir);
	snprintf(val, sizeof(val), "+%s", ctrl);
	return kfile_write(path, val);
}

static int lcg_err(int r)
{
	if (!r)
		return 0;
	if (r == ECGOTHER)
		return -cgroup_get_last_errno();
	return -EIO;
}

static int lcg_init(void)
{
	int r = cgroup_init();

	if (r)
		return lcg_err(r);
	cg_inited = true;
	return 0;
}

/* the cpu controller was on cgroup2 when the v1 hierarchy was mounted */
static bool cpu_from_v2;

/*
 * Whether the cpu controller is on cgroup2, read into buf (the root's
 * cgroup.controllers) up to tries + 1 times, 10 ms apart: it returns there
 * only once an unmounted v1 root is destroyed, asynchronously.
 */
static bool wait_v2_cpu(char *buf, size_t len, int tries)
{
	for (;;) {
		if (read_file(CG_V2_MNT "/cgroup.controllers", buf, len))
			buf[0] = '\0';
		if (has_word(buf, "cpu") || tries-- <= 0)
			return has_word(buf, "cpu");
		msleep(10);
	}
}

/* cgroup2 (controllers: its cgroup.controllers): cpu, cpuset if needed. */
static int hier_setup_v2(char *buf, size_t blen, bool need_cpuset,
			 char *why, size_t len)
{
	int r;

	/*
	 * After a v1 scenario the cpu controller returns to cgroup2 only
	 * once the unmounted v1 root is destroyed (async).
	 */
	if (!wait_v2_cpu(buf, blen, 200)) {
		snprintf(why, len, "no cpu controller in cgroup2");
		return -EOPNOTSUPP;
	}
	if (need_cpuset && !has_word(buf, "cpuset")) {
		snprintf(why, len, "no cpuset controller in cgroup2");
		return -EOPNOTSUPP;
	}
	r = enable_subtree(CG_V2_MNT, "cpu");
	if (!r && need_cpuset)
		r = enable_subtree(CG_V2_MNT, "cpuset");
	if (r) {
		snprintf(why, len, "enable controllers in "
			 CG_V2_MNT "/cgroup.subtree_control: %s",
			 strerror(-r));
		return r;
	}
	r = lcg_init();
	if (r)
		snprintf(why, len, "cgroup_init: %s", strerror(-r));
	return r;
}

/* Mount the v1 cpu,cpuacct hierarchy at CG_V1_MNT. */
static int mount_v1(char *why, size_t len)
{
	int r, tries;

	if ((mkdir("/run", 0755) && errno != EEXIST) ||
	    (mkdir("/run/cgroup-v1", 0755) && errno != EEXIST) ||
	    (mkdir(CG_V1_MNT, 0755) && errno != EEXIST)) {
		r = -errno;
		snprintf(why, len, "mkdir " CG_V1_MNT ": %s", strerror(-r));
		return r;
	}
	/* Released v2 css are freed asynchronously: EBUSY for a while. */
	for (tries = 0;; tries++) {
		if (!mount("cgroup", CG_V1_MNT, "cgroup", 0, "cpu,cpuacct"))
			return 0;
		r = -errno;
		if (r != -EBUSY || tries >= 40) {
			snprintf(why, len, "v1 cpu,cpuacct not mountable: %s",
				 strerror(-r));
			return -EOPNOTSUPP;
		}
		msleep(50);
	}
}

/* cgroup v1 (buf: cgroup2's controllers, "" without cgroup2). */
static int hier_setup_v1(const char *buf, bool need_cpuset, char *why,
			 size_t len)
{
	int r;

	if (need_cpuset) {
		snprintf(why, len, "v1 cpuset hierarchy not supported");
		return -EOPNOTSUPP;
	}
	/* teardown waits for it to come back only if it was there */
	cpu_from_v2 = has_word(buf, "cpu");
	/* v1: the cpu controller must first leave the v2 hierarchy. */
	if (dir_has_controller(CG_V2_MNT, "cgroup.subtree_control", "cpu")) {
		r = kfile_write(CG_V2_MNT "/cgroup.subtree_control", "-cpu");
		if (r) {
			snprintf(why, len, "disable cpu in cgroup2: %s",
				 strerror(-r));
			return r;
		}
	}
	r = mount_v1(why, len);
	if (r)
		return r;
	r = lcg_init();
	if (r) {
		snprintf(why, len, "cgroup_init (v1): %s", strerror(-r));
		umount(CG_V1_MNT);
	}
	return r;
}

int cg_hier_setup(enum scn_hierarchy h, bool need_cpuset, char *why,
		  size_t len)
{
	char buf[512];

	if (read_file(CG_V2_MNT "/cgroup.controllers", buf, sizeof(buf))) {
		snprintf(why, len, "no cgroup2 mount at " CG_V2_MNT);
		if (h == SCN_V2)
			return -EOPNOTSUPP;
		buf[0] = '\0';
	}
	if (h == SCN_V2)
		return hier_setup_v2(buf, sizeof(buf), need_cpuset, why, len);
	return hier_setup_v1(buf, need_cpuset, why, len);
}

static void umount_v1(void)
{
	int tries;

	for (tries = 0; tries < 40; tries++) {
		if (!umount(CG_V1_MNT) || errno == EINVAL)
			break;
		msleep(50);
	}
}

/*
 * Unmounting the v1 hierarchy destroys it, and gives cpu and cpuacct back
 * to cgroup2, only if its root has no children at that moment - and a
 * removed cgroup stays linked until its release, which runs from RCU and
 * a workqueue. Unmounted too early (seen on Debian's HZ=250 kernel) the
 * root lives on with the controllers, and every later v2 scenario would
 * SKIP for want of the cpu controller. So wait for the controller, and
 * mount and unmount the surviving root again until it goes. A first
 * unmount right after the scenario is always too early under TCG, and
 * waiting a whole second for a root that cannot go cost every v1 scenario
 * 1.06 s; 100 ms rounds, up to 30, find the moment it can.
 */
void cg_hier_teardown(enum scn_hierarchy h)
{
	char buf[512];
	int round;

	if (h != SCN_V1)
		return;
	cg_inited = false;
	for (round = 0; round < 30 && cpu_from_v2; round++) {
		umount_v1();
		if (wait_v2_cpu(buf, sizeof(buf), 10))
			return;
		if (mount("cgroup", CG_V1_MNT, "cgroup", 0, "cpu,cpuacct"))
			return;
	}
	umount_v1();
}

static void rel_name(const struct cg_ctx *c, int g, char *buf, size_t len)
{
	if (g < 0)
		snprintf(buf, len, "%s", c->root);
	else
		snprintf(buf, len, "%s/%s", c->root, c->s->groups[g].path);
}

int cg_group_dir(const struct cg_ctx *c, int g, char *buf, size_t len)
{
	char rel[SCN_PATH_MAX + 80];
	int n;

	rel_name(c, g, rel, sizeof(rel));
	n = snprintf(buf, len, "%s/%s", c->mnt, rel);
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int cg_debugfs_root(const struct cg_ctx *c, char *buf, size_t len)
{
	int n = snprintf(buf, len, "/%s", c->root);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static int add_values(const struct cg_ctx *c, struct cgroup *cg,
		      const struct scn_group *gr)
{
	struct cgroup_controller *cpu, *cs;
	char v[64];
	int r = 0;

	cpu = cgroup_add_controller(cg, "cpu");
	if (!cpu)
		return -ENOMEM;
	if (!gr)
		return 0;
	if (gr->weight_set) {
		snprintf(v, sizeof(v), "%lu", gr->weight);
		r = cgroup_add_value_string(cpu, c->h == SCN_V2 ?
					    "cpu.weight" : "cpu.shares", v);
	}
	if (!r && gr->has_max) {
		if (c->h == SCN_V2) {
			if (gr->max_quota_us < 0)
				snprintf(v, sizeof(v), "max %" PRIu64,
					 gr->max_period_us);
			else
				snprintf(v, sizeof(v), "%" PRId64 " %" PRIu64,
					 gr->max_quota_us, gr->max_period_us);
			r = cgroup_add_value_string(cpu, "cpu.max", v);
		} else {
			snprintf(v, sizeof(v), "%" PRIu64, gr->max_period_us);
			r = cgroup_add_value_string(cpu, "cpu.cfs_period_us",
						    v);
			snprintf(v, sizeof(v), "%" PRId64,
				 gr->max_quota_us < 0 ? -1 : gr->max_quota_us);
			if (!r)
				r = cgroup_add_value_string(cpu,
						"cpu.cfs_quota_us", v);
		}
	}
	/* After the weight: a weight write to an idle group is -EINVAL. */
	if (!r && gr->idle >= 0) {
		snprintf(v, sizeof(v), "%d", gr->idle);
		r = cgroup_add_value_string(cpu, "cpu.idle", v);
	}
	if (!r && gr->cpuset) {
		cs = cgroup_add_controller(cg, "cpuset");
		if (!cs)
			return -ENOMEM;
		scn_cpumask_format(gr->cpuset, v, sizeof(v));
		r = cgroup_add_value_string(cs, "cpuset.cpus", v);
	}
	return lcg_err(r);
}

static int prepare_children(const struct cg_ctx *c, int g)
{
	char dir[PATH_MAX];
	int r;

	if (c->h != SCN_V2 || !scn_has_children(c->s, g))
		return 0;
	r = cg_group_dir(c, g, dir, sizeof(dir));
	if (!r)
		r = enable_subtree(dir, "cpu");
	if (!r && scn_uses_cpuset(c->s))
		r = enable_subtree(dir, "cpuset");
	return r;
}

static int create_one(struct cg_ctx *c, int g, char *err, size_t len)
{
	char rel[SCN_PATH_MAX + 80];
	struct cgroup *cg;
	int r;

	rel_name(c, g, rel, sizeof(rel));
	cg = cgroup_new_cgroup(rel);
	if (!cg) {
		snprintf(err, len, "cgroup_new_cgroup(%s) failed", rel);
		return -ENOMEM;
	}
	r = add_values(c, cg, g < 0 ? NULL : &c->s->groups[g]);
	/*
	 * ignore_ownership: the runner is root and its groups stay root's;
	 * without it libcgroup walks each new directory (fts) to chown and
	 * chmod its ~30 files, most of the cost of a group under TCG.
	 */
	if (!r)
		r = lcg_err(cgroup_create_cgroup(cg, 1));
	if (r) {
		snprintf(err, len, "create cgroup %s: %s", rel, strerror(-r));
		cgroup_free(&cg);
		return r;
	}
	if (g < 0) {
		c->root_cg = cg;
		c->root_created = true;
	} else {
		c->cg[g] = cg;
		c->created[g] = true;
	}
	r = prepare_children(c, g);
	if (r)
		snprintf(err, len, "enable controllers below %s: %s", rel,
			 strerror(-r));
	return r;
}

int cg_create_tree(struct cg_ctx *c, const struct scenario *s, int index,
		   char *err, size_t len)
{
	int g, d, maxd = 0, r;

	memset(c, 0, sizeof(*c));
	c->h = s->hierarchy;
	c->s = s;
	snprintf(c->mnt, sizeof(c->mnt), "%s",
		 s->hierarchy == SCN_V2 ? CG_V2_MNT : CG_V1_MNT);
	snprintf(c->root, sizeof(c->root), "conform.%d", index);
	if (!cg_inited) {
		r = lcg_init();
		if (r) {
			snprintf(err, len, "cgroup_init: %s", strerror(-r));
			return r;
		}
	}
	r = create_one(c, -1, err, len);
	if (r)
		return r;
	for (g = 0; g < s->ngroups; g++)
		if (s->groups[g].depth > maxd)
			maxd = s->groups[g].depth;
	for (d = 1; d <= maxd; d++)
		for (g = 0; g < s->ngroups; g++) {
			if (s->groups[g].depth != d)
				continue;
			r = create_one(c, g, err, len);
			if (r)
				return r;
		}
	return 0;
}

/*
 * An empty group is removed with rmdir(2) alone: libcgroup's delete
 * first finds the parent (two stat()s), opens the group's and the
 * parent's task files and moves what is left (none: the workers are
 * reaped by then), ~10 system calls a group; it stays the way for a
 * group that is still busy.
 */
static int delete_one(struct cgroup **cg, const char *dir)
{
	int r = 0, tries;

	if (!rmdir(dir) || errno == ENOENT) {
		cgroup_free(cg);
		return 0;
	}
	for (tries = 0; tries < 40; tries++) {
		r = lcg_err(cgroup_delete_cgroup_ext(*cg,
				CGFLAG_DELETE_IGNORE_MIGRATION));
		if (!r || access(dir, F_OK))
			break;
		msleep(25);	/* killed tasks may still be exiting */
	}
	if (r && !access(dir, F_OK) && rmdir(dir))
		r = -errno;
	else if (access(dir, F_OK))
		r = 0;
	cgroup_free(cg);
	return r;
}

int cg_remove_tree(struct cg_ctx *c)
{
	int g, d, maxd = 0, r, ret = 0;
	char dir[PATH_MAX];

	for (g = 0; g < c->s->ngroups; g++)
		if (c->s->groups[g].depth > maxd)
			maxd = c->s->groups[g].depth;
	for (d = maxd; d >= 1; d--)
		for (g = 0; g < c->s->ngroups; g++) {
			if (c->s->groups[g].depth != d || !c->created[g])
				continue;
			cg_group_dir(c, g, dir, sizeof(dir));
			r = delete_one(&c->cg[g], dir);
			if (r && !ret)
				ret = r;
			c->created[g] = false;
		}
	if (c->root_created) {
		cg_group_dir(c, -1, dir, sizeof(dir));
		r = delete_one(&c->root_cg, dir);
		if (r && !ret)
			ret = r;
		c->root_created = false;
	}
	return ret;
}

static int rm_dir(const char *path, const struct stat *sb, int flag,
		  struct FTW *ftw)
{
	(void)sb;
	(void)ftw;
	if (flag == FTW_DP)
		rmdir(path);
	return 0;
}

int cg_remove_root(enum scn_hierarchy h, int index)
{
	char name[64], dir[PATH_MAX];
	struct cgroup *cg;
	int r = 0;

	snprintf(name, sizeof(name), "conform.%d", index);
	snprintf(dir, sizeof(dir), "%s/%s", h == SCN_V2 ? CG_V2_MNT :
		 CG_V1_MNT, name);
	if (access(dir, F_OK))
		return 0;
	cg = cgroup_new_cgroup(name);
	if (cg && cgroup_add_controller(cg, "cpu"))
		r = lcg_err(cgroup_delete_cgroup_ext(cg,
				CGFLAG_DELETE_RECURSIVE |
				CGFLAG_DELETE_IGNORE_MIGRATION));
	cgroup_free(&cg);
	if (!access(dir, F_OK)) {
		/* libcgroup failed (or is not initialised): plain rmdir. */
		nftw(dir, rm_dir, 16, FTW_DEPTH | FTW_PHYS);
		r = access(dir, F_OK) ? 0 : -EBUSY;
	}
	return r;
}

int cg_attach(struct cg_ctx *c, int g, pid_t pid)
{
	struct cgroup *cg = g < 0 ? c->root_cg : c->cg[g];

	if (!cg)
		return -ENOENT;
	return lcg_err(cgroup_attach_task_pid(cg, pid));
}

static int modify(struct cg_ctx *c, int g, const char *ctrl, const char *k1,
		  const char *v1, const char *k2, const char *v2)
{
	char rel[SCN_PATH_MAX + 80];
	struct cgroup_controller *ct;
	struct cgroup *cg;
	int r;

	rel_name(c, g, rel, sizeof(rel));
	cg = cgroup_new_cgroup(rel);
	if (!cg)
		return -ENOMEM;
	ct = cgroup_add_controller(cg, ctrl);
	r = ct ? cgroup_add_value_string(ct, k1, v1) : ECGFAIL;
	if (!r && k2)
		r = cgroup_add_value_string(ct, k2, v2);
	if (!r)
		r = cgroup_modify_cgroup(cg);
	cgroup_free(&cg);
	return lcg_err(r);
}

int cg_set_weight(struct cg_ctx *c, int g, unsigned long weight)
{
	char v[32];

	snprintf(v, sizeof(v), "%lu", weight);
	return modify(c, g, "cpu", c->h == SCN_V2 ? "cpu.weight" :
		      "cpu.shares", v, NULL, NULL);
}

int cg_set_cpuset(struct cg_ctx *c, int g, scn_cpumask_t cpus)
{
	char v[SCN_MAX_CPUS * 4];

	if (scn_cpumask_format(cpus, v, sizeof(v)) <= 0)
		return -EINVAL;
	return modify(c, g, "cpuset", "cpuset.cpus", v, NULL, NULL);
}

int cg_set_max(struct cg_ctx *c, int g, int64_t quota_us, uint64_t period_us)
{
	char v[64], q[32];

	if (c->h == SCN_V2) {
		if (quota_us < 0)
			snprintf(v, sizeof(v), "max %" PRIu64, period_us);
		else
			snprintf(v, sizeof(v), "%" PRId64 " %" PRIu64,
				 quota_us, period_us);
		return modify(c, g, "cpu", "cpu.max", v, NULL, NULL);
	}
	snprintf(v, sizeof(v), "%" PRIu64, period_us);
	snprintf(q, sizeof(q), "%" PRId64, quota_us < 0 ? -1 : quota_us);
	return modify(c, g, "cpu", "cpu.cfs_period_us", v, "cpu.cfs_quota_us",
		      q);
}

int cg_parse_cpu_stat(const char *buf, uint64_t *usage_us)
{
	const char *p = buf;

	while (p && *p) {
		if (!strncmp(p, "usage_usec ", 11)) {
			char *end;

			*usage_us = strtoull(p + 11, &end, 10);
			return end == p + 11 ? -EINVAL : 0;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -EINVAL;
}

int cg_usage_path(const struct cg_ctx *c, int g, char *buf, size_t len)
{
	char dir[PATH_MAX];
	int r = cg_group_dir(c, g, dir, sizeof(dir)), n;

	if (r)
		return r;
	n = snprintf(buf, len, "%s/%s", dir, c->h == SCN_V2 ? "cpu.stat" :
		     "cpuacct.usage");
	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int cg_parse_usage(const struct cg_ctx *c, const char *buf, uint64_t *us)
{
	char *end;

	if (c->h == SCN_V2)
		return cg_parse_cpu_stat(buf, us);
	*us = strtoull(buf, &end, 10) / 1000;	/* cpuacct.usage: ns */
	return end == buf ? -EINVAL : 0;
}

int cg_read_usage_us(const struct cg_ctx *c, int g, uint64_t *us)
{
	char path[PATH_MAX + 32], buf[1024];
	int r = cg_usage_path(c, g, path, sizeof(path));

	if (r)
		return r;
	r = read_file(path, buf, sizeof(buf));
	return r ? r : cg_parse_usage(c, buf, us);
}

bool cg_has_cpu_pelt(const struct cg_ctx *c)
{
	char dir[PATH_MAX], path[PATH_MAX + 16];

	if (cg_group_dir(c, -1, dir, sizeof(dir)))
		return false;
	snprintf(path, sizeof(path), "%s/cpu.pelt", dir);
	return !access(path, R_OK);
}
