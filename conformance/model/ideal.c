// SPDX-License-Identifier: GPL-2.0
/*
 * ideal.c - the ideal model: hierarchical weighted max-min fair share.
 *
 * The problem. Every group and task entry is a node of the scenario tree
 * (the root is the scenario's cgroup). A task entry of count n, demand d
 * (1 for hogs and churn, run / (run + sleep) for duty tasks, 0 when
 * stopped or without an allowed online CPU) and effective affinity A may
 * use at most n * d CPUs in total, spread over the CPUs of A. Each CPU c
 * offers cpu_capacity[c] (1.0 by default, 0 when offline). A group with a
 * cpu.max quota gets at most quota / period CPUs. The n instances of an
 * entry are identical, so they are one node of weight n * 1024 and cap
 * n * d: max-min fairness treats identical children alike, and any
 * per-CPU split of n * d among CPUs of A decomposes into n instances of
 * at most d each (McNaughton's wrap-around), so nothing is lost.
 *
 * Feasibility is a max-flow problem on
 *
 *	source -> root -> groups ... -> task entries -> CPUs -> sink
 *
 * with the tree edges carrying each node's allotment (or its cap while it
 * is undecided), task -> CPU edges for the effective affinity, and
 * CPU -> sink edges carrying the CPU capacities.
 *
 * The algorithm, top down in breadth-first order (root first, then the
 * top-level groups in definition order, ...):
 *
 *  1. The root's allotment T is the maximum flow with every node at its
 *     cap: all the CPU the workload can use at all.
 *  2. For a decided node g with allotment T_g, its children (groups and
 *     the task entries directly in g, each with its kernel-scale weight:
 *     v2 weight * 1024 / 100, v1 shares, 3 for idle groups, 1024 per task
 *     instance) are water-filled: all unfrozen children get lambda * w,
 *     frozen ones keep their value, and lambda rises until raising it
 *     further is infeasible - jointly with every allotment decided so far
 *     anywhere in the tree, which is how contention across groups for the
 *     same CPUs is respected. Then every child that cannot grow any more
 *     (it hit its cap, its CPUs are taken, or the children already sum to
 *     T_g) is frozen, and the filling continues with the rest. The
 *     largest feasible lambda is found exactly when the bound is a sum or
 *     a cap, else by bisection on the max-flow test.
 *  3. Because every step keeps the decided allotments jointly feasible,
 *     the children of g always end up summing to exactly T_g.
 *
 * The feasible children vectors of g form a polymatroid (they are the
 * achievable supplies of a flow network), so the water-filling result is
 * the unique weighted max-min fair point among them.
 *
 * Limits.
 *  - Order: nodes at one depth are decided one parent at a time, in
 *    definition order. When the children of two different parents compete
 *    for the same CPUs after both parents' totals are fixed, the parent
 *    decided first gets its max-min point and the later one takes what is
 *    left. (A simultaneous definition would need a common fairness scale
 *    across parents; the scenarios here do not depend on it.)
 *  - Fluid model: a duty task is assumed to get its run / (run + sleep)
 *    whenever it asks; wake-up latency and sleeper credit are ignored.
 *    Churn tasks are hogs. Idle groups are ordinary groups of weight 3.
 *  - Numerics: allotments are exact to ~1e-7 CPU (bisection tolerance and
 *    the freeze test's step), far below any measurement tolerance.
 *  - Cost: a feasibility check per bisection step and per freeze test,
 *    each decided from the 2^CPUs candidate minimum cuts (up to
 *    IDEAL_CUT_CPUS CPUs) unless that is too close to call, else by a
 *    max-flow (ideal_cut_check()): 1.3 ms a split at siblings-208's 211
 *    groups on the host, 7.4 ms with a max-flow for every check; seconds
 *    at the format's limits.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

#define IDEAL_INF	1e9	/* "no cap"; far above any CPU count */
#define IDEAL_EPS	1e-13	/* residual capacity treated as zero */
#define IDEAL_TOL	1e-10	/* feasibility slack, times the scale */
#define IDEAL_STEP	1e-7	/* freeze test step, times the scale */
#define IDEAL_BISECT	200
#define IDEAL_TASK_W	1024.0
/* ideal_cut_check(): at most 2^6 CPU subsets; a band of tol / 100 */
#define IDEAL_CUT_CPUS	6
#define IDEAL_CUT_BAND	1e-12	/* times the scale */

