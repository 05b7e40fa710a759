// SPDX-License-Identifier: GPL-2.0
/*
 * sampler.c - one snapshot of a running scenario.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "run/run.h"

int sset_init(struct sample_set *ss, int cap, int ninst, int ngroups,
	      int ncpus)
{
	int i, r;

	memset(ss, 0, sizeof(*ss));
	ss->v = calloc(cap, sizeof(*ss->v));
	if (!ss->v)
		return -ENOMEM;
	ss->cap = cap;
	ss->ninst = ninst;
	ss->ngroups = ngroups;
	ss->ncpus = ncpus;
	for (i = 0; i < cap; i++) {
		struct sample *sm = &ss->v[i];

		sm->ts = calloc(ninst ? ninst : 1, sizeof(*sm->ts));
		sm->usage_us = calloc(ngroups ? ngroups : 1,
				      sizeof(*sm->usage_us));
		r = pelt_snap_alloc(&sm->pelt, ngroups, ncpus);
		if (!sm->ts || !sm->usage_us || r) {
			sset_free(ss);
			return -ENOMEM;
		}
	}
	return 0;
}

void sset_free(struct sample_set *ss)
{
	int i;

	if (!ss->v)
		return;
	for (i = 0; i < ss->cap; i++) {
		free(ss->v[i].ts);
		free(ss->v[i].usage_us);
		pelt_snap_free(&ss->v[i].pelt);
	}
	free(ss->v);
	ss->v = NULL;
}

int sampler_init(struct sampler *sp, const struct scenario *s,
		 struct workload *w, const struct cg_ctx *cg,
		 enum pelt_source src)
{
	int g, n = s->ngroups ? s->ngroups : 1;

	memset(sp, 0, sizeof(*sp));
	sp->s = s;
	sp->w = w;
	sp->cg = cg;
	sp->src = src;
	cg_debugfs_root(cg, sp->debugfs_root, sizeof(sp->debugfs_root));
	sp->pelt_rf = calloc(n, sizeof(*sp->pelt_rf));
	sp->usage_rf = calloc(n, sizeof(*sp->usage_rf));
	sp->dcap = 65536;
	sp->dbuf = malloc(sp->dcap);
	if (!sp->pelt_rf || !sp->usage_rf || !sp->dbuf)
		return -ENOMEM;
	for (g = 0; g < s->ngroups; g++) {
		char dir[PATH_MAX], path[PATH_MAX + 16];

		cg_group_dir(cg, g, dir, sizeof(dir));
		snprintf(path, sizeof(path), "%s/cpu.pelt", dir);
		refile_init(&sp->pelt_rf[g], path, true);
		cg_usage_path(cg, g, path, sizeof(path));
		refile_init(&sp->usage_rf[g], path, true);
	}
	refile_init(&sp->online_rf, "/sys/devices/system/cpu/online", true);
	refile_init(&sp->debugfs_rf, PELT_DEBUGFS_PATH, false);
	return 0;
}

void sampler_free(struct sampler *sp)
{
	int g;

	for (g = 0; g < sp->s->ngroups; g++) {
		if (sp->pelt_rf)
			refile_close(&sp->pelt_rf[g]);
		if (sp->usage_rf)
			refile_close(&sp->usage_rf[g]);
	}
	refile_close(&sp->online_rf);
	refile_close(&sp->debugfs_rf);
	free(sp->pelt_rf);
	free(sp->usage_rf);
	free(sp->dbuf);
	sp->pelt_rf = sp->usage_rf = NULL;
	sp->dbuf = NULL;
}

/* Read a refile whole into sp->dbuf, growing it. */
static ssize_t read_all(struct sampler *sp, struct refile *rf)
{
	for (;;) {
		ssize_t n = refile_read(rf, sp->dbuf, sp->dcap);
		char *nb;

		if (n < 0 || (size_t)n + 1 < sp->dcap)
			return n;
		nb = realloc(sp->dbuf, sp->dcap * 2);
		if (!nb)
			return -ENOMEM;
		sp->dbuf = nb;
		sp->dcap *= 2;
	}
}

