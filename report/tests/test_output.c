// SPDX-License-Identifier: GPL-2.0
/*
 * test_output.c - what the HTML report and the JUnit XML say about the
 * fixture runs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "html.h"
#include "junit.h"
#include "results.h"
#include "testutil.h"

#ifndef FIXTURES
#define FIXTURES "report/tests/fixtures"
#endif

/* nothing that would need the network or another file */
static void assert_self_contained(const char *html)
{
	assert_null(strstr(html, "<script"));
	assert_null(strstr(html, "<link"));
	assert_null(strstr(html, "src="));
	assert_null(strstr(html, "url("));
	assert_null(strstr(html, "href=\"http"));
	assert_null(strstr(html, "@import"));
}

static void test_html_fail_run(void **state)
{
	char *h = render(FIXTURES "/fail-run", html_write_report);
	const char *overview, *details, *failing, *passing;

	(void)state;
	assert_self_contained(h);
	assert_non_null(strstr(h, "FAIL: 1 of 4 scenario(s) failed"));
	assert_non_null(strstr(h, "6.1.192-cfs"));
	assert_non_null(strstr(h, "77e0b5aa (5 patches)"));
	/* overview: failing first, with its error and its worst CPU */
	overview = strstr(h, "Scenarios (failing first)");
	assert_non_null(overview);
	details = strstr(h, "<h2>Details</h2>");
	assert_non_null(details);
	failing = strstr(overview, "uneven-affinity");
	passing = strstr(overview, "flat-1-2");
	assert_true(failing && passing && failing < passing);
	assert_non_null(strstr(overview, "-3.35 pp"));
	assert_non_null(strstr(overview, "CPU 0 (-0.067 CPU)"));
	/* details: the failing scenario open and first */
	assert_non_null(strstr(details,
			       "scn failing\" id=\"s1-uneven-affinity\""));
	assert_true(strstr(details, "uneven-affinity") <
		    strstr(details, "flat-1-2"));
	assert_non_null(strstr(details, "<details open>"));
	/* charts: the forest plot, then groups, per-CPU, three time series
	 * per scenario with data */
	assert_int_equal(count(h, "<svg "), 1 + 3 * (2 + 3));
	assert_non_null(strstr(h, "stale_contrib"));
	assert_non_null(strstr(h, "update_tg_load_avg"));
	assert_non_null(strstr(h, "cgroup v1 cpu controller not available"));
	/* the phase change of phase-reweight is drawn */
	assert_non_null(strstr(h, "phase 1 at 1.000 s: weight A=300"));
	free(h);
}

static void test_html_died_run(void **state)
{
	char *h = render(FIXTURES "/died-run", html_write_report);

	(void)state;
	assert_self_contained(h);
	assert_non_null(strstr(h, "the guest stopped (panic) during "
				  "<b>cpu-offline-stale</b>"));
	assert_non_null(strstr(h, "(guest stopped here)"));
	assert_non_null(strstr(h, "Incomplete: the scenario started but "
				  "produced no result"));
	assert_non_null(strstr(h, "last line (11) is truncated"));
	assert_non_null(strstr(h, "1 of 3 planned scenario(s) never started"));
	/* its PELT series up to the crash are still shown */
	assert_non_null(strstr(h, "A contrib CPU 2"));
	assert_non_null(strstr(h, "at 0.800 s: offline cpu 2"));
	free(h);
}

static void test_html_share_function(void **state)
{
	char *h = render(FIXTURES "/runner-format", html_write_report);

	(void)state;
	assert_non_null(strstr(h, "<tr><th>share function</th><td>smp, set "
				  "for the run"));
	free(h);
	h = render(FIXTURES "/pass-run", html_write_report);
	assert_non_null(strstr(h, "<tr><th>share function</th><td>not "
				  "recorded (a runner from before "
				  "sched/cgroup_mode): smp"));
	free(h);
}

static void test_html_missing_run(void **state)
{
	char *h = render(FIXTURES "/missing-run", html_write_report);

	(void)state;
	assert_non_null(strstr(h, "No scenario results"));
	assert_non_null(strstr(h, "results.jsonl is missing"));
	assert_non_null(strstr(h, "</html>"));
	free(h);
}

