// SPDX-License-Identifier: GPL-2.0
/*
 * hopper.c - the sub-interval model of the self-migrating tasks
 * (kind=hopper): a sample interval (k-1, k] is split at the hops the
 * hoppers logged into sub-intervals of fixed placement. Each is modelled
 * with km_shares() on its placement, the predicted time is their sum
 * (model.h, subival.c), and a hopper's measured time per CPU is its own
 * count's split of the kernel's total for it. The ideal split is the
 * time average over the same pieces (docs/verdict.md, "Self-migrating
 * tasks").
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/hopper.h"

/* A mean PELT state of one placement of the hoppers (hop_pelt()). */
#define VD_HOP_PCACHE	4
struct hop_pcache {
	int k, n;			/* interval, reads averaged (0: none) */
	int cur[SCN_MAX_HOPPERS];
	struct pelt_snap snap;
};

struct hop_cut {
	double t;			/* ns after the interval's start */
	int h, cpu;			/* hopper h moved to cpu */
};

int hop_ival_alloc(struct hop_ival *hv, int ng, int nc, int ni)
{
	int k;

	hv->hm = calloc((size_t)(ni + 1) * nc, sizeof(double));
	hv->hp = calloc((size_t)(ni + 1) * nc, sizeof(double));
	hv->hcpu = calloc(ni + 1, sizeof(int));
	hv->hts = calloc(ni + 1, sizeof(*hv->hts));
	hv->pcache = calloc(VD_HOP_PCACHE, sizeof(*hv->pcache));
	if (!hv->hm || !hv->hp || !hv->hcpu || !hv->hts || !hv->pcache ||
	    km_sub_init(&hv->sub, ni, nc))
		return -ENOMEM;
	for (k = 0; k < VD_HOP_PCACHE; k++) {
		hv->pcache[k].k = -1;
		if (pelt_snap_alloc(&hv->pcache[k].snap, ng, nc))
			return -ENOMEM;
	}
	return 0;
}

void hop_ival_free(struct hop_ival *hv)
{
	int k;

	free(hv->hm);
	free(hv->hp);
	free(hv->hcpu);
	free(hv->hts);
	free(hv->cut);
	km_sub_free(&hv->sub);
	for (k = 0; hv->pcache && k < VD_HOP_PCACHE; k++)
		pelt_snap_free(&hv->pcache[k].snap);
	free(hv->pcache);
}

/* Are both ends of interval k read whole for every hopper? */
static bool hop_ok(const struct hop_log *hl, int k)
{
	if (!hl || !hl->n || k < 1)
		return false;
	for (int h = 0; h < hl->n; h++)
		if (!hop_at(hl, k - 1, h)->ok || !hop_at(hl, k, h)->ok)
			return false;
	return true;
}

/* The hops of interval k, in time order, into iv->hop.cut; 0 or -errno. */
static int hop_cuts(const struct hop_log *hl, int k, struct ival *iv)
{
	double t0 = (double)hop_at(hl, k - 1, 0)->t_ns;
	int h, j, n = 0;

	iv->hop.span = (double)hop_at(hl, k, 0)->t_ns - t0;
	for (h = 0; h < hl->n; h++)
		n += hop_at(hl, k, h)->nev;
	if (n > iv->hop.cut_cap) {
		struct hop_cut *c = realloc(iv->hop.cut, sizeof(*c) * n);

		if (!c)
			return -ENOMEM;
		iv->hop.cut = c;
		iv->hop.cut_cap = n;
	}
	iv->hop.ncut = 0;
	for (h = 0; h < hl->n; h++) {
		const struct hop_read *rd = hop_at(hl, k, h);

		for (j = 0; j < rd->nev; j++) {
			const struct wl_hop_ev *e = &hl->ev[rd->ev0 + j];
			struct hop_cut c = { fmin(fmax((double)e->t_ns - t0, 0),
						  iv->hop.span), h, e->cpu };
			int at = iv->hop.ncut++;

			for (; at > 0 && iv->hop.cut[at - 1].t > c.t; at--)
				iv->hop.cut[at] = iv->hop.cut[at - 1];
			iv->hop.cut[at] = c;
		}
	}
	return 0;
}

/*
 * Calls fn(cur, len, ctx) for each sub-interval of interval k (after
 * hop_cuts()): the hoppers' placement cur[] in it and its length in ns;
 * stops at fn's first non-zero return and gives it back.
 */
typedef int hop_sub_fn(const int *cur, double len, void *ctx);

