// SPDX-License-Identifier: GPL-2.0
/*
 * test_sequential.c - the sequential verdict: its looks, each look's
 * confidence, the decision on an analysed result, and its error rates by
 * simulation.
 *
 * The simulation draws a group's cumulative error (measured - model CPU
 * time) along a window of sample intervals, looks at it as the runner does
 * (intervals of conformance/contract/stats.c at each look's confidence,
 * seq_classify(), the same stopping rule as seq_decide()), and counts the
 * outcomes over SIM_RUNS runs per noise profile and scenario plan (seeded:
 * the counts are the same on every machine). The plans are the runner's
 * own: every scenario of the default suite parsed at 2 CPUs and given to
 * seq_plan_scenario(), the function the runner's plans come from, and
 * each distinct plan (its looks, sample interval and sub-windows)
 * simulated once, under the name of its first scenario. Noise profiles
 * (in units of the tolerance, scaled per plan so that the fixed-window
 * 95 % half-width at the scenario's measure is the profile's; the KTAP
 * line `# sim ...` prints it so it can be set against `CI p50` and
 * `bnd/tol` of `make flake`):
 *   lag-*     a steady window (pinned hogs): a bounded lag (AR(1),
 *             correlation 3 or 8 intervals) the lag interval is valid for;
 *   lag-slow  the same plus a slow lag component (correlation 40
 *             intervals) the lag interval cannot see: the claimed SE is
 *             ~2.2 x too small (the claimed SE over the observed: 0.46,
 *             docs/lab/2026-12-05-flake-campaigns.md);
 *   rw-*      a random-walk error (sleepers, churn, unpinned tasks):
 *             the sub-window interval.
 * The claims: a correct kernel (error 0 or half the tolerance) FAILs in
 * <= 1 % of the runs over all looks; a kernel off by twice the tolerance
 * FAILs in >= 99 %.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifndef CONFORM_SRCDIR
#define CONFORM_SRCDIR "."
#endif

#include "contract/contract.h"
#include "output/output.h"
#include "tests/testutil.h"
#include "verdict/sequential.h"
#include "verdict/verdict.h"

#define SIM_RUNS	2000
#define SIM_TOL		0.01
#define SIM_MAX_INT	1024
#define SIM_MAX_PLANS	24

/* splitmix64: a deterministic generator for the simulation */
static uint64_t rng_state;

