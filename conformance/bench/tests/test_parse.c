// SPDX-License-Identifier: GPL-2.0
/*
 * test_parse.c - the benchmark's parsers of kernel files: the per-CPU
 * blocked_averages lines (patch 0006) and the ring buffer statistics.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "blocked.h"
#include "folds.h"

static void test_blocked_two_cpus(void **state)
{
	struct blocked_stats st;

	(void)state;
	assert_int_equal(blocked_parse(
		"cpu0 calls=18 cfs_rqs=25 lock_ns_total=598670 lock_ns_max=247671\n"
		"cpu1 calls=2 cfs_rqs=5 lock_ns_total=1330 lock_ns_max=900000\n",
		&st), 0);
	assert_int_equal(st.cpus, 2);
	assert_int_equal(st.calls, 20);
	assert_int_equal(st.cfs_rqs, 30);
	assert_int_equal(st.lock_ns_total, 600000);
	assert_int_equal(st.lock_ns_max, 900000);
}

static void test_blocked_garbage(void **state)
{
	struct blocked_stats st;

	(void)state;
	assert_int_equal(blocked_parse("", &st), -EINVAL);
	assert_int_equal(blocked_parse("cpu0 calls=1\n", &st), -EINVAL);
}

static void test_ring_stats(void **state)
{
	long n;

	(void)state;
	assert_int_equal(folds_parse_stats(
		"entries: 120\noverrun: 30\ncommit overrun: 0\nbytes: 5000\n"
		"oldest event ts: 1.0\nnow ts: 2.0\ndropped events: 0\n"
		"read events: 0\n", &n), 0);
	assert_int_equal(n, 150);
	assert_int_equal(folds_parse_stats("entries: 1\n", &n), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_blocked_two_cpus),
		cmocka_unit_test(test_blocked_garbage),
		cmocka_unit_test(test_ring_stats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
