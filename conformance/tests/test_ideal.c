// SPDX-License-Identifier: GPL-2.0
/*
 * test_ideal.c - the ideal model on hand-computed cases.
 *
 * Each case is a scenario text, parsed by the real parser; phases, if any,
 * are all applied before the split is computed (the state at measurement
 * time). Expected values are worked out in the comments.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"
#include "model/model.h"
#include "scenario/scenario.h"

#define TOL 1e-6

struct split {
	struct scenario *s;
	struct scn_state st;
	double g[SCN_MAX_GROUPS];
	double t[SCN_MAX_TASKS];
};

static struct split *run(const char *text, const double *cap)
{
	struct split *r = calloc(1, sizeof(*r));
	char err[SCN_ERR_MAX];
	int ret;

	assert_non_null(r);
	r->s = calloc(1, sizeof(*r->s));
	assert_non_null(r->s);
	ret = scn_parse_buffer("case.scn", text, strlen(text), r->s, err,
			       sizeof(err));
	if (ret)
		fail_msg("parse: %s", err);
	scn_state_init(r->s, &r->st);
	for (int i = 0; i < r->s->nphases; i++)
		scn_state_apply(r->s, &r->st, &r->s->phases[i]);
	ret = ideal_split(r->s, &r->st, cap, r->g, r->t);
	assert_int_equal(ret, 0);
	return r;
}

static void done(struct split *r)
{
	free(r->s);
	free(r);
}

static double G(struct split *r, const char *path)
{
	int g = scn_find_group(r->s, path);

	if (g < 0)
		fail_msg("no group %s", path);
	return r->g[g];
}

static double T(struct split *r, const char *name)
{
	int t = scn_find_task(r->s, name);

	if (t < 0)
		fail_msg("no task %s", name);
	return r->t[t];
}

static void near(double got, double want, const char *what)
{
	if (!(fabs(got - want) <= TOL))
		fail_msg("%s: got %.9f, want %.9f", what, got, want);
}

#define NEAR_G(r, p, v)	near(G(r, p), v, "group " p)
#define NEAR_T(r, n, v)	near(T(r, n), v, "task " n)

/*
 * The DESIGN case: A (1 hog pinned to CPU0) vs B (hogs on CPU0 and CPU1),
 * equal weights. Max-min: A = B = 1 is feasible (A takes CPU0, B's CPU1
 * hog takes CPU1); B's CPU0 hog gets nothing, since any of it would come
 * out of A's fair share. (The kernel gives A 2/3, B 4/3.)
 */
static void test_uneven_affinity(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A weight=100\n"
			      "group B weight=100\n"
			      "task a group=A cpus=0\n"
			      "task b0 group=B cpus=0\n"
			      "task b1 group=B cpus=1\n", NULL);

	(void)state;
	NEAR_G(r, "A", 1);
	NEAR_G(r, "B", 1);
	NEAR_T(r, "a", 1);
	NEAR_T(r, "b0", 0);
	NEAR_T(r, "b1", 1);
	done(r);
}

/* Flat 1:2 on one CPU: 1/3 and 2/3. */
static void test_flat_1_2(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A weight=100\n"
			      "group B weight=200\n"
			      "task a group=A cpus=0\n"
			      "task b group=B cpus=0\n", NULL);

	(void)state;
	NEAR_G(r, "A", 1.0 / 3);
	NEAR_G(r, "B", 2.0 / 3);
	done(r);
}

/*
 * kselftest's overprovisioned case: weights 50/100/150, two hogs each on
 * two CPUs. Nobody is demand-limited (each could use 2 CPUs), so the two
 * CPUs split 1:2:3: 1/3, 2/3, 1.
 */
static void test_overprovisioned(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A weight=50\n"
			      "group B weight=100\n"
			      "group C weight=150\n"
			      "task a group=A count=2\n"
			      "task b group=B count=2\n"
			      "task c group=C count=2\n", NULL);

	(void)state;
	NEAR_G(r, "A", 1.0 / 3);
	NEAR_G(r, "B", 2.0 / 3);
	NEAR_G(r, "C", 1);
	done(r);
}