static uint64_t rng_next(void)
{
	uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double rng_unit(void)
{
	return ((rng_next() >> 11) + 0.5) / 9007199254740992.0;
}

static double rng_normal(void)
{
	return sqrt(-2 * log(rng_unit())) * cos(2 * M_PI * rng_unit());
}

struct profile {
	const char *name;
	bool lag;		/* the lag interval, else sub-windows */
	double phi;		/* AR(1) coefficient of the fast lag */
	double slow;		/* a slow lag component's SD, of the fast's */
	double target_hw;	/* fixed-window 95 % half-width, tolerances */
	bool limit;		/* printed, not asserted: where power ends */
};

/*
 * Lag in units of one interval's total CPU, so that an error over n
 * intervals is (lag[n] - lag[0]) / n, times the tolerance. The noise is
 * scaled so that the median fixed-window 95 % half-width is target_hw
 * tolerances: on correct kernels (docs/lab/2026-12-05-flake-campaigns.md)
 * the scenarios' median bound (|error| + half-width) at 0.02-0.50 of the
 * tolerance and their worst run at 0.11-0.87.
 */
static const struct profile profiles[] = {
	{ "lag-calm", true, 0.72, 0, 0.05, false },
	{ "lag-typical", true, 0.88, 0, 0.10, false },
	{ "lag-noisy", true, 0.88, 0, 0.20, false },
	{ "lag-slow", true, 0.72, 8, 0.10, false },
	{ "rw-typical", false, 0, 0, 0.25, false },
	{ "rw-noisy", false, 0, 0, 0.40, false },
	{ "rw-limit", false, 0, 0, 0.45, true },
};

/* A scenario's plan and sampling, as the runner has them. */
struct sim_plan {
	char name[SCN_NAME_MAX + 2];	/* the first scenario with it */
	int nscn;		/* scenarios of the default suite with it */
	struct seq_plan p;
	uint64_t measure_us, sample_us;
	int windows;
};

static struct sim_plan plans[SIM_MAX_PLANS];
static int nplans;

/* One profile on one plan: the noise scale sim_scale() found. */
struct sim_case {
	const struct profile *pf;
	const struct sim_plan *pl;
	double sd;		/* lag SD or step SD */
};

/* One run's cumulative error and total, intervals 0..n. */
static void sim_draw(const struct sim_case *sc, double mu, int n, double *lag,
		     double *cum)
{
	const struct profile *pf = sc->pf;
	const double phi_slow = 0.975;
	double slow_sd = pf->slow * sc->sd;
	double a = sc->sd * rng_normal(), b = slow_sd * rng_normal();
	double rw = 0;

	for (int j = 0; j <= n; j++) {
		if (j) {
			a = pf->phi * a + sc->sd *
			    sqrt(1 - pf->phi * pf->phi) * rng_normal();
			b = phi_slow * b + slow_sd *
			    sqrt(1 - phi_slow * phi_slow) * rng_normal();
			rw += sc->sd * rng_normal();
		}
		cum[j] = j;
		lag[j] = SIM_TOL * (mu * j + (pf->lag ? a + b : rw));
	}
}

/* Sub-windows of a window of n intervals, as window.c cuts it. */
static int sim_windows(const struct sim_plan *pl, int n)
{
	int w = pl->windows < n ? pl->windows : n;

	if (w > VD_MAX_WINDOWS)
		w = VD_MAX_WINDOWS;
	return w < 2 ? 2 : w;
}

/* The interval of the window's first n intervals, as groups.c takes it. */
static void sim_interval(const struct sim_case *sc, const double *lag,
			 const double *cum, int n, double conf,
			 struct stats_summary *out)
{
	double x[VD_MAX_WINDOWS], start[VD_MAX_WINDOWS + 1];
	int w, nw = sim_windows(sc->pl, n);

	if (sc->pf->lag) {
		stats_summarize_lag(lag, cum, n, conf, nw - 1, out);
		return;
	}
	for (w = 0; w <= nw; w++)
		start[w] = lag[(w * n + nw - 1) / nw];
	for (w = 0; w < nw; w++)
		x[w] = (start[w + 1] - start[w]) / ((double)n / nw);
	stats_summarize_series(x, nw, conf, out);
}

struct sim_count {
	int v[V_COUNT];
	int look[V_COUNT][SEQ_MAX_LOOKS];	/* deciding look */
	double fixed_hw;	/* median fixed-window 95 % half-width / tol */
	double se_co;		/* claimed / run-to-run SE, fixed window */
};

/* Intervals in a window of len_us. */
static int sim_n(const struct sim_plan *pl, uint64_t len_us)
{
	return (int)(len_us / pl->sample_us);
}

/* One run under the plan: the verdict; *look the deciding one. */
static enum verdict sim_run(const struct sim_case *sc, double mu, int *look)
{
	static double lag[SIM_MAX_INT + 1], cum[SIM_MAX_INT + 1];
	const struct seq_plan *p = &sc->pl->p;
	int nmax = sim_n(sc->pl, p->look_us[p->nlooks - 1]);
	struct stats_summary e;

	assert_true(nmax <= SIM_MAX_INT);
	sim_draw(sc, mu, nmax, lag, cum);
	for (*look = 0; *look < p->nlooks; (*look)++) {
		int n = sim_n(sc->pl, p->look_us[*look]);
		double conf = seq_analysis_confidence(p, sc->pf->lag,
						      sim_windows(sc->pl, n) - 1);

		sim_interval(sc, lag, cum, n, conf, &e);
		switch (seq_classify(e.lo, e.hi, SIM_TOL)) {
		case SEQ_INSIDE:
			return V_PASS;
		case SEQ_OUTSIDE:
			return V_FAIL;
		case SEQ_OPEN:
			if (!p->sequential)
				return V_FAIL;
			break;
		}
	}
	(*look)--;
	return V_INCONCLUSIVE;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

#define SIM_FIXED_RUNS	401

/*
 * The case's fixed-window 95 % half-width over tol (median), at the
 * scenario's measure, and its `SE c/o` (the claimed standard error over
 * the run-to-run SD).
 */
static double sim_fixed_hw(const struct sim_case *sc, double *se_co)
{
	static double lag[SIM_MAX_INT + 1], cum[SIM_MAX_INT + 1];
	static double hw[SIM_FIXED_RUNS], err[SIM_FIXED_RUNS];
	int n = sim_n(sc->pl, sc->pl->measure_us), i;
	double conf = sc->pl->p.confidence, m = 0, ss = 0, q;
	struct stats_summary e;

	q = stats_t_quantile(conf, sim_windows(sc->pl, n) - 1);
	for (i = 0; i < SIM_FIXED_RUNS; i++) {
		sim_draw(sc, 0, n, lag, cum);
		sim_interval(sc, lag, cum, n, conf, &e);
		hw[i] = e.half_width / SIM_TOL;
		err[i] = e.mean / SIM_TOL;
		m += err[i] / SIM_FIXED_RUNS;
	}
	for (i = 0; i < SIM_FIXED_RUNS; i++)
		ss += (err[i] - m) * (err[i] - m);
	qsort(hw, SIM_FIXED_RUNS, sizeof(double), cmp_double);
	*se_co = hw[SIM_FIXED_RUNS / 2] / q /
		 sqrt(ss / (SIM_FIXED_RUNS - 1));
	return hw[SIM_FIXED_RUNS / 2];
}

/* Set the case's noise to its profile's half-width (it is linear). */
static void sim_scale(struct sim_case *sc)
{
	double co;

	sc->sd = 1;
	rng_state = 0xca1b;
	sc->sd = sc->pf->target_hw / sim_fixed_hw(sc, &co);
}

static void sim_case_run(struct sim_case *sc, double mu, struct sim_count *c)
{
	int look;

	memset(c, 0, sizeof(*c));
	sim_scale(sc);
	rng_state = 0x5eed0000ull + (uint64_t)(sc->pf - profiles) * 7919 +
		    (uint64_t)(sc->pl - plans) * 104729 +
		    (uint64_t)(mu * 1000);
	for (int i = 0; i < SIM_RUNS; i++) {
		enum verdict v = sim_run(sc, mu, &look);

		c->v[v]++;
		c->look[v][look]++;
	}
	c->fixed_hw = sim_fixed_hw(sc, &c->se_co);
}

static void sim_print(const struct sim_case *sc, double mu,
		      const struct sim_count *c)
{
	enum verdict v = mu == 0 || fabs(mu) < 1 ? V_PASS : V_FAIL;
	const struct seq_plan *p = &sc->pl->p;

	printf("# sim %-11s %-26s (%d: looks %.2f..%.1f s, %d of %d x %.0f "
	       "ms) error %+.1f tol (fixed 95%% half-width %.2f tol, SE c/o "
	       "%.2f): pass %d fail %d inconclusive %d of %d; %s by look",
	       sc->pf->name, sc->pl->name, sc->pl->nscn, p->look_us[0] / 1e6,
	       p->look_us[p->nlooks - 1] / 1e6, p->nlooks, sc->pl->windows,
	       sc->pl->sample_us / 1e3, mu, c->fixed_hw, c->se_co,
	       c->v[V_PASS], c->v[V_FAIL], c->v[V_INCONCLUSIVE], SIM_RUNS,
	       verdict_name(v));
	for (int l = 0; l < p->nlooks; l++)
		printf(" %d", c->look[v][l]);
	printf("\n");
}

/* Same looks, sampling and sub-windows: the same simulation. */
static bool same_plan(const struct sim_plan *a, const struct sim_plan *b)
{
	return a->p.nlooks == b->p.nlooks &&
	       !memcmp(a->p.look_us, b->p.look_us, sizeof(a->p.look_us)) &&
	       a->p.look_confidence == b->p.look_confidence &&
	       a->p.inflation == b->p.inflation &&
	       a->p.confidence == b->p.confidence &&
	       a->measure_us == b->measure_us &&
	       a->sample_us == b->sample_us && a->windows == b->windows;
}

/* Scenario file @rel (of the default suite) at 2 CPUs: its plan. */
static void plan_add(const char *rel)
{
	static struct scenario s;
	struct sim_plan pl = { .nscn = 1 };
	char path[1024], err[SCN_ERR_MAX];
	struct seq_opts o;

	snprintf(path, sizeof(path), "%s/cgroup-scenarios/%s", CONFORM_SRCDIR,
		 rel);
	if (scn_parse_file_cpus(path, 2, &s, err, sizeof(err)))
		fail_msg("%s", err);
	seq_opts_default(&o);
	seq_plan_scenario(&pl.p, &o, &s);
	pl.measure_us = s.measure_us;
	pl.sample_us = s.sample_us;
	pl.windows = s.windows;
	snprintf(pl.name, sizeof(pl.name), "@%s", s.name);
	for (int i = 0; i < nplans; i++)
		if (same_plan(&plans[i], &pl)) {
			plans[i].nscn++;
			return;
		}
	assert_true(nplans < SIM_MAX_PLANS);
	plans[nplans++] = pl;
}

/* The distinct plans of the default suite's scenarios. */
static void plans_load(void)
{
	char path[1024], line[512];
	FILE *f;

	if (nplans)
		return;
	snprintf(path, sizeof(path), "%s/cgroup-scenarios/suites/default",
		 CONFORM_SRCDIR);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, " \t\r\n#")] = '\0';
		if (line[0])
			plan_add(line);
	}
	fclose(f);
	assert_true(nplans > 1);
}

