// SPDX-License-Identifier: GPL-2.0
/*
 * sequential.c - the sequential verdict (sequential.h): the looks, each
 * look's confidence, and the decision after each look.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "contract/contract.h"
#include "verdict/sequential.h"

void seq_opts_default(struct seq_opts *o)
{
	o->fixed_window = false;
	o->lag_inflation = SEQ_LAG_INFLATION;
}

void seq_plan_scenario(struct seq_plan *p, const struct seq_opts *o,
		       const struct scenario *s)
{
	seq_plan_from(p, o, s->measure_us, scn_max_measure_us(s),
		      s->confidence, (uint64_t)s->windows * s->sample_us);
}

/*
 * The regular looks from s0 to max (the last at max), at most slots: every
 * SEQ_STEP_US where that reaches max, else spaced geometrically (rounded
 * to half a step, at least a step apart). A 16 s window looked at 1 s ..
 * 3.5 s and then only at 16 s (churn/fork-exit-cross-cpu, measure 8 s).
 */
static int plan_regular(uint64_t *out, int slots, uint64_t s0, uint64_t max)
{
	const uint64_t half = SEQ_STEP_US / 2;
	double r, g = s0;
	uint64_t l = s0;
	int n = 0;

	if (s0 + (uint64_t)(slots - 1) * SEQ_STEP_US >= max) {
		for (; l < max && n < slots - 1; l += SEQ_STEP_US)
			out[n++] = l;
		out[n++] = max;
		return n;
	}
	r = pow((double)max / s0, 1.0 / (slots - 1));
	while (l < max && n < slots - 1) {
		out[n++] = l;
		g *= r;
		l = (uint64_t)(g / half + 0.5) * half;
		if (l < out[n - 1] + SEQ_STEP_US)
			l = out[n - 1] + SEQ_STEP_US;
	}
	out[n++] = max;
	return n;
}

void seq_plan_from(struct seq_plan *p, const struct seq_opts *o,
		   uint64_t measure_us, uint64_t max_measure_us,
		   double confidence, uint64_t min_look_us)
{
	uint64_t l;

	memset(p, 0, sizeof(*p));
	p->confidence = confidence;
	p->look_confidence = confidence;
	p->inflation = 1;
	if (o->fixed_window) {
		p->nlooks = 1;
		p->look_us[0] = measure_us;
		p->max_measure_us = measure_us;
		return;
	}
	p->sequential = true;
	if (max_measure_us < measure_us)
		max_measure_us = measure_us;
	p->max_measure_us = max_measure_us;
	/* the early look only before a regular one */
	if (SEQ_EARLY_US >= min_look_us && SEQ_FIRST_US < max_measure_us)
		p->look_us[p->nlooks++] = SEQ_EARLY_US;
	for (l = SEQ_FIRST_US; l < min_look_us; l += SEQ_STEP_US)
		;
	if (l >= max_measure_us)
		p->look_us[p->nlooks++] = max_measure_us;
	else
		p->nlooks += plan_regular(p->look_us + p->nlooks,
					  SEQ_MAX_LOOKS - p->nlooks, l,
					  max_measure_us);
	p->look_confidence = 1 - (1 - confidence) / p->nlooks;
	p->inflation = o->lag_inflation >= 1 ? o->lag_inflation : 1;
}

double seq_analysis_confidence(const struct seq_plan *p, bool lag, int df)
{
	double q, tail;

	if (!lag || p->inflation == 1 || df < 1)
		return p->look_confidence;
	q = p->inflation * stats_t_quantile(p->look_confidence, df);
	/* P(|T| > q), directly: 1 - cdf would lose its digits */
	tail = stats_incbeta(df / 2.0, 0.5, df / (df + q * q));
	return 1 - tail;
}

enum seq_call seq_classify(double lo, double hi, double tol)
{
	if (lo >= -tol && hi <= tol)
		return SEQ_INSIDE;
	if (lo > tol || hi < -tol)
		return SEQ_OUTSIDE;
	return SEQ_OPEN;
}

/* Group g's worse call of its model and expectation intervals. */
static enum seq_call group_call(const struct scenario *s,
				const struct grp_result *gr,
				const struct stats_summary **which)
{
	enum seq_call c = seq_classify(gr->err.lo, gr->err.hi, s->tolerance);
	enum seq_call e;

	*which = &gr->err;
	if (c == SEQ_OUTSIDE || !gr->has_expected)
		return c;
	e = seq_classify(gr->exp_err.lo, gr->exp_err.hi, s->tolerance);
	if (e == SEQ_OUTSIDE || (e == SEQ_OPEN && c == SEQ_INSIDE)) {
		*which = &gr->exp_err;
		return e;
	}
	return c;
}

/* The reason of a group whose interval is not inside. */
static void group_reason(const struct scenario *s, int g,
			 const struct grp_result *gr,
			 const struct stats_summary *ci, const char *how,
			 struct scn_result *r)
{
	if (ci == &gr->exp_err)
		snprintf(r->reason, sizeof(r->reason),
			 "%s: measured - expected %.4f CI [%+.4f, %+.4f] %s "
			 "+-%.4f", s->groups[g].path, gr->expected, ci->lo,
			 ci->hi, how, s->tolerance);
	else
		snprintf(r->reason, sizeof(r->reason),
			 "%s: measured - model CI [%+.4f, %+.4f] %s +-%.4f",
			 s->groups[g].path, ci->lo, ci->hi, how,
			 s->tolerance);
}

/* The first group with the call c, or -1. */
static int first_group(const struct scenario *s, const struct scn_result *r,
		       enum seq_call c, const struct stats_summary **ci)
{
	for (int g = 0; g < s->ngroups; g++)
		if (group_call(s, &r->g[g], ci) == c)
			return g;
	return -1;
}