/*
 * Pinned variant: per CPU one hog of each group: the same 1/3, 2/3, 1,
 * half of each on each CPU.
 */
static void test_overprovisioned_pinned(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A weight=50\n"
			      "group B weight=100\n"
			      "group C weight=150\n"
			      "task a0 group=A cpus=0\ntask a1 group=A cpus=1\n"
			      "task b0 group=B cpus=0\ntask b1 group=B cpus=1\n"
			      "task c0 group=C cpus=0\ntask c1 group=C cpus=1\n",
			      NULL);

	(void)state;
	NEAR_G(r, "A", 1.0 / 3);
	NEAR_G(r, "B", 2.0 / 3);
	NEAR_G(r, "C", 1);
	NEAR_T(r, "a0", 1.0 / 6);
	NEAR_T(r, "c1", 0.5);
	done(r);
}

/* Underprovisioned: 3 hogs on 4 CPUs, weights irrelevant: 1 CPU each. */
static void test_underprovisioned(void **state)
{
	struct split *r = run("cpus 4\n"
			      "group A weight=50\n"
			      "group B weight=100\n"
			      "group C weight=150\n"
			      "task a group=A\ntask b group=B\ntask c group=C\n",
			      NULL);

	(void)state;
	NEAR_G(r, "A", 1);
	NEAR_G(r, "B", 1);
	NEAR_G(r, "C", 1);
	done(r);
}

/*
 * Two levels on one CPU: A(100){A1(100), A2(300)} vs B(100):
 * A = B = 1/2; A1 = 1/8, A2 = 3/8.
 */
static void test_nested_two(void **state)
{
	struct split *r = run("cpus 1\n"
			      "group A weight=100\n"
			      "group A/A1 weight=100\n"
			      "group A/A2 weight=300\n"
			      "group B weight=100\n"
			      "task a1 group=A/A1\ntask a2 group=A/A2\n"
			      "task b group=B\n", NULL);

	(void)state;
	NEAR_G(r, "A", 0.5);
	NEAR_G(r, "A/A1", 0.125);
	NEAR_G(r, "A/A2", 0.375);
	NEAR_G(r, "B", 0.5);
	done(r);
}

/*
 * Four levels, 2 CPUs, 2 hogs in every leaf (nobody demand-limited):
 *   a(100) = 1:  a/g(100) = 1/4, a/b(300) = 3/4:
 *     a/b/f(100) = 3/8, a/b/c(100) = 3/8:
 *       a/b/c/d(100) = 3/32, a/b/c/e(300) = 9/32
 *   h(100) = 1
 */
static void test_nested_four(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group a\n"
			      "group a/b weight=300\n"
			      "group a/b/c\n"
			      "group a/b/c/d\n"
			      "group a/b/c/e weight=300\n"
			      "group a/b/f\n"
			      "group a/g\n"
			      "group h\n"
			      "task d group=a/b/c/d count=2\n"
			      "task e group=a/b/c/e count=2\n"
			      "task f group=a/b/f count=2\n"
			      "task g group=a/g count=2\n"
			      "task h group=h count=2\n", NULL);

	(void)state;
	NEAR_G(r, "a", 1);
	NEAR_G(r, "h", 1);
	NEAR_G(r, "a/g", 0.25);
	NEAR_G(r, "a/b", 0.75);
	NEAR_G(r, "a/b/f", 0.375);
	NEAR_G(r, "a/b/c", 0.375);
	NEAR_G(r, "a/b/c/d", 3.0 / 32);
	NEAR_G(r, "a/b/c/e", 9.0 / 32);
	NEAR_T(r, "e", 9.0 / 32);
	done(r);
}

