// SPDX-License-Identifier: GPL-2.0
/*
 * departure.c - a golden expectation missed by design of the share
 * function (verdict.h).
 *
 * cgroup v2 gives equal weights equal shares. 7.3's concur scales a
 * group's weight by nr = min(tg_tasks, tg_cpus), tasks by tg_tasks and
 * max by tg_cpus (calc_*_shares() in kernel/sched/fair.c; concur's
 * comment: "Func: fraction(nr * tg->shares); nr = min(nr_tasks,
 * nr_cpus)"), so a group whose tasks are packed on fewer CPUs than it has
 * tasks weighs more than its cpu.weight says. The share that formula
 * intends is the ideal split with each group's weight scaled by its
 * count, the count taken as the scenario defines it (the hogs below the
 * group, the CPUs of its cpuset): a kernel that counts wrongly misses it
 * and stays a FAIL.
 */
#include <stdio.h>
#include <string.h>

#include "model/model.h"
#include "verdict/verdict.h"

/* The hogs below group g in state st. */
static int hogs_below(const struct scenario *s, const struct scn_state *st,
		      int g)
{
	int n = 0;

	for (int t = 0; t < s->ntasks; t++)
		if (!st->task_stopped[t] &&
		    scn_group_below(s, st->task_group[t], g))
			n += s->tasks[t].count;
	return n;
}

/* The factor mode m scales group g's weight by; 0: not a scaling mode. */
static int mode_factor(enum km_mode m, const struct scenario *s,
		       const struct scn_state *st, int g)
{
	int tasks = hogs_below(s, st, g);
	int cpus = scn_cpumask_count(scn_state_group_cpuset(s, st, g) &
				     st->online);

	if (tasks < 1)
		tasks = 1;
	if (cpus < 1)
		cpus = scn_cpumask_count(st->online);
	switch (m) {
	case KM_MODE_CONCUR:
		return tasks < cpus ? tasks : cpus;
	case KM_MODE_TASKS:
		return tasks;
	case KM_MODE_MAX:
		return cpus;
	default:
		return 0;
	}
}

/* The mode's intended shares into frac[]; -1 when it cannot say. */
static int mode_shares(const struct vd_input *in, const struct scn_result *r,
		       enum km_mode m, double *frac)
{
	const struct scenario *s = in->s;
	double cap[SCN_MAX_CPUS], gcpu[SCN_MAX_GROUPS];
	struct scn_state st = *in->st;
	int g, f;

	for (g = 0; g < s->ngroups; g++) {
		f = mode_factor(m, s, in->st, g);
		if (!f)
			return -1;
		st.group_weight[g] *= (unsigned long)f;
	}
	vd_capacity(r, cap);
	if (ideal_split(s, &st, cap, gcpu, NULL))
		return -1;
	return vd_fractions(s, gcpu, frac) > 0 ? 0 : -1;
}

static bool inside(double lo, double hi, double tol)
{
	return lo >= -tol && hi <= tol;
}

static bool outside(double lo, double hi, double tol)
{
	return lo > tol || hi < -tol;
}

/*
 * Group g's failure against the formula's share frac: DEP_YES when the
 * model holds, the golden is missed and measured - frac is inside the
 * tolerance, DEP_OPEN when that interval straddles the tolerance, else
 * DEP_NO (the failure is not the formula's).
 */
static enum vd_dep group_dep(const struct scenario *s,
			     const struct grp_result *gr, double frac)
{
	double shift = gr->expected - frac;
	double lo = gr->exp_err.lo + shift, hi = gr->exp_err.hi + shift;
	double tol = s->tolerance;

	if (!gr->has_expected || !inside(gr->err.lo, gr->err.hi, tol) ||
	    inside(gr->exp_err.lo, gr->exp_err.hi, tol) ||
	    outside(lo, hi, tol))
		return DEP_NO;
	return inside(lo, hi, tol) ? DEP_YES : DEP_OPEN;
}

/* The call over r's failing groups into frac[]; *first: the first one. */
static enum vd_dep classify(const struct vd_input *in,
			    const struct scn_result *r, double *frac,
			    int *first)
{
	const struct scenario *s = in->s;
	enum vd_dep call = DEP_YES, c;

	*first = -1;
	if (r->v != V_FAIL || !r->agg_ok || s->nrepeats || in->ss->hop ||
	    !vd_steady(s, in->st) || mode_shares(in, r, km_get_mode(), frac))
		return DEP_NO;
	for (int g = 0; g < s->ngroups; g++) {
		if (r->g[g].pass)
			continue;
		c = group_dep(s, &r->g[g], frac[g]);
		if (c == DEP_NO)
			return DEP_NO;
		if (c == DEP_OPEN)
			call = DEP_OPEN;
		if (*first < 0)
			*first = g;
	}
	return *first < 0 ? DEP_NO : call;
}

enum vd_dep vd_departure_call(const struct vd_input *in,
			      const struct scn_result *r)
{
	double frac[SCN_MAX_GROUPS];
	int first;

	return classify(in, r, frac, &first);
}

/* r's reason: group g against the formula's share frac, then tail */
static void dep_reason(const struct scenario *s, struct scn_result *r,
		       int g, double frac, const char *tail)
{
	enum km_mode m = km_get_mode();

	snprintf(r->reason, sizeof(r->reason), "%s: measured %.4f %s "
		 "cgroup_mode %s's share by its formula (%.4f), not the "
		 "weights' %.4f: a departure of %+.4f (fair.c calc_%s_shares())%s",
		 s->groups[g].path, r->g[g].measured,
		 r->v == V_XFAIL ? "is" : "may be", km_mode_name(m), frac,
		 r->g[g].expected, frac - r->g[g].expected, km_mode_name(m),
		 tail);
}

void vd_departure(const struct vd_input *in, struct scn_result *r)
{
	const struct scenario *s = in->s;
	double frac[SCN_MAX_GROUPS];
	enum vd_dep call;
	int g, first;

	call = classify(in, r, frac, &first);
	if (call == DEP_NO)
		return;
	for (g = 0; g < s->ngroups; g++)
		r->g[g].mode_expected = frac[g];
	if (call == DEP_OPEN) {
		for (g = 0; g < s->ngroups; g++)
			r->g[g].departure_open = !r->g[g].pass;
		r->v = V_INCONCLUSIVE;
		dep_reason(s, r, first, frac[first],
			   "; measured - formula not decided within the "
			   "tolerance (a wider interval than the golden's miss)");
		return;
	}
	for (g = 0; g < s->ngroups; g++)
		r->g[g].departure = !r->g[g].pass;
	r->v = V_XFAIL;
	dep_reason(s, r, first, frac[first], "");
}