struct ideal_edge {
	int to;
	double cap;		/* capacity set for this check */
	double res;		/* residual */
};

struct ideal_ctx {
	int nnodes, nedges;
	int src, root, sink;
	int *head_start;	/* CSR-ish adjacency: edges of v */
	int *adj;		/* edge indices, grouped by node */
	int *adj_len;
	struct ideal_edge *e;
	int *level, *it, *queue;

	/* tree nodes: root, groups, tasks */
	int *parent;		/* tree parent node, -1 for the root */
	int *in_edge;		/* edge parent -> node (root: src -> root) */
	double *w, *capn, *val, *cand, *acc;
	bool *decided, *frozen, *kids, *demand;
	double scale;

	/* the cut check (ideal_cut_check()); ncut 0: max-flow only */
	int ncut;			/* CPUs, <= IDEAL_CUT_CPUS */
	scn_cpumask_t *tmask;		/* [ntree] a task's CPU edges */
	double ccap[IDEAL_CUT_CPUS];	/* CPU -> sink capacities */
	double *csum;			/* [ntree] scratch */
};

/* The tests' switch: every check by max-flow, as before the cut check. */
static bool ideal_reference;
static unsigned long ideal_nchecks[2];	/* by the cut, by max-flow */

void ideal_set_reference(bool on)
{
	ideal_reference = on;
}

void ideal_check_counts(unsigned long *cut, unsigned long *flow)
{
	*cut = __atomic_load_n(&ideal_nchecks[0], __ATOMIC_RELAXED);
	*flow = __atomic_load_n(&ideal_nchecks[1], __ATOMIC_RELAXED);
}

static int ideal_group_node(int g)
{
	return 2 + g;
}

/* ---- max flow (Dinic) on doubles --------------------------------------- */

static bool ideal_bfs(struct ideal_ctx *c)
{
	int qh = 0, qt = 0;

	for (int v = 0; v < c->nnodes; v++)
		c->level[v] = -1;
	c->level[c->src] = 0;
	c->queue[qt++] = c->src;
	while (qh < qt) {
		int v = c->queue[qh++];

		for (int i = 0; i < c->adj_len[v]; i++) {
			struct ideal_edge *e = &c->e[c->adj[c->head_start[v] + i]];

			if (e->res > IDEAL_EPS && c->level[e->to] < 0) {
				c->level[e->to] = c->level[v] + 1;
				c->queue[qt++] = e->to;
			}
		}
	}
	return c->level[c->sink] >= 0;
}

static double ideal_dfs(struct ideal_ctx *c, int v, double f)
{
	if (v == c->sink)
		return f;
	for (; c->it[v] < c->adj_len[v]; c->it[v]++) {
		int ei = c->adj[c->head_start[v] + c->it[v]];
		struct ideal_edge *e = &c->e[ei];
		double d;

		if (e->res <= IDEAL_EPS || c->level[e->to] != c->level[v] + 1)
			continue;
		d = ideal_dfs(c, e->to, f < e->res ? f : e->res);
		if (d > IDEAL_EPS) {
			e->res -= d;
			c->e[ei ^ 1].res += d;
			return d;
		}
	}
	return 0;
}

static double ideal_maxflow(struct ideal_ctx *c)
{
	double total = 0;

	for (int i = 0; i < c->nedges; i++)
		c->e[i].res = c->e[i].cap;
	while (ideal_bfs(c)) {
		double f;

		for (int v = 0; v < c->nnodes; v++)
			c->it[v] = 0;
		while ((f = ideal_dfs(c, c->src, IDEAL_INF * 4)) > IDEAL_EPS)
			total += f;
	}
	return total;
}