/* cpu.max: A capped at 25% of a CPU, B takes the rest of the CPU. */
static void test_capped(void **state)
{
	struct split *r = run("cpus 1\n"
			      "group A weight=1000 max=25ms/100ms\n"
			      "group B\n"
			      "task a group=A\ntask b group=B\n", NULL);

	(void)state;
	NEAR_G(r, "A", 0.25);
	NEAR_G(r, "B", 0.75);
	done(r);
}

/*
 * Cap above the share does nothing; cap below the share binds:
 * weights 400:100 on 2 CPUs would give A 1.6, its cap is 1.5, B gets 0.5.
 */
static void test_capped_partial(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A weight=400 max=150ms/100ms\n"
			      "group B weight=100\n"
			      "task a group=A count=2\ntask b group=B count=2\n",
			      NULL);

	(void)state;
	NEAR_G(r, "A", 1.5);
	NEAR_G(r, "B", 0.5);
	done(r);
}

/*
 * A nested cap: A is capped at half a CPU, its two children split it;
 * B has one hog and can use only one CPU, so half a CPU stays idle.
 */
static void test_capped_nested(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A max=50ms/100ms\n"
			      "group A/x\ngroup A/y\n"
			      "group B\n"
			      "task x group=A/x\ntask y group=A/y\n"
			      "task b group=B\n", NULL);

	(void)state;
	NEAR_G(r, "A", 0.5);
	NEAR_G(r, "A/x", 0.25);
	NEAR_G(r, "A/y", 0.25);
	NEAR_G(r, "B", 1);
	done(r);
}

/* A child cap inside an uncapped parent: the sibling takes the rest. */
static void test_capped_child(void **state)
{
	struct split *r = run("cpus 1\n"
			      "group A\n"
			      "group A/x max=10ms/100ms\n"
			      "group A/y\n"
			      "group B\n"
			      "task x group=A/x\ntask y group=A/y\n"
			      "task b group=B\n", NULL);

	(void)state;
	NEAR_G(r, "A", 0.5);
	NEAR_G(r, "A/x", 0.1);
	NEAR_G(r, "A/y", 0.4);
	NEAR_G(r, "B", 0.5);
	done(r);
}

/*
 * Water-filling: A's fair share (3/4 of 2 CPUs = 1.5) exceeds what one
 * hog can use (1); the excess goes to B: A = 1, B = 1.
 */
static void test_demand_below_share(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A weight=300\n"
			      "group B weight=100\n"
			      "task a group=A\ntask b group=B count=3\n", NULL);

	(void)state;
	NEAR_G(r, "A", 1);
	NEAR_G(r, "B", 1);
	done(r);
}

/* A duty task (2ms of 8ms) asks for 1/4 of a CPU: it gets it. */
static void test_duty(void **state)
{
	struct split *r = run("cpus 1\n"
			      "group A\ngroup B\n"
			      "task d group=A kind=duty run=2ms sleep=6ms\n"
			      "task b group=B\n", NULL);

	(void)state;
	NEAR_G(r, "A", 0.25);
	NEAR_G(r, "B", 0.75);
	done(r);
}

/* Three levels of demand limits at once: 0.1, 0.3 and a hog on 1 CPU. */
static void test_water_levels(void **state)
{
	struct split *r = run("cpus 1\n"
			      "group A\ngroup B\ngroup C\ngroup D\n"
			      "task a group=A kind=duty run=1ms sleep=9ms\n"
			      "task b group=B kind=duty run=3ms sleep=7ms\n"
			      "task c group=C\ntask d group=D\n", NULL);

	(void)state;
	/* share 1/4 each: A uses 0.1, the rest 0.9 over B, C, D = 0.3 each */
	NEAR_G(r, "A", 0.1);
	NEAR_G(r, "B", 0.3);
	NEAR_G(r, "C", 0.3);
	NEAR_G(r, "D", 0.3);
	done(r);
}

