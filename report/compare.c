// SPDX-License-Identifier: GPL-2.0
/*
 * compare.c - match scenarios and groups by name between two runs and
 * classify each change (see compare.h for the significance rule).
 */
#include "compare.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[CMP_KIND_COUNT] = {
	[CMP_REGRESSED] = "REGRESSED", [CMP_MISSING] = "MISSING",
	[CMP_NEW] = "NEW", [CMP_IMPROVED] = "improved",
	[CMP_STILL_FAILING] = "still failing", [CMP_CHANGED] = "changed",
	[CMP_SAME] = "same",
};

const char *cmp_kind_name(enum cmp_kind k)
{
	if (k < 0 || k >= CMP_KIND_COUNT)
		return "?";
	return kind_names[k];
}

static bool failing(enum verdict v)
{
	return v == V_FAIL || v == V_ERROR || v == V_INCOMPLETE ||
	       v == V_UNKNOWN;
}

static const struct rep_group *find_group(const struct rep_scenario *s,
					  const char *path)
{
	int i;

	if (!s)
		return NULL;
	for (i = 0; i < s->n_groups; i++)
		if (!strcmp(s->groups[i].path, path))
			return &s->groups[i];
	return NULL;
}

static double pick(double a, double b, double def)
{
	if (!isnan(a) && a > 0)
		return a;
	if (!isnan(b) && b > 0)
		return b;
	return def;
}

static void compare_group(struct cmp_group *cg,
			  const struct rep_scenario *sb,
			  const struct rep_scenario *sc,
			  const struct cmp_options *opt)
{
	const struct rep_group *b = cg->base, *c = cg->cand;
	double conf, tol, hb, hc, alpha;

	cg->w.p = NAN;
	if (!b || !c || isnan(b->error) || isnan(c->error))
		return;
	conf = opt->confidence > 0 ? opt->confidence :
	       pick(sc->confidence, sb->confidence, 0.95);
	if (conf >= 1)
		conf = 0.95;
	tol = pick(c->tolerance, b->tolerance, 0.01);
	cg->min_effect = opt->min_effect > 0 ? opt->min_effect : tol / 2;
	alpha = 1 - conf;
	cg->w.diff = c->error - b->error;
	if (!isnan(b->ci_lo) && !isnan(c->ci_lo) && !isnan(b->ci_hi) &&
	    !isnan(c->ci_hi))
		cg->overlap = !(c->ci_lo > b->ci_hi || b->ci_lo > c->ci_hi);
	/* half-widths: the CI is symmetric around the mean error */
	hb = (b->ci_hi - b->ci_lo) / 2;
	hc = (c->ci_hi - c->ci_lo) / 2;
	if (!welch_from_ci(b->error, hb, sb->subwindows, c->error, hc,
			   sc->subwindows, conf, &cg->w)) {
		cg->tested = true;
		cg->significant = cg->w.p < alpha &&
				  fabs(cg->w.diff) >= cg->min_effect;
	} else if (!isnan(hb) && !isnan(hc)) {
		/* sub-window counts unknown: fall back to non-overlapping
		 * intervals, which is the more conservative test */
		cg->tested = true;
		cg->significant = !cg->overlap &&
				  fabs(cg->w.diff) >= cg->min_effect;
	}
	if (cg->significant) {
		cg->worse = fabs(c->error) > fabs(b->error);
		cg->better = !cg->worse;
	}
}

static void add_groups(struct cmp_result *r, struct cmp_scenario *cs,
		       const struct cmp_options *opt)
{
	const struct rep_scenario *b = cs->base, *c = cs->cand;
	int nmax = (b ? b->n_groups : 0) + (c ? c->n_groups : 0), i;

	if (!nmax || !b || !c)
		return;
	cs->groups = arena_alloc(&r->arena, sizeof(*cs->groups) *
				 (size_t)nmax);
	if (!cs->groups)
		return;
	for (i = 0; i < c->n_groups; i++) {
		struct cmp_group *g = &cs->groups[cs->n_groups++];

		g->path = c->groups[i].path;
		g->cand = &c->groups[i];
		g->base = find_group(b, g->path);
		compare_group(g, b, c, opt);
	}
	for (i = 0; i < b->n_groups; i++) {
		struct cmp_group *g;

		if (find_group(c, b->groups[i].path))
			continue;
		g = &cs->groups[cs->n_groups++];
		g->path = b->groups[i].path;
		g->base = &b->groups[i];
		g->w.p = NAN;
	}
}

