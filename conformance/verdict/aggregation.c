// SPDX-License-Identifier: GPL-2.0
/*
 * aggregation.c - the check of the PELT aggregate against its
 * definition, per group, on every sample of the window:
 *  - tg_load_avg against the sum of the contributions the source shows
 *    (sched/debug hides off-list and offline cfs_rqs: an excess there is
 *    a "hidden_contrib", with cpu.pelt a "sum_mismatch");
 *  - each online, listed contribution against its cfs_rq's load_avg:
 *    update_tg_load_avg() lets them differ by contrib/64 (or 1/2^shift
 *    when the scenario sets sched tg_load_avg_shift; plus what the
 *    load moved since the last update: agg_tolerance of it) before it
 *    propagates: beyond that, "stale_contrib";
 *  - an offline CPU's or an off-list cfs_rq's contribution must be zero:
 *    "offline_contrib" / "off_list_contrib";
 *  - a group entity's load must follow its cfs_rq's (propagation,
 *    agg_unpropagated()): "unpropagated", counted once per sample on
 *    whichever CPU, since a moving task makes it move between CPUs.
 * Reads of several CPUs are not atomic, so a single failed sample proves
 * nothing: an issue is raised only when it persists in at least half of
 * the window's samples (and at least two).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/interval.h"
#include "verdict/verdict.h"

#define AGG_ABS_SLACK	8.0	/* load units: rounding, tiny loads */

enum { AK_SUM, AK_HIDDEN, AK_STALE, AK_OFFLINE, AK_OFFLIST, AK_UNPROP,
       AK_N };
static const char *const ak_name[AK_N] = {
	"sum_mismatch", "hidden_contrib", "stale_contrib", "offline_contrib",
	"off_list_contrib", "unpropagated",
};

/*
 * Propagation: when load is attached below a group entity (a task
 * migrates or moves in) or detached, update_tg_cfs_load() sets the
 * entity's load_sum from its cfs_rq's, and while runnable both run the
 * same PELT clock. So se_load_avg / se_weight, the fraction of recent
 * time the entity was runnable, is at least its cfs_rq's load_avg /
 * load.weight (capped at 1) - where no blocked load in the cfs_rq can
 * lift the latter: every task below the group last seen on the CPU
 * runnable, none forking, no bandwidth limit over the group. A task that
 * arrived on a CPU without its load propagated leaves the entity at the
 * decayed fraction of its last stay (0.3-0.7 for a task hopping every
 * 20-30 ms), where the kernel sets it to 1 at the attach.
 */
#define AGG_PROP_SLACK	0.25	/* of the runnable fraction */

/*
 * Left out of the propagation check: any sample where a hopper hopped
 * between the read of the tasks and the end of the PELT read, and a
 * hopper (kind=hopper) below @g on @c beside another runnable task:
 * when it left @c, @c stayed busy, so nothing updated @g's cfs_rq there
 * until the hopper came back, and 6.1 applies a migrated task's removed
 * load at that next update (update_cfs_rq_load_avg()): at the re-attach,
 * netted against the attach's own propagation, which then leaves the
 * entity at its decayed fraction. Where the CPU it left went idle,
 * newidle balance updates the blocked loads first and the entity
 * follows (the measurements: docs/findings.md, dynamic/self-hop).
 */
static bool agg_hop_netted(const struct vd_input *in,
			   const struct scn_state *st,
			   const struct sample *sm, int g, int c)
{
	const struct scenario *s = in->s;
	const struct hop_log *hl = in->ss->hop;
	bool hopper = false, other = false;
	int k = (int)(sm - in->ss->v);

	/* a hopper hopped between the task and the PELT reads: no placement */
	for (int h = 0; hl && h < hl->n; h++)
		if (!hop_at(hl, k, h)->ok || hop_at(hl, k, h)->moved)
			return true;
	for (int i = 0; i < in->ss->ninst; i++) {
		int t = in->inst_task[i], tg = st->task_group[t];

		if (sm->ts[i].cpu != c || sm->ts[i].state != 'R')
			continue;
		/* only a hopper needs the walk up to g */
		if (s->tasks[t].kind != SCN_TASK_HOPPER) {
			other = true;
			continue;
		}
		for (; tg >= 0 && tg != g; tg = s->groups[tg].parent)
			;
		if (tg == g)
			hopper = true;
		else
			other = true;
	}
	return hopper && other;
}

static bool agg_prop_applies(const struct vd_input *in,
			     const struct scn_state *st, const struct sample *sm,
			     int g, int c, bool clean, bool hop)
{
	const struct scenario *s = in->s;

	if (scn_state_under_limit(s, st, g) ||
	    (hop && agg_hop_netted(in, st, sm, g, c)))
		return false;
	if (clean)		/* agg_clean_cpus(): nothing below g to scan for */
		return true;
	for (int i = 0; i < in->ss->ninst; i++) {
		int t = in->inst_task[i], tg = st->task_group[t];

		for (; tg >= 0 && tg != g; tg = s->groups[tg].parent)
			;
		if (tg != g)
			continue;
		if (scn_kind(s->tasks[t].kind)->forks)
			return false;
		if (sm->ts[i].cpu == c && sm->ts[i].state != 'R')
			return false;
	}
	return true;
}

