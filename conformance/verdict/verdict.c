// SPDX-License-Identifier: GPL-2.0
/*
 * verdict.c - measured split vs kernel model vs ideal, with statistics,
 * and the check of the PELT aggregate against its definition.
 *
 * Aggregation check (per group, on every sample of the window):
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
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "verdict/hopper.h"
#include "verdict/verdict.h"

#define AGG_ABS_SLACK	8.0	/* load units: rounding, tiny loads */

void vd_diag(struct scn_result *r, const char *fmt, ...)
{
	va_list ap;

	if (r->ndiag >= VD_MAX_DIAG)
		return;
	va_start(ap, fmt);
	vsnprintf(r->diag[r->ndiag++], VD_DIAG_LEN, fmt, ap);
	va_end(ap);
}

static int ival_alloc(struct ival *iv, int ng, int nc, int ni)
{
	int k;

	memset(iv, 0, sizeof(*iv));
	iv->meas = calloc(ng + 1, sizeof(double));
	for (k = 0; k < KM_KINDS; k++)
		iv->pred[k] = calloc(ng + 1, sizeof(double));
	iv->cap = calloc(nc + 1, sizeof(double));
	iv->gcpu_meas = calloc((size_t)(ng + 1) * nc, sizeof(double));
	iv->gcpu_pred = calloc((size_t)(ng + 1) * nc, sizeof(double));
	iv->share = calloc(ni + 1, sizeof(double));
	iv->share_on = calloc(ni + 1, sizeof(double));
	iv->d = calloc(ni + 1, sizeof(double));
	iv->cpu = calloc(ni + 1, sizeof(int));
	iv->replay = calloc(1, sizeof(*iv->replay));
	if (hop_ival_alloc(&iv->hop, ng, nc, ni))
		return -ENOMEM;
	if (!iv->replay ||
	    !iv->meas || !iv->pred[0] || !iv->pred[1] || !iv->pred[2] ||
	    !iv->cap || !iv->gcpu_meas || !iv->gcpu_pred || !iv->share ||
	    !iv->share_on || !iv->d || !iv->cpu)
		return -ENOMEM;
	return 0;
}

static void ival_free(struct ival *iv)
{
	int k;

	free(iv->meas);
	for (k = 0; k < KM_KINDS; k++)
		free(iv->pred[k]);
	free(iv->cap);
	free(iv->gcpu_meas);
	free(iv->gcpu_pred);
	free(iv->share);
	free(iv->share_on);
	free(iv->d);
	free(iv->cpu);
	free(iv->replay);
	hop_ival_free(&iv->hop);
}

/*
 * The state the interval ending at sample k was in: the window's (in->st),
 * unless repeats change it during the window; then the state after the
 * events applied before sample k (the runner samples right before each
 * firing, so no interval spans one).
 */
static const struct scn_state *vd_state(const struct vd_input *in, int k,
					struct scn_state *st,
					struct scn_event_pos *pos)
{
	if (!in->s->nrepeats || !st)
		return in->st;
	if (!pos->done && !pos->phase)
		scn_state_init(in->s, st);
	scn_state_at(in->s, st, pos, in->ss->v[k].events_done);
	return st;
}

static void ival_reset(struct ival *iv, int ng, int nc)
{
	int kind;

	iv->tot = 0;
	iv->alone = 0;
	iv->unmod = 0;
	memset(iv->meas, 0, sizeof(double) * ng);
	for (kind = 0; kind < KM_KINDS; kind++)
		memset(iv->pred[kind], 0, sizeof(double) * ng);
	memset(iv->cap, 0, sizeof(double) * nc);
	memset(iv->gcpu_meas, 0, sizeof(double) * ng * nc);
	memset(iv->gcpu_pred, 0, sizeof(double) * ng * nc);
}

/* Each instance's CPU time in interval (k-1, k], charged to its CPU. */
static void ival_measure(const struct vd_input *in, int k, struct ival *iv)
{
	const struct scenario *s = in->s;
	const struct sample *a = &in->ss->v[k - 1], *b = &in->ss->v[k];
	int nc = in->ss->ncpus, i, c;

	for (i = 0; i < in->ss->ninst; i++) {
		double d = (double)b->ts[i].ns - (double)a->ts[i].ns;
		int g = iv->st->task_group[in->inst_task[i]];

		c = b->ts[i].cpu;
		if (c < 0 || c >= nc)
			c = a->ts[i].cpu;
		if (d < 0)
			d = 0;
		iv->d[i] = d;
		iv->cpu[i] = c;
		iv->tot += d;
		add_up(s, iv->meas, g, d);
		if (c >= 0 && c < nc) {
			iv->cap[c] += d;
			add_up_cpu(s, iv->gcpu_meas, nc, g, c, d);
		}
	}
}

/* Model kind's CPU time per group in the interval, from iv->share[]. */
static void ival_charge(const struct vd_input *in, const struct sample *b,
			struct ival *iv, int kind, double *runsum)
{
	const struct scenario *s = in->s;
	int nc = in->ss->ncpus, ni = in->ss->ninst, i, c;

