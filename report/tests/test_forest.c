// SPDX-License-Identifier: GPL-2.0
/*
 * test_forest.c - the forest plot: which rows are failing, near the
 * tolerance or inconclusive, and what the SVG draws for them.
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

#include "forest.h"
#include "html.h"
#include "testutil.h"

#ifndef FIXTURES
#define FIXTURES "report/tests/fixtures"
#endif

static char *draw(const struct forest_row *rows, int n, int panels,
		  const char *const *titles, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	*ret = forest_svg(f, rows, n, panels, titles);
	fclose(f);
	return buf;
}

static void test_status(void **state)
{
	(void)state;
	/* tolerance 1 pp: 0.8 pp is the near edge */
	assert_int_equal(forest_status(V_PASS, -0.002, 0.0079, 0.01), FS_PASS);
	assert_int_equal(forest_status(V_PASS, -0.002, 0.0080, 0.01), FS_NEAR);
	assert_int_equal(forest_status(V_PASS, -0.0085, 0.001, 0.01), FS_NEAR);
	/* no tolerance or no interval: nothing to be near to */
	assert_int_equal(forest_status(V_PASS, NAN, NAN, 0.01), FS_PASS);
	assert_int_equal(forest_status(V_PASS, -0.009, 0.009, NAN), FS_PASS);
	assert_int_equal(forest_status(V_FAIL, 0, 0.001, 0.01), FS_FAIL);
	assert_int_equal(forest_status(V_ERROR, NAN, NAN, NAN), FS_FAIL);
	assert_int_equal(forest_status(V_INCOMPLETE, NAN, NAN, NAN), FS_FAIL);
	assert_int_equal(forest_status(V_UNKNOWN, NAN, NAN, NAN), FS_FAIL);
	assert_int_equal(forest_status(V_SKIP, NAN, NAN, NAN), FS_SKIP);
}

static void test_cell_of(void **state)
{
	struct forest_cell c;

	(void)state;
	forest_cell_of(NULL, &c);
	assert_int_equal(c.status, FS_ABSENT);
	assert_null(c.group);
	assert_true(isnan(c.error));
}

#define CELL(st, v, g, e, lo, hi, tol) \
	{ st, v, g, e, lo, hi, tol, false, false }

static const struct forest_row rows3[] = {
	{ "bad", false,
	  { CELL(FS_FAIL, V_FAIL, "A", -0.055, -0.06, -0.05, 0.01) } },
	{ "edge", false,
	  { CELL(FS_NEAR, V_PASS, "B", 0.005, 0.001, 0.0088, 0.01) } },
	{ "fine", false,
	  { CELL(FS_PASS, V_PASS, "C", 0.001, -0.001, 0.003, 0.01) } },
};

static void test_svg_one_panel(void **state)
{
	int ret;
	char *s = draw(rows3, 3, 1, NULL, &ret);

	(void)state;
	assert_int_equal(ret, 1);
	assert_int_equal(count(s, "<svg "), 1);
	assert_int_equal(count(s, "class=\"fr fs-"), 3);
	assert_int_equal(count(s, "class=\"fr fs-fail\""), 1);
	assert_int_equal(count(s, "class=\"fr fs-near\""), 1);
	assert_int_equal(count(s, "class=\"fr fs-pass\""), 1);
	assert_non_null(strstr(s, "3 scenario(s): 1 failing, 1 near "
				  "tolerance"));
	/* the numbers next to each row, the failing one in red */
	assert_non_null(strstr(s, "font-weight=\"bold\">A: -5.50 [-6.00, "
				  "-5.00] of \xc2\xb1" "1.00 pp</text>"));
	assert_non_null(strstr(s, ">B: +0.50 [+0.10, +0.88] of"));
	/* axis: 4 tolerances at most, so -6 pp is clipped: one arrow */
	assert_int_equal(count(s, "<path d=\"M"), 3 + 1);
	assert_int_equal(count(s, "l6 -4 v8 z"), 1);
	/* the inconclusive slot stays out of the legend while unused */
	assert_null(strstr(s, "inconclusive"));
	assert_null(strstr(s, "nan"));
	free(s);
}

static void test_svg_inconclusive_and_panels(void **state)
{
	static const char *const titles[] = { "baseline", "candidate" };
	struct forest_row r[2] = {
		{ "edge", true, {
			CELL(FS_PASS, V_PASS, "A", 0.001, -0.001, 0.003, 0.01),
			CELL(FS_INCONCLUSIVE, V_UNKNOWN, "A", 0.009, 0.007,
			     0.011, 0.01) } },
		{ "gone", true, {
			CELL(FS_SKIP, V_SKIP, NULL, NAN, NAN, NAN, NAN),
			CELL(FS_ABSENT, V_UNKNOWN, NULL, NAN, NAN, NAN,
			     NAN) } },
	};
	int ret;
	char *s = draw(r, 2, 2, titles, &ret);

	(void)state;
	assert_int_equal(ret, 1);
	assert_int_equal(count(s, "class=\"fr fs-inconclusive\""), 1);
	assert_non_null(strstr(s, ">inconclusive</text>"));
	assert_non_null(strstr(s, ">baseline</text>"));
	assert_non_null(strstr(s, ">candidate</text>"));
	assert_non_null(strstr(s, ">skipped</text>"));
	assert_non_null(strstr(s, ">not in this run</text>"));
	/* a regression's label is red */
	assert_non_null(strstr(s, "fill=\"#c00000\" font-weight=\"bold\">"
				  "edge</text>"));
	/* two panels: no numbers column */
	assert_null(strstr(s, " of \xc2\xb1"));
	free(s);
	s = draw(r, 0, 1, NULL, &ret);
	assert_int_equal(ret, 0);
	assert_true(!s || !*s);
	free(s);
}

/* The report's first screen: banner, then the forest plot, then the
 * summary table. */
static void test_report_first(void **state)
{
	char *buf = render(FIXTURES "/fail-run", html_write_report);
	char *banner, *forest, *table;

	(void)state;
	banner = strstr(buf, "FAIL: 1 of 4 scenario(s) failed");
	forest = strstr(buf, "class=\"chart forest\"");
	table = strstr(buf, "<table class=\"summary\">");
	assert_non_null(banner);
	assert_non_null(forest);
	assert_non_null(table);
	assert_true(banner < forest && forest < table);
	/* failing first, as in the overview table */
	assert_true(strstr(forest, "uneven-affinity</text>") <
		    strstr(forest, "flat-1-2</text>"));
	free(buf);

	/* a KUnit suite's row names it as such */
	buf = render(FIXTURES "/kunit-run", html_write_report);
	assert_non_null(strstr(buf, "font-weight=\"bold\">KUnit suite "
				    "failed</text>"));
	assert_non_null(strstr(buf, ">KUnit suite passed</text>"));
	free(buf);

	/* the scenario the guest died in says so in its row */
	buf = render(FIXTURES "/died-run", html_write_report);
	assert_non_null(strstr(buf, "font-weight=\"bold\">no result: the "
				    "guest stopped here</text>"));
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_status),
		cmocka_unit_test(test_cell_of),
		cmocka_unit_test(test_svg_one_panel),
		cmocka_unit_test(test_svg_inconclusive_and_panels),
		cmocka_unit_test(test_report_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