/* Stopped tasks demand nothing; after cont they count again. */
static void test_stop_cont(void **state)
{
	struct split *r = run("cpus 1\n"
			      "group A\ngroup B\n"
			      "task a group=A\ntask b group=B\n"
			      "at 1s stop a\n", NULL);
	struct split *q;

	(void)state;
	NEAR_G(r, "A", 0);
	NEAR_G(r, "B", 1);
	done(r);
	q = run("cpus 1\ngroup A\ngroup B\ntask a group=A\ntask b group=B\n"
		"at 1s stop a\nat 2s cont a\n", NULL);
	NEAR_G(q, "A", 0.5);
	NEAR_G(q, "B", 0.5);
	done(q);
}

/* Offline CPU: its capacity is gone; affinity falls to what is online. */
static void test_offline(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A\ngroup B\n"
			      "task a group=A count=2\ntask b group=B count=2\n"
			      "at 1s offline 1\n", NULL);

	(void)state;
	NEAR_G(r, "A", 0.5);
	NEAR_G(r, "B", 0.5);
	done(r);
}

/* Phases: weight change, move and affinity change. */
static void test_phases(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A\ngroup B\ngroup C\n"
			      "task a group=A cpus=0\ntask b group=B cpus=0\n"
			      "task c group=C cpus=1\n"
			      "at 1s weight A 300\n", NULL);
	struct split *q;

	(void)state;
	NEAR_G(r, "A", 0.75);
	NEAR_G(r, "B", 0.25);
	NEAR_G(r, "C", 1);
	done(r);
	/* b moves into C: C's two tasks share CPU1 (b pinned to CPU0 first,
	 * then widened to 0-1): A 1, C = b + c = 1 */
	q = run("cpus 2\ngroup A\ngroup B\ngroup C\n"
		"task a group=A cpus=0\ntask b group=B cpus=0\n"
		"task c group=C cpus=1\n"
		"at 1s move b C\nat 1s affinity b 0-1\n", NULL);
	NEAR_G(q, "A", 1);
	NEAR_G(q, "B", 0);
	NEAR_G(q, "C", 1);
	done(q);
}

/* Measured CPU capacities: CPU0 offers only half a CPU. */
static void test_capacity(void **state)
{
	const double cap[2] = { 0.5, 1.0 };
	struct split *r = run("cpus 2\n"
			      "group A\ngroup B\n"
			      "task a group=A cpus=0\ntask b group=B\n", cap);

	(void)state;
	NEAR_G(r, "A", 0.5);
	NEAR_G(r, "B", 1);
	done(r);
}

/*
 * v1 allows tasks beside child groups: in A (shares 1024) a task (1024)
 * competes with A/C (3072): A = 1/2 split 1/8 : 3/8. B = 1/2.
 */
static void test_v1_internal_task(void **state)
{
	struct split *r = run("cpus 1\nhierarchy v1\n"
			      "group A shares=1024\n"
			      "group A/C shares=3072\n"
			      "group B shares=1024\n"
			      "task t group=A\ntask c group=A/C\n"
			      "task b group=B\n", NULL);

	(void)state;
	NEAR_G(r, "A", 0.5);
	NEAR_T(r, "t", 0.125);
	NEAR_G(r, "A/C", 0.375);
	NEAR_G(r, "B", 0.5);
	done(r);
}

/* cpu.idle: the idle group weighs 3 against 1024. */
static void test_idle(void **state)
{
	struct split *r = run("cpus 1\n"
			      "group A idle=1\ngroup B\n"
			      "task a group=A\ntask b group=B\n", NULL);

	(void)state;
	NEAR_G(r, "A", 3.0 / 1027);
	NEAR_G(r, "B", 1024.0 / 1027);
	done(r);
}

/* Extreme weights: 1 vs 10000 -> 1/10001. */
static void test_extreme(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A weight=1\ngroup B weight=10000\n"
			      "task a0 group=A cpus=0\ntask a1 group=A cpus=1\n"
			      "task b0 group=B cpus=0\ntask b1 group=B cpus=1\n",
			      NULL);

	(void)state;
	NEAR_G(r, "A", 2.0 / 10001);
	NEAR_G(r, "B", 2 * 10000.0 / 10001);
	done(r);
}

