// SPDX-License-Identifier: GPL-2.0
/*
 * test_stats.c - the t quantile against published table values, and the
 * summary statistics against hand-computed ones.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "stats.h"

static void assert_close(double got, double want, double tol)
{
	if (!(fabs(got - want) <= tol))
		fail_msg("got %.9g, want %.9g (tol %g)", got, want, tol);
}

/* Two-sided quantiles, from standard t tables (3 decimals). */
static void test_t_table(void **state)
{
	static const struct {
		double conf;
		int df;
		double q;
	} tab[] = {
		{ 0.95, 1, 12.706 }, { 0.95, 2, 4.303 }, { 0.95, 3, 3.182 },
		{ 0.95, 5, 2.571 }, { 0.95, 7, 2.365 }, { 0.95, 10, 2.228 },
		{ 0.95, 30, 2.042 }, { 0.95, 1000, 1.962 },
		{ 0.99, 1, 63.657 }, { 0.99, 10, 3.169 }, { 0.99, 30, 2.750 },
		{ 0.90, 1, 6.314 }, { 0.90, 7, 1.895 }, { 0.90, 120, 1.658 },
		{ 0.80, 4, 1.533 }, { 0.50, 1, 1.000 }, { 0.50, 10, 0.700 },
		{ 0.999, 5, 6.869 }, { 0.999, 20, 3.850 },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		assert_close(stats_t_quantile(tab[i].conf, tab[i].df),
			     tab[i].q, 0.0006);
}

/* Closed forms: df = 1 is Cauchy, df = 2 has q = sqrt(2 / (a (2 - a)) - 2). */
static void test_t_closed_forms(void **state)
{
	(void)state;
	for (double c = 0.05; c < 0.999; c += 0.05) {
		double a = 1 - c;

		assert_close(stats_t_quantile(c, 1), tan(M_PI * c / 2),
			     1e-9 * tan(M_PI * c / 2));
		assert_close(stats_t_quantile(c, 2),
			     sqrt(2 / (a * (2 - a)) - 2), 1e-9 * 10);
	}
	/*
	 * Large df: the Cornish-Fisher expansion z + (z^3 + z) / (4 df) with
	 * the normal quantile z = 1.959963985 is exact to O(1/df^2).
	 */
	{
		double z = 1.959963985;

		assert_close(stats_t_quantile(0.95, 1000000),
			     z + (z * z * z + z) / 4e6, 1e-8);
	}
	/* Extreme confidence still finite and monotone. */
	assert_true(stats_t_quantile(0.999999, 1) > 1e5);
	assert_true(isfinite(stats_t_quantile(1e-9, 3)));
	assert_true(stats_t_quantile(1e-9, 3) < 1e-8);
}

static void test_t_monotone(void **state)
{
	(void)state;
	for (int df = 1; df < 50; df++) {
		assert_true(stats_t_quantile(0.95, df + 1) <
			    stats_t_quantile(0.95, df));
		assert_true(stats_t_quantile(0.99, df) >
			    stats_t_quantile(0.95, df));
	}
}

static void test_t_invalid(void **state)
{
	(void)state;
	assert_true(isnan(stats_t_quantile(0, 5)));
	assert_true(isnan(stats_t_quantile(1, 5)));
	assert_true(isnan(stats_t_quantile(-0.5, 5)));
	assert_true(isnan(stats_t_quantile(NAN, 5)));
	assert_true(isnan(stats_t_quantile(0.95, 0)));
	assert_true(isnan(stats_t_quantile(0.95, -3)));
}

static void test_summarize(void **state)
{
	/* mean 5, deviations -3..3: ss = 9+1+1+9 = 20, sd = sqrt(20/3) */
	const double x[] = { 2, 4, 6, 8 };
	struct stats_summary s;
	double sd = sqrt(20.0 / 3);

	(void)state;
	stats_summarize(x, 4, 0.95, &s);
	assert_int_equal(s.n, 4);
	assert_close(s.mean, 5, 1e-12);
	assert_close(s.sd, sd, 1e-12);
	assert_close(s.half_width, 3.182446305 * sd / 2, 1e-8);
	assert_close(s.lo, 5 - s.half_width, 1e-12);
	assert_close(s.hi, 5 + s.half_width, 1e-12);
}

static void test_summarize_small(void **state)
{
	const double one = 0.25, same[] = { 0.5, 0.5, 0.5 };
	struct stats_summary s;

	(void)state;
	stats_summarize(&one, 1, 0.95, &s);
	assert_int_equal(s.n, 1);
	assert_close(s.mean, 0.25, 0);
	assert_close(s.sd, 0, 0);
	assert_close(s.half_width, 0, 0);
	assert_close(s.lo, 0.25, 0);
	assert_close(s.hi, 0.25, 0);

	stats_summarize(NULL, 0, 0.95, &s);
	assert_int_equal(s.n, 0);
	assert_close(s.mean, 0, 0);
	assert_close(s.half_width, 0, 0);

	stats_summarize(same, 3, 0.95, &s);
	assert_close(s.mean, 0.5, 1e-15);
	assert_close(s.sd, 0, 1e-15);
	assert_close(s.half_width, 0, 1e-15);
}

/* Precision with a large common offset (naive sum of squares would fail). */
static void test_summarize_offset(void **state)
{
	double x[8], ss = 0;
	struct stats_summary s;

	(void)state;
	for (int i = 0; i < 8; i++)
		x[i] = 1e9 + (i % 2 ? 1e-3 : -1e-3);
	/* x[i] - 1e9 is exact (Sterbenz), and the stored deviations cancel */
	for (int i = 0; i < 8; i++)
		ss += (x[i] - 1e9) * (x[i] - 1e9);
	stats_summarize(x, 8, 0.95, &s);
	assert_close(s.mean, 1e9, 1e-6);
	assert_close(s.sd, sqrt(ss / 7), 1e-12);
	assert_true(s.sd > 1e-3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t_table),
		cmocka_unit_test(test_t_closed_forms),
		cmocka_unit_test(test_t_monotone),
		cmocka_unit_test(test_t_invalid),
		cmocka_unit_test(test_summarize),
		cmocka_unit_test(test_summarize_small),
		cmocka_unit_test(test_summarize_offset),
	};

	return cmocka_run_group_tests_name("stats", tests, NULL, NULL);
}
