// SPDX-License-Identifier: GPL-2.0
/*
 * kmodel.c - per-sample, per-CPU hierarchical split from PELT state.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "model/model.h"

double km_tg_shares(enum scn_hierarchy h, unsigned long weight, int idle)
{
	if (idle == 1)
		return 3;	/* scale_load(WEIGHT_IDLEPRIO) */
	if (h == SCN_V2)	/* DIV_ROUND_CLOSEST(weight * 1024, 100) */
		return (double)((weight * 1024 + 50) / 100);
	if (weight < 2)		/* MIN_SHARES .. MAX_SHARES */
		return 2;
	if (weight > 262144)
		return 262144;
	return (double)weight;
}

double km_calc_group_shares(double tg_shares, double load, double tg_weight)
{
	double shares = tg_shares * load;

	if (tg_weight > 0)
		shares /= tg_weight;
	if (shares < KM_MIN_SHARES)
		shares = KM_MIN_SHARES;
	if (shares > tg_shares)
		shares = tg_shares;
	return shares;
}

/* The scenario key "model" names the same models in the same order. */
_Static_assert(KM_DEFINED == (int)SCN_MODEL_DEFINED &&
	       KM_COMPUTED == (int)SCN_MODEL_COMPUTED &&
	       KM_SE == (int)SCN_MODEL_SE && KM_KINDS == SCN_NMODELS,
	       "km_kind and scn_model must list the models alike");

const char *km_kind_name(enum km_kind k)
{
	return (int)k >= 0 && k < KM_KINDS ? scn_model_names[k] : "?";
}

/* Does this cfs_rq count in the definition of tg load? */
static bool counts(const struct km_input *in, const struct pelt_cpu *pc,
		   int c)
{
	if (!pc->present || !(in->online & (1ull << c)))
		return false;
	if (in->p && pc->present && !pc->online)
		return false;
	return pc->on_list;
}

static double group_weight(const struct km_input *in, enum km_kind k, int g,
			   int c, double nominal_load, int *fallbacks)
{
	const struct scenario *s = in->s;
	double tgs = km_tg_shares(s->hierarchy, in->st->group_weight[g],
				  s->groups[g].idle);
	const struct pelt_cpu *pc;
	double load, tgw, tg;
	int o;

	if (!in->p) {
		(*fallbacks)++;
		return km_mode_weight(in, g, c, tgs, nominal_load,
				      nominal_load);
	}
	pc = pelt_at(in->p, g, c);
	if (k == KM_SE) {
		if (pc->present && pc->has_se)
			return pc->se_weight;
		(*fallbacks)++;
		k = KM_DEFINED;
	}
	load = pc->present ? fmax(pc->weight, pc->load_avg) : nominal_load;
	if (k == KM_COMPUTED) {
		tg = pelt_tg_load_avg(in->p, g);
		if (tg >= 0) {
			tgw = tg - (pc->present ? pc->contrib : 0) + load;
			return km_mode_weight(in, g, c, tgs, load, tgw);
		}
		(*fallbacks)++;
	}
	tgw = load;
	for (o = 0; o < in->ncpus; o++) {
		const struct pelt_cpu *po = pelt_at(in->p, g, o);

		if (o != c && counts(in, po, o))
			tgw += po->load_avg;
	}
	return km_mode_weight(in, g, c, tgs, load, tgw);
}

static bool limited(const struct km_input *in, int g)
{
	return in->st->group_quota_us[g] >= 0;
}

/* Is group @g or one of its ancestors bandwidth-limited? */
static bool under_limit(const struct km_input *in, int g)
{
	return scn_state_under_limit(in->s, in->st, g);
}

/*
 * Is group @g's cfs_rq on CPU @c throttled? In KM_BW_SNAPSHOT mode:
 * cpu.pelt says so for every possible CPU.
 * sched/debug lists leaf cfs_rqs only, and 6.1 takes a throttled cfs_rq
 * off the leaf list (tg_throttle_down()), while a cfs_rq with runnable
 * tasks is otherwise always on it: so a bandwidth-limited group missing
 * there while tasks below it are runnable on @c is throttled. (Missing
 * without a limit is not assumed away; the aggregation check reports
 * cfs_rqs off the leaf list.)
 */
static bool throttled(const struct km_input *in, int g, int c, bool runnable)
{
	const struct pelt_cpu *pc;

	if (in->bw == KM_BW_RUNNING)
		return false;
	if (in->bw == KM_BW_THROTTLED || !in->p)
		return runnable && limited(in, g);
	pc = pelt_at(in->p, g, c);
	if (pc->present)
		return pc->throttled;
	return runnable && limited(in, g);
}

/* One CPU's group state while km_shares() walks it. */
struct km_cpu {
	int c;
	int n;				/* groups in order[] */
	int fallbacks;
	double root_sum;		/* root cfs_rq's runnable weight */
	double sumw[SCN_MAX_GROUPS];	/* its cfs_rq's runnable weight */
	double gw[SCN_MAX_GROUPS];	/* its entity's weight */
	bool active[SCN_MAX_GROUPS];	/* a runnable task below it */
	int order[SCN_MAX_GROUPS];	/* groups, deepest first */
};

static void km_order(const struct scenario *s, struct km_cpu *kc)
{
	int g, d, maxd = 0;

	kc->n = 0;
	for (g = 0; g < s->ngroups; g++)
		if (s->groups[g].depth > maxd)
			maxd = s->groups[g].depth;
	for (d = maxd; d >= 1; d--)
		for (g = 0; g < s->ngroups; g++)
			if (s->groups[g].depth == d)
				kc->order[kc->n++] = g;
}

