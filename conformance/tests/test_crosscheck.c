// SPDX-License-Identifier: GPL-2.0
/*
 * test_crosscheck.c - when cpu.pelt's load_avg and sched/debug's agree.
 *
 * The values are the ones measured in the guest: a runqueue with one
 * nice-0 hog dithers between 1023 and 1024, one with 104 hogs between
 * 106507 and 106528, while nothing changes.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "verdict/verdict.h"

static void test_dither(void **state)
{
	(void)state;
	assert_true(xcheck_load_avg_dither(0) == 1);
	assert_true(xcheck_load_avg_dither(1024) == 1);
	assert_true(xcheck_load_avg_dither(4095) == 1);
	assert_true(xcheck_load_avg_dither(4096) == 2);
	assert_true(xcheck_load_avg_dither(106516) == 27);
}

/* One hog: 1023 read before and after, 1024 in between, is one value. */
static void test_one_hog(void **state)
{
	(void)state;
	assert_true(xcheck_load_avg_steady(1023, 1023));
	assert_true(xcheck_load_avg_steady(1023, 1024));
	assert_true(xcheck_load_avg_agrees(1023, 1023, 1024));
	assert_true(xcheck_load_avg_agrees(1024, 1023, 1022));
	/* a ramping average (the reads differ) is not compared */
	assert_false(xcheck_load_avg_steady(900, 1000));
	/* a wrong field: half the load, or the entity's 512 */
	assert_false(xcheck_load_avg_agrees(1024, 1024, 512));
	assert_false(xcheck_load_avg_agrees(1024, 1023, 1021 - 2));
}

/* 104 hogs: the measured spread agrees, a lost share does not. */
static void test_many_hogs(void **state)
{
	(void)state;
	assert_true(xcheck_load_avg_steady(106507, 106528));
	assert_true(xcheck_load_avg_agrees(106516, 106516, 106528));
	assert_true(xcheck_load_avg_agrees(106507, 106528, 106520));
	/* one hog's load (1024) missing from the sum is a mismatch */
	assert_false(xcheck_load_avg_agrees(106516, 106516, 105492));
	/* a 32-bit truncated load_sum read back gives ~9838 */
	assert_false(xcheck_load_avg_agrees(106516, 106520, 9838));
}

/*
 * Weights: sched/debug 349525 (scaled) is cpu.pelt's 341; a group entity
 * clamped near MIN_SHARES scaled (measured: cpu.pelt 2, sched/debug
 * below 1024) is 2, not 0; an empty one stays 0.
 */
static void test_scale_load_down(void **state)
{
	(void)state;
	assert_true(xcheck_scale_load_down(349525 / 1024.0) == 341);
	assert_true(xcheck_scale_load_down(1024 / 1024.0) == 2);
	assert_true(xcheck_scale_load_down(500 / 1024.0) == 2);
	assert_true(xcheck_scale_load_down(2 / 1024.0) == 2);
	assert_true(xcheck_scale_load_down(3072 / 1024.0) == 3);
	assert_true(xcheck_scale_load_down(0) == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_dither),
		cmocka_unit_test(test_scale_load_down),
		cmocka_unit_test(test_one_hog),
		cmocka_unit_test(test_many_hogs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