/* The entity's shortfall in load units, 0 when it follows. */
static double agg_unpropagated(const struct pelt_cpu *pc)
{
	double rq, se;

	if (!pc->has_se || pc->se_weight <= 0 || pc->weight <= 0)
		return 0;
	rq = fmin(1, pc->load_avg / pc->weight);
	se = pc->se_load_avg / pc->se_weight;
	if (rq - se <= AGG_PROP_SLACK ||
	    (rq - se) * pc->se_weight <= AGG_ABS_SLACK)
		return 0;
	return (rq - se) * pc->se_weight;
}

/* One group's findings: count and summed amount per kind and CPU. */
struct agg_counts {
	int nc;
	int *cnt;		/* [AK_N][nc + 1]; slot nc: no CPU */
	double *sum;
	int checked;		/* samples checked */
	int prop_checked;	/* ... where the propagation check applied */
	bool hop;		/* a hopper or a hop log: agg_hop_netted() */
};

/* cpu < 0: not attributable to one CPU */
static void agg_add(struct agg_counts *ac, int kind, int cpu, double amount)
{
	int idx = kind * (ac->nc + 1) + (cpu < 0 ? ac->nc : cpu);

	ac->cnt[idx]++;
	ac->sum[idx] += amount;
}

/*
 * A cfs_rq in a throttled hierarchy (its group's or an ancestor's cfs_rq
 * on that CPU throttled) is taken off the leaf list by tg_throttle_down()
 * with its contribution kept, and put back on unthrottle: an off-list
 * contribution there is correct, not stale.
 */
static bool agg_throttled(const struct scenario *s, const struct pelt_snap *p,
			  int g, int c)
{
	for (; g >= 0; g = s->groups[g].parent)
		if (pelt_at(p, g, c)->throttled)
			return true;
	return false;
}

/* The propagation threshold in force: 1/64, or the scenario's knob. */
static int agg_shift(const struct scenario *s)
{
	int shift = 6;

	for (int i = 0; i < s->nknobs; i++)
		if (!strcmp(s->knobs[i].name, "tg_load_avg_shift")) {
			long v = strtol(s->knobs[i].value, NULL, 10);

			if (v >= 1 && v <= 63)
				shift = (int)v;
		}
	return shift;
}

/* tg_load_avg against the sum of the contributions shown. */
static void agg_check_sum(const struct vd_input *in,
			  const struct scn_state *st, const struct pelt_snap *p,
			  int g, double tg, struct agg_counts *ac)
{
	double sumc = 0, slack;
	int c;

	for (c = 0; c < ac->nc; c++)
		if (pelt_at(p, g, c)->present)
			sumc += pelt_at(p, g, c)->contrib;
	slack = in->s->agg_tolerance * fmax(tg, sumc) + AGG_ABS_SLACK;
	/*
	 * sched/debug lists neither throttled nor offline cfs_rqs: an excess
	 * of tg_load_avg over the listed contributions is only evidence
	 * while no bandwidth limit applies to the group or an ancestor.
	 */
	if (in->src == PELT_SRC_DEBUGFS && tg - sumc > slack) {
		if (!scn_state_under_limit(in->s, st, g))
			agg_add(ac, AK_HIDDEN, -1, tg - sumc);
	} else if (fabs(tg - sumc) > slack) {
		agg_add(ac, AK_SUM, -1, tg - sumc);
	}
}

/*
 * Bit c set: no task that forks anywhere, and none on CPU c seen other
 * than runnable, in sample sm; agg_prop_applies() then needs no scan of
 * the tasks below the group, a scan that would otherwise be done for
 * every group, CPU and sample (its cost:
 * docs/lab/2026-12-07-runner-verdict-notes.md).
 */
static uint64_t agg_clean_cpus(const struct vd_input *in,
			       const struct sample *sm)
{
	const struct scenario *s = in->s;
	uint64_t clean = ~0ull;

	for (int i = 0; i < in->ss->ninst; i++) {
		int c = sm->ts[i].cpu;

		if (scn_kind(s->tasks[in->inst_task[i]].kind)->forks)
			return 0;
		if (sm->ts[i].state != 'R' && c >= 0 && c < 64)
			clean &= ~(1ull << c);
	}
	return clean;
}

/* Each CPU's contribution against its cfs_rq's load_avg. */
static void agg_check_cpus(const struct vd_input *in,
			   const struct scn_state *st, const struct sample *sm,
			   int g, int shift, uint64_t clean,
			   struct agg_counts *ac)
{
	bool hop = ac->hop;
	const struct pelt_snap *p = &sm->pelt;
	double tol = in->s->agg_tolerance, unprop = 0;
	bool prop = false;
	int c;

