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

/* What hop_eval() keeps per interval: per instance and CPU, the hops. */
struct hop_ival {
	double *hm, *hp;		/* [ninst * ncpus] measured, predicted */
	int *hcpu;			/* [ninst] placement in a sub-interval */
	struct task_sample *hts;	/* [ninst] ... as km_shares() takes it */
	struct km_sub_acc sub;
	struct hop_cut *cut;		/* the interval's hops, in time order */
	int ncut, cut_cap;
	double span;			/* ns between the hoppers' two reads */
	struct hop_pcache *pcache;	/* [VD_HOP_PCACHE] (hop_pelt()) */
	int pnext;
};

static int hop_ival_alloc(struct hop_ival *hv, int ng, int nc, int ni)
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

struct hop_ival *hop_ival_new(int ng, int nc, int ni)
{
	struct hop_ival *hv = calloc(1, sizeof(*hv));

	if (hv && hop_ival_alloc(hv, ng, nc, ni)) {
		hop_ival_free(hv);
		return NULL;
	}
	return hv;
}

void hop_ival_free(struct hop_ival *hv)
{
	int k;

	if (!hv)
		return;
	free(hv->hm);
	free(hv->hp);
	free(hv->hcpu);
	free(hv->hts);
	free(hv->cut);
	km_sub_free(&hv->sub);
	for (k = 0; hv->pcache && k < VD_HOP_PCACHE; k++)
		pelt_snap_free(&hv->pcache[k].snap);
	free(hv->pcache);
	free(hv);
}

/* Are both ends of interval k read whole for every hopper? */
bool hop_ok(const struct hop_log *hl, int k)
{
	if (!hl || !hl->n || k < 1)
		return false;
	for (int h = 0; h < hl->n; h++)
		if (!hop_at(hl, k - 1, h)->ok || !hop_at(hl, k, h)->ok)
			return false;
	return true;
}

/* The hops of interval k, in time order, into hv->cut; 0 or -errno. */
int hop_cuts(const struct hop_log *hl, int k, struct hop_ival *hv)
{
	double t0 = (double)hop_at(hl, k - 1, 0)->t_ns;
	int h, j, n = 0;

	hv->span = (double)hop_at(hl, k, 0)->t_ns - t0;
	for (h = 0; h < hl->n; h++)
		n += hop_at(hl, k, h)->nev;
	if (n > hv->cut_cap) {
		struct hop_cut *c = realloc(hv->cut, sizeof(*c) * n);

		if (!c)
			return -ENOMEM;
		hv->cut = c;
		hv->cut_cap = n;
	}
	hv->ncut = 0;
	for (h = 0; h < hl->n; h++) {
		const struct hop_read *rd = hop_at(hl, k, h);

		for (j = 0; j < rd->nev; j++) {
			const struct wl_hop_ev *e = &hl->ev[rd->ev0 + j];
			struct hop_cut c = { fmin(fmax((double)e->t_ns - t0, 0),
						  hv->span), h, e->cpu };
			int at = hv->ncut++;

			for (; at > 0 && hv->cut[at - 1].t > c.t; at--)
				hv->cut[at] = hv->cut[at - 1];
			hv->cut[at] = c;
		}
	}
	return 0;
}

double hop_span(const struct hop_ival *hv)
{
	return hv->span;
}

int hop_walk(const struct hop_log *hl, int k, const struct hop_ival *hv,
	     hop_sub_fn *fn, void *ctx)
{
	int cur[SCN_MAX_HOPPERS], h, j, ret;
	double t = 0;

	for (h = 0; h < hl->n; h++)
		cur[h] = hop_at(hl, k - 1, h)->cpu;
	for (j = 0; j <= hv->ncut; j++) {
		double next = j < hv->ncut ? hv->cut[j].t :
						  hv->span;

		if (next > t) {
			ret = fn(cur, next - t, ctx);
			if (ret)
				return ret;
			t = next;
		}
		if (j < hv->ncut)
			cur[hv->cut[j].h] = hv->cut[j].cpu;
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
					struct hop_ival *hv)
{
	const struct sample *b = &ss->v[k];
	const struct pelt_snap *got[VD_HOP_PELT_MEAN];
	struct hop_pcache *pc;
	int n = 0, j;

	for (j = 0; j < VD_HOP_PCACHE; j++) {
		pc = &hv->pcache[j];
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
	pc = &hv->pcache[hv->pnext++ % VD_HOP_PCACHE];
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
 * The measured time per instance and CPU (hv->hm): ival_measure()'s, a
 * hopper's total (the kernel's) split over the CPUs as its own count
 * says (its own clock lags a host stall by up to a chunk of work; only
 * the split comes from it).
 */
static void hop_measure(const struct vd_input *in, int k, struct ival *iv,
			struct hop_ival *hv)
{
	const struct hop_log *hl = in->ss->hop;
	int nc = in->ss->ncpus, i, h, c;

	memset(hv->hm, 0, sizeof(double) * in->ss->ninst * nc);
	for (i = 0; i < in->ss->ninst; i++)
		if (iv->cpu[i] >= 0 && iv->cpu[i] < nc)
			hv->hm[(size_t)i * nc + iv->cpu[i]] = iv->d[i];
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
			double was = hv->hm[(size_t)i * nc + c];

			hv->hm[(size_t)i * nc + c] = x;
			iv->cap[c] += x - was;
			add_up_cpu(in->s, iv->gcpu_meas, nc, g, c, x - was);
		}
	}
}

