// SPDX-License-Identifier: GPL-2.0
/*
 * test_kill.c - a mutant's run judged (kill.c) on the recorded runs: a
 * pass survives, a fail and a panicked guest kill, an emulator fault
 * decides nothing.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "kill.h"

static enum kill_state judge(const char *dir, char **line)
{
	struct rep_run run;
	size_t len = 0;
	FILE *f = open_memstream(line, &len);
	enum kill_state k;

	assert_non_null(f);
	assert_int_equal(results_load(dir, &run), 0);
	k = kill_judge(f, &run);
	fclose(f);
	results_free(&run);
	return k;
}

static void test_pass_survives(void **state)
{
	char *l;

	(void)state;
	assert_int_equal(judge(FIXTURES "/pass-run", &l), KILL_SURVIVED);
	assert_true(!strncmp(l, "survived (", 10));
	assert_non_null(strstr(l, " pass"));
	free(l);
}

static void test_fail_kills(void **state)
{
	char *l;

	(void)state;
	assert_int_equal(judge(FIXTURES "/fail-run", &l), KILL_FAILED);
	assert_true(!strncmp(l, "killed by 1 scenario (", 22));
	assert_non_null(strstr(l, "uneven-affinity)"));
	free(l);
}

static void test_death_kills(void **state)
{
	char *l;

	(void)state;
	assert_int_equal(judge(FIXTURES "/died-run", &l), KILL_DIED);
	assert_true(!strncmp(l, "killed: guest panic", 19));
	free(l);
}

/* the emulator, not the kernel, killed the guest: boot again */
static void test_emulator_undecided(void **state)
{
	char *l;

	(void)state;
	assert_int_equal(judge(FIXTURES "/emulator-run", &l), KILL_UNDECIDED);
	assert_true(!strncmp(l, "undecided: emulator fault in", 28));
	free(l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pass_survives),
		cmocka_unit_test(test_fail_kills),
		cmocka_unit_test(test_death_kills),
		cmocka_unit_test(test_emulator_undecided),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