/*
 * Every noise profile on every plan at the two true errors mus (in
 * tolerances): a correct kernel (wrong false) may FAIL in at most 1 % of
 * the runs over all looks; a wrong one must FAIL in at least 99 %
 * (profiles marked limit only print theirs).
 */
/*
 * Where the power claim is known not to hold: a plan that cannot look
 * past measure (max_measure = measure; until 2026-12-07 every scenario
 * with repeats, 7 of the default suite, plans of 2 s with 4 looks and 3 s
 * with 6: their firings now go on to max_measure) under a noisy
 * profile (fixed-window half-width 0.2 of the tolerance or more): 2.7-6 %
 * of the runs at twice the tolerance still straddle it at the last look,
 * INCONCLUSIVE, never PASS. Printed, not asserted; any other case below
 * 99 % fails the test. (A rule on the plan, not a list of names: the
 * suite's files change.)
 */
static bool is_known_short(const struct sim_case *sc)
{
	return sc->pl->p.max_measure_us <= sc->pl->measure_us &&
	       sc->pf->target_hw >= 0.2;
}

static void sim_check(const double mus[2], bool wrong)
{
	struct sim_count c;
	int bad = 0;

	plans_load();
	for (size_t i = 0; i < sizeof(profiles) / sizeof(profiles[0]); i++)
		for (int k = 0; k < nplans; k++)
			for (size_t m = 0; m < 2; m++) {
				struct sim_case sc = { &profiles[i],
						       &plans[k], 0 };

				sim_case_run(&sc, mus[m], &c);
				sim_print(&sc, mus[m], &c);
				bool shortfall = wrong &&
					c.v[V_FAIL] < SIM_RUNS * 99 / 100;

				if (shortfall && is_known_short(&sc)) {
					printf("# ^ below the claim (plan ends "
					       "at measure, noisy profile: not "
					       "asserted)\n");
				} else if ((!wrong &&
					    c.v[V_FAIL] > SIM_RUNS / 100) ||
					   (shortfall && !sc.pf->limit)) {
					printf("# ^ %s %s: %d FAILs of %d at "
					       "%+.1f tol\n", sc.pf->name,
					       sc.pl->name, c.v[V_FAIL],
					       SIM_RUNS, mus[m]);
					bad++;
				}
			}
	if (bad)
		fail_msg("%d profile x plan cases outside the claim", bad);
}

