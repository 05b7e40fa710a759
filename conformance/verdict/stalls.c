// SPDX-License-Identifier: GPL-2.0
/*
 * stalls.c - host stalls: CPU time charged to tasks whose vCPU the host
 * did not run, and whether it accounts for a failure.
 */
#include <math.h>
#include <stdint.h>

#include "verdict/stalls.h"

/*
 * A vCPU the host stops keeps its task's runtime still until it runs
 * again, then charges the whole gap at once: tasks' time in one interval
 * then exceeds what the online CPUs had (a running task's schedstat lags
 * by at most a tick, so honest intervals stay within a few ms).
 */
void note_excess(const struct sample_set *ss, int k, double tot_ns,
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
void note_stall(const struct vd_input *in,
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

void explain_by_stalls(const struct scenario *s, double tot,
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