/* The tasks runnable on CPU kc->c: their groups' weights and activity. */
static void km_runnable(const struct km_input *in, struct km_cpu *kc)
{
	const struct scenario *s = in->s;
	int i, g;

	memset(kc->sumw, 0, sizeof(kc->sumw[0]) * s->ngroups);
	memset(kc->active, 0, sizeof(kc->active[0]) * s->ngroups);
	kc->root_sum = 0;
	for (i = 0; i < in->ninst; i++) {
		if (in->ts[i].state != 'R' || in->ts[i].cpu != kc->c)
			continue;
		g = in->st->task_group[in->inst_task[i]];
		kc->sumw[g] += KM_NICE0_WEIGHT;
		for (; g >= 0; g = s->groups[g].parent)
			kc->active[g] = true;
	}
	/* A throttled cfs_rq is dequeued with everything below it. */
	if (!in->p && in->bw == KM_BW_SNAPSHOT)
		return;
	for (int j = kc->n - 1; j >= 0; j--) {
		int pg;

		g = kc->order[j];
		pg = s->groups[g].parent;
		if (throttled(in, g, kc->c, kc->active[g]) ||
		    (pg >= 0 && !kc->active[pg]))
			kc->active[g] = false;
	}
}

/* Deepest first: a group's load needs its children's weights. */
static void km_group_weights(const struct km_input *in, enum km_kind k,
			     struct km_cpu *kc)
{
	const struct scenario *s = in->s;

	for (int j = 0; j < kc->n; j++) {
		int g = kc->order[j], fb = 0;

		if (!kc->active[g])
			continue;
		kc->gw[g] = group_weight(in, k, g, kc->c, kc->sumw[g], &fb);
		/*
		 * Assumed running where the sample may have seen it
		 * throttled (sched/debug then lists no cfs_rq): no sampled
		 * state to fall back from.
		 */
		if (in->bw != KM_BW_RUNNING || !under_limit(in, g))
			kc->fallbacks += fb;
		if (s->groups[g].parent >= 0)
			kc->sumw[s->groups[g].parent] += kc->gw[g];
		else
			kc->root_sum += kc->gw[g];
	}
}

/* Each runnable task's share of CPU kc->c: the product down its path. */
static void km_task_shares(const struct km_input *in,
			   const struct km_cpu *kc, double *share)
{
	const struct scenario *s = in->s;

	for (int i = 0; i < in->ninst; i++) {
		int g;
		double f;

		if (in->ts[i].state != 'R' || in->ts[i].cpu != kc->c)
			continue;
		g = in->st->task_group[in->inst_task[i]];
		if (!kc->active[g] || kc->sumw[g] <= 0)
			continue;
		f = KM_NICE0_WEIGHT / kc->sumw[g];
		for (; g >= 0; g = s->groups[g].parent) {
			int pg = s->groups[g].parent;
			double den = pg >= 0 ? kc->sumw[pg] : kc->root_sum;

			f *= den > 0 ? kc->gw[g] / den : 0;
		}
		share[i] = f;
	}
}

int km_shares(const struct km_input *in, enum km_kind k, double *share)
{
	static struct km_cpu kc;
	int i;

	if (k < 0 || k >= KM_KINDS || in->ncpus > SCN_MAX_CPUS ||
	    (in->p && in->p->ncpus < in->ncpus))
		return -EINVAL;
	km_order(in->s, &kc);
	kc.fallbacks = 0;
	for (i = 0; i < in->ninst; i++)
		share[i] = 0;
	for (kc.c = 0; kc.c < in->ncpus; kc.c++) {
		km_runnable(in, &kc);
		km_group_weights(in, k, &kc);
		km_task_shares(in, &kc, share);
	}
	return kc.fallbacks;
}

bool km_bw_limited(const struct km_input *in)
{
	int g;

	for (g = 0; g < in->s->ngroups; g++)
		if (limited(in, g))
			return true;
	return false;
}

int km_shares_bw(const struct km_input *in, enum km_kind k,
		 const struct km_meas *m, double *share, double *on)
{
	double x[SCN_MAX_CPUS] = { 0 }, f[SCN_MAX_CPUS] = { 0 };
	double th[SCN_MAX_CPUS];
	struct km_input v = *in;
	int i, c, fb_on, fb_off;
	bool any = false;

	if (in->ncpus > SCN_MAX_CPUS)
		return -EINVAL;
	v.bw = KM_BW_RUNNING;
	fb_on = km_shares(&v, k, on);
	if (fb_on < 0)
		return fb_on;
	v.bw = KM_BW_THROTTLED;
	fb_off = km_shares(&v, k, share);
	if (fb_off < 0)
		return fb_off;
	for (i = 0; i < in->ninst; i++) {
		if (!under_limit(in, in->st->task_group[in->inst_task[i]]))
			continue;
		c = m->cpu[i];
		if (c >= 0 && c < in->ncpus)
			x[c] += m->d[i];
		c = in->ts[i].cpu;
		if (c >= 0 && c < in->ncpus)
			f[c] += on[i];
	}
	for (c = 0; c < in->ncpus; c++) {
		th[c] = 0;
		if (f[c] > 0 && m->cap[c] > 0)
			th[c] = fmin(1, x[c] / (f[c] * m->cap[c]));
		any |= th[c] > 0;
	}
	for (i = 0; i < in->ninst; i++) {
		c = in->ts[i].cpu;
		if (c >= 0 && c < in->ncpus)
			share[i] = th[c] * on[i] + (1 - th[c]) * share[i];
	}
	return fb_off + (any ? fb_on : 0);
}