	for (c = 0; c < ac->nc; c++) {
		const struct pelt_cpu *pc = pelt_at(p, g, c);
		bool online = (sm->online & (1ull << c)) && pc->online;
		double dev, thr;

		if (!pc->present)
			continue;
		if (!online) {
			if (pc->contrib > AGG_ABS_SLACK)
				agg_add(ac, AK_OFFLINE, c, pc->contrib);
			continue;
		}
		if (!pc->on_list) {
			if (pc->contrib > AGG_ABS_SLACK &&
			    !agg_throttled(in->s, p, g, c))
				agg_add(ac, AK_OFFLIST, c, pc->contrib);
			continue;
		}
		dev = pc->contrib - pc->load_avg;
		thr = pc->contrib / (double)(1ull << shift) +
		      tol * fmax(pc->contrib, pc->load_avg) + AGG_ABS_SLACK;
		if (fabs(dev) > thr)
			agg_add(ac, AK_STALE, c, dev);
		if (!agg_throttled(in->s, p, g, c) &&
		    agg_prop_applies(in, st, sm, g, c,
				     c < 64 && (clean >> c & 1), hop)) {
			unprop = fmax(unprop, agg_unpropagated(pc));
			prop |= pc->has_se && pc->weight > 0;
		}
	}
	ac->prop_checked += prop;
	if (unprop > 0)
		agg_add(ac, AK_UNPROP, -1, unprop);
}

/*
 * A finding in at least half of the checked samples (and twice) is an
 * issue. With a hopper, an unpropagated entity counts against the
 * samples where the check applied (agg_hop_netted() leaves out those
 * where it sat beside another task: about half).
 */
static void agg_issues(const struct scenario *s, int g,
		       const struct agg_counts *ac, struct scn_result *r)
{
	int nc = ac->nc, checked = ac->checked, a, c;

	for (a = 0; a < AK_N; a++)
		for (c = 0; c <= nc; c++) {
			int n = ac->cnt[a * (nc + 1) + c];
			struct agg_issue *is;
			int need;

			if (a == AK_UNPROP && scn_find_hopper(s, -1) >= 0)
				checked = ac->prop_checked;
			else
				checked = ac->checked;
			need = checked / 2 > 2 ? (checked + 1) / 2 : 2;
			if (n < need)
				continue;
			r->agg_ok = false;
			if (r->nissues >= VD_MAX_ISSUES)
				continue;
			is = &r->issues[r->nissues++];
			is->group = g;
			is->cpu = c == nc ? -1 : c;
			snprintf(is->kind, sizeof(is->kind), "%s", ak_name[a]);
			is->amount = ac->sum[a * (nc + 1) + c] / n;
			is->checked = checked;
			if (c == nc)	/* no CPU to name */
				snprintf(is->detail, sizeof(is->detail),
					 "%s: %s (%s) in %d of %d samples, mean %.0f",
					 s->groups[g].path, ak_name[a],
					 a == AK_UNPROP ?
					 "group entity's load below its cfs_rq's" :
					 "tg_load_avg - sum of shown contribs",
					 n, checked, is->amount);
			else
				snprintf(is->detail, sizeof(is->detail),
					 "%s: %s on cpu%d in %d of %d samples, mean %.0f",
					 s->groups[g].path, ak_name[a], c, n,
					 checked, is->amount);
		}
}

void vd_check_aggregation(const struct vd_input *in, int first, int last,
			  struct scn_result *r)
{
	const struct scenario *s = in->s;
	int nc = in->ss->ncpus, shift = agg_shift(s), g, k;
	struct agg_counts ac = {
		.nc = nc,
		.cnt = calloc((size_t)AK_N * (nc + 1), sizeof(int)),
		.sum = calloc((size_t)AK_N * (nc + 1), sizeof(double)),
	};
	struct scn_state *st = calloc(1, sizeof(*st));
	uint64_t *clean = calloc(last >= first ? last - first + 1 : 1,
				 sizeof(*clean));
	struct scn_event_pos pos;

	r->agg_ok = true;
	r->agg_checked = 0;
	if (!ac.cnt || !ac.sum || !st || !clean || in->src == PELT_SRC_NONE)
		goto out;
	for (k = first; k <= last; k++)
		clean[k - first] = agg_clean_cpus(in, &in->ss->v[k]);
	ac.hop = in->ss->hop || scn_find_hopper(s, -1) >= 0;
	for (g = 0; g < s->ngroups; g++) {
		memset(ac.cnt, 0, sizeof(int) * AK_N * (nc + 1));
		memset(ac.sum, 0, sizeof(double) * AK_N * (nc + 1));
		ac.checked = ac.prop_checked = 0;
		scn_event_init(&pos);
		for (k = first; k <= last; k++) {
			const struct sample *sm = &in->ss->v[k];
			const struct scn_state *kst;
			double tg;

			if (!sm->pelt_ok || !sm->pelt.grp[g].present)
				continue;
			tg = pelt_tg_load_avg(&sm->pelt, g);
			if (tg < 0)
				continue;
			ac.checked++;
			kst = vd_state(in, k, st, &pos);
			agg_check_sum(in, kst, &sm->pelt, g, tg, &ac);
			agg_check_cpus(in, kst, sm, g, shift,
				       clean[k - first], &ac);
		}
		r->agg_checked += ac.checked;
		agg_issues(s, g, &ac, r);
	}
out:
	free(ac.cnt);
	free(ac.sum);
	free(st);
	free(clean);
}