/* Model kind over the sub-intervals of interval k, into hv->sub. */
struct hop_model_ctx {
	const struct vd_input *in;
	struct ival *iv;
	struct hop_ival *hv;
	int *fallbacks;			/* [KM_KINDS] or NULL */
	int k, kind;
};

/* Sub-interval (frac, hoppers at cur[]) of interval x->k, model x->kind. */
static int hop_sub(const struct hop_model_ctx *x, const int *cur,
		   double frac)
{
	const struct vd_input *in = x->in;
	struct ival *iv = x->iv;
	struct hop_ival *hv = x->hv;
	int k = x->k, kind = x->kind;
	const struct sample_set *ss = in->ss;
	const struct hop_log *hl = ss->hop;
	const struct sample *b = &ss->v[k];
	struct km_input km;
	bool miss = false;
	int i, fb;

	memcpy(hv->hts, b->ts, sizeof(*hv->hts) * ss->ninst);
	for (int h = 0; h < hl->n; h++) {
		struct task_sample *t = &hv->hts[hl->inst[h]];

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
	km.p = hop_pelt(ss, k, cur, &miss, hv);
	km.online = b->online;
	km.ncpus = ss->ncpus;
	km.ninst = ss->ninst;
	km.inst_task = in->inst_task;
	km.ts = hv->hts;
	fb = km_shares(&km, kind, iv->share);
	if (fb < 0)
		return fb;
	if (x->fallbacks)
		x->fallbacks[kind] += fb + miss;
	for (i = 0; i < ss->ninst; i++)
		hv->hcpu[i] = hv->hts[i].state == 'R' ? hv->hts[i].cpu : -1;
	km_sub_add(&hv->sub, frac, hv->hcpu, iv->share, VD_FULL_SHARE);
	return 0;
}

static int hop_model_sub(const int *cur, double len, void *ctx)
{
	const struct hop_model_ctx *x = ctx;

	return hop_sub(x, cur, len / x->hv->span);
}

static int hop_model(const struct vd_input *in, int k, struct ival *iv,
		     struct hop_ival *hv, int kind, int *fallbacks)
{
	struct hop_model_ctx x = { in, iv, hv, fallbacks, k, kind };

	km_sub_reset(&hv->sub);
	return hop_walk(in->ss->hop, k, hv, hop_model_sub, &x);
}

/* Model kind's prediction per instance and CPU, into the groups'. */
static void hop_charge(const struct vd_input *in, struct ival *iv,
		       const struct hop_ival *hv, int kind)
{
	int nc = in->ss->ncpus, i, c;

	for (i = 0; i < in->ss->ninst; i++) {
		int g = iv->st->task_group[in->inst_task[i]];

		for (c = 0; c < nc; c++) {
			double p = hv->hp[(size_t)i * nc + c];

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
	     struct hop_ival *hv, int *fallbacks)
{
	const struct sample_set *ss = in->ss;
	int kind, ret;

	if (!hop_ok(ss->hop, k))
		return 1;
	ret = hop_cuts(ss->hop, k, hv);
	if (ret || hv->span <= 0)
		return ret ? ret : 1;
	hop_measure(in, k, iv, hv);
	for (kind = 0; kind < KM_KINDS; kind++) {
		ret = hop_model(in, k, iv, hv, kind, fallbacks);
		if (ret)
			return ret;
		km_sub_predict(&hv->sub, hv->hm, hv->hp,
			       kind == KM_DEFINED ? &iv->alone : NULL,
			       kind == KM_DEFINED ? &iv->unmod : NULL);
		hop_charge(in, iv, hv, kind);
	}
	return 0;
}
/*
 * Sub-intervals of the window (first, last] and how many of them had no
 * PELT read of their own placement (hop_pelt()).
 */
struct hop_count_ctx {
	const struct vd_input *in;
	struct hop_ival *hv;
	int k, nsub, nmiss;
};

static int hop_count_sub(const int *cur, double len, void *ctx)
{
	struct hop_count_ctx *x = ctx;
	bool miss = false;

	(void)len;
	hop_pelt(x->in->ss, x->k, cur, &miss, x->hv);
	x->nsub++;
	x->nmiss += miss;
	return 0;
}

void hop_count_subs(const struct vd_input *in, struct hop_ival *hv,
		    int first, int last, int *nsub, int *nmiss)
{
	struct hop_count_ctx x = { in, hv, 0, 0, 0 };

	for (x.k = first + 1; x.k <= last; x.k++)
		if (hop_ok(in->ss->hop, x.k) && !hop_cuts(in->ss->hop, x.k, hv))
			hop_walk(in->ss->hop, x.k, hv, hop_count_sub, &x);
	*nsub = x.nsub;
	*nmiss = x.nmiss;
}