/*
 * Contention below the top level: A = {A/x pinned CPU0, A/y pinned CPU1},
 * B pinned CPU1. Top: A = B = 1 (A/x takes CPU0, B CPU1). Inside A the
 * fair split 1/2 : 1/2 is infeasible (A/y could only get CPU1 time by
 * taking it from B), so A/x = 1, A/y = 0.
 */
static void test_contention_below_top(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A\ngroup A/x\ngroup A/y\ngroup B\n"
			      "task x group=A/x cpus=0\ntask y group=A/y cpus=1\n"
			      "task b group=B cpus=1\n", NULL);

	(void)state;
	NEAR_G(r, "A", 1);
	NEAR_G(r, "A/x", 1);
	NEAR_G(r, "A/y", 0);
	NEAR_G(r, "B", 1);
	done(r);
}

/* A cpuset restricts unpinned tasks like an affinity does. */
static void test_cpuset(void **state)
{
	struct split *r = run("cpus 2\n"
			      "group A cpuset=0\ngroup B\n"
			      "task a group=A count=2\ntask b group=B count=2\n",
			      NULL);

	(void)state;
	NEAR_G(r, "A", 1);
	NEAR_G(r, "B", 1);
	done(r);
}

/* xorshift64*: deterministic random cases. */
static uint64_t rng = 0x2545f4914f6cdd1dULL;

static unsigned int rnd(unsigned int n)
{
	return tu_rnd(&rng, n);
}

/*
 * Flat groups of unpinned hogs (and optional quotas) on N identical CPUs:
 * the ideal is plain weighted water-filling of N CPUs with each group
 * capped at min(hogs, quota). Computed here independently, by raising the
 * level over the groups sorted by cap / weight.
 */
static void test_random_flat(void **state)
{
	(void)state;
	for (int it = 0; it < 300; it++) {
		int ncpu = 1 + (int)rnd(8), ng = 1 + (int)rnd(6);
		double w[8], cap[8], want[8], left, wsum;
		bool done_g[8] = { false };
		char text[4096];
		size_t n = 0;
		struct split *r;

		n += (size_t)snprintf(text + n, sizeof(text) - n, "cpus %d\n",
				      ncpu);
		for (int g = 0; g < ng; g++) {
			int wt = 1 + (int)rnd(10000), cnt = 1 + (int)rnd(4);
			bool quota = rnd(3) == 0;
			int q = 1 + (int)rnd(300);	/* ms per 100ms */

			w[g] = wt;
			cap[g] = cnt;
			if (quota && q / 100.0 < cap[g])
				cap[g] = q / 100.0;
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "group g%d weight=%d", g, wt);
			if (quota)
				n += (size_t)snprintf(text + n, sizeof(text) - n,
						      " max=%dms/100ms", q);
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "\ntask t%d group=g%d count=%d\n",
					      g, g, cnt);
		}
		/* independent water-filling */
		left = ncpu;
		for (;;) {
			int k = -1;

			wsum = 0;
			for (int g = 0; g < ng; g++)
				if (!done_g[g])
					wsum += w[g];
			if (wsum == 0)
				break;
			/* the group that saturates first at this level */
			for (int g = 0; g < ng; g++)
				if (!done_g[g] && cap[g] < left * w[g] / wsum &&
				    (k < 0 || cap[g] / w[g] < cap[k] / w[k]))
					k = g;
			if (k < 0) {
				for (int g = 0; g < ng; g++)
					if (!done_g[g]) {
						want[g] = left * w[g] / wsum;
						done_g[g] = true;
					}
				break;
			}
			want[k] = cap[k];
			left -= cap[k];
			done_g[k] = true;
		}
		r = run(text, NULL);
		for (int g = 0; g < ng; g++)
			if (!(fabs(r->g[g] - want[g]) <= TOL))
				fail_msg("case %d group g%d: got %.9f want %.9f\n%s",
					 it, g, r->g[g], want[g], text);
		done(r);
	}
}