static int hop_walk(const struct hop_log *hl, int k, const struct ival *iv,
		    hop_sub_fn *fn, void *ctx)
{
	int cur[SCN_MAX_HOPPERS], h, j, ret;
	double t = 0;

	for (h = 0; h < hl->n; h++)
		cur[h] = hop_at(hl, k - 1, h)->cpu;
	for (j = 0; j <= iv->hop.ncut; j++) {
		double next = j < iv->hop.ncut ? iv->hop.cut[j].t :
						  iv->hop.span;

		if (next > t) {
			ret = fn(cur, next - t, ctx);
			if (ret)
				return ret;
			t = next;
		}
		if (j < iv->hop.ncut)
			cur[iv->hop.cut[j].h] = iv->hop.cut[j].cpu;
	}
	return 0;
}

/*
 * Does sample m's PELT read show the placement @cur of the hoppers, in
 * the state of sample b (same events, online CPUs, other tasks)? Then it
 * is the kernel's state with the hoppers there: a hop moves a task's load
 * from one CPU's group cfs_rqs to another's at once, so the read of the
 * interval's own sample shows the other placement's loads on the wrong
 * CPUs. No hopper hopped between the read of the tasks and the PELT
 * read's end (hop_read.moved).
 */
static bool hop_pelt_fits(const struct sample_set *ss, int m, const int *cur,
			  const struct sample *b)
{
	const struct hop_log *hl = ss->hop;
	const struct sample *sm = &ss->v[m];
	int h, i;

	if (!sm->pelt_ok)
		return false;
	for (h = 0; h < hl->n; h++) {
		const struct hop_read *rd = hop_at(hl, m, h);

		if (!rd->ok || rd->moved || rd->cpu != cur[h])
			return false;
	}
	for (i = 0, h = 0; i < ss->ninst; i++) {
		if (h < hl->n && hl->inst[h] == i) {
			h++;
			continue;
		}
		if (sm->ts[i].cpu != b->ts[i].cpu ||
		    sm->ts[i].state != b->ts[i].state)
			return false;
	}
	return true;
}

/*
 * The PELT state the sub-intervals of interval k with the hoppers at
 * @cur are modelled with: the mean (km_pelt_mean()) of the latest
 * VD_HOP_PELT_MEAN reads at or before sample k, at most VD_HOP_PELT_AGE
 * before it, in k's state, that saw the hoppers there; else the
 * interval's own read, *miss set. Assumed: the group PELT state with the
 * hoppers at one placement goes through the same course at each stay
 * there (the other tasks steady); the sample phases are random, so the
 * reads fall evenly over that course. Cached per interval and placement.
 */
#define VD_HOP_PELT_MEAN	8
#define VD_HOP_PELT_AGE		1500000ull

static const struct pelt_snap *hop_pelt(const struct sample_set *ss, int k,
					const int *cur, bool *miss,
					struct ival *iv)
{
	const struct sample *b = &ss->v[k];
	const struct pelt_snap *got[VD_HOP_PELT_MEAN];
	struct hop_pcache *pc;
	int n = 0, j;

	for (j = 0; j < VD_HOP_PCACHE; j++) {
		pc = &iv->hop.pcache[j];
		if (pc->k == k && !memcmp(pc->cur, cur, sizeof(int) *
					  ss->hop->n))
			return pc->n ? &pc->snap : sset_pelt(ss, k);
	}
	for (int m = k; m >= 0 && n < VD_HOP_PELT_MEAN &&
	     ss->v[m].t_us + VD_HOP_PELT_AGE >= b->t_us; m--) {
		if (ss->v[m].events_done != b->events_done ||
		    ss->v[m].online != b->online)
			break;
		if (hop_pelt_fits(ss, m, cur, b))
			got[n++] = &ss->v[m].pelt;
	}
	pc = &iv->hop.pcache[iv->hop.pnext++ % VD_HOP_PCACHE];
	pc->k = k;
	memcpy(pc->cur, cur, sizeof(int) * ss->hop->n);
	pc->n = n;
	if (n && pc->snap.grp)
		km_pelt_mean(&pc->snap, got, n);
	else if (n)
		pc->n = 0;
	if (!pc->n)
		*miss = true;
	return pc->n ? &pc->snap : sset_pelt(ss, k);
}

/*
 * The measured time per instance and CPU (iv->hop.hm): ival_measure()'s, a
 * hopper's total (the kernel's) split over the CPUs as its own count
 * says (its own clock lags a host stall by up to a chunk of work; only
 * the split comes from it).
 */
