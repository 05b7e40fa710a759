// SPDX-License-Identifier: GPL-2.0
/*
 * test_results.c - loading the hand-written fixture results directories,
 * and every truncation of a complete results.jsonl.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "html.h"
#include "junit.h"
#include "results.h"

#ifndef FIXTURES
#define FIXTURES "report/tests/fixtures"
#endif

static bool has_problem(const struct rep_run *r, const char *needle)
{
	int i;

	for (i = 0; i < r->n_problems; i++)
		if (strstr(r->problems[i], needle))
			return true;
	return false;
}

static void test_pass_run(void **state)
{
	struct rep_run r;
	struct rep_scenario *s;
	int c[V_COUNT];

	(void)state;
	assert_int_equal(results_load(FIXTURES "/pass-run", &r), 0);
	assert_true(r.has_meta);
	assert_true(r.has_run_start);
	assert_true(r.has_run_end);
	assert_string_equal(r.kernel_release, "6.1.192");
	assert_string_equal(r.series_hash, "3f2a9c1d");	/* kernel_build */
	assert_string_equal(r.config_hash, "a1b2c3d4");
	assert_int_equal(r.n_patches, 4);
	assert_string_equal(r.accel, "tcg");
	assert_int_equal(r.guest_cpus, 2);
	assert_string_equal(r.pelt_source, "cpu.pelt");
	assert_int_equal(r.n_scen, 3);
	assert_int_equal(r.n_problems, 0);
	assert_int_equal(r.ktap_pass, 3);
	results_count(&r, c);
	assert_int_equal(c[V_PASS], 3);
	assert_false(results_run_broken(&r));

	s = results_find(&r, "flat-1-2");
	assert_non_null(s);
	assert_int_equal(s->index, 1);
	assert_int_equal(s->n_series, 4);
	assert_int_equal(s->series[0].n, 13);
	assert_non_null(s->series[0].se_weight);
	assert_int_equal(s->n_groups, 2);
	assert_string_equal(s->groups[0].path, "A");
	assert_float_equal(s->groups[0].error, 0.0009, 1e-12);
	assert_float_equal(s->groups[0].ci_lo, -0.0004, 1e-12);
	assert_float_equal(s->groups[0].ci_hi, 0.0022, 1e-12);
	assert_int_equal(s->groups[0].n_per_cpu, 2);
	assert_int_equal(s->subwindows, 8);
	assert_float_equal(s->tolerance, 0.01, 1e-12);
	assert_int_equal(s->aggregation_ok, 1);
	assert_int_equal(s->ktap_verdict, V_PASS);

	s = results_find(&r, "uneven-affinity");
	assert_non_null(s);
	assert_true(isnan(s->groups[0].expected));	/* "expected":null */
	assert_int_equal(s->groups[0].n_per_cpu, 1);

	s = results_find(&r, "phase-reweight");
	assert_int_equal(s->n_phases, 1);
	assert_float_equal(s->phases[0].at_us, 1e6, 1e-6);
	assert_string_equal(s->phases[0].value, "300");	/* number as text */
	assert_int_equal(s->n_convergence, 1);
	results_free(&r);
}

/* KUnit suites merged after the scenarios: results, not lost scenarios. */
static void test_kunit_run(void **state)
{
	struct rep_run r;
	struct rep_scenario *s;

	(void)state;
	assert_int_equal(results_load(FIXTURES "/kunit-run", &r), 0);
	assert_int_equal(r.n_scen, 5);
	assert_int_equal(r.n_problems, 0);
	assert_int_equal(r.ktap_pass, 4);
	assert_int_equal(r.ktap_fail, 1);
	s = results_find(&r, "flat-1-2");
	assert_false(s->kernel_test);
	s = results_find(&r, "sched_fair_group_shares");
	assert_non_null(s);
	assert_true(s->kernel_test);
	assert_int_equal(s->index, 4);
	assert_int_equal(s->verdict, V_PASS);
	s = results_find(&r, "broken_suite");
	assert_non_null(s);
	assert_true(s->kernel_test);
	assert_int_equal(s->verdict, V_FAIL);
	results_free(&r);
}

