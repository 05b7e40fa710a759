// SPDX-License-Identifier: GPL-2.0
/*
 * test_units.c - KTAP line parsing, the t distribution and Welch's test,
 * XML escaping, the flake summary's standard-error calibration.
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

#include "escape.h"
#include "flake.h"
#include "ktap.h"
#include "stats.h"

static void test_ktap_lines(void **state)
{
	struct ktap_result r;
	int p = -1, f = -1, s = -1;

	(void)state;
	assert_int_equal(ktap_parse_line("ok 1 flat-1-2\n", &r, &p, &f, &s), 1);
	assert_int_equal(r.index, 1);
	assert_string_equal(r.name, "flat-1-2");
	assert_int_equal(r.verdict, V_PASS);

	assert_int_equal(ktap_parse_line("not ok 2 uneven # TIMEOUT deadline 30 s\r\n",
					 &r, &p, &f, &s), 1);
	assert_string_equal(r.name, "uneven");
	assert_int_equal(r.verdict, V_ERROR);
	assert_string_equal(r.why, "TIMEOUT deadline 30 s");

	assert_int_equal(ktap_parse_line("not ok 3 x # ERROR setup", &r, &p, &f,
					 &s), 1);
	assert_int_equal(r.verdict, V_ERROR);
	assert_int_equal(ktap_parse_line("not ok 3 x", &r, &p, &f, &s), 1);
	assert_int_equal(r.verdict, V_FAIL);
	assert_int_equal(ktap_parse_line("not ok 6 w # INCONCLUSIVE A: open",
					 &r, &p, &f, &s), 1);
	assert_int_equal(r.verdict, V_INCONCLUSIVE);
	assert_string_equal(r.why, "INCONCLUSIVE A: open");
	/* not a directive of a passing line */
	assert_int_equal(ktap_parse_line("ok 7 w # INCONCLUSIVE", &r, &p, &f,
					 &s), 1);
	assert_int_equal(r.verdict, V_PASS);
	/* a departure by design: ok with XFAIL, not of a failing line */
	assert_int_equal(ktap_parse_line("ok 8 p # XFAIL P: concur", &r, &p,
					 &f, &s), 1);
	assert_int_equal(r.verdict, V_XFAIL);
	assert_int_equal(ktap_parse_line("not ok 9 p # XFAIL", &r, &p, &f,
					 &s), 1);
	assert_int_equal(r.verdict, V_FAIL);
	assert_int_equal(ktap_parse_line("ok 4 v1 # SKIP no v1", &r, &p, &f,
					 &s), 1);
	assert_int_equal(r.verdict, V_SKIP);
	assert_string_equal(r.why, "SKIP no v1");
	assert_int_equal(ktap_parse_line("ok 5 - dashed name", &r, &p, &f, &s),
			 1);
	assert_string_equal(r.name, "dashed name");

	/* subtests, noise and junk are not top-level results */
	assert_int_equal(ktap_parse_line("    ok 1 A", &r, &p, &f, &s), 0);
	assert_int_equal(ktap_parse_line("[  1.23] ok 3 x", &r, &p, &f, &s), 0);
	assert_int_equal(ktap_parse_line("ok x", &r, &p, &f, &s), 0);
	assert_int_equal(ktap_parse_line("okay 1 x", &r, &p, &f, &s), 0);
	assert_int_equal(ktap_parse_line("", &r, &p, &f, &s), 0);

	assert_int_equal(ktap_parse_line("# Totals: pass:7 fail:1 skip:2", &r,
					 &p, &f, &s), 2);
	assert_int_equal(p, 7);
	assert_int_equal(f, 1);
	assert_int_equal(s, 2);
}

static void test_t_distribution(void **state)
{
	(void)state;
	/* table values */
	assert_float_equal(stats_t_quantile(0.95, 1), 12.7062, 1e-3);
	assert_float_equal(stats_t_quantile(0.95, 7), 2.3646, 1e-3);
	assert_float_equal(stats_t_quantile(0.99, 30), 2.7500, 1e-3);
	assert_float_equal(stats_t_quantile(0.95, 1e6), 1.9600, 1e-3);
	assert_float_equal(stats_t_cdf(0, 5), 0.5, 1e-12);
	assert_float_equal(stats_t_cdf(2.0, 10), 0.96331, 1e-4);
	assert_float_equal(stats_t_cdf(-2.0, 10), 1 - 0.96331, 1e-4);
	assert_true(isnan(stats_t_cdf(1, 0)));
	assert_true(isnan(stats_t_quantile(1.5, 3)));
}

static void test_welch(void **state)
{
	struct welch w;
	double h = stats_t_quantile(0.95, 9) / sqrt(10);	/* sd 1, n 10 */

	(void)state;
	/* two samples, sd 1, n 10, means 0 and 1: t = 2.236, df = 18 */
	assert_int_equal(welch_from_ci(0, h, 10, 1, h, 10, 0.95, &w), 0);
	assert_float_equal(w.diff, 1, 1e-12);
	assert_float_equal(w.se, sqrt(0.2), 1e-9);
	assert_float_equal(w.df, 18, 1e-9);
	assert_float_equal(w.p, 0.0382, 5e-4);
	assert_true(w.lo > 0);	/* significant at 95 %: CI excludes 0 */

	/* same means: p = 1 */
	assert_int_equal(welch_from_ci(0.5, h, 10, 0.5, h, 10, 0.95, &w), 0);
	assert_float_equal(w.p, 1, 1e-9);

	/* unequal variances: df between min(n)-1 and n_a+n_b-2 */
	assert_int_equal(welch_from_ci(0, h * 3, 10, 1, h, 10, 0.95, &w), 0);
	assert_true(w.df > 9 && w.df < 18);

	/* not testable */
	assert_int_not_equal(welch_from_ci(0, h, 1, 1, h, 10, 0.95, &w), 0);
	assert_int_not_equal(welch_from_ci(NAN, h, 10, 1, h, 10, 0.95, &w), 0);
}

