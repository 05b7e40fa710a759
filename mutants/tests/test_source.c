// SPDX-License-Identifier: GPL-2.0
/*
 * test_source.c - function bodies (source.c), the sample (select.c) and
 * the patch text (diff.c) on a small made-up fair.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "diff.h"
#include "scan.h"
#include "select.h"
#include "source.h"

static const char fair[] =
	"static long calc_group_shares(struct cfs_rq *cfs_rq);\n"	/* 1 */
	"#ifdef CONFIG_SMP\n"
	"static long calc_group_shares(struct cfs_rq *cfs_rq)\n"
	"{\n"
	"\tlong load = max(cfs_rq->load.weight, cfs_rq->avg.load_avg);\n"	/* 5 */
	"\n"
	"\tWARN_ON(load < 0);\n"
	"\tif (load > 64)\n"
	"\t\tupdate(cfs_rq);\n"
	"\treturn load * 2;\n"	/* 10 */
	"}\n"
	"#else\n"
	"static long calc_group_shares(struct cfs_rq *cfs_rq) { return 1; }\n"
	"static long\n"
	"other(int a)\n"	/* 15 */
	"{\n"
	"\treturn a - 1;\n"
	"}\n"
	"#endif\n";

static struct source src;

static int setup(void **state)
{
	(void)state;
	return source_from_string(fair, &src);
}

static int teardown(void **state)
{
	(void)state;
	source_free(&src);
	return 0;
}

static void test_bodies(void **state)
{
	struct body b[4];

	(void)state;
	/* the prototype and the one-line stub have no body */
	assert_int_equal(source_bodies(&src, "calc_group_shares", b, 4), 1);
	assert_int_equal(b[0].first, 4);
	assert_int_equal(b[0].last, 9);
	/* a header over two lines; "other" is not a part of another name */
	assert_int_equal(source_bodies(&src, "other", b, 4), 1);
	assert_int_equal(b[0].first, 16);
	assert_int_equal(source_bodies(&src, "calc_group", b, 4), 0);
}

static void test_scan(void **state)
{
	struct mut_list l = { 0 };
	int i;

	(void)state;
	assert_int_equal(scan_function(&src, "calc_group_shares", &l), 0);
	for (i = 0; i < l.n; i++) {
		/* never the WARN_ON line, never the unbraced if's body */
		assert_int_not_equal(l.m[i].line, 6);
		assert_int_not_equal(l.m[i].line, 8);
	}
	/* max x2, stale-read, >=, 64 x2, 64 > load, * -> /, 2 x2 */
	assert_int_equal(l.n, 10);
	mut_list_free(&l);
}

static void sample(uint64_t seed, int max, struct mut_list *l)
{
	*l = (struct mut_list){ 0 };
	assert_int_equal(scan_function(&src, "calc_group_shares", l), 0);
	assert_int_equal(select_sample(l, "calc_group_shares", seed, max), 0);
}

static void test_select(void **state)
{
	struct mut_list a, b;
	int i;

	(void)state;
	sample(7, 4, &a);
	sample(7, 4, &b);
	assert_int_equal(a.n, 4);
	assert_int_equal(b.n, 4);
	for (i = 0; i < 4; i++) {
		assert_int_equal(a.m[i].line, b.m[i].line);
		assert_string_equal(a.m[i].text, b.m[i].text);
		/* in line order, and four operators before any repeats */
		if (i)
			assert_true(a.m[i - 1].line <= a.m[i].line);
		for (int k = 0; k < i; k++)
			assert_string_not_equal(a.m[k].op, a.m[i].op);
	}
	mut_list_free(&a);
	mut_list_free(&b);
}

static void test_diff(void **state)
{
	struct mutation m = { .line = 7, .op = "rel", .func = "calc_group_shares" };
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	strcpy(m.text, "\tif (load >= 64)");
	assert_non_null(f);
	assert_int_equal(diff_write(f, &src, &m, "mutant 0001"), 0);
	fclose(f);
	assert_string_equal(buf,
		"mutant 0001\n"
		"--- a/kernel/sched/fair.c\n"
		"+++ b/kernel/sched/fair.c\n"
		"@@ -5,7 +5,7 @@ calc_group_shares\n"
		" \tlong load = max(cfs_rq->load.weight, cfs_rq->avg.load_avg);\n"
		" \n"
		" \tWARN_ON(load < 0);\n"
		"-\tif (load > 64)\n"
		"+\tif (load >= 64)\n"
		" \t\tupdate(cfs_rq);\n"
		" \treturn load * 2;\n"
		" }\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bodies),
		cmocka_unit_test(test_scan),
		cmocka_unit_test(test_select),
		cmocka_unit_test(test_diff),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