static void test_fail_run(void **state)
{
	struct rep_run r;
	struct rep_scenario **v, *s;
	const struct rep_group *g;
	double d = 0;

	(void)state;
	assert_int_equal(results_load(FIXTURES "/fail-run", &r), 0);
	assert_int_equal(r.n_scen, 4);
	assert_int_equal(r.n_problems, 0);
	s = results_find(&r, "uneven-affinity");
	assert_int_equal(s->verdict, V_FAIL);
	assert_int_equal(s->ktap_verdict, V_FAIL);
	assert_int_equal(s->aggregation_ok, 0);
	assert_int_equal(s->n_issues, 1);
	assert_string_equal(s->issues[0].kind, "stale_contrib");
	assert_int_equal(s->issues[0].cpu, 1);
	assert_int_equal(s->n_warnings, 1);
	g = results_worst_group(s);
	assert_non_null(g);
	assert_int_equal(g->verdict, V_FAIL);
	assert_int_equal(results_worst_cpu(g, &d), 0);
	assert_true(fabs(d) > 0.06);

	s = results_find(&r, "v1-shares");
	assert_int_equal(s->verdict, V_SKIP);
	assert_int_equal(s->ktap_verdict, V_SKIP);
	assert_int_equal(s->n_groups, 0);
	assert_true(isnan(s->win_length_us));	/* "window":null */

	v = results_sorted(&r);
	assert_non_null(v);
	assert_string_equal(v[0]->name, "uneven-affinity");
	assert_string_equal(v[1]->name, "v1-shares");
	assert_string_equal(v[2]->name, "flat-1-2");
	assert_string_equal(v[3]->name, "phase-reweight");
	free(v);
	results_free(&r);
}

static void test_died_run(void **state)
{
	struct rep_run r;
	struct rep_scenario **v, *s;

	(void)state;
	assert_int_equal(results_load(FIXTURES "/died-run", &r), 0);
	assert_false(r.has_run_end);
	assert_true(results_run_broken(&r));
	assert_int_equal(r.runner_exit, -1);
	assert_string_equal(r.host_status, "panic");
	assert_true(has_problem(&r, "truncated"));
	assert_true(has_problem(&r, "never started"));
	assert_true(has_problem(&r, "panic"));
	assert_null(r.series_hash);	/* "kernel_build":{} */
	s = results_find(&r, "cpu-offline-stale");
	assert_non_null(s);
	assert_int_equal(s->verdict, V_INCOMPLETE);
	assert_true(s->died_here);
	assert_int_equal(s->n_series, 2);	/* the cut third is dropped */
	assert_true(isnan(s->series[1].se_weight[5]));	/* null */
	v = results_sorted(&r);
	assert_string_equal(v[0]->name, "cpu-offline-stale");
	free(v);
	results_free(&r);
}

static void test_missing_run(void **state)
{
	struct rep_run r;

	(void)state;
	assert_int_equal(results_load(FIXTURES "/missing-run", &r), 0);
	assert_false(r.has_meta);
	assert_int_equal(r.n_scen, 0);
	assert_true(has_problem(&r, "meta.json is not valid JSON"));
	assert_true(has_problem(&r, "results.jsonl is missing"));
	assert_true(has_problem(&r, "results.ktap is missing"));
	assert_true(results_run_broken(&r));
	results_free(&r);

	assert_int_equal(results_load(FIXTURES "/no-such-dir", &r), 0);
	assert_true(has_problem(&r, "not a results directory"));
	assert_int_equal(r.n_scen, 0);
	results_free(&r);
}

/* the shapes conformance/output/jsonout.c really writes: nulls, extra keys, a
 * bare error result without window or aggregation */
static void test_runner_format(void **state)
{
	struct rep_run r;
	struct rep_scenario *s;

	(void)state;
	assert_int_equal(results_load(FIXTURES "/runner-format", &r), 0);
	assert_int_equal(r.n_problems, 0);
	assert_string_equal(r.kernel_release, "6.1.192");	/* run_start */
	assert_string_equal(r.pelt_source, "debugfs");
	assert_true(r.has_cgroup_mode);
	assert_string_equal(r.cgroup_mode, "smp");
	assert_string_equal(r.cgroup_mode_kernel, "tasks");
	assert_true(r.cgroup_mode_set);
	s = results_find(&r, "nested-affinity");
	assert_int_equal(s->verdict, V_FAIL);
	assert_int_equal(s->n_defs, 2);
	assert_null(s->defs[0].max);
	assert_string_equal(s->defs[1].max, "50000 100000");
	assert_int_equal(s->n_phases, 2);
	assert_string_equal(s->phases[0].desc, "affinity task t1 cpus 1");
	assert_string_equal(s->phases[1].desc, "max P/C quota 50000/100000");
	assert_true(isnan(s->groups[0].model_se));
	assert_true(isnan(s->groups[0].per_cpu[0].ideal));
	assert_float_equal(s->groups[1].usage_cpu, 0.26, 1e-12);
	assert_float_equal(s->groups[1].exp_ci_hi, 0.028, 1e-12);
	assert_int_equal(s->issues[0].cpu, -1);
	assert_true(isnan(s->se_disagreement));
	assert_true(isnan(s->convergence[0].converged_after_us));
	assert_int_equal(s->n_series, 1);
	assert_true(isnan(s->series[0].tg_load_avg[3]));
	s = results_find(&r, "deadline");
	assert_int_equal(s->verdict, V_ERROR);
	assert_int_equal(s->ktap_verdict, V_ERROR);
	assert_int_equal(s->aggregation_ok, -1);
	assert_true(isnan(s->win_length_us));
	assert_int_equal(s->n_groups, 0);
	results_free(&r);
}