/* A correct kernel: false FAIL <= 1 % over all looks, every profile. */
static void test_sim_correct(void **state)
{
	const double mus[] = { 0, 0.5 };

	(void)state;
	sim_check(mus, false);
}

/* A kernel off by twice the tolerance: FAIL >= 99 %, either sign. */
static void test_sim_wrong(void **state)
{
	const double mus[] = { 2, -2 };

	(void)state;
	sim_check(mus, true);
}

/* The looks: 0.75 s, 1 s, then every 0.5 s (or wider), the last at max_measure. */
static void test_plan(void **state)
{
	static const uint64_t want2[] = { 750000, 1000000, 1500000, 2000000,
					  2500000, 3000000, 3500000, 4000000 };
	/* past 0.5 s steps' reach: geometric, rounded to 0.25 s */
	static const uint64_t want3[] = { 750000, 1000000, 1500000, 2000000,
					  2500000, 3250000, 4500000, 6000000 };
	static const uint64_t want16[] = { 750000, 1000000, 1500000, 2500000,
					   4000000, 6250000, 10000000,
					   16000000 };
	struct seq_opts o;
	struct seq_plan p;

	(void)state;
	seq_opts_default(&o);
	assert_true(o.lag_inflation == SEQ_LAG_INFLATION);
	seq_plan_from(&p, &o, 2000000, 4000000, 0.95, 0);
	assert_true(p.sequential);
	assert_int_equal(p.nlooks, 8);
	assert_memory_equal(p.look_us, want2, sizeof(want2));
	assert_true(fabs(p.look_confidence - (1 - 0.05 / 8)) < 1e-12);
	seq_plan_from(&p, &o, 3000000, 6000000, 0.95, 0);
	assert_int_equal(p.nlooks, SEQ_MAX_LOOKS);
	assert_memory_equal(p.look_us, want3, sizeof(want3));
	/* no look shorter than windows x sample (8 x 250 ms) but the last */
	seq_plan_from(&p, &o, 4000000, 8000000, 0.95, 2000000);
	assert_int_equal(p.nlooks, SEQ_MAX_LOOKS);
	assert_int_equal(p.look_us[0], 2000000);
	assert_int_equal(p.look_us[3], 3500000);
	assert_int_equal(p.look_us[4], 4500000);
	assert_int_equal(p.look_us[7], 8000000);
	seq_plan_from(&p, &o, 8000000, 16000000, 0.95, 200000);
	assert_memory_equal(p.look_us, want16, sizeof(want16));
	seq_plan_from(&p, &o, 2000000, 4000000, 0.95, 400000);
	assert_memory_equal(p.look_us, want2, sizeof(want2));
	/* a window shorter than the first look: one look */
	seq_plan_from(&p, &o, 500000, 800000, 0.95, 0);
	assert_int_equal(p.nlooks, 1);
	assert_int_equal(p.look_us[0], 800000);
	assert_true(fabs(p.look_confidence - 0.95) < 1e-12);
	o.fixed_window = true;
	seq_plan_from(&p, &o, 2000000, 4000000, 0.95, 0);
	assert_false(p.sequential);
	assert_int_equal(p.nlooks, 1);
	assert_int_equal(p.look_us[0], 2000000);
	assert_true(p.look_confidence == 0.95 && p.inflation == 1);
}