enum verdict seq_group_verdict(const struct scenario *s,
			       const struct scn_result *r, int g)
{
	const struct stats_summary *ci;

	if (r->g[g].pass)
		return V_PASS;
	if (r->g[g].departure)
		return V_XFAIL;
	if (r->g[g].departure_open)
		return V_INCONCLUSIVE;
	if (r->v == V_INCONCLUSIVE &&
	    group_call(s, &r->g[g], &ci) != SEQ_OUTSIDE)
		return V_INCONCLUSIVE;
	return V_FAIL;
}

/* Has an aggregation finding enough samples behind it to end the run? */
static bool agg_settled(const struct scn_result *r)
{
	for (int i = 0; i < r->nissues; i++)
		if (r->issues[i].checked >= SEQ_AGG_MIN_CHECKED)
			return true;
	return false;
}

bool seq_decide(const struct seq_plan *p, int look, const struct scenario *s,
		struct scn_result *r)
{
	const struct stats_summary *ci;
	bool last = look == p->nlooks - 1;
	int g;

	/* an early look short of samples (a look delayed them): go on */
	if (r->v == V_ERROR)
		return !p->sequential || last;
	if (r->v == V_PASS || !p->sequential)
		return true;
	if (!r->agg_ok) {
		if (!last && !agg_settled(r))
			return false;
		/* a group merely straddling is not why it fails */
		if (first_group(s, r, SEQ_OUTSIDE, &ci) < 0)
			snprintf(r->reason, sizeof(r->reason), "aggregation: %s",
				 r->nissues ? r->issues[0].detail : "broken");
		r->v = V_FAIL;
		return true;
	}
	g = first_group(s, r, SEQ_OUTSIDE, &ci);
	if (g >= 0) {
		r->v = V_FAIL;
		group_reason(s, g, &r->g[g], ci, "outside", r);
		return true;
	}
	if (look < p->nlooks - 1)
		return false;
	r->v = V_INCONCLUSIVE;
	g = first_group(s, r, SEQ_OPEN, &ci);
	if (g >= 0) {
		size_t n;

		group_reason(s, g, &r->g[g], ci, "straddles", r);
		n = strlen(r->reason);
		snprintf(r->reason + n, sizeof(r->reason) - n,
			 " after %d looks, window %.1f s", p->nlooks,
			 p->look_us[look] / 1e6);
	}
	return true;
}

/*
 * The sample intervals of the window [start, start + len), counted as
 * vd_window() counts them: from the first sample with t + sample/2 >=
 * start to the last with t <= end + sample/2. Counted, not taken as
 * len / sample: a look's analysis delays the samples after it, which
 * the runner skips, and a prediction one interval off made seq_look()
 * analyse the window twice (at 208 groups, ~100 ms of CPU a pass).
 */
static int window_intervals(const struct vd_input *in, uint64_t len)
{
	const struct sample_set *ss = in->ss;
	uint64_t half = in->s->sample_us / 2;
	uint64_t end = in->win_start_us + len;
	int k, first = -1, last = -1;

	for (k = 0; k < ss->n; k++) {
		if (first < 0 && ss->v[k].t_us + half >= in->win_start_us)
			first = k;
		if (ss->v[k].t_us <= end + half)
			last = k;
	}
	return first >= 0 && last > first ? last - first : 0;
}

/* Degrees of freedom and interval kind vd_analyze() will use. */
static void predict(const struct vd_input *in, uint64_t len, bool *lag,
		    int *df)
{
	int nint = window_intervals(in, len);
	int w = in->s->windows < nint ? in->s->windows : nint;

	if (w > VD_MAX_WINDOWS)
		w = VD_MAX_WINDOWS;
	if (w < 2)
		w = 2;
	*df = w - 1;
	*lag = nint >= 4 && vd_steady(in->s, in->st);
}

bool seq_look(const struct seq_plan *p, int look, const struct vd_input *in,
	      struct scenario *scratch, struct scn_result *r)
{
	struct vd_input at = *in;
	bool lag;
	int df;

	at.s = scratch;
	at.win_len_us = p->look_us[look];
	predict(in, at.win_len_us, &lag, &df);
	for (int pass = 0; pass < 2; pass++) {
		scratch->confidence = seq_analysis_confidence(p, lag, df);
		memset(r, 0, sizeof(*r));
		vd_analyze(&at, r);
		if (r->v == V_ERROR ||
		    ((r->ci_method == VD_CI_LAG) == lag &&
		     r->subwindows - 1 == df))
			break;
		lag = r->ci_method == VD_CI_LAG;
		df = r->subwindows - 1;
	}
	scratch->confidence = in->s->confidence;
	if (!seq_decide(p, look, in->s, r))
		return false;
	/* a FAIL that may be the share function's formula: look again */
	return look == p->nlooks - 1 || vd_departure_call(&at, r) != DEP_OPEN;
}

void seq_outcome_fill(const struct seq_plan *p, int look,
		      const struct scn_result *r, struct seq_outcome *o)
{
	uint64_t cost = o->cost_us;
	int skipped = o->skipped;

	memset(o, 0, sizeof(*o));
	o->cost_us = cost;
	o->skipped = skipped;
	o->sequential = p->sequential;
	o->look = look + 1;
	o->looks = p->nlooks;
	o->time_to_verdict_us = r->win_len_us;
	o->max_measure_us = p->max_measure_us;
	o->ci_confidence = p->look_confidence;
	o->ci_inflation = r->ci_method == VD_CI_LAG ? p->inflation : 1;
}
