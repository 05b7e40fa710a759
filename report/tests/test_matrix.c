// SPDX-License-Identifier: GPL-2.0
/*
 * test_matrix.c - kernel x scenario (matrix.c) on the recorded runs: a
 * pass, a fail and a run whose guest panicked mid-way; then the same
 * death as an emulator fault, its own cell state.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "matrix.h"


static struct rep_run runs[3];

static char *render(bool html, enum matrix_head head)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	if (html)
		assert_int_equal(matrix_write_html(f, runs, 3, head), 0);
	else
		matrix_write_text(f, runs, 3, head);
	fclose(f);
	return buf;
}

static void test_matrix(void **state)
{
	static const char *const dirs[3] = {
		FIXTURES "/pass-run", FIXTURES "/fail-run",
		FIXTURES "/died-run",
	};
	char *t;

	(void)state;
	for (int i = 0; i < 3; i++)
		assert_int_equal(results_load(dirs[i], &runs[i]), 0);
	t = render(false, MATRIX_BY_KERNEL);
	/* a row per scenario of any run, a column per run */
	assert_non_null(strstr(t, "uneven-affinity                          "
				  "pass           fail           panic"));
	/* not in a finished run: "-"; in the died one: why it has none */
	assert_non_null(strstr(t, "v1-shares                                "
				  "-              skip           panic"));
	free(t);
	t = render(true, MATRIX_BY_KERNEL);
	assert_non_null(strstr(t, "<a href=\"" FIXTURES "/fail-run/report.html\">"));
	assert_non_null(strstr(t, "title=\"failing\">fail</td>"));
	free(t);
	/* by label: the runs' RUN_LABEL heads the columns */
	t = render(false, MATRIX_BY_LABEL);
	assert_non_null(strstr(t, "[1] run, cgroup_mode"));
	free(t);
	t = render(true, MATRIX_BY_LABEL);
	assert_non_null(strstr(t, "<h1>Run matrix</h1>"));
	assert_non_null(strstr(t, "report.html\">run</a>"));
	free(t);
	for (int i = 0; i < 3; i++)
		results_free(&runs[i]);
}

/* The guest died in cpu-offline-stale, killed by the emulator. */
static void test_emulator_fault(void **state)
{
	static const char *const dirs[3] = {
		FIXTURES "/pass-run", FIXTURES "/died-run",
		FIXTURES "/emulator-run",
	};
	char *t;

	(void)state;
	for (int i = 0; i < 3; i++)
		assert_int_equal(results_load(dirs[i], &runs[i]), 0);
	t = render(false, MATRIX_BY_KERNEL);
	/* the scenario it died in: not incomplete, not a panic */
	assert_non_null(strstr(t, "cpu-offline-stale                        "
				  "-              incomplete     emulator-fault"));
	/* the ones after it: not reached (a continued run has them) */
	assert_non_null(strstr(t, "uneven-affinity                          "
				  "pass           panic          not reached"));
	free(t);
	t = render(true, MATRIX_BY_KERNEL);
	assert_non_null(strstr(t, "title=\"emulator fault\">emulator-fault</td>"));
	assert_non_null(strstr(t, "title=\"failing\">incomplete</td>"));
	free(t);
	for (int i = 0; i < 3; i++)
		results_free(&runs[i]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_matrix),
		cmocka_unit_test(test_emulator_fault),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