/*
 * Random trees with random affinities, quotas and duty tasks: whatever
 * the split, each group gets exactly what its children (groups and tasks)
 * get, nobody exceeds its cap or demand, and the total fits the CPUs.
 * A task with spare demand whose every allowed CPU is fully used by
 * others is fine; a fully idle machine with runnable tasks is not.
 */
static void test_random_invariants(void **state)
{
	(void)state;
	for (int it = 0; it < 200; it++) {
		int ncpu = 1 + (int)rnd(6), ng = 1 + (int)rnd(12), nt = 0;
		char text[16384], path[12][128];
		int parent[12];
		bool leaf[12];
		size_t n = 0;
		struct split *r;
		double top = 0;

		n += (size_t)snprintf(text + n, sizeof(text) - n, "cpus %d\n",
				      ncpu);
		tu_rand_tree(&rng, ng, parent, leaf, path[0],
			     sizeof(path[0]));
		for (int g = 0; g < ng; g++) {
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "group %s weight=%d%s\n", path[g],
					      1 + (int)rnd(1000),
					      rnd(4) ? "" : " max=70ms/100ms");
		}
		for (int g = 0; g < ng; g++) {
			int k = leaf[g] ? 1 + (int)rnd(3) : 0;

			for (int i = 0; i < k; i++, nt++) {
				unsigned int a = (unsigned int)rnd(
					(1u << ncpu) - 1) + 1;
				char cl[256];

				assert_true(scn_cpumask_format(a, cl,
							       sizeof(cl)) > 0);
				if (rnd(3))
					n += (size_t)snprintf(text + n,
						sizeof(text) - n,
						"task t%d group=%s count=%d cpus=%s\n",
						nt, path[g], 1 + (int)rnd(3), cl);
				else
					n += (size_t)snprintf(text + n,
						sizeof(text) - n,
						"task t%d group=%s kind=duty run=%dms sleep=%dms\n",
						nt, path[g], 1 + (int)rnd(9),
						1 + (int)rnd(9));
			}
		}
		r = run(text, NULL);
		for (int g = 0; g < r->s->ngroups; g++) {
			double sum = 0;

			for (int t = 0; t < r->s->ntasks; t++)
				if (r->s->tasks[t].group == g)
					sum += r->t[t];
			for (int h = 0; h < r->s->ngroups; h++)
				if (r->s->groups[h].parent == g)
					sum += r->g[h];
			if (!(fabs(r->g[g] - sum) <= TOL))
				fail_msg("case %d: group %s = %.9f, its children %.9f\n%s",
					 it, r->s->groups[g].path, r->g[g], sum,
					 text);
			if (r->s->groups[g].has_max)
				assert_true(r->g[g] <= 0.7 + TOL);
			if (r->s->groups[g].parent < 0)
				top += r->g[g];
		}
		for (int t = 0; t < r->s->ntasks; t++) {
			const struct scn_task *tk = &r->s->tasks[t];
			double d = tk->kind == SCN_TASK_DUTY ?
				   (double)tk->run_us /
				   (double)(tk->run_us + tk->sleep_us) : 1;
			int ncpus = scn_cpumask_count(
				scn_state_task_cpus(r->s, &r->st, t));

			assert_true(r->t[t] >= -TOL);
			assert_true(r->t[t] <= d * tk->count + TOL);
			assert_true(r->t[t] <= ncpus + TOL);
		}
		assert_true(top <= ncpu + TOL);
		/* some task can run: the machine is not left idle */
		assert_true(top > 0.05);
		done(r);
	}
}