static void test_escape(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	xml_puts(f, "<a href=\"x\">&'\x01\r\xff\xc3\xa9\xe2\x80\x94</a>");
	xml_puts(f, NULL);
	fputc('|', f);
	html_id(f, "s-", "a b/c_d-9");
	fclose(f);
	assert_string_equal(buf, "&lt;a href=&quot;x&quot;&gt;&amp;&#39;??"
			    "\xc3\xa9\xe2\x80\x94&lt;/a&gt;|s-a-b-c_d-9");
	free(buf);
}

static void test_flake_se_ratio(void **state)
{
	/* sample sd of +-1 alternating over 6 runs: sqrt(6 / 5) */
	double err[6] = { 1, -1, 1, -1, 1, -1 }, sd = sqrt(6.0 / 5);
	double se[6] = { sd, 3 * sd, 0.5 * sd, sd, 2 * sd, 0.1 * sd };
	double same[6] = { 2, 2, 2, 2, 2, 2 };

	(void)state;
	/* median (nearest rank) of the claimed errors: sd -> ratio 1 */
	assert_float_equal(flake_se_ratio(err, se, 6), 1.0, 1e-12);
	/* a claim twice the observed spread is conservative: 2 */
	for (int i = 0; i < 6; i++)
		se[i] = 2 * sd;
	assert_float_equal(flake_se_ratio(err, se, 6), 2.0, 1e-12);
	/* too few runs, or no spread to compare with */
	assert_true(isnan(flake_se_ratio(err, se, 4)));
	assert_true(isnan(flake_se_ratio(same, se, 6)));
	/* an interval of [e, e] in every run (error taken as measured) */
	for (int i = 0; i < 6; i++) {
		se[i] = 0;
		err[i] = i % 2 ? 1e-17 : 0;
	}
	assert_true(isnan(flake_se_ratio(err, se, 6)));
	/* rounding-level claims with a real spread (a group modelled in a
	 * few intervals only): still no claim */
	for (int i = 0; i < 6; i++) {
		se[i] = i % 3 ? 1.2e-18 : 0;
		err[i] = i % 2 ? 5e-5 : -5e-5;
	}
	assert_true(isnan(flake_se_ratio(err, se, 6)));
}

static void test_flake_se_band(void **state)
{
	double lo, hi;

	(void)state;
	/* chi2(9): 16.919 at 0.95, 3.325 at 0.05 */
	stats_se_ratio_band(10, 0.05, 0.05, &lo, &hi);
	assert_float_equal(lo, sqrt(9 / 16.919), 0.003);
	assert_float_equal(hi, sqrt(9 / 3.325), 0.005);
	assert_int_equal(flake_se_outside(0.6, 10, 1), -1);
	assert_int_equal(flake_se_outside(1.0, 10, 1), 0);
	assert_int_equal(flake_se_outside(1.7, 10, 1), 1);
	/* the smallest of 208 groups: chi2(9) at 1 - 0.05/208 is ~31 */
	assert_int_equal(flake_se_outside(0.6, 10, 208), 0);
	assert_int_equal(flake_se_outside(0.4, 10, 208), -1);
	/* too few runs: no band, no verdict on the ratio */
	stats_se_ratio_band(2, 0.05, 0.05, &lo, &hi);
	assert_true(isnan(lo) && isnan(hi));
	assert_int_equal(flake_se_outside(0.1, 2, 1), 0);
}

/*
 * flake_summarize(): "SE c/o" is the interval's own claim, "used" the
 * claim times the lag inflation the verdict applied. Six runs of one
 * group, errors +-1e-3, each interval claiming half the run-to-run
 * spread before an inflation of 2: own 0.50, used 1.00.
 */
static void test_flake_used_ratio(void **state)
{
	static struct rep_group grp[6];
	static struct rep_scenario scen[6];
	static struct rep_run runs[6];
	double sd = 1e-3 * sqrt(6.0 / 5), q;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	q = stats_t_quantile(0.95, 8) * 2.0;
	for (int i = 0; i < 6; i++) {
		double e = i % 2 ? -1e-3 : 1e-3, half = q * 0.5 * sd;

		grp[i] = (struct rep_group){ .path = "A", .verdict = V_PASS,
			.error = e, .ci_lo = e - half, .ci_hi = e + half,
			.tolerance = NAN, .exp_ci_lo = NAN, .exp_ci_hi = NAN };
		scen[i] = (struct rep_scenario){ .name = "s", .verdict = V_PASS,
			.tolerance = 0.01, .confidence = 0.95, .subwindows = 9,
			.ci_confidence = 0.95, .ci_inflation = 2.0,
			.time_to_verdict_us = 1e6, .groups = &grp[i],
			.n_groups = 1 };
		runs[i].scen = &scen[i];
		runs[i].n_scen = 1;
	}
	assert_non_null(f);
	assert_int_equal(flake_summarize(f, runs, 6), 0);
	fclose(f);
	assert_non_null(strstr(buf, "   0.50  1.00  "));
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ktap_lines),
		cmocka_unit_test(test_t_distribution),
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_escape),
		cmocka_unit_test(test_flake_se_ratio),
		cmocka_unit_test(test_flake_se_band),
		cmocka_unit_test(test_flake_used_ratio),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