/* ---- the cut check ----------------------------------------------------- */

/*
 * The minimum over the cuts that put the CPUs of @p (a subset) on the
 * source side: those CPUs' sink edges, and below each tree node the
 * cheaper of its own in-edge and its children's cuts; a task may stay on
 * the source side (cost 0) only when all its CPUs are in @p.
 */
static double ideal_cut_of(struct ideal_ctx *c, int ntree, scn_cpumask_t p)
{
	double total = 0;
	int v;

	for (v = c->root; v < ntree; v++)
		c->csum[v] = 0;
	for (v = ntree - 1; v > c->root; v--) {
		double in = c->e[c->in_edge[v]].cap, x;

		if (c->tmask[v] != (scn_cpumask_t)-1)
			x = (c->tmask[v] & ~p) ? in : 0;
		else
			x = in < c->csum[v] ? in : c->csum[v];
		c->csum[c->parent[v]] += x;
	}
	for (v = 0; v < c->ncut; v++)
		if (p & ((scn_cpumask_t)1 << v))
			total += c->ccap[v];
	return total + c->csum[c->root];
}

/*
 * ideal_check()'s answer from the minimum cut, which is the maximum flow,
 * against its threshold @thr, when the capacities set for the check leave
 * it clear: 1 feasible, 0 not, -1 for the max-flow to decide. The network
 * below the root is a tree down to the tasks, so with few CPUs every
 * minimal cut is one of the 2^CPUs that ideal_cut_of() takes: a few
 * hundred additions where a max-flow at 208 groups costs ~10^5
 * instructions. The float max-flow
 * and this minimum are both within ~1e-13 x the scale of the true value
 * (sums of a few hundred terms), so outside a band of IDEAL_CUT_BAND
 * around the threshold both give the same answer, and inside it the
 * max-flow decides as before: the split is the same to the last bit
 * (test_ideal.c compares it with the max-flow's on random scenarios).
 */
static int ideal_cut_check(struct ideal_ctx *c, int ntree, double thr)
{
	double band = IDEAL_CUT_BAND * c->scale, best = IDEAL_INF * 4;

	if (!c->ncut || ideal_reference)
		return -1;
	for (scn_cpumask_t p = 0; p < (scn_cpumask_t)1 << c->ncut; p++) {
		double cut = ideal_cut_of(c, ntree, p);

		if (cut < best)
			best = cut;
		if (best < thr - band)
			return 0;
	}
	if (best >= thr + band)
		return 1;
	return -1;
}

/* ---- the fairness layer ------------------------------------------------ */

/*
 * Is the current state feasible: every decided node at its value, the
 * children of g at cand[], all else within caps?
 *
 * The flow that must get through is the sum over the frontier of the
 * decided part of the tree: the children of g at their candidates, and
 * every other decided node whose children are not decided yet (or that
 * has none) at its value. A decided node whose children are decided
 * counts as their sum, which may fall short of its own value by the
 * bisection tolerance; using the sum keeps such rounding from
 * accumulating into infeasibility further down.
 */
static bool ideal_check(struct ideal_ctx *c, int g, int ntree)
{
	double thr;
	int by_cut;

	for (int v = c->root; v < ntree; v++) {
		c->acc[v] = 0;
		c->kids[v] = false;
	}
	for (int v = ntree - 1; v > c->root; v--) {
		struct ideal_edge *e = &c->e[c->in_edge[v]];
		int p = c->parent[v];
		double r;

		if (p == g) {
			e->cap = c->cand[v];
			r = c->cand[v];
		} else if (c->decided[v]) {
			e->cap = c->val[v];
			r = c->kids[v] ? c->acc[v] : c->val[v];
		} else {
			e->cap = c->capn[v];
			continue;
		}
		c->acc[p] += r;
		c->kids[p] = true;
	}
	c->e[c->in_edge[c->root]].cap = IDEAL_INF;
	thr = c->acc[c->root] - IDEAL_TOL * c->scale;
	by_cut = ideal_cut_check(c, ntree, thr);
	__atomic_add_fetch(&ideal_nchecks[by_cut < 0], 1, __ATOMIC_RELAXED);
	if (by_cut >= 0)
		return by_cut;
	return ideal_maxflow(c) >= thr;
}