static void note(struct sample_set *ss, const char *what, int r)
{
	ss->errors++;
	snprintf(ss->last_error, sizeof(ss->last_error), "%s: %s", what,
		 strerror(-r));
}

const struct pelt_snap *sset_pelt(const struct sample_set *ss, int k)
{
	int ref;

	if (k < 0 || k >= ss->n)
		return NULL;
	ref = ss->v[k].pelt_ref;
	if (ref < 0 || ref >= ss->n || !ss->v[ref].pelt_ok)
		return NULL;
	return &ss->v[ref].pelt;
}

bool sampler_moved(const struct sample_set *ss, const struct sample *sm)
{
	const struct sample *ref;
	int i;

	if (sm->pelt_ref < 0 || sm->pelt_ref >= ss->n)
		return false;
	ref = &ss->v[sm->pelt_ref];
	for (i = 0; i < ss->ninst; i++)
		if (sm->ts[i].state == 'R' && sm->ts[i].cpu >= 0 &&
		    ref->ts[i].cpu >= 0 && sm->ts[i].cpu != ref->ts[i].cpu)
			return true;
	return false;
}

int sampler_take(struct sampler *sp, struct sample_set *ss, uint64_t t_us,
		 int events_done, bool want_usage, bool want_pelt)
{
	uint64_t c0 = measure_self_ns(), c1, c2;
	struct sample *sm;
	int i, g, r;

	if (ss->n >= ss->cap)
		return -ENOSPC;
	sm = &ss->v[ss->n];
	sm->t_us = t_us;
	sm->events_done = events_done;
	sm->online = 0;
	if (read_all(sp, &sp->online_rf) > 0) {
		sp->dbuf[strcspn(sp->dbuf, "\n")] = '\0';
		scn_cpumask_parse(sp->dbuf, &sm->online);
	}
	for (i = 0; i < ss->ninst; i++) {
		r = wl_sample(sp->w, i, &sm->ts[i]);
		if (r)
			note(ss, "task sample", r);
	}
	c1 = measure_self_ns();
	ss->cost_part_ns[0] += c1 - c0;
	sm->usage_ok = want_usage;
	for (g = 0; want_usage && g < ss->ngroups; g++) {
		ssize_t n = read_all(sp, &sp->usage_rf[g]);

		r = n < 0 ? (int)n : cg_parse_usage(sp->cg, sp->dbuf,
						     &sm->usage_us[g]);
		if (r) {
			sm->usage_ok = false;
			note(ss, "cgroup usage", r);
		}
	}
	c2 = measure_self_ns();
	ss->cost_part_ns[1] += c2 - c1;
	sm->pelt_ok = false;
	sm->pelt_ref = ss->n > 0 ? ss->v[ss->n - 1].pelt_ref : -1;
	sm->pelt_moved = !want_pelt && sampler_moved(ss, sm);
	want_pelt |= sm->pelt_moved;
	if (want_pelt)
		pelt_snap_clear(&sm->pelt);
	if (!want_pelt) {
		/* keep the reference to the previous read */
	} else if (sp->src == PELT_SRC_CPU_PELT) {
		sm->pelt_ok = true;
		for (g = 0; g < ss->ngroups; g++) {
			ssize_t n = read_all(sp, &sp->pelt_rf[g]);

			r = n < 0 ? (int)n : pelt_parse_cpu_pelt(sp->dbuf, n,
							&sm->pelt, g);
			if (r) {
				sm->pelt_ok = false;
				note(ss, "cpu.pelt", r);
			}
		}
	} else if (sp->src == PELT_SRC_DEBUGFS) {
		ssize_t n = read_all(sp, &sp->debugfs_rf);

		r = n < 0 ? (int)n : pelt_parse_debugfs(sp->dbuf, n,
				sp->debugfs_root, sp->s, &sm->pelt);
		if (r < 0)
			note(ss, "sched/debug", r);
		sm->pelt_ok = r >= 0;
	}
	if (sm->pelt_ok)
		sm->pelt_ref = ss->n;
	ss->n++;
	c1 = measure_self_ns();
	ss->cost_part_ns[2] += c1 - c2;
	ss->cost_ns += c1 - c0;
	return 0;
}