/* A file of the library, parsed at 2 CPUs. */
static void parse_lib(const char *rel, struct scenario *s)
{
	char path[1024], err[SCN_ERR_MAX];

	snprintf(path, sizeof(path), "%s/cgroup-scenarios/%s", CONFORM_SRCDIR,
		 rel);
	if (scn_parse_file_cpus(path, 2, s, err, sizeof(err)))
		fail_msg("%s", err);
}

/*
 * The runner's plans (seq_plan_scenario()): no look shorter than windows
 * x sample but the last, the longest window twice measure (repeats keep
 * firing until then).
 */
static void test_plan_scenario(void **state)
{
	static const uint64_t want208[] = { 2000000, 2500000, 3000000,
					    3500000, 4500000, 5500000,
					    6500000, 8000000 };
	static struct scenario sc;
	struct seq_opts o;
	struct seq_plan p;

	(void)state;
	seq_opts_default(&o);
	parse_lib("scale/siblings-208.scn", &sc);	/* 250 ms x 8 */
	seq_plan_scenario(&p, &o, &sc);
	assert_int_equal(p.nlooks, 8);
	assert_memory_equal(p.look_us, want208, sizeof(want208));
	parse_lib("scale/many-tasks.scn", &sc);		/* 100 ms x 8 */
	seq_plan_scenario(&p, &o, &sc);
	assert_int_equal(p.nlooks, 7);
	assert_int_equal(p.look_us[0], 1000000);
	assert_int_equal(p.look_us[6], 4000000);
	parse_lib("dynamic/deep-hop.scn", &sc);		/* repeats */
	seq_plan_scenario(&p, &o, &sc);
	assert_int_equal(p.look_us[p.nlooks - 1], 2 * sc.measure_us);
	assert_true(fabs(p.look_confidence - (1 - 0.05 / p.nlooks)) < 1e-12);
}