/* A run_start record's schema version: read, and one newer than ours named. */
static void test_schema_version(void **state)
{
	char dir[] = "/tmp/cfsreport-schema-XXXXXX", path[256];
	const int versions[] = { 0, RESULTS_SCHEMA_VERSION,
				 RESULTS_SCHEMA_VERSION + 1 };
	size_t i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/results.jsonl", dir);
	for (i = 0; i < sizeof(versions) / sizeof(versions[0]); i++) {
		struct rep_run r;
		FILE *f = fopen(path, "w");

		assert_non_null(f);
		if (versions[i])
			fprintf(f, "{\"type\":\"run_start\",\"schema_version\":%d,\"runner_version\":\"0.1\"}\n",
				versions[i]);
		else	/* before schema versions */
			fprintf(f, "{\"type\":\"run_start\",\"runner_version\":\"0.1\"}\n");
		fclose(f);
		assert_int_equal(results_load(dir, &r), 0);
		assert_int_equal(r.schema_version, versions[i]);
		assert_string_equal(r.runner_version, "0.1");
		assert_int_equal(has_problem(&r, "is newer than this cfsreport"),
				 versions[i] > RESULTS_SCHEMA_VERSION);
		results_free(&r);
	}
	unlink(path);
	rmdir(dir);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Every cut of a complete stream loads and renders, and a longer prefix
 * never has fewer results than a shorter one. */
static void test_every_truncation(void **state)
{
	char dir[] = "/tmp/cfsreport-test-XXXXXX", path[256];
	size_t len, cut;
	char *data = slurp(FIXTURES "/fail-run/results.jsonl", &len);
	int last_results = 0, runs = 0;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/results.jsonl", dir);
	for (cut = 0; cut <= len; cut += (cut < len && cut + 37 > len) ?
	     len - cut : 37) {
		struct rep_run r;
		FILE *f = fopen(path, "wb"), *out;
		char *buf = NULL;
		size_t blen = 0;
		int i, results = 0;

		assert_non_null(f);
		assert_int_equal(fwrite(data, 1, cut, f), cut);
		fclose(f);
		assert_int_equal(results_load(dir, &r), 0);
		for (i = 0; i < r.n_scen; i++)
			results += r.scen[i].has_result;
		assert_true(results >= last_results);
		last_results = results;
		out = open_memstream(&buf, &blen);
		assert_non_null(out);
		assert_int_equal(html_write_report(out, &r), 0);
		assert_int_equal(junit_write(out, &r), 0);
		fclose(out);
		assert_non_null(strstr(buf, "</html>"));
		free(buf);
		results_free(&r);
		runs++;
		if (cut == len)
			break;
	}
	assert_int_equal(last_results, 4);
	assert_true(runs > 100);
	unlink(path);
	rmdir(dir);
	free(data);
}

/* The share function line for each way the runner records it. */
static void test_share_function(void **state)
{
	struct rep_run r;
	char b[256];

	(void)state;
	memset(&r, 0, sizeof(r));
	assert_null(results_share_function(&r, b, sizeof(b)));
	r.has_cgroup_mode = true;
	assert_string_equal(results_share_function(&r, b, sizeof(b)),
			    "unknown (sched/cgroup_mode unreadable): every "
			    "scenario skipped");
	r.cgroup_mode_kernel = "up";
	assert_string_equal(results_share_function(&r, b, sizeof(b)),
			    "unknown (sched/cgroup_mode up): every scenario "
			    "skipped");
	r.cgroup_mode = "smp";
	r.cgroup_mode_set = true;
	assert_string_equal(results_share_function(&r, b, sizeof(b)),
			    "smp, set for the run (the kernel's up is not "
			    "modelled; restored after)");
	r.cgroup_mode = r.cgroup_mode_kernel = "concur";
	r.cgroup_mode_set = false;
	assert_string_equal(results_share_function(&r, b, sizeof(b)),
			    "concur (sched/cgroup_mode, the kernel's)");
	r.cgroup_mode = "smp";
	r.cgroup_mode_kernel = NULL;
	assert_string_equal(results_share_function(&r, b, sizeof(b)),
			    "smp (no sched/cgroup_mode)");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pass_run),
		cmocka_unit_test(test_fail_run),
		cmocka_unit_test(test_kunit_run),
		cmocka_unit_test(test_died_run),
		cmocka_unit_test(test_missing_run),
		cmocka_unit_test(test_runner_format),
		cmocka_unit_test(test_share_function),
		cmocka_unit_test(test_schema_version),
		cmocka_unit_test(test_every_truncation),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