static void hop_measure(const struct vd_input *in, int k, struct ival *iv)
{
	const struct hop_log *hl = in->ss->hop;
	int nc = in->ss->ncpus, i, h, c;

	memset(iv->hop.hm, 0, sizeof(double) * in->ss->ninst * nc);
	for (i = 0; i < in->ss->ninst; i++)
		if (iv->cpu[i] >= 0 && iv->cpu[i] < nc)
			iv->hop.hm[(size_t)i * nc + iv->cpu[i]] = iv->d[i];
	for (h = 0; h < hl->n; h++) {
		const struct hop_read *a = hop_at(hl, k - 1, h);
		const struct hop_read *b = hop_at(hl, k, h);
		int g;
		double own = 0;

		i = hl->inst[h];
		g = iv->st->task_group[in->inst_task[i]];
		for (c = 0; c < nc; c++)
			own += (double)(b->cpu_ns[c] - a->cpu_ns[c]);
		if (own <= 0)
			continue;
		for (c = 0; c < nc; c++) {
			double x = iv->d[i] * (double)(b->cpu_ns[c] -
						       a->cpu_ns[c]) / own;
			double was = iv->hop.hm[(size_t)i * nc + c];

			iv->hop.hm[(size_t)i * nc + c] = x;
			iv->cap[c] += x - was;
			add_up_cpu(in->s, iv->gcpu_meas, nc, g, c, x - was);
		}
	}
}

/* Sub-interval (frac, hoppers at cur[]) of interval k, model kind. */
static int hop_sub(const struct vd_input *in, int k, struct ival *iv,
		   int kind, const int *cur, double frac, struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	const struct hop_log *hl = ss->hop;
	const struct sample *b = &ss->v[k];
	struct km_input km;
	bool miss = false;
	int i, fb;

	memcpy(iv->hop.hts, b->ts, sizeof(*iv->hop.hts) * ss->ninst);
	for (int h = 0; h < hl->n; h++) {
		struct task_sample *t = &iv->hop.hts[hl->inst[h]];

		/*
		 * A hopper read in its own hop waits for the migration (D):
		 * it spins the rest of the time, so it is runnable unless
		 * stopped.
		 */
		t->cpu = cur[h];
		if (t->state != 'T' && t->state != 't')
			t->state = 'R';
	}
	memset(&km, 0, sizeof(km));
	km.s = in->s;
	km.st = iv->st;
	km.p = hop_pelt(ss, k, cur, &miss, iv);
	km.online = b->online;
	km.ncpus = ss->ncpus;
	km.ninst = ss->ninst;
	km.inst_task = in->inst_task;
	km.ts = iv->hop.hts;
	fb = km_shares(&km, kind, iv->share);
	if (fb < 0)
		return fb;
	if (r)
		r->km_fallbacks[kind] += fb + miss;
	for (i = 0; i < ss->ninst; i++)
		iv->hop.hcpu[i] = iv->hop.hts[i].state == 'R' ? iv->hop.hts[i].cpu : -1;
	km_sub_add(&iv->hop.sub, frac, iv->hop.hcpu, iv->share, VD_FULL_SHARE);
	return 0;
}

/* Model kind over the sub-intervals of interval k, into iv->hop.sub. */
struct hop_model_ctx {
	const struct vd_input *in;
	struct ival *iv;
	struct scn_result *r;
	int k, kind;
};

static int hop_model_sub(const int *cur, double len, void *ctx)
{
	struct hop_model_ctx *x = ctx;

	return hop_sub(x->in, x->k, x->iv, x->kind, cur,
		       len / x->iv->hop.span, x->r);
}

static int hop_model(const struct vd_input *in, int k, struct ival *iv,
		     int kind, struct scn_result *r)
{
	struct hop_model_ctx x = { in, iv, r, k, kind };

	km_sub_reset(&iv->hop.sub);
	return hop_walk(in->ss->hop, k, iv, hop_model_sub, &x);
}

/* Model kind's prediction per instance and CPU, into the groups'. */
static void hop_charge(const struct vd_input *in, struct ival *iv, int kind)
{
	int nc = in->ss->ncpus, i, c;

	for (i = 0; i < in->ss->ninst; i++) {
		int g = iv->st->task_group[in->inst_task[i]];

		for (c = 0; c < nc; c++) {
			double p = iv->hop.hp[(size_t)i * nc + c];

			add_up(in->s, iv->pred[kind], g, p);
			if (kind == KM_DEFINED)
				add_up_cpu(in->s, iv->gcpu_pred, nc, g, c, p);
		}
	}
}