/* Repeats keep firing past measure: the longer window holds for them too. */
static void test_max_measure(void **state)
{
	struct scenario sc;
	struct scn_state st;

	(void)state;
	tu_parse("name m\ncpus 2\nmeasure 3s\ngroup A\ntask a group=A\n",
		 &sc, &st);
	assert_int_equal(scn_max_measure_us(&sc), 6000000);
	tu_parse("name r\ncpus 2\nmeasure 3s\ngroup A\ntask a group=A\n"
		 "every 500ms weight A 200 300\n", &sc, &st);
	assert_int_equal(scn_max_measure_us(&sc), 6000000);
	/* firings every 0.5 s from its first up to the longest run's end */
	assert_int_equal(scn_firings(&sc),
			 (scn_max_duration_us(&sc) - sc.repeats[0].from_us - 1) /
			 500000 + 1);
	assert_true(scn_max_duration_us(&sc) >= 6000000);
	tu_parse("name k\ncpus 2\nmeasure 3s\nmax_measure 10s\ngroup A\n"
		 "task a group=A\n", &sc, &st);
	assert_int_equal(scn_max_measure_us(&sc), 10000000);
	assert_int_equal(scn_max_duration_us(&sc), 10500000);
	assert_int_equal(scn_timeout_us(&sc), 10500000 + 10000000);
}

/* The analysis confidence widens a lag interval by the inflation. */
static void test_confidence(void **state)
{
	struct seq_opts o;
	struct seq_plan p;
	double c, q0, q1;

	(void)state;
	seq_opts_default(&o);
	seq_plan_from(&p, &o, 2000000, 4000000, 0.95, 0);
	assert_true(seq_analysis_confidence(&p, false, 7) ==
		    p.look_confidence);
	c = seq_analysis_confidence(&p, true, 7);
	q0 = stats_t_quantile(p.look_confidence, 7);
	q1 = stats_t_quantile(c, 7);
	if (!(fabs(q1 / q0 - SEQ_LAG_INFLATION) < 1e-6))
		fail_msg("t ratio %.9f", q1 / q0);
	assert_int_equal(seq_classify(-0.01, 0.01, 0.01), SEQ_INSIDE);
	assert_int_equal(seq_classify(0.011, 0.03, 0.01), SEQ_OUTSIDE);
	assert_int_equal(seq_classify(-0.03, -0.0101, 0.01), SEQ_OUTSIDE);
	assert_int_equal(seq_classify(0.005, 0.02, 0.01), SEQ_OPEN);
}

static struct scn_result res;