static void ideal_set_unfrozen(struct ideal_ctx *c, const int *ch, int k,
			       double lambda)
{
	for (int i = 0; i < k; i++) {
		int v = ch[i];

		if (!c->frozen[v]) {
			double x = lambda * c->w[v];

			c->cand[v] = x < c->capn[v] ? x : c->capn[v];
		}
	}
}

/* Water-fill the children ch[0..k) of decided node g. */
/*
 * The largest level lambda >= lambda0 the unfrozen children of g can all
 * be raised to (cand = lambda * w, capped) with the flow still feasible.
 */
static double ideal_level(struct ideal_ctx *c, int g, const int *ch, int k,
			  int ntree, double lambda0)
{
	double F = 0, W = 0, hi, lo, T = c->val[g], tol = IDEAL_TOL * c->scale;

	for (int i = 0; i < k; i++) {
		if (c->frozen[ch[i]])
			F += c->cand[ch[i]];
		else
			W += c->w[ch[i]];
	}
	hi = W > 0 ? (T - F) / W : lambda0;
	for (int i = 0; i < k; i++) {
		int v = ch[i];

		if (!c->frozen[v] && c->w[v] > 0 && c->capn[v] / c->w[v] < hi)
			hi = c->capn[v] / c->w[v];
	}
	if (hi < lambda0)
		hi = lambda0;
	ideal_set_unfrozen(c, ch, k, hi);
	if (ideal_check(c, g, ntree))
		return hi;
	lo = lambda0;
	for (int it = 0; it < IDEAL_BISECT; it++) {
		double mid = 0.5 * (lo + hi);

		if (mid <= lo || mid >= hi || (hi - lo) * W <= tol)
			break;
		ideal_set_unfrozen(c, ch, k, mid);
		if (ideal_check(c, g, ntree))
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Freeze the children that cannot grow any more; returns how many. */
static int ideal_freeze(struct ideal_ctx *c, int g, const int *ch, int k,
			int ntree)
{
	double T = c->val[g], tol = IDEAL_TOL * c->scale;
	double step = IDEAL_STEP * c->scale, sum = 0;
	int newly = 0;

	for (int i = 0; i < k; i++)
		sum += c->cand[ch[i]];
	for (int i = 0; i < k; i++) {
		int v = ch[i];
		bool stuck;

		if (c->frozen[v])
			continue;
		if (sum >= T - tol || c->cand[v] >= c->capn[v] - tol ||
		    c->w[v] <= 0) {
			stuck = true;
		} else {
			c->cand[v] += step;
			stuck = !ideal_check(c, g, ntree);
			c->cand[v] -= step;
		}
		if (stuck) {
			c->frozen[v] = true;
			newly++;
		}
	}
	return newly;
}

static void ideal_fill(struct ideal_ctx *c, int g, const int *ch, int k,
		       int ntree)
{
	double lambda = 0;
	int left = k;

	for (int i = 0; i < k; i++) {
		/* nothing below it can run: 0, no need to search for it */
		c->frozen[ch[i]] = !c->demand[ch[i]];
		c->cand[ch[i]] = 0;
		if (c->frozen[ch[i]])
			left--;
	}
	while (left > 0) {
		int newly;

		lambda = ideal_level(c, g, ch, k, ntree, lambda);
		ideal_set_unfrozen(c, ch, k, lambda);
		newly = ideal_freeze(c, g, ch, k, ntree);
		if (!newly) {
			/* numerics: nobody could grow, yet nobody was tight */
			for (int i = 0; i < k; i++)
				c->frozen[ch[i]] = true;
			newly = left;
		}
		left -= newly;
	}
	for (int i = 0; i < k; i++) {
		c->val[ch[i]] = c->cand[ch[i]];
		c->decided[ch[i]] = true;
	}
}

static void ideal_free(struct ideal_ctx *c)
{
	free(c->head_start);
	free(c->adj);
	free(c->adj_len);
	free(c->e);
	free(c->level);
	free(c->it);
	free(c->queue);
	free(c->parent);
	free(c->in_edge);
	free(c->w);
	free(c->capn);
	free(c->val);
	free(c->cand);
	free(c->decided);
	free(c->frozen);
	free(c->acc);
	free(c->kids);
	free(c->demand);
	free(c->tmask);
	free(c->csum);
}

static int ideal_alloc(struct ideal_ctx *c, int nnodes, int maxedges,
		       int ntree)
{
	memset(c, 0, sizeof(*c));
	c->nnodes = nnodes;
	c->head_start = calloc((size_t)nnodes, sizeof(int));
	c->adj = calloc((size_t)maxedges, sizeof(int));
	c->adj_len = calloc((size_t)nnodes, sizeof(int));
	c->e = calloc((size_t)maxedges, sizeof(*c->e));
	c->level = calloc((size_t)nnodes, sizeof(int));
	c->it = calloc((size_t)nnodes, sizeof(int));
	c->queue = calloc((size_t)nnodes, sizeof(int));
	c->parent = calloc((size_t)ntree, sizeof(int));
	c->in_edge = calloc((size_t)ntree, sizeof(int));
	c->w = calloc((size_t)ntree, sizeof(double));
	c->capn = calloc((size_t)ntree, sizeof(double));
	c->val = calloc((size_t)ntree, sizeof(double));
	c->cand = calloc((size_t)ntree, sizeof(double));
	c->decided = calloc((size_t)ntree, sizeof(bool));
	c->frozen = calloc((size_t)ntree, sizeof(bool));
	c->acc = calloc((size_t)ntree, sizeof(double));
	c->kids = calloc((size_t)ntree, sizeof(bool));
	c->demand = calloc((size_t)ntree, sizeof(bool));
	c->tmask = malloc((size_t)ntree * sizeof(scn_cpumask_t));
	c->csum = calloc((size_t)ntree, sizeof(double));
	if (!c->head_start || !c->adj || !c->adj_len || !c->e || !c->level ||
	    !c->it || !c->queue || !c->parent || !c->in_edge || !c->w ||
	    !c->capn || !c->val || !c->cand || !c->decided || !c->frozen ||
	    !c->acc || !c->kids || !c->demand || !c->tmask || !c->csum) {
		ideal_free(c);
		return -ENOMEM;
	}
	return 0;
}

/* Edge list before grouping: from, to, cap. */
struct ideal_raw {
	int from, to;
};

static int ideal_add_edge(struct ideal_ctx *c, struct ideal_raw *raw,
			  int from, int to, double cap)
{
	int i = c->nedges;

	raw[i].from = from;
	raw[i].to = to;
	c->e[i].to = to;
	c->e[i].cap = cap;
	raw[i + 1].from = to;
	raw[i + 1].to = from;
	c->e[i + 1].to = from;
	c->e[i + 1].cap = 0;
	c->nedges += 2;
	return i;
}

static void ideal_build_adj(struct ideal_ctx *c, const struct ideal_raw *raw)
{
	int pos = 0;

	for (int i = 0; i < c->nedges; i++)
		c->adj_len[raw[i].from]++;
	for (int v = 0; v < c->nnodes; v++) {
		c->head_start[v] = pos;
		pos += c->adj_len[v];
		c->adj_len[v] = 0;
	}
	for (int i = 0; i < c->nedges; i++) {
		int v = raw[i].from;

		c->adj[c->head_start[v] + c->adj_len[v]++] = i;
	}
}

static bool ideal_valid(const struct scenario *s, const struct scn_state *st,
			const double *cpu_capacity)
{
	if (s->ngroups < 0 || s->ngroups > SCN_MAX_GROUPS || s->ntasks < 0 ||
	    s->ntasks > SCN_MAX_TASKS || s->cpus < 1 ||
	    s->cpus > SCN_MAX_CPUS)
		return false;
	for (int g = 0; g < s->ngroups; g++)
		if (s->groups[g].parent < -1 || s->groups[g].parent >= g)
			return false;
	for (int t = 0; t < s->ntasks; t++)
		if (st->task_group[t] < 0 || st->task_group[t] >= s->ngroups ||
		    s->tasks[t].count < 0)
			return false;
	if (cpu_capacity)
		for (int c = 0; c < s->cpus; c++)
			if (!isfinite(cpu_capacity[c]) || cpu_capacity[c] < 0)
				return false;
	return true;
}

/* The groups' nodes under the root, capped by their bandwidth limits. */
static void ideal_add_groups(struct ideal_ctx *c, struct ideal_raw *raw,
			     const struct scenario *s,
			     const struct scn_state *st)
{
	for (int g = 0; g < s->ngroups; g++) {
		int v = ideal_group_node(g), pg = s->groups[g].parent;
		int pv = pg < 0 ? c->root : ideal_group_node(pg);

		c->parent[v] = pv;
		c->w[v] = scn_group_kernel_weight(s, st, g);
		c->capn[v] = IDEAL_INF;
		if (st->group_quota_us[g] >= 0 && st->group_period_us[g] > 0)
			c->capn[v] = (double)st->group_quota_us[g] /
				     (double)st->group_period_us[g];
		c->in_edge[v] = ideal_add_edge(c, raw, pv, v, c->capn[v]);
	}
}

/* The CPUs one instance of task t can use of its kind's full demand. */
static double ideal_task_demand(const struct scenario *s,
				const struct scn_state *st, int t,
				const double *cpu_capacity)
{
	const struct scn_task *tk = &s->tasks[t];
	scn_cpumask_t m = scn_state_task_cpus(s, st, t);
	double d, usable = 0;

	d = scn_kind(tk->kind)->demand(tk);
	for (int k = 0; k < s->cpus; k++)
		if (m & ((scn_cpumask_t)1 << k))
			usable += cpu_capacity ? cpu_capacity[k] : 1;
	if (st->task_stopped[t] || usable <= 0)
		d = 0;
	return d;
}

/* The tasks' nodes under their groups, each with edges to its CPUs. */
static void ideal_add_tasks(struct ideal_ctx *c, struct ideal_raw *raw,
			    const struct scenario *s,
			    const struct scn_state *st,
			    const double *cpu_capacity, int ntree)
{
	for (int t = 0; t < s->ntasks; t++) {
		const struct scn_task *tk = &s->tasks[t];
		int v = 2 + s->ngroups + t;
		int pv = ideal_group_node(st->task_group[t]);
		scn_cpumask_t m = scn_state_task_cpus(s, st, t);

		c->parent[v] = pv;
		c->w[v] = IDEAL_TASK_W * tk->count;
		c->capn[v] = ideal_task_demand(s, st, t, cpu_capacity) *
			     tk->count;
		c->in_edge[v] = ideal_add_edge(c, raw, pv, v, c->capn[v]);
		c->tmask[v] = 0;
		for (int k = 0; k < s->cpus; k++)
			if (m & ((scn_cpumask_t)1 << k)) {
				ideal_add_edge(c, raw, v, ntree + k, IDEAL_INF);
				c->tmask[v] |= (scn_cpumask_t)1 << k;
			}
	}
}

/* Each online CPU to the sink with its capacity; returns their sum. */
static double ideal_add_cpus(struct ideal_ctx *c, struct ideal_raw *raw,
			     const struct scenario *s,
			     const struct scn_state *st,
			     const double *cpu_capacity, int ntree)
{
	double capsum = 0;

	for (int k = 0; k < s->cpus; k++) {
		double cap = 0;

		if (st->online & ((scn_cpumask_t)1 << k))
			cap = cpu_capacity ? cpu_capacity[k] : 1;
		capsum += cap;
		if (k < IDEAL_CUT_CPUS)
			c->ccap[k] = cap;
		ideal_add_edge(c, raw, ntree + k, c->sink, cap);
	}
	return capsum;
}

/* The whole network: src -> root -> groups -> tasks -> CPUs -> sink. */
static void ideal_build(struct ideal_ctx *c, struct ideal_raw *raw,
			const struct scenario *s, const struct scn_state *st,
			const double *cpu_capacity, int ntree)
{
	double capsum;

	for (int v = 0; v < ntree; v++)
		c->tmask[v] = (scn_cpumask_t)-1;	/* not a task */
	c->ncut = s->cpus <= IDEAL_CUT_CPUS ? s->cpus : 0;
	c->parent[c->src] = -2;
	c->parent[c->root] = -1;
	c->in_edge[c->root] = ideal_add_edge(c, raw, c->src, c->root,
					     IDEAL_INF);
	c->w[c->root] = 1;
	c->capn[c->root] = IDEAL_INF;
	ideal_add_groups(c, raw, s, st);
	ideal_add_tasks(c, raw, s, st, cpu_capacity, ntree);
	capsum = ideal_add_cpus(c, raw, s, st, cpu_capacity, ntree);
	ideal_build_adj(c, raw);
	/* which subtrees have a task that can run at all (bottom up) */
	for (int v = ntree - 1; v > c->root; v--) {
		if (v >= 2 + s->ngroups)
			c->demand[v] = c->capn[v] > 0;
		if (c->demand[v] && c->capn[v] > 0)
			c->demand[c->parent[v]] = true;
	}
	c->scale = capsum > 1 ? capsum : 1;
}

/* The root gets what the workload can use; then each level, top down. */
static void ideal_solve(struct ideal_ctx *c, int ngroups, int ntree,
			int *queue, int *ch)
{
	int qh = 0, qt = 0;

	c->val[c->root] = ideal_maxflow(c);
	c->decided[c->root] = true;
	queue[qt++] = c->root;
	while (qh < qt) {
		int g = queue[qh++], k = 0;

		for (int v = 2; v < ntree; v++)
			if (c->parent[v] == g)
				ch[k++] = v;
		if (!k)
			continue;
		ideal_fill(c, g, ch, k, ntree);
		for (int i = 0; i < k; i++)
			if (ch[i] < 2 + ngroups)
				queue[qt++] = ch[i];
	}
}

int ideal_split(const struct scenario *s, const struct scn_state *st,
		const double *cpu_capacity, double *group_cpu,
		double *task_cpu)
{
	struct ideal_ctx ctx, *c = &ctx;
	struct ideal_raw *raw;
	int G, T, ntree, nnodes, maxedges, ret;
	int *queue, *ch;

	if (!s || !st || !group_cpu || !ideal_valid(s, st, cpu_capacity))
		return -EINVAL;
	G = s->ngroups;
	T = s->ntasks;
	ntree = 2 + G + T;		/* src, root, groups, tasks */
	nnodes = ntree + s->cpus + 1;
	maxedges = 2 * (1 + G + T + T * s->cpus + s->cpus);
	ret = ideal_alloc(c, nnodes, maxedges, ntree);
	if (ret)
		return ret;
	raw = calloc((size_t)maxedges, sizeof(*raw));
	queue = calloc((size_t)ntree, sizeof(int));
	ch = calloc((size_t)ntree, sizeof(int));
	if (!raw || !queue || !ch) {
		ret = -ENOMEM;
		goto out;
	}
	c->src = 0;
	c->root = 1;
	c->sink = nnodes - 1;
	ideal_build(c, raw, s, st, cpu_capacity, ntree);
	ideal_solve(c, G, ntree, queue, ch);
	for (int g = 0; g < G; g++)
		group_cpu[g] = c->val[ideal_group_node(g)];
	if (task_cpu)
		for (int t = 0; t < T; t++)
			task_cpu[t] = c->val[2 + G + t];
	ret = 0;
out:
	free(raw);
	free(queue);
	free(ch);
	ideal_free(c);
	return ret;
}
