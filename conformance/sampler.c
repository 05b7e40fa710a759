// SPDX-License-Identifier: GPL-2.0
/*
 * sampler.c - one snapshot of a running scenario.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hotplug.h"
#include "pelt_debugfs.h"
#include "sampler.h"

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
		 const struct workload *w, const struct cg_ctx *cg,
		 enum pelt_source src)
{
	int g;

	memset(sp, 0, sizeof(*sp));
	sp->s = s;
	sp->w = w;
	sp->cg = cg;
	sp->src = src;
	cg_debugfs_root(cg, sp->debugfs_root, sizeof(sp->debugfs_root));
	sp->pelt_path = calloc(s->ngroups ? s->ngroups : 1, sizeof(char *));
	if (!sp->pelt_path)
		return -ENOMEM;
	for (g = 0; g < s->ngroups; g++) {
		char dir[PATH_MAX];

		sp->pelt_path[g] = malloc(PATH_MAX + 16);
		if (!sp->pelt_path[g])
			return -ENOMEM;
		cg_group_dir(cg, g, dir, sizeof(dir));
		snprintf(sp->pelt_path[g], PATH_MAX + 16, "%s/cpu.pelt", dir);
	}
	return 0;
}

void sampler_free(struct sampler *sp)
{
	int g;

	if (sp->pelt_path)
		for (g = 0; g < sp->s->ngroups; g++)
			free(sp->pelt_path[g]);
	free(sp->pelt_path);
	free(sp->dbuf);
	sp->pelt_path = NULL;
	sp->dbuf = NULL;
}

static void note(struct sample_set *ss, const char *what, int r)
{
	ss->errors++;
	snprintf(ss->last_error, sizeof(ss->last_error), "%s: %s", what,
		 strerror(-r));
}

int sampler_take(struct sampler *sp, struct sample_set *ss, uint64_t t_us,
		 int phases_done)
{
	uint64_t c0 = measure_self_ns();
	struct sample *sm;
	int i, g, r;

	if (ss->n >= ss->cap)
		return -ENOSPC;
	sm = &ss->v[ss->n];
	sm->t_us = t_us;
	sm->phases_done = phases_done;
	if (hotplug_online_mask(&sm->online))
		sm->online = 0;
	for (i = 0; i < ss->ninst; i++) {
		r = wl_sample(sp->w, i, &sm->ts[i]);
		if (r)
			note(ss, "task sample", r);
	}
	sm->usage_ok = true;
	for (g = 0; g < ss->ngroups; g++) {
		r = cg_read_usage_us(sp->cg, g, &sm->usage_us[g]);
		if (r) {
			sm->usage_ok = false;
			note(ss, "cgroup usage", r);
		}
	}
	pelt_snap_clear(&sm->pelt);
	sm->pelt_ok = false;
	if (sp->src == PELT_SRC_CPU_PELT) {
		sm->pelt_ok = true;
		for (g = 0; g < ss->ngroups; g++) {
			r = pelt_read_cpu_pelt(sp->pelt_path[g], &sm->pelt, g);
			if (r) {
				sm->pelt_ok = false;
				note(ss, "cpu.pelt", r);
			}
		}
	} else if (sp->src == PELT_SRC_DEBUGFS) {
		r = pelt_read_debugfs(NULL, &sp->dbuf, &sp->dcap,
				      sp->debugfs_root, sp->s, &sm->pelt);
		if (r < 0)
			note(ss, "sched/debug", r);
		sm->pelt_ok = r >= 0;
	}
	ss->n++;
	ss->cost_ns += measure_self_ns() - c0;
	return 0;
}