/* The decision on an analysed result, per look. */
static void test_decide(void **state)
{
	struct scenario sc;
	struct scn_state st;
	struct seq_opts o;
	struct seq_plan p;

	(void)state;
	tu_parse("name d\ncpus 2\ngroup A\ngroup B\ntask a group=A\n"
		 "task b group=B\n", &sc, &st);
	seq_opts_default(&o);
	seq_plan_from(&p, &o, 2000000, 4000000, 0.95, 0);
	memset(&res, 0, sizeof(res));
	res.agg_ok = true;
	res.v = V_FAIL;
	res.g[0].err.lo = -0.002;
	res.g[0].err.hi = 0.012;		/* open */
	res.g[1].err.lo = -0.004;
	res.g[1].err.hi = 0.004;
	assert_false(seq_decide(&p, 0, &sc, &res));
	assert_true(seq_decide(&p, p.nlooks - 1, &sc, &res));
	assert_int_equal(res.v, V_INCONCLUSIVE);
	assert_non_null(strstr(res.reason, "A: measured - model CI"));
	assert_non_null(strstr(res.reason, "straddles"));
	res.v = V_FAIL;
	res.g[1].err.lo = 0.011;		/* outside */
	res.g[1].err.hi = 0.02;
	assert_true(seq_decide(&p, 0, &sc, &res));
	assert_int_equal(res.v, V_FAIL);
	assert_non_null(strstr(res.reason, "B: measured - model CI"));
	/* an aggregation failure: final once enough samples show it */
	res.v = V_FAIL;
	res.g[1].err.lo = -0.004;
	res.g[1].err.hi = 0.004;
	res.agg_ok = false;
	res.nissues = 1;
	res.issues[0].checked = SEQ_AGG_MIN_CHECKED - 1;
	assert_false(seq_decide(&p, 0, &sc, &res));
	assert_true(seq_decide(&p, p.nlooks - 1, &sc, &res));
	assert_int_equal(res.v, V_FAIL);
	res.issues[0].checked = SEQ_AGG_MIN_CHECKED;
	snprintf(res.issues[0].detail, sizeof(res.issues[0].detail),
		 "A: stale_contrib on cpu1 in 12 of 21 samples");
	res.g[0].err.lo = -0.012;		/* straddles: not the reason */
	res.g[0].err.hi = 0.002;
	assert_true(seq_decide(&p, 0, &sc, &res));
	assert_int_equal(res.v, V_FAIL);
	assert_string_equal(res.reason, "aggregation: A: stale_contrib on "
			    "cpu1 in 12 of 21 samples");
	res.g[0].err.lo = -0.002;
	res.g[0].err.hi = 0.012;
	res.nissues = 0;
	/* an ERROR decides at the last look only */
	res.v = V_ERROR;
	assert_false(seq_decide(&p, 0, &sc, &res));
	assert_true(seq_decide(&p, p.nlooks - 1, &sc, &res));
	assert_int_equal(res.v, V_ERROR);
	res.v = V_FAIL;
	/* fixed window: not inside is a failure at once */
	res.agg_ok = true;
	o.fixed_window = true;
	seq_plan_from(&p, &o, 2000000, 4000000, 0.95, 0);
	assert_true(seq_decide(&p, 0, &sc, &res));
	assert_int_equal(res.v, V_FAIL);
}

/* The run's exit code: 5 for an inconclusive that nothing outranks. */
static void test_exit_code(void **state)
{
	struct totals t = { 0 };

	(void)state;
	totals_add(&t, V_PASS);
	assert_int_equal(totals_exit_code(&t, 1), 0);
	totals_add(&t, V_INCONCLUSIVE);
	assert_int_equal(t.inconclusive, 1);
	assert_int_equal(totals_exit_code(&t, 2), CONFORM_EXIT_INCONCLUSIVE);
	assert_int_equal(CONFORM_EXIT_INCONCLUSIVE, 5);
	totals_add(&t, V_FAIL);
	assert_int_equal(totals_exit_code(&t, 3), 1);
	memset(&t, 0, sizeof(t));
	totals_add(&t, V_SKIP);
	assert_int_equal(totals_exit_code(&t, 1), 4);
	totals_add(&t, V_INCONCLUSIVE);
	assert_int_equal(totals_exit_code(&t, 2), 5);
	totals_add(&t, V_ERROR);
	assert_int_equal(t.error, 1);
	assert_int_equal(totals_exit_code(&t, 3), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit_code),
		cmocka_unit_test(test_plan),
		cmocka_unit_test(test_plan_scenario),
		cmocka_unit_test(test_max_measure),
		cmocka_unit_test(test_confidence),
		cmocka_unit_test(test_decide),
		cmocka_unit_test(test_sim_correct),
		cmocka_unit_test(test_sim_wrong),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