/*
 * Interval k with hoppers, after ival_measure(): 0 when modelled here,
 * 1 when it has no hoppers or their reads are not whole (the interval
 * model then takes each hopper where its sample saw it), or -errno.
 */
int hop_eval(const struct vd_input *in, int k, struct ival *iv,
	     struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	int kind, ret;

	if (!hop_ok(ss->hop, k))
		return 1;
	ret = hop_cuts(ss->hop, k, iv);
	if (ret || iv->hop.span <= 0)
		return ret ? ret : 1;
	hop_measure(in, k, iv);
	for (kind = 0; kind < KM_KINDS; kind++) {
		ret = hop_model(in, k, iv, kind, r);
		if (ret)
			return ret;
		km_sub_predict(&iv->hop.sub, iv->hop.hm, iv->hop.hp,
			       kind == KM_DEFINED ? &iv->alone : NULL,
			       kind == KM_DEFINED ? &iv->unmod : NULL);
		hop_charge(in, iv, kind);
	}
	return 0;
}

/*
 * Left out of the propagation check: any sample where a hopper hopped
 * between the read of the tasks and the end of the PELT read, and a
 * hopper (kind=hopper) below @g on @c beside another runnable task:
 * when it left @c, @c stayed busy, so nothing updated @g's cfs_rq there
 * until the hopper came back, and 6.1 applies a migrated task's removed
 * load at that next update (update_cfs_rq_load_avg()): at the re-attach,
 * netted against the attach's own propagation, which then leaves the
 * entity at its decayed fraction. Measured on 6.1 + series, 10 ms hops
 * (dynamic/self-hop): the entity's fraction 0.3-0.7 beside a cfs_rq at
 * 1.0 in 15 of 21 such samples, against 1.00 in 14 of 14 where the CPU
 * it left went idle (newidle balance updates the blocked loads first).
 */
