// SPDX-License-Identifier: GPL-2.0
/*
 * test_guestdeath.c - the guest-death classifier (guestdeath.c) on
 * recorded consoles (report/tests/guest-death/): the jump-label int3
 * deaths under TCG are emulator faults, other deaths kernel oopses, a
 * finished run none.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "guestdeath.h"

#define GD_FIXTURES	FIXTURES "/../guest-death/"

struct death {
	struct guest_death d;
	char text[512];
};

/* The death in fixture name, run under accel. */
static void death_of(const char *name, const char *accel, struct death *x)
{
	char path[4096];
	struct lines con = { 0 };
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", GD_FIXTURES, name);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_int_equal(lines_read(f, &con), 0);
	fclose(f);
	guest_death_read(&con, !strcmp(accel, "kvm"), &x->d);
	guest_death_text(&x->d, accel, x->text, sizeof(x->text));
	lines_free(&con);
}

static bool has(const struct death *x, const char *s)
{
	return strstr(x->text, s) != NULL;
}

static void test_jlrepro_7_2(void **state)
{
	struct death x;

	(void)state;
	death_of("7.2.13-jlrepro-int3-update_curr.log", "tcg", &x);
	assert_int_equal(x.d.kind, GD_EMULATOR);
	assert_true(x.d.int3);
	assert_string_equal(x.d.rip, "update_curr+0xaf/0x1e0");
	assert_int_equal(x.d.cpu, 0);
	assert_string_equal(x.d.before, "66");
	assert_true(!strncmp(x.text, "emulator-int3: ", 15));
	assert_true(has(&x, "update_curr+0xaf/0x1e0 on CPU 0"));
	assert_true(has(&x, "is '66', not int3"));
	/* a removed breakpoint is the emulator's under kvm too */
	death_of("7.2.13-jlrepro-int3-update_curr.log", "kvm", &x);
	assert_int_equal(x.d.kind, GD_EMULATOR);
}

static void test_suite_7_2(void **state)
{
	struct death x;

	(void)state;
	/* the default suite, scenario 31 */
	death_of("7.2.13-suite-int3-update_curr.log", "tcg", &x);
	assert_int_equal(x.d.kind, GD_EMULATOR);
	assert_true(has(&x, "update_curr+0xaf/0x1e0 on CPU 1"));
}

static void test_jmp8_7_3(void **state)
{
	struct death x;

	(void)state;
	/* a key just enabled: the text is the jmp8 */
	death_of("7.3.4-jlrepro-int3-jmp8.log", "tcg", &x);
	assert_int_equal(x.d.kind, GD_EMULATOR);
	assert_true(has(&x, "is 'eb', not int3"));
	assert_true(has(&x, "dequeue_task_fair+0x1e/0x360 on CPU 0"));
}

static void test_no_symbols_6_1(void **state)
{
	struct death x;

	(void)state;
	death_of("6.1.192-suite-int3-cfs_bandwidth_used.log", "tcg", &x);
	assert_int_equal(x.d.kind, GD_EMULATOR);
	assert_true(has(&x, "int3 at 0xffffffff8105f124 on CPU 0"));
}

static void test_breakpoint_present(void **state)
{
	struct death x;

	(void)state;
	death_of("synthetic-int3-breakpoint-present.log", "tcg", &x);
	assert_int_equal(x.d.kind, GD_EMULATOR);
	assert_string_equal(x.d.before, "cc");
	assert_true(has(&x, "under tcg: a text-patching breakpoint"));
	death_of("synthetic-int3-breakpoint-present.log", "kvm", &x);
	assert_int_equal(x.d.kind, GD_KERNEL);
	assert_string_equal(x.text, "kernel-oops: int3 at update_curr+0xaf/0x1e0 "
			    "on CPU 0 under kvm, the breakpoint still in memory");
}

static void test_null_deref(void **state)
{
	struct death x;

	(void)state;
	death_of("6.12.118-null-deref.log", "tcg", &x);
	assert_int_equal(x.d.kind, GD_KERNEL);
	assert_false(x.d.int3);
	assert_string_equal(x.text, "kernel-oops: BUG: kernel NULL pointer "
			    "dereference, address: 0000000000000051 at "
			    "0xffffffff8106c8e9 on CPU 0");
}

static void test_clean(void **state)
{
	struct death x;

	(void)state;
	death_of("clean.log", "tcg", &x);
	assert_int_equal(x.d.kind, GD_NONE);
	assert_true(!strncmp(x.text, "none: ", 6));
}

/* Lines made up: a panic alone, and malformed RIP and Code: lines. */
static void test_made_up(void **state)
{
	static const char *const v[] = {
		"[    1.000000] Kernel panic - not syncing: VFS",
		"RIP: 0010:", "Code: 66<90>", "CPU: x",
	};
	struct lines con = { 0 };
	struct guest_death d;

	(void)state;
	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		assert_int_equal(lines_add(&con, v[i]), 0);
	guest_death_read(&con, false, &d);
	assert_int_equal(d.kind, GD_KERNEL);
	assert_string_equal(d.head, "Kernel panic - not syncing: VFS");
	assert_string_equal(d.rip, "");
	assert_string_equal(d.before, "");
	assert_int_equal(d.cpu, -1);
	lines_free(&con);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jlrepro_7_2),
		cmocka_unit_test(test_suite_7_2),
		cmocka_unit_test(test_jmp8_7_3),
		cmocka_unit_test(test_no_symbols_6_1),
		cmocka_unit_test(test_breakpoint_present),
		cmocka_unit_test(test_null_deref),
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_made_up),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
