// SPDX-License-Identifier: GPL-2.0
/*
 * test_compare.c - baseline vs candidate on the fixture runs.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "compare.h"

#ifndef FIXTURES
#define FIXTURES "report/tests/fixtures"
#endif

struct pair {
	struct rep_run base, cand;
	struct cmp_result r;
};

static void load_pair(struct pair *p, const char *base, const char *cand,
		      double min_effect)
{
	struct cmp_options opt = { min_effect, 0 };

	assert_int_equal(results_load(base, &p->base), 0);
	assert_int_equal(results_load(cand, &p->cand), 0);
	assert_int_equal(compare_runs(&p->base, &p->cand, &opt, &p->r), 0);
}

static void free_pair(struct pair *p)
{
	compare_free(&p->r);
	results_free(&p->base);
	results_free(&p->cand);
}

static const struct cmp_scenario *find(const struct cmp_result *r,
				       const char *name)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (!strcmp(r->scen[i].name, name))
			return &r->scen[i];
	return NULL;
}

/* two runs of the same kernel: small shifts, no regression */
static void test_same_kernel(void **state)
{
	struct pair p;
	int i, j;

	(void)state;
	load_pair(&p, FIXTURES "/pass-run", FIXTURES "/pass-run2", 0);
	assert_false(compare_regressed(&p.r));
	assert_int_equal(p.r.n, 3);
	assert_int_equal(p.r.counts[CMP_SAME], 3);
	for (i = 0; i < p.r.n; i++)
		for (j = 0; j < p.r.scen[i].n_groups; j++) {
			const struct cmp_group *g = &p.r.scen[i].groups[j];

			assert_true(g->tested);
			assert_false(g->significant);
			assert_float_equal(g->min_effect, 0.005, 1e-12);
		}
	free_pair(&p);

	/* a run against itself: zero change everywhere */
	load_pair(&p, FIXTURES "/fail-run", FIXTURES "/fail-run", 0);
	assert_false(compare_regressed(&p.r));
	assert_int_equal(p.r.counts[CMP_STILL_FAILING], 1);
	assert_float_equal(find(&p.r, "uneven-affinity")->groups[0].w.diff, 0,
			   1e-15);
	free_pair(&p);
}

/* the uneven-affinity scenario fails in the candidate: it comes first */
static void test_regression_first(void **state)
{
	struct pair p;
	const struct cmp_scenario *s;

	(void)state;
	load_pair(&p, FIXTURES "/pass-run", FIXTURES "/fail-run", 0);
	assert_true(compare_regressed(&p.r));
	s = &p.r.scen[0];
	assert_string_equal(s->name, "uneven-affinity");
	assert_int_equal(s->kind, CMP_REGRESSED);
	assert_true(s->verdict_worse);
	assert_int_equal(s->vb, V_PASS);
	assert_int_equal(s->vc, V_FAIL);
	assert_int_equal(s->n_groups, 2);
	assert_true(s->groups[0].significant);
	assert_true(s->groups[0].worse);
	assert_false(s->groups[0].overlap);
	assert_true(s->groups[0].w.p < 1e-6);
	assert_float_equal(s->groups[0].w.diff, -0.038, 1e-9);
	assert_int_equal(p.r.counts[CMP_REGRESSED], 1);
	assert_int_equal(find(&p.r, "v1-shares")->kind, CMP_NEW);
	assert_int_equal(find(&p.r, "flat-1-2")->kind, CMP_SAME);
	free_pair(&p);

	/* the other way round it is an improvement */
	load_pair(&p, FIXTURES "/fail-run", FIXTURES "/pass-run", 0);
	assert_false(compare_regressed(&p.r));
	s = find(&p.r, "uneven-affinity");
	assert_int_equal(s->kind, CMP_IMPROVED);
	assert_true(s->groups[0].better);
	/* v1-shares only had a skip in the baseline: missing, not counted */
	assert_int_equal(find(&p.r, "v1-shares")->kind, CMP_MISSING);
	free_pair(&p);
}

/* the candidate's guest died: the run, the incomplete scenario and the
 * scenarios that never ran are all regressions */
static void test_guest_died(void **state)
{
	struct pair p;

	(void)state;
	load_pair(&p, FIXTURES "/pass-run", FIXTURES "/died-run", 0);
	assert_true(compare_regressed(&p.r));
	assert_true(p.r.run_worse);
	assert_non_null(strstr(p.r.run_why, "panic"));
	assert_string_equal(p.r.scen[0].name, "cpu-offline-stale");
	assert_int_equal(p.r.scen[0].kind, CMP_REGRESSED);
	assert_int_equal(find(&p.r, "uneven-affinity")->kind, CMP_MISSING);
	assert_int_equal(find(&p.r, "flat-1-2")->kind, CMP_SAME);
	free_pair(&p);

	load_pair(&p, FIXTURES "/pass-run", FIXTURES "/missing-run", 0);
	assert_true(compare_regressed(&p.r));
	assert_int_equal(p.r.counts[CMP_MISSING], 3);
	free_pair(&p);
}

/* the minimum effect decides whether a statistically clear shift counts */
static void test_min_effect(void **state)
{
	struct pair p;
	const struct cmp_scenario *s;

	(void)state;
	/* pass-run -> fail-run, uneven-affinity changes by 3.8 pp */
	load_pair(&p, FIXTURES "/pass-run", FIXTURES "/fail-run", 0.05);
	s = find(&p.r, "uneven-affinity");
	assert_false(s->groups[0].significant);	/* 3.8 pp < 5 pp */
	assert_int_equal(s->kind, CMP_REGRESSED);	/* the verdict still is */
	free_pair(&p);
}

static void test_output(void **state)
{
	struct pair p;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	load_pair(&p, FIXTURES "/pass-run", FIXTURES "/fail-run", 0);
	f = open_memstream(&buf, &len);
	compare_print(f, &p.r);
	fclose(f);
	assert_non_null(strstr(buf, "REGRESSED     uneven-affinity"));
	assert_non_null(strstr(buf, "-> REGRESSION\n"));
	/* regressions are printed before anything else */
	assert_true(strstr(buf, "uneven-affinity") < strstr(buf, "v1-shares"));
	free(buf);

	buf = NULL;
	f = open_memstream(&buf, &len);
	assert_int_equal(compare_html(f, &p.r), 0);
	fclose(f);
	assert_non_null(strstr(buf, "REGRESSION: 1 scenario(s) regressed"));
	assert_non_null(strstr(buf, "<svg"));
	assert_null(strstr(buf, "<script"));
	assert_non_null(strstr(buf, "</html>"));
	free(buf);
	free_pair(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_kernel),
		cmocka_unit_test(test_regression_first),
		cmocka_unit_test(test_guest_died),
		cmocka_unit_test(test_min_effect),
		cmocka_unit_test(test_output),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