bool agg_hop_netted(const struct vd_input *in, const struct scn_state *st,
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

/* Ideal splits of the placements the hoppers took, by events done. */
#define VD_HOP_MEMO	16
struct hop_memo {
	int n, next;
	struct {
		int ev;
		int cur[SCN_MAX_HOPPERS];
		double g[SCN_MAX_GROUPS];
	} e[VD_HOP_MEMO];
	struct scn_state tmp;
};

/* The ideal split of state st with the hoppers at cur[] alone; or NULL. */
static const double *hop_ideal(const struct vd_input *in,
			       const struct scn_state *st, int ev,
			       const int *cur, const double *cap,
			       struct hop_memo *mm)
{
	const struct hop_log *hl = in->ss->hop;
	size_t len = sizeof(int) * hl->n;
	int j, h;

	for (j = 0; j < mm->n; j++)
		if (mm->e[j].ev == ev && !memcmp(mm->e[j].cur, cur, len))
			return mm->e[j].g;
	j = mm->n < VD_HOP_MEMO ? mm->n++ : mm->next++ % VD_HOP_MEMO;
	mm->tmp = *st;
	for (h = 0; h < hl->n; h++)
		if (cur[h] >= 0 && cur[h] < SCN_MAX_CPUS)
			mm->tmp.task_cpus[in->inst_task[hl->inst[h]]] =
				1ull << cur[h];
	mm->e[j].ev = -1;
	if (ideal_split(in->s, &mm->tmp, cap, mm->e[j].g, NULL))
		return NULL;
	mm->e[j].ev = ev;
	memcpy(mm->e[j].cur, cur, len);
	return mm->e[j].g;
}

struct hop_ideal_ctx {
	const struct vd_input *in;
	const struct scn_state *st;
	const double *cap;
	struct hop_memo *mm;
	double *gcpu, dt, span;
	int ev;
};

static int hop_ideal_sub(const int *cur, double len, void *ctx)
{
	struct hop_ideal_ctx *x = ctx;
	const double *g1 = hop_ideal(x->in, x->st, x->ev, cur, x->cap, x->mm);
	int g;

	if (!g1)
		return -EINVAL;
	for (g = 0; g < x->in->s->ngroups; g++)
		x->gcpu[g] += g1[g] * x->dt * len / x->span;
	return 0;
}

/*
 * Interval k's ideal split (CPUs per group) times its length, added to
 * gcpu: with hoppers, the sum over its sub-intervals, each hopper on the
 * one CPU it was set to (a sample interval whose hopper reads are not
 * whole takes it anywhere on its cpus).
 */
int hop_ideal_interval(const struct vd_input *in, int k,
		       const struct scn_state *st, const double *cap,
		       struct ival *iv, struct hop_memo *mm, double *gcpu)
{
	const struct hop_log *hl = in->ss->hop;
	double dt = (double)in->ss->v[k].t_us - (double)in->ss->v[k - 1].t_us;
	struct hop_ideal_ctx x = { in, st, cap, mm, gcpu, dt, 0,
				   in->ss->v[k].events_done };
	double one[SCN_MAX_GROUPS];
	int g;

	if (!hop_ok(hl, k) || hop_cuts(hl, k, iv) || iv->hop.span <= 0) {
		if (ideal_split(in->s, st, cap, one, NULL))
			return -EINVAL;
		for (g = 0; g < in->s->ngroups; g++)
			gcpu[g] += one[g] * dt;
		return 0;
	}
	x.span = iv->hop.span;
	return hop_walk(hl, k, iv, hop_ideal_sub, &x);
}

struct hop_memo *hop_memo_new(void)
{
	return calloc(1, sizeof(struct hop_memo));
}

void hop_memo_free(struct hop_memo *mm)
{
	free(mm);
}

/*
 * Sub-intervals of the window (first, last] and how many of them had no
 * PELT read of their own placement (hop_pelt()).
 */
struct hop_count_ctx {
	const struct vd_input *in;
	struct ival *iv;
	int k, nsub, nmiss;
};

static int hop_count_sub(const int *cur, double len, void *ctx)
{
	struct hop_count_ctx *x = ctx;
	bool miss = false;

	(void)len;
	hop_pelt(x->in->ss, x->k, cur, &miss, x->iv);
	x->nsub++;
	x->nmiss += miss;
	return 0;
}

static void hop_count_subs(const struct vd_input *in, struct ival *iv,
			   int first, int last, int *nsub, int *nmiss)
{
	struct hop_count_ctx x = { in, iv, 0, 0, 0 };

	for (x.k = first + 1; x.k <= last; x.k++)
		if (hop_ok(in->ss->hop, x.k) && !hop_cuts(in->ss->hop, x.k, iv))
			hop_walk(in->ss->hop, x.k, iv, hop_count_sub, &x);
	*nsub = x.nsub;
	*nmiss = x.nmiss;
}

/* Hopper h over the window (first, last]: hops, own vs kernel's time. */
static void report_hopper(const struct vd_input *in, int h, int first,
			  int last, struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	const struct hop_log *hl = ss->hop;
	const struct hop_read *x = hop_at(hl, first, h);
	const struct hop_read *y = hop_at(hl, last, h);
	int i = hl->inst[h], c;
	double own = 0, kern = (double)ss->v[last].ts[i].ns -
			       (double)ss->v[first].ts[i].ns;
	char per[160] = "";
	int len = 0;

	for (c = 0; c < ss->ncpus && len < (int)sizeof(per) - 24; c++) {
		double d = (double)(y->cpu_ns[c] - x->cpu_ns[c]);

		own += d;
		if (d > 0)
			len += snprintf(per + len, sizeof(per) - len,
					" cpu%d %.1f", c, d / 1e6);
	}
	vd_diag(r, "hopper %s: %llu hops in the window (%llu missed "
		"their CPU); own CPU time %.1f ms (%s ms) vs the "
		"kernel's %.1f ms (%+.3f%%)%s",
		in->s->tasks[in->inst_task[i]].name,
		(unsigned long long)(y->hops - x->hops),
		(unsigned long long)(y->misses - x->misses), own / 1e6,
		per[0] ? per + 1 : "-", kern / 1e6,
		kern > 0 ? 100 * (own - kern) / kern : 0,
		x->ok && y->ok ? "" : " (reads not whole at an end)");
}

/*
 * Each hopper over the window: its hops, its own CPU time per CPU and in
 * all against the kernel's (schedstat) for it, and what the model had.
 */
void report_hoppers(const struct vd_input *in, struct ival *iv, int first,
		    int last, struct scn_result *r)
{
	const struct hop_log *hl = in->ss->hop;
	int nsub, nmiss, h;

	if (!hl || !hl->n)
		return;
	for (h = 0; h < hl->n; h++)
		report_hopper(in, h, first, last, r);
	hop_count_subs(in, iv, first, last, &nsub, &nmiss);
	vd_diag(r, "hoppers: %d sub-intervals modelled, %d without a PELT "
		"read of their placement (the interval's read used); hop "
		"log: %ld hops lost, %ld reads torn", nsub, nmiss, hl->lost,
		hl->torn);
}