	for (i = 0; i < ni; i++)
		if (b->ts[i].cpu >= 0 && b->ts[i].cpu < nc)
			runsum[b->ts[i].cpu] += iv->share[i];
	for (i = 0; i < ni; i++) {
		int g = iv->st->task_group[in->inst_task[i]];
		double p;

		c = iv->cpu[i];
		if (c < 0 || c >= nc)
			continue;
		/*
		 * Nothing runnable on c at the sample, yet time was spent
		 * there: the model has no say, charge it as measured.
		 */
		if (runsum[c] <= 0)
			p = iv->d[i];
		else if (b->ts[i].cpu == c)
			p = iv->share[i] * iv->cap[c];
		else
			p = 0;
		add_up(s, iv->pred[kind], g, p);
		if (kind == KM_DEFINED)
			add_up_cpu(s, iv->gcpu_pred, nc, g, c, p);
	}
}

/*
 * What the interval tested (model defined): a task alone on its CPU with
 * its full share is charged its own time by construction, and time on a
 * CPU where no runnable task was sampled is charged as measured; only the
 * rest can disagree with the model.
 */
static void ival_coverage(const struct vd_input *in, const struct sample *b,
			  struct ival *iv)
{
	int nc = in->ss->ncpus, ni = in->ss->ninst, i, c;
	int n[SCN_MAX_CPUS] = { 0 };
	double full[SCN_MAX_CPUS] = { 0 };

	for (i = 0; i < ni; i++) {
		c = b->ts[i].cpu;
		if (c < 0 || c >= nc || iv->share[i] <= 0)
			continue;
		n[c]++;
		full[c] = iv->share[i];
	}
	for (i = 0; i < ni; i++) {
		c = iv->cpu[i];
		if (c < 0 || c >= nc)
			continue;
		if (!n[c])
			iv->unmod += iv->d[i];
		else if (n[c] == 1 && full[c] >= VD_FULL_SHARE)
			iv->alone += iv->d[i];
	}
}

/* Interval k's state and measured CPU time, from a cleared iv. */
static void ival_measure_at(const struct vd_input *in, int k,
			    struct ival *iv)
{
	ival_reset(iv, in->s->ngroups, in->ss->ncpus);
	iv->st = vd_state(in, k, iv->replay, &iv->pos);
	ival_measure(in, k, iv);
}

