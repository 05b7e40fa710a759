// SPDX-License-Identifier: GPL-2.0
/*
 * groups.c - each group's measured split against the verdict's model and
 * its golden expectation, with a confidence interval; the scenario's
 * verdict from its groups and from what the window tested.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verdict/groups.h"
#include "verdict/verdict.h"

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
void vd_groups(const struct vd_input *in, struct vd_acc *a,
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
void vd_coverage(const struct vd_acc *a, struct scn_result *r)
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