static void classify(struct cmp_result *r, struct cmp_scenario *cs)
{
	bool worse = false, better = false;
	int i;

	for (i = 0; i < cs->n_groups; i++) {
		worse |= cs->groups[i].worse;
		better |= cs->groups[i].better;
	}
	if (!cs->cand) {
		cs->kind = CMP_MISSING;
		cs->why = cs->base->has_result && cs->base->verdict != V_SKIP ?
			  "ran in the baseline, no result in the candidate" :
			  "not in the candidate (no result in the baseline either)";
		return;
	}
	if (!cs->base) {
		cs->kind = failing(cs->vc) ? CMP_REGRESSED : CMP_NEW;
		cs->verdict_worse = failing(cs->vc);
		cs->why = failing(cs->vc) ? "new scenario, failing" :
			  "new scenario";
		return;
	}
	if (failing(cs->vc) && !failing(cs->vb)) {
		cs->kind = CMP_REGRESSED;
		cs->verdict_worse = true;
		cs->why = arena_printf(&r->arena, "verdict %s -> %s",
				       verdict_name(cs->vb),
				       verdict_name(cs->vc));
	} else if (worse) {
		cs->kind = CMP_REGRESSED;
		cs->why = "error grew significantly";
	} else if (cs->vb != cs->vc && (cs->vb == V_INCONCLUSIVE ||
					cs->vc == V_INCONCLUSIVE)) {
		/* no verdict on one side: neither better nor worse */
		cs->kind = CMP_CHANGED;
		cs->why = arena_printf(&r->arena, "verdict %s -> %s (no "
				       "verdict within the longest window)",
				       verdict_name(cs->vb),
				       verdict_name(cs->vc));
	} else if (failing(cs->vb) && !failing(cs->vc)) {
		cs->kind = CMP_IMPROVED;
		cs->why = arena_printf(&r->arena, "verdict %s -> %s",
				       verdict_name(cs->vb),
				       verdict_name(cs->vc));
	} else if (failing(cs->vb) && failing(cs->vc)) {
		cs->kind = CMP_STILL_FAILING;
		cs->why = arena_printf(&r->arena, "verdict %s -> %s",
				       verdict_name(cs->vb),
				       verdict_name(cs->vc));
	} else if (better) {
		cs->kind = CMP_IMPROVED;
		cs->why = "error shrank significantly";
	} else if (cs->vb != cs->vc) {
		cs->kind = CMP_CHANGED;
		cs->why = arena_printf(&r->arena, "verdict %s -> %s",
				       verdict_name(cs->vb),
				       verdict_name(cs->vc));
	} else {
		cs->kind = CMP_SAME;
		cs->why = "";
	}
}

/* largest significant |diff| of a scenario, for ordering */
static double weight(const struct cmp_scenario *cs)
{
	double m = 0;
	int i;

	for (i = 0; i < cs->n_groups; i++)
		if (cs->groups[i].significant &&
		    fabs(cs->groups[i].w.diff) > m)
			m = fabs(cs->groups[i].w.diff);
	return m;
}

static int cmp_order(const void *a, const void *b)
{
	const struct cmp_scenario *x = a, *y = b;
	double wx, wy;

	if (x->kind != y->kind)
		return (int)x->kind - (int)y->kind;
	if (x->verdict_worse != y->verdict_worse)
		return x->verdict_worse ? -1 : 1;
	wx = weight(x);
	wy = weight(y);
	if (wx != wy)
		return wx > wy ? -1 : 1;
	return strcmp(x->name, y->name);
}

int compare_runs(const struct rep_run *base, const struct rep_run *cand,
		 const struct cmp_options *opt, struct cmp_result *out)
{
	int i, n = 0;

	memset(out, 0, sizeof(*out));
	out->base = base;
	out->cand = cand;
	out->scen = arena_alloc(&out->arena, sizeof(*out->scen) *
				((size_t)base->n_scen + cand->n_scen + 1));
	if (!out->scen)
		return -ENOMEM;
	for (i = 0; i < cand->n_scen; i++) {
		struct cmp_scenario *cs = &out->scen[n++];

		cs->name = cand->scen[i].name;
		cs->cand = &cand->scen[i];
		cs->base = results_find(base, cs->name);
		cs->vc = cs->cand->verdict;
		cs->vb = cs->base ? cs->base->verdict : V_UNKNOWN;
	}
	for (i = 0; i < base->n_scen; i++) {
		struct cmp_scenario *cs;

		if (results_find(cand, base->scen[i].name))
			continue;
		cs = &out->scen[n++];
		cs->name = base->scen[i].name;
		cs->base = &base->scen[i];
		cs->vb = cs->base->verdict;
		cs->vc = V_UNKNOWN;
	}
	out->n = n;
	for (i = 0; i < n; i++) {
		add_groups(out, &out->scen[i], opt);
		classify(out, &out->scen[i]);
		out->counts[out->scen[i].kind]++;
	}
	qsort(out->scen, (size_t)n, sizeof(*out->scen), cmp_order);

	if (results_run_broken(cand) && !results_run_broken(base)) {
		out->run_worse = true;
		out->run_why = arena_printf(&out->arena,
			"the candidate run did not finish (host status %s%s%s)",
			cand->host_status ? cand->host_status : "unknown",
			cand->last_scenario ? ", during " : "",
			cand->last_scenario ? cand->last_scenario : "");
	} else if (!cand->n_scen && base->n_scen) {
		out->run_worse = true;
		out->run_why = "the candidate has no scenario results";
	}
	return 0;
}

bool cmp_missing_counts(const struct cmp_scenario *cs)
{
	return cs->kind == CMP_MISSING && cs->base && cs->base->has_result &&
	       cs->base->verdict != V_SKIP;
}

bool compare_regressed(const struct cmp_result *r)
{
	int i;

	if (r->run_worse || r->counts[CMP_REGRESSED])
		return true;
	for (i = 0; i < r->n; i++)
		if (cmp_missing_counts(&r->scen[i]))
			return true;
	return false;
}

void compare_free(struct cmp_result *r)
{
	arena_free(&r->arena);
	memset(r, 0, sizeof(*r));
}