static int eval_interval(const struct vd_input *in, int k, struct ival *iv,
			 struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	const struct sample *b = &ss->v[k];
	int nc = ss->ncpus, kind, fb;
	struct km_input km;
	struct km_meas m = { .d = iv->d, .cpu = iv->cpu, .cap = iv->cap };
	bool bw;

	ival_measure_at(in, k, iv);
	fb = hop_eval(in, k, iv, r);
	if (fb <= 0)
		return fb;
	memset(&km, 0, sizeof(km));
	km.s = in->s;
	km.st = iv->st;
	km.p = sset_pelt(ss, k);
	km.online = b->online;
	km.ncpus = nc;
	km.ninst = ss->ninst;
	km.inst_task = in->inst_task;
	km.ts = b->ts;
	bw = km_bw_limited(&km);
	for (kind = 0; kind < KM_KINDS; kind++) {
		double *runsum = calloc(nc, sizeof(double));

		if (!runsum)
			return -ENOMEM;
		fb = bw ? km_shares_bw(&km, kind, &m, iv->share, iv->share_on) :
			  km_shares(&km, kind, iv->share);
		if (fb < 0) {
			free(runsum);
			return fb;
		}
		if (r)
			r->km_fallbacks[kind] += fb;
		ival_charge(in, b, iv, kind, runsum);
		if (kind == KM_DEFINED)
			ival_coverage(in, b, iv);
		free(runsum);
	}
	return 0;
}

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
 * the tasks below the group (at 208 groups the scan, done for every
 * group, CPU and sample, was a tenth of a look's analysis).
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

/*
 * Convergence after each phase: the time from the phase until the
 * measured split, averaged over a sub-window's worth of intervals, comes
 * within tolerance of the window's measured split for good (until the
 * next phase or the window). -1: not within that time.
 */
static void convergence(const struct vd_input *in, struct ival *iv,
			int first, int per_sub, struct scn_result *r)
{
	const struct scenario *s = in->s;
	const struct sample_set *ss = in->ss;
	int ng = s->ngroups, p, k, g, j;
	double *acc = calloc((size_t)(ng + 1) * (per_sub + 1), sizeof(double));
	double *tot = calloc(per_sub + 1, sizeof(double));

	r->nconv = 0;
	for (p = 0; p < s->nphases && acc && tot; p++) {
		uint64_t at = s->phases[p].at_us, until = ss->v[first].t_us;
		int64_t conv = -1;
		int n = 0;

		for (j = p + 1; j < s->nphases; j++)
			if (s->phases[j].at_us > at) {
				until = s->phases[j].at_us;
				break;
			}
		memset(tot, 0, sizeof(double) * per_sub);
		for (k = 1; k < ss->n && ss->v[k].t_us <= until; k++) {
			double dev = 0, t = 0;
			int slot = n % per_sub;

			if (ss->v[k - 1].t_us < at)
				continue;
			if (eval_interval(in, k, iv, NULL))
				continue;
			for (g = 0; g < ng; g++)
				acc[slot * ng + g] = iv->meas[g];
			tot[slot] = iv->tot;
			if (++n < per_sub)
				continue;
			for (j = 0; j < per_sub; j++)
				t += tot[j];
			if (t <= 0)
				continue;
			for (g = 0; g < ng; g++) {
				double m = 0;

				for (j = 0; j < per_sub; j++)
					m += acc[j * ng + g];
				dev = fmax(dev, fabs(m / t - r->g[g].measured));
			}
			if (dev > s->tolerance)
				conv = -1;
			else if (conv < 0)
				conv = (int64_t)(ss->v[k].t_us - at);
		}
		r->conv[r->nconv].phase = p;
		r->conv[r->nconv].at_us = at;
		r->conv[r->nconv].converged_after_us = conv;
		r->nconv++;
	}
	free(acc);
	free(tot);
}

/*
 * A vCPU the host stops keeps its task's runtime still until it runs
 * again, then charges the whole gap at once: tasks' time in one interval
 * then exceeds what the online CPUs had (a running task's schedstat lags
 * by at most a tick, so honest intervals stay within a few ms).
 */
static void note_excess(const struct sample_set *ss, int k, double tot_ns,
			struct scn_result *r)
{
	scn_cpumask_t all = ss->ncpus >= 64 ? ~0ull : (1ull << ss->ncpus) - 1;
	int ncpu = scn_cpumask_count(ss->v[k].online & all);
	double cap_ns;

	if (!ncpu)
		ncpu = ss->ncpus;
	cap_ns = (double)(ss->v[k].t_us - ss->v[k - 1].t_us) * 1000.0 * ncpu;
	if (tot_ns - cap_ns > (double)r->charge_excess_us * 1000.0)
		r->charge_excess_us = (uint64_t)llround((tot_ns - cap_ns) /
							1000.0);
}

/* Stall charges (see workload.c) in the interval (k-1, k]. */
static void note_stall(const struct vd_input *in,
		       const struct scn_state *st, int k, bool tail,
		       struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	const struct sample *a = &ss->v[k - 1], *b = &ss->v[k];
	double by_group[SCN_MAX_GROUPS] = { 0 }, worst = 0;
	uint64_t tot = 0;
	int i, g;

	for (i = 0; i < ss->ninst; i++) {
		uint64_t d = b->ts[i].stall_ns >= a->ts[i].stall_ns ?
			     b->ts[i].stall_ns - a->ts[i].stall_ns : 0;

		g = st->task_group[in->inst_task[i]];
		tot += d;
		by_group[g] += (double)d;
		for (; tail && g >= 0; g = in->s->groups[g].parent)
			r->g[g].stall_tail_ns += (double)d;
	}
	r->stall_us += tot / 1000;
	if (tot / 1000 <= r->stall_max_us)
		return;
	r->stall_max_us = tot / 1000;
	r->stall_max_at_us = b->t_us;
	for (g = 0; g < in->s->ngroups; g++)
		if (by_group[g] > worst) {
			worst = by_group[g];
			r->stall_max_group = g;
		}
}

/* Stall charges in the last sub-window, all groups. */
static double stall_tail_total(const struct scenario *s,
			       const struct scn_result *r)
{
	double t = 0;
	int g;

	for (g = 0; g < s->ngroups; g++)
		if (s->groups[g].parent < 0)
			t += r->g[g].stall_tail_ns;
	return t;
}

/*
 * Could stall charges late in the window (see scn_result.stall_explains)
 * account for the excess of a failing group's interval @e beyond @tol?
 * Stalls land on whatever task is current, in proportion to the time each
 * runs; only a group's charge beyond its share of them (@imb: charged to
 * its subtree - its measured fraction * all charges) moves its share.
 */
static bool stall_covers(const struct stats_summary *e, double imb,
			 double tol, double tot)
{
	if (e->hi > tol && imb < (e->hi - tol) * tot)
		return false;
	if (e->lo < -tol && -imb < (-tol - e->lo) * tot)
		return false;
	return true;
}

static void explain_by_stalls(const struct scenario *s, double tot,
			      struct scn_result *r)
{
	double tail = stall_tail_total(s, r);
	int g, failing = 0;

	if (r->stall_max_group >= 0)
		vd_diag(r, "host stalls: tasks were charged %.1f ms while their "
			"vCPU did not run, at most %.1f ms in one interval (to "
			"%s, ending %.3f s)", (double)r->stall_us / 1000,
			(double)r->stall_max_us / 1000,
			s->groups[r->stall_max_group].path,
			(double)r->stall_max_at_us / 1e6);
	for (g = 0; g < s->ngroups; g++) {
		const struct grp_result *gr = &r->g[g];
		double imb = gr->stall_tail_ns - gr->measured * tail;

		if (gr->pass)
			continue;
		failing++;
		if (!stall_covers(&gr->err, imb, s->tolerance, tot) ||
		    (gr->has_expected &&
		     !stall_covers(&gr->exp_err, imb, s->tolerance, tot)))
			return;
	}
	if (!failing || !r->agg_ok)
		return;
	r->stall_explains = true;
	vd_diag(r, "host stalls: the failing groups' excess is within their "
		"uneven share of the CPU time charged in the last sub-window "
		"to tasks whose vCPU did not run (%.1f ms in all; CFS repays "
		"such a charge after it, past the window's end)", tail / 1e6);
}

/* The interval (k-1, k] and group with the largest model error. */
struct worst_ival {
	double dev, meas, pred;
	int k, g;
};

static void note_worst(struct worst_ival *wi, const struct ival *iv, int k,
		       int ng)
{
	int kind, g;

	for (kind = 0; kind < KM_KINDS; kind++)
		for (g = 0; g < ng; g++) {
			double dev = iv->meas[g] - iv->pred[kind][g];

			if (fabs(dev) <= fabs(wi[kind].dev))
				continue;
			wi[kind] = (struct worst_ival){ dev, iv->meas[g],
				iv->pred[kind][g], k, g };
		}
}

/*
 * Named in the diagnostics: a lone interval where the model had a task's
 * state wrong stands out from steady noise, and says where to look.
 */
static void report_worst(const struct vd_input *in, const struct worst_ival *w,
			 int first, int nint, int W, struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	const struct task_sample *ts = ss->v[w->k].ts;
	char states[96] = "";
	int i, len = 0;

	if (w->k <= first)
		return;
	/* the task states the model took for the interval */
	for (i = 0; i < ss->ninst && len < (int)sizeof(states) - 24; i++)
		len += snprintf(states + len, sizeof(states) - len, " %s:%c@%d",
				in->s->tasks[in->inst_task[i]].name,
				ts[i].state, ts[i].cpu);
	vd_diag(r, "largest one-interval error: %s %+.1f ms (measured %.1f, "
		"model %.1f ms) in (%.3f, %.3f] s, sub-window %d of %d; "
		"states:%s", in->s->groups[w->g].path, w->dev / 1e6,
		w->meas / 1e6, w->pred / 1e6, ss->v[w->k - 1].t_us / 1e6,
		ss->v[w->k].t_us / 1e6, (w->k - first - 1) * W / nint + 1, W,
		states);
}

/*
 * A task that was runnable at nearly every sample of the window and got
 * no CPU time at all in it is starved: CFS gives every runnable entity of
 * a cfs_rq a turn within its period. Named, not judged: the split shows
 * what it cost (e.g. a vruntime kept from another cfs_rq across a cgroup
 * move), and with a tick-granular sched_clock a task of a tiny weight can
 * be charged nothing in a short window.
 */
static void report_starved(const struct vd_input *in, int first, int last,
			   struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	int i, k;

	if (first < 0 || last - first < 4)
		return;
	for (i = 0; i < ss->ninst; i++) {
		int runnable = 0;

		for (k = first; k <= last; k++)
			runnable += ss->v[k].ts[i].state == 'R';
		if (runnable * 10 < (last - first + 1) * 9 ||
		    ss->v[last].ts[i].ns != ss->v[first].ts[i].ns)
			continue;
		vd_diag(r, "starved: %s (instance %d, on cpu%d) was runnable at "
			"%d of %d samples and got no CPU time in the window",
			in->s->tasks[in->inst_task[i]].name, i,
			ss->v[last].ts[i].cpu, runnable, last - first + 1);
	}
}

/*
 * The model sees every interval of such a window as it was (no sleep,
 * fork or migration between two samples that the sampled states miss),
 * so the cumulative error is a lag CFS keeps bounded - the case
 * stats_summarize_lag() is valid for.
 */
bool vd_steady(const struct scenario *s, const struct scn_state *st)
{
	int t;

	/* the state changes in the window: not one steady model */
	if (s->nrepeats)
		return false;
	for (t = 0; t < s->ntasks; t++) {
		if (st->task_stopped[t])
			continue;
		if (!scn_kind(s->tasks[t].kind)->steady ||
		    scn_cpumask_count(scn_state_task_cpus(s, st, t)) != 1 ||
		    scn_state_under_limit(s, st, st->task_group[t]))
			return false;
	}
	return true;
}

/*
 * The interval of one error series: over the W sub-window errors x[], or
 * (VD_CI_LAG) from the cumulative error lag[0..nint] along the cumulative
 * CPU time cum[]; sub_hw gets the sub-window half-width either way.
 */
static void summarize_error(const struct scn_result *r, const double *x,
			    const double *lag, const double *cum, int nint,
			    double confidence, struct stats_summary *out,
			    double *sub_hw)
{
	struct stats_summary lg;

	stats_summarize_series(x, r->subwindows, confidence, out);
	if (sub_hw)
		*sub_hw = out->half_width;
	if (r->ci_method != VD_CI_LAG)
		return;
	stats_summarize_lag(lag, cum, nint, confidence, r->subwindows - 1,
			    &lg);
	out->mean = lg.mean;
	out->half_width = lg.half_width;
	out->lo = lg.lo;
	out->hi = lg.hi;
	out->rho1 = 0;
}

/*
 * What vd_analyze() sums over the window's intervals (first, last]:
 * per sub-window, cumulative at every interval end, per group and CPU.
 */
struct vd_acc {
	int ng, nc, first, last, nint, W;
	double tot;			/* ns, all instances */
	double window_ns;		/* t(last) - t(first) */
	double *wmeas, *wpred, *wtot;	/* per sub-window: acc_wmeas() ... */
	double *cmeas, *cpred, *ctot;	/* cumulative: acc_cmeas() ... */
	double *gm, *gp;		/* [ng * nc] measured, model defined */
	double *x, *lag;		/* [W], [nint + 1]: one group's errors */
	double tmeas[SCN_MAX_GROUPS];
	double tpred[KM_KINDS][SCN_MAX_GROUPS];
	double icap[SCN_MAX_CPUS];
	double alone, unmod;		/* ns: struct ival's, summed */
	struct ival iv;
	struct worst_ival wi[KM_KINDS];
};

/* Group g's measured CPU time in sub-window w. */
static double *acc_wmeas(struct vd_acc *a, int w, int g)
{
	return &a->wmeas[(size_t)w * a->ng + g];
}

/* ... and model kind's. */
static double *acc_wpred(struct vd_acc *a, int w, int kind, int g)
{
	return &a->wpred[((size_t)w * KM_KINDS + kind) * a->ng + g];
}

/* Group g's measured CPU time up to the end of interval j (0: none). */
static double *acc_cmeas(struct vd_acc *a, int g, int j)
{
	return &a->cmeas[(size_t)g * (a->nint + 1) + j];
}

static double *acc_cpred(struct vd_acc *a, int kind, int g, int j)
{
	return &a->cpred[((size_t)kind * a->ng + g) * (a->nint + 1) + j];
}

/* Samples first and last of the window; r->intervals and subwindows. */
static int vd_window(const struct vd_input *in, struct scn_result *r,
		     struct vd_acc *a)
{
	const struct sample_set *ss = in->ss;
	uint64_t half = in->s->sample_us / 2;
	uint64_t end = in->win_start_us + in->win_len_us;
	int k, W;

	a->first = a->last = -1;
	for (k = 0; k < ss->n; k++) {
		if (a->first < 0 && ss->v[k].t_us + half >= in->win_start_us)
			a->first = k;
		if (ss->v[k].t_us <= end + half)
			a->last = k;
	}
	a->nint = a->first >= 0 && a->last > a->first ? a->last - a->first : 0;
	if (a->nint < 2) {
		r->v = V_ERROR;
		snprintf(r->reason, sizeof(r->reason),
			 "only %d sample intervals in the window", a->nint);
		return -ENODATA;
	}
	r->intervals = a->nint;
	W = in->s->windows < a->nint ? in->s->windows : a->nint;
	if (W > VD_MAX_WINDOWS)
		W = VD_MAX_WINDOWS;
	if (W < 2)
		W = 2;
	r->subwindows = a->W = W;
	return 0;
}

static int acc_alloc(struct vd_acc *a, int ninst)
{
	size_t ng = (size_t)a->ng, W = (size_t)a->W, n1 = (size_t)a->nint + 1;

	if (ival_alloc(&a->iv, a->ng, a->nc, ninst))
		return -ENOMEM;
	a->wmeas = calloc(W * ng, sizeof(double));
	a->wpred = calloc(W * ng * KM_KINDS, sizeof(double));
	a->wtot = calloc(W, sizeof(double));
	a->x = calloc(W, sizeof(double));
	a->gm = calloc(ng * a->nc + 1, sizeof(double));
	a->gp = calloc(ng * a->nc + 1, sizeof(double));
	a->cmeas = calloc(ng * n1, sizeof(double));
	a->cpred = calloc(ng * KM_KINDS * n1, sizeof(double));
	a->ctot = calloc(n1, sizeof(double));
	a->lag = calloc(n1, sizeof(double));
	if (!a->wmeas || !a->wpred || !a->wtot || !a->x || !a->gm || !a->gp ||
	    !a->cmeas || !a->cpred || !a->ctot || !a->lag)
		return -ENOMEM;
	return 0;
}

static void acc_free(struct vd_acc *a)
{
	ival_free(&a->iv);
	free(a->wmeas);
	free(a->wpred);
	free(a->wtot);
	free(a->x);
	free(a->gm);
	free(a->gp);
	free(a->cmeas);
	free(a->cpred);
	free(a->ctot);
	free(a->lag);
}

/* Add interval a->iv, the j-th of the window, in sub-window w. */
static void acc_add(struct vd_acc *a, int j, int w)
{
	const struct ival *iv = &a->iv;
	int g, c, kind;

	a->wtot[w] += iv->tot;
	a->tot += iv->tot;
	a->alone += iv->alone;
	a->unmod += iv->unmod;
	a->ctot[j + 1] = a->tot;
	for (c = 0; c < a->nc; c++)
		a->icap[c] += iv->cap[c];
	for (g = 0; g < a->ng; g++) {
		*acc_wmeas(a, w, g) += iv->meas[g];
		a->tmeas[g] += iv->meas[g];
		*acc_cmeas(a, g, j + 1) = a->tmeas[g];
		for (kind = 0; kind < KM_KINDS; kind++) {
			*acc_wpred(a, w, kind, g) += iv->pred[kind][g];
			a->tpred[kind][g] += iv->pred[kind][g];
			*acc_cpred(a, kind, g, j + 1) = a->tpred[kind][g];
		}
	}
	for (g = 0; g < a->ng * a->nc; g++) {
		a->gm[g] += iv->gcpu_meas[g];
		a->gp[g] += iv->gcpu_pred[g];
	}
}

/* Evaluate and sum every interval of the window; the CPU capacities. */
static int vd_accumulate(const struct vd_input *in, struct vd_acc *a,
			 struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	int k, c, ret;

	r->charge_excess_us = 0;
	r->stall_us = r->stall_max_us = r->stall_max_at_us = 0;
	r->stall_max_group = -1;
	r->stall_explains = false;
	for (k = 0; k < a->ng; k++)
		r->g[k].stall_tail_ns = 0;
	for (k = a->first + 1; k <= a->last; k++) {
		int j = k - a->first - 1, w = j * a->W / a->nint;

		ret = eval_interval(in, k, &a->iv, r);
		if (ret)
			return ret;
		note_worst(a->wi, &a->iv, k, a->ng);
		note_excess(ss, k, a->iv.tot, r);
		note_stall(in, a->iv.st, k, w == a->W - 1, r);
		acc_add(a, j, w);
	}
	a->window_ns = ((double)ss->v[a->last].t_us -
			(double)ss->v[a->first].t_us) * 1000.0;
	if (a->tot <= 0 || a->window_ns <= 0) {
		r->v = V_ERROR;
		snprintf(r->reason, sizeof(r->reason),
			 "no CPU time measured in the window");
		return -ENODATA;
	}
	for (c = 0; c < a->nc; c++)
		r->cpu_capacity[c] = a->icap[c] / a->window_ns;
	return 0;
}

/*
 * Ideal split (CPUs per group) over the window: of its state, or with
 * repeats or hoppers, the time average over the states of its intervals.
 */
static int vd_ideal_window(const struct vd_input *in, struct vd_acc *a,
			   const double *cap, double *gcpu)
{
	const struct sample_set *ss = in->ss;
	struct hop_memo *mm = NULL;
	double one[SCN_MAX_GROUPS], span = 0;
	struct scn_event_pos pos;
	struct scn_state *st;
	int k, g, ret = 0;

	if (!in->s->nrepeats && !ss->hop)
		return ideal_split(in->s, in->st, cap, gcpu, NULL);
	st = calloc(1, sizeof(*st));
	if (ss->hop)
		mm = hop_memo_new();
	if (!st || (ss->hop && !mm)) {
		free(st);
		hop_memo_free(mm);
		return -ENOMEM;
	}
	scn_event_init(&pos);
	memset(gcpu, 0, sizeof(double) * SCN_MAX_GROUPS);
	for (k = a->first + 1; k <= a->last && !ret; k++) {
		double dt = (double)ss->v[k].t_us - (double)ss->v[k - 1].t_us;
		const struct scn_state *sk = vd_state(in, k, st, &pos);

		span += dt;
		if (mm) {
			ret = hop_ideal_interval(in, k, sk, cap, &a->iv, mm,
						 gcpu);
			continue;
		}
		ret = ideal_split(in->s, sk, cap, one, NULL);
		for (g = 0; g < in->s->ngroups; g++)
			gcpu[g] += one[g] * dt;
	}
	for (g = 0; g < in->s->ngroups && span > 0; g++)
		gcpu[g] /= span;
	free(st);
	hop_memo_free(mm);
	return ret;
}

void vd_capacity(const struct scn_result *r, double *cap)
{
	for (int c = 0; c < SCN_MAX_CPUS; c++)
		cap[c] = c < r->ncpus ? r->cpu_capacity[c] : 0;
}

double vd_fractions(const struct scenario *s, const double *gcpu,
		    double *frac)
{
	double tot = 0;
	int g;

	for (g = 0; g < s->ngroups; g++)
		if (s->groups[g].parent < 0)
			tot += gcpu[g];
	for (g = 0; g < s->ngroups; g++)
		frac[g] = tot > 0 ? gcpu[g] / tot : 0;
	return tot;
}

/* Ideal model on the measured capacities. */
static void vd_ideal_shares(const struct vd_input *in, struct vd_acc *a,
			    struct scn_result *r)
{
	const struct scenario *s = in->s;
	double cap[SCN_MAX_CPUS], gcpu_ideal[SCN_MAX_GROUPS];
	double frac[SCN_MAX_GROUPS];
	int g;

	vd_capacity(r, cap);
	if (vd_ideal_window(in, a, cap, gcpu_ideal)) {
		vd_diag(r, "ideal model failed; ideal reported as 0");
		memset(gcpu_ideal, 0, sizeof(gcpu_ideal));
	}
	vd_fractions(s, gcpu_ideal, frac);
	for (g = 0; g < s->ngroups; g++)
		r->g[g].ideal = frac[g];
}

/* The model the errors are taken against (scenario key model). */
static void vd_verdict_kind(const struct scenario *s, struct scn_result *r)
{
	r->se_available = r->km_fallbacks[KM_SE] == 0;
	/* scn_model and km_kind list the models in the same order */
	r->verdict_kind = (enum km_kind)s->model;
	if (r->verdict_kind == KM_SE && !r->se_available) {
		vd_diag(r, "group entity weights were not sampled: verdict "
			"against the defined model instead of the se model");
		r->verdict_kind = KM_DEFINED;
	} else if (r->verdict_kind != KM_DEFINED) {
		vd_diag(r, "verdict against the %s model (scenario key model)",
			km_kind_name(r->verdict_kind));
	}
}

/* Group g's fractions and CPUs over the window, and the models' spread. */
static void group_totals(struct vd_acc *a, int g, struct scn_result *r)
{
	struct grp_result *gr = &r->g[g];
	int c, kind;

	gr->measured = a->tmeas[g] / a->tot;
	gr->measured_cpu = a->tmeas[g] / a->window_ns;
	for (kind = 0; kind < KM_KINDS; kind++)
		gr->model[kind] = a->tpred[kind][g] / a->tot;
	gr->intent_dev = gr->measured - gr->ideal;
	for (c = 0; c < a->nc; c++) {
		gr->cpu_measured[c] = a->gm[(size_t)g * a->nc + c] /
				      a->window_ns;
		gr->cpu_model[c] = a->gp[(size_t)g * a->nc + c] / a->window_ns;
	}
	r->model_disagreement = fmax(r->model_disagreement,
		fabs(gr->model[KM_COMPUTED] - gr->model[KM_DEFINED]));
	r->se_disagreement = fmax(r->se_disagreement,
		fabs(gr->model[KM_SE] - gr->model[KM_DEFINED]));
}

/*
 * Group g's error against the verdict's model. Sub-window deviations in
 * CPU time, all scaled by the mean sub-window total: their mean is
 * exactly the whole-window error, and a deviation one sub-window makes up
 * in the next cancels. (Dividing each by its own total would let a
 * sub-window a host stall left nearly empty weigh as much as a full one.)
 */
static void group_model_error(const struct scenario *s, struct vd_acc *a,
			      int g, struct scn_result *r)
{
	struct grp_result *gr = &r->g[g];
	int w, k, kind = r->verdict_kind;

	for (w = 0; w < a->W; w++)
		a->x[w] = (*acc_wmeas(a, w, g) - *acc_wpred(a, w, kind, g)) /
			  (a->tot / a->W);
	for (k = 0; k <= a->nint; k++)
		a->lag[k] = *acc_cmeas(a, g, k) - *acc_cpred(a, kind, g, k);
	summarize_error(r, a->x, a->lag, a->ctot, a->nint, s->confidence,
			&gr->err, &gr->sub_half_width);
	memcpy(gr->err_w, a->x, sizeof(double) * a->W);
	gr->pass = gr->err.lo >= -s->tolerance && gr->err.hi <= s->tolerance;
}

/* Group g's error against its golden expectation, if it has one. */
static void group_expected(const struct scenario *s, struct vd_acc *a, int g,
			   struct scn_result *r)
{
	struct grp_result *gr = &r->g[g];
	int e, w, k;

	gr->has_expected = false;
	for (e = 0; e < s->nexpect; e++) {
		if (s->expect[e].group != g)
			continue;
		gr->has_expected = true;
		gr->expected = s->expect[e].fraction;
		for (w = 0; w < a->W; w++)
			a->x[w] = (*acc_wmeas(a, w, g) -
				   gr->expected * a->wtot[w]) / (a->tot / a->W);
		for (k = 0; k <= a->nint; k++)
			a->lag[k] = *acc_cmeas(a, g, k) -
				    gr->expected * a->ctot[k];
		summarize_error(r, a->x, a->lag, a->ctot, a->nint,
				s->confidence, &gr->exp_err, NULL);
		if (gr->exp_err.lo < -s->tolerance ||
		    gr->exp_err.hi > s->tolerance)
			gr->pass = false;
	}
}

/* The first failing group gives the scenario's reason. */
static void group_fail(const struct scenario *s, int g, struct scn_result *r)
{
	const struct grp_result *gr = &r->g[g];
	bool model_ok;

	if (gr->pass || r->v != V_PASS)
		return;
	model_ok = gr->err.lo >= -s->tolerance && gr->err.hi <= s->tolerance;
	r->v = V_FAIL;
	if (model_ok)
		snprintf(r->reason, sizeof(r->reason),
			 "%s: measured - expected %.4f CI [%+.4f, %+.4f] outside +-%.4f",
			 s->groups[g].path, gr->expected, gr->exp_err.lo,
			 gr->exp_err.hi, s->tolerance);
	else
		snprintf(r->reason, sizeof(r->reason),
			 "%s: measured - model CI [%+.4f, %+.4f] outside +-%.4f",
			 s->groups[g].path, gr->err.lo, gr->err.hi,
			 s->tolerance);
}

/* Every group's verdict; r->v PASS or FAIL. */
static void vd_groups(const struct vd_input *in, struct vd_acc *a,
		      struct scn_result *r)
{
	const struct scenario *s = in->s;
	int g;

	r->ci_method = a->nint >= 4 && vd_steady(s, in->st) ? VD_CI_LAG :
							      VD_CI_SUBWINDOWS;
	r->v = V_PASS;
	r->model_disagreement = 0;
	r->se_disagreement = 0;
	vd_verdict_kind(s, r);
	for (g = 0; g < a->ng; g++) {
		group_totals(a, g, r);
		group_model_error(s, a, g, r);
		group_expected(s, a, g, r);
		r->g[g].usage_cpu = NAN;
		r->g[g].usage_task_cpu = NAN;
		group_fail(s, g, r);
	}
}

/* Did the window test the model at all? (ival_coverage()) */
static void vd_coverage(const struct vd_acc *a,
			struct scn_result *r)
{
	bool expected = false;
	int g;

	r->alone = a->alone / a->tot;
	r->unmodelled = a->unmod / a->tot;
	r->tested = fmax(0, 1 - r->alone - r->unmodelled);
	for (g = 0; g < a->ng; g++)
		expected |= r->g[g].has_expected;
	vd_diag(r, "coverage: %.1f %% of the CPU time shared under the model, "
		"%.1f %% a task alone on its CPU, %.1f %% where no runnable "
		"task was sampled", 100 * r->tested, 100 * r->alone,
		100 * r->unmodelled);
	if (r->v != V_PASS)
		return;
	if (r->unmodelled > VD_UNMODELLED_MAX) {
		r->v = V_ERROR;
		snprintf(r->reason, sizeof(r->reason),
			 "%.1f %% of the CPU time ran on CPUs where no runnable "
			 "task was sampled: the model had no say over it",
			 100 * r->unmodelled);
	} else if (r->tested <= 0 && !expected) {
		r->v = V_ERROR;
		snprintf(r->reason, sizeof(r->reason),
			 "nothing tested: every task ran alone on its CPU (its "
			 "time is its model by construction) and no group has "
			 "an expect line");
	}
}

/* Diagnostics, the aggregation check, stalls, convergence. */
static void vd_finalise(const struct vd_input *in, struct vd_acc *a,
			struct scn_result *r)
{
	int k, kind;

	report_worst(in, &a->wi[r->verdict_kind], a->first, a->nint, a->W, r);
	report_starved(in, a->first, a->last, r);
	report_hoppers(in, &a->iv, a->first, a->last, r);
	vd_check_aggregation(in, a->first, a->last, r);
	/* an aggregation failure is never the host's */
	explain_by_stalls(in->s, a->tot, r);
	if (!r->agg_ok) {
		if (r->v == V_PASS) {
			r->v = V_FAIL;
			snprintf(r->reason, sizeof(r->reason),
				 "aggregation: %s", r->nissues ?
				 r->issues[0].detail : "broken");
		}
		for (k = 0; k < r->nissues; k++)
			vd_diag(r, "aggregation: %s", r->issues[k].detail);
	}
	convergence(in, &a->iv, a->first,
		    a->nint / a->W > 0 ? a->nint / a->W : 1, r);
	for (kind = 0; kind < KM_KINDS; kind++)
		if (r->km_fallbacks[kind])
			vd_diag(r, "model %s: %d group weights from a fallback",
				km_kind_name(kind), r->km_fallbacks[kind]);
}

int vd_analyze(const struct vd_input *in, struct scn_result *r)
{
	struct vd_acc *a;
	int ret;

	r->src = in->src;
	r->win_start_us = in->win_start_us;
	r->win_len_us = in->win_len_us;
	r->ncpus = in->ss->ncpus;
	r->samples = in->ss->n;
	a = calloc(1, sizeof(*a));
	if (!a)
		goto nomem;
	a->ng = in->s->ngroups;
	a->nc = in->ss->ncpus;
	ret = vd_window(in, r, a);
	if (ret)
		goto out;
	if (acc_alloc(a, in->ss->ninst))
		goto nomem;
	ret = vd_accumulate(in, a, r);
	if (ret)
		goto out;
	vd_ideal_shares(in, a, r);
	vd_groups(in, a, r);
	vd_coverage(a, r);
	vd_finalise(in, a, r);
	goto out;
nomem:
	r->v = V_ERROR;
	snprintf(r->reason, sizeof(r->reason), "out of memory");
	ret = -ENOMEM;
out:
	if (a)
		acc_free(a);
	free(a);
	return ret;
}

/*
 * The samples with cgroup usage: the window's first (*a) and the last
 * one (*b), which the runner takes after the deciding window. NULL, or
 * why there is no such pair.
 */
static const char *usage_span(const struct sample_set *ss, int *a, int *b)
{
	int k;

	for (*a = -1, k = 0; k < ss->n && *a < 0; k++)
		if (ss->v[k].usage_ok)
			*a = k;
	*b = ss->n - 1;
	if (*a < 0)
		return "no usage read at the window's start";
	if (*b <= *a || !ss->v[*b].usage_ok)
		return "no usage read after the window";
	return NULL;
}

/* Each group's task CPU time over samples (a, b], ns, as the verdict's. */
static int usage_task_ns(const struct vd_input *in, int a, int b,
			 double *ns)
{
	int ng = in->s->ngroups, g, k, ret;
	struct ival iv;

	ret = ival_alloc(&iv, ng, in->ss->ncpus, in->ss->ninst);
	scn_event_init(&iv.pos);
	for (k = a + 1; !ret && k <= b; k++) {
		ival_measure_at(in, k, &iv);
		for (g = 0; g < ng; g++)
			ns[g] += iv.meas[g];
	}
	ival_free(&iv);
	return ret;
}

void vd_usage_check(const struct vd_input *in, struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	double *ns = calloc(in->s->ngroups + 1, sizeof(*ns)), span;
	int a, b, g, off = 0;
	const char *why = usage_span(ss, &a, &b);

	if (!why && (!ns || usage_task_ns(in, a, b, ns)))
		why = "out of memory";
	if (why) {
		for (g = 0; g < in->s->ngroups; g++)
			r->g[g].usage_cpu = r->g[g].usage_task_cpu = NAN;
		vd_diag(r, "cgroup usage cross-check: not done (%s); no group has usage_cpu",
			why);
		free(ns);
		return;
	}
	span = ((double)ss->v[b].t_us - (double)ss->v[a].t_us) * 1000.0;
	for (g = 0; g < in->s->ngroups; g++) {
		struct grp_result *gr = &r->g[g];

		gr->usage_cpu = ((double)ss->v[b].usage_us[g] -
				 (double)ss->v[a].usage_us[g]) * 1000.0 / span;
		gr->usage_task_cpu = ns[g] / span;
		if (fabs(gr->usage_cpu - gr->usage_task_cpu) <=
		    0.02 * fmax(gr->usage_task_cpu, 0.05))
			continue;
		off++;
		vd_diag(r, "%s: cgroup usage %.4f CPUs vs task sum %.4f CPUs",
			in->s->groups[g].path, gr->usage_cpu,
			gr->usage_task_cpu);
	}
	vd_diag(r, "cgroup usage cross-check (%.3f-%.3f s): %d of %d groups off by more than 2 %%",
		ss->v[a].t_us / 1e6, ss->v[b].t_us / 1e6, off,
		in->s->ngroups);
	free(ns);
}