static void test_junit(void **state)
{
	char *j = render(FIXTURES "/fail-run", junit_write);

	(void)state;
	/* run + 3 scenarios x (scenario + 2 groups) + the skipped one */
	assert_non_null(strstr(j, "<testsuites name=\"cfs-conformance "
				  "6.1.192-cfs\" tests=\"11\" failures=\"3\" "
				  "errors=\"0\""));
	assert_int_equal(count(j, "<testsuite "), 5);
	assert_int_equal(count(j, "<testcase "), 11);
	assert_int_equal(count(j, "<failure "), 3);
	assert_int_equal(count(j, "<skipped "), 1);
	assert_int_equal(count(j, "<error "), 0);
	/* the dashboard names the failing group under its scenario */
	assert_non_null(strstr(j, "<testsuite name=\"uneven-affinity\" "
				  "package=\"cfs-conformance\" tests=\"3\" "
				  "failures=\"3\""));
	assert_non_null(strstr(j, "<testcase classname=\"cfs-conformance."
				  "uneven-affinity\" name=\"A\">\n   <failure "
				  "type=\"fail\" message=\"group A error -3.35 pp "
				  "(CI -3.80..-2.90) vs tolerance \xc2\xb1" "1.00 pp\""));
	/* the scenario's own case carries what no group does */
	assert_non_null(strstr(j, "message=\"1 aggregation issue(s), 1 kernel "
				  "warning(s)\">aggregation issue: B cpu 1"));
	/* a passing group's numbers, without a NaN interval */
	assert_non_null(strstr(j, "name=\"A\">\n   <system-out>A pass: "
				  "measured 0.3342"));
	assert_null(strstr(j, "nan"));
	free(j);

	j = render(FIXTURES "/died-run", junit_write);
	/* the run itself and the incomplete scenario are errors */
	assert_non_null(strstr(j, "<testsuite name=\"run\" package=\""
				  "cfs-conformance\" tests=\"1\" failures=\"0\" "
				  "errors=\"1\""));
	assert_non_null(strstr(j, "guest stopped: panic during "
				  "cpu-offline-stale"));
	assert_non_null(strstr(j, "name=\"(scenario)\" time=\"0.000\">\n"
				  "   <error type=\"incomplete\" message=\""
				  "scenario started but produced no result"));
	free(j);

	j = render(FIXTURES "/pass-run", junit_write);
	assert_non_null(strstr(j, "failures=\"0\" errors=\"0\" time="));
	assert_int_equal(count(j, "<failure "), 0);
	assert_int_equal(count(j, "<testcase "), 1 + 3 + 6);
	free(j);

	/* the share function the run recorded is a property */
	j = render(FIXTURES "/runner-format", junit_write);
	assert_non_null(strstr(j, "<property name=\"cgroup_mode\" value=\"smp, "
				  "set for the run (the kernel&#39;s tasks is "
				  "not modelled; restored after)\"/>"));
	free(j);

	/* a KUnit suite is one case of its own */
	j = render(FIXTURES "/kunit-run", junit_write);
	assert_non_null(strstr(j, "classname=\"cfs-conformance.broken_suite\" "
				  "name=\"(kunit suite)\" time=\"0.000\">\n"
				  "   <failure type=\"fail\""));
	free(j);
}

/*
 * A sequential run with one INCONCLUSIVE scenario: its badge, banner and
 * look line in the HTML, a failure of type inconclusive in the JUnit (its
 * group's case carries it, not the scenario's too), KTAP and JSON agree.
 */
static void test_inconclusive_run(void **state)
{
	struct rep_run run;
	char *h = render(FIXTURES "/inconclusive-run", html_write_report);
	char *j;

	(void)state;
	assert_non_null(strstr(h, "INCONCLUSIVE: 1 of 3 scenario(s) reached no "
				  "verdict"));
	assert_non_null(strstr(h, "<span class=\"v v-inconclusive\">"));
	assert_non_null(strstr(h, "sequential verdict at look 7 of 7 after "
				  "4.0 s (at most 4.0 s)"));
	assert_non_null(strstr(h, "2 pass, 0 fail, 1 inconclusive"));
	free(h);
	j = render(FIXTURES "/inconclusive-run", junit_write);
	assert_int_equal(count(j, "<failure type=\"inconclusive\""), 1);
	assert_non_null(strstr(j, "name=\"A\">\n   <failure type=\""
				  "inconclusive\" message=\"group A error "
				  "+0.72 pp"));
	free(j);
	assert_int_equal(results_load(FIXTURES "/inconclusive-run", &run), 0);
	assert_int_equal(run.n_problems, 0);
	assert_int_equal(run.schema_version, 2);
	assert_int_equal(run.totals[V_INCONCLUSIVE], 1);
	assert_int_equal(run.scen[1].verdict, V_INCONCLUSIVE);
	assert_int_equal(run.scen[1].ktap_verdict, V_INCONCLUSIVE);
	assert_true(run.scen[1].sequential);
	assert_int_equal(run.scen[1].look, 7);
	assert_int_equal(run.scen[0].time_to_verdict_us, 1000000);
	assert_true(run.scen[1].ci_inflation == 2.2);
	results_free(&run);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_inconclusive_run),
		cmocka_unit_test(test_html_fail_run),
		cmocka_unit_test(test_html_died_run),
		cmocka_unit_test(test_html_missing_run),
		cmocka_unit_test(test_html_share_function),
		cmocka_unit_test(test_junit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