/* A large scenario finishes quickly: 64 groups of 4 levels, 16 CPUs. */
static void test_large(void **state)
{
	char *text = malloc(65536);
	size_t n = 0;
	struct split *r;
	double sum = 0;

	(void)state;
	assert_non_null(text);
	n += (size_t)snprintf(text + n, 65536 - n, "cpus 16\n");
	for (int a = 0; a < 4; a++) {
		n += (size_t)snprintf(text + n, 65536 - n,
				      "group a%d weight=%d\n", a, 100 * (a + 1));
		for (int b = 0; b < 4; b++) {
			n += (size_t)snprintf(text + n, 65536 - n,
					      "group a%d/b%d weight=%d\n", a, b,
					      50 * (b + 1));
			for (int c = 0; c < 3; c++)
				n += (size_t)snprintf(text + n, 65536 - n,
						      "group a%d/b%d/c%d\n",
						      a, b, c);
		}
	}
	for (int a = 0; a < 4; a++)
		for (int b = 0; b < 4; b++)
			for (int c = 0; c < 3; c++)
				n += (size_t)snprintf(text + n, 65536 - n,
						      "task t%d_%d_%d group=a%d/b%d/c%d count=2 cpus=%d-%d\n",
						      a, b, c, a, b, c,
						      (a * 4 + b) % 16,
						      ((a * 4 + b) % 16) | 1);
	r = run(text, NULL);
	for (int g = 0; g < r->s->ngroups; g++)
		if (r->s->groups[g].depth == 1)
			sum += r->g[g];
	/* 96 hogs restricted to pairs of CPUs covering all 16 */
	near(sum, 16, "all CPUs used");
	done(r);
	free(text);
}

static void test_invalid_args(void **state)
{
	struct scenario *s = calloc(1, sizeof(*s));
	struct scn_state st;
	double g[4], bad[2] = { NAN, 1 };
	char err[SCN_ERR_MAX];
	const char *text = "cpus 2\ngroup A\ntask a group=A\n";

	(void)state;
	assert_non_null(s);
	assert_int_equal(scn_parse_buffer("x.scn", text, strlen(text), s, err,
					  sizeof(err)), 0);
	scn_state_init(s, &st);
	assert_int_equal(ideal_split(NULL, &st, NULL, g, NULL), -EINVAL);
	assert_int_equal(ideal_split(s, NULL, NULL, g, NULL), -EINVAL);
	assert_int_equal(ideal_split(s, &st, NULL, NULL, NULL), -EINVAL);
	assert_int_equal(ideal_split(s, &st, bad, g, NULL), -EINVAL);
	st.task_group[0] = 7;
	assert_int_equal(ideal_split(s, &st, NULL, g, NULL), -EINVAL);
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_uneven_affinity),
		cmocka_unit_test(test_flat_1_2),
		cmocka_unit_test(test_overprovisioned),
		cmocka_unit_test(test_overprovisioned_pinned),
		cmocka_unit_test(test_underprovisioned),
		cmocka_unit_test(test_nested_two),
		cmocka_unit_test(test_nested_four),
		cmocka_unit_test(test_capped),
		cmocka_unit_test(test_capped_partial),
		cmocka_unit_test(test_capped_nested),
		cmocka_unit_test(test_capped_child),
		cmocka_unit_test(test_demand_below_share),
		cmocka_unit_test(test_duty),
		cmocka_unit_test(test_water_levels),
		cmocka_unit_test(test_stop_cont),
		cmocka_unit_test(test_offline),
		cmocka_unit_test(test_phases),
		cmocka_unit_test(test_capacity),
		cmocka_unit_test(test_v1_internal_task),
		cmocka_unit_test(test_idle),
		cmocka_unit_test(test_extreme),
		cmocka_unit_test(test_contention_below_top),
		cmocka_unit_test(test_cpuset),
		cmocka_unit_test(test_random_flat),
		cmocka_unit_test(test_random_invariants),
		cmocka_unit_test(test_large),
		cmocka_unit_test(test_invalid_args),
	};

	return cmocka_run_group_tests_name("ideal", tests, NULL, NULL);
}
