// SPDX-License-Identifier: GPL-2.0
/*
 * test_ktapmerge.c - the KTAP assembly of qemu-run.sh (ktap-splice,
 * kunit-failed) and shard-merge.sh (shard-ktap) on made-up consoles and
 * shards. The same code was checked against the awk it replaced on 600
 * mutated consoles and the recorded shard runs (byte-identical).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "ktapmerge.h"

static void load(struct lines *l, const char *const *v)
{
	memset(l, 0, sizeof(*l));
	for (; *v; v++)
		assert_int_equal(lines_add(l, *v), 0);
}

/* fn's output on l, as one string (caller frees) */
static char *run_splice(const char *const *v, int failed)
{
	struct lines l;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	load(&l, v);
	if (failed)
		ktap_kunit_failed(&l, f);
	else
		assert_int_equal(ktap_splice(&l, f), 0);
	fclose(f);
	lines_free(&l);
	return buf;
}

static const char *const runner[] = {
	"[    0.5] Linux version 6.1.192",
	"KTAP version 1",
	"1..2",
	"# conform 0.1 on 6.1.192",
	"[    1.0] random kernel noise",
	"ok 1 a",
	"not ok 2 b",
	"# Totals: pass:1 fail:1 xfail:0 xpass:0 skip:0 error:0",
	"RUNNER_EXIT=1",
	NULL,
};

static void test_splice_runner_only(void **state)
{
	char *out = run_splice(runner, 0);

	(void)state;
	assert_string_equal(out, "KTAP version 1\n1..2\n# conform 0.1 on 6.1.192\n"
			    "ok 1 a\nnot ok 2 b\n"
			    "# Totals: pass:1 fail:1 xfail:0 xpass:0 skip:0 error:0\n");
	free(out);
}

static const char *const with_kunit[] = {
	"[init] kunit: begin",
	"KTAP version 1",
	"1..2",
	"    # Subtest: s1",
	"    ok 1 case",
	"[    0.3] noise inside the suite",
	"ok 1 s1",
	"# s1: pass:1 fail:0",
	"not ok 2 s2",
	"ok 3 beyond the plan",
	"[init] kunit: end",
	"KTAP version 1",
	"1..2",
	"# conform 0.1",
	"ok 1 a",
	"ok 2 b # SKIP why",
	"# Totals: pass:1 fail:0 xfail:0 xpass:0 skip:1 error:0",
	NULL,
};

/* The suites follow the runner's results, numbered after its plan. */
static void test_splice_kunit(void **state)
{
	char *out = run_splice(with_kunit, 0);

	(void)state;
	assert_string_equal(out, "KTAP version 1\n1..4\n# conform 0.1\n"
			    "ok 1 a\nok 2 b # SKIP why\n"
			    "    # Subtest: s1\n    ok 1 case\nok 3 s1\n"
			    "    # s1: pass:1 fail:0\nnot ok 4 s2\n"
			    "# Totals: pass:2 fail:1 xfail:0 xpass:0 skip:1 error:0\n");
	free(out);
	out = run_splice(with_kunit, 1);
	assert_string_equal(out, "s2");
	free(out);
}

/* No runner output at all (it crashed): a stream of the suites alone. */
static void test_splice_kunit_only(void **state)
{
	static const char *const v[] = {
		"[init] kunit: begin", "1..1", "ok 1 s1", "[init] kunit: end",
		"Kernel panic", NULL,
	};
	char *out = run_splice(v, 0);

	(void)state;
	assert_string_equal(out, "KTAP version 1\n1..1\nok 1 s1\n");
	free(out);
}

static void shard(struct ktap_shard *sh, const char *name, int nscen,
		  const char *const *v)
{
	memset(sh, 0, sizeof(*sh));
	sh->name = name;
	sh->hostcpus = "0";
	sh->nscen = nscen;
	sh->span = nscen;
	sh->present = v != NULL;
	if (v)
		load(&sh->ktap, v);
}

static char *run_merge(struct ktap_shard *sh, int jobs)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(ktap_shard_merge(sh, jobs, f), 0);
	fclose(f);
	for (int k = 0; k < jobs; k++)
		lines_free(&sh[k].ktap);
	return buf;
}

static const char *const s0[] = {
	"KTAP version 1", "1..2", "# conform 0.1", "ok 1 a", "ok 2 b",
	"    # Subtest: k", "ok 3  k", "# Totals: pass:3 fail:0", NULL,
};
static const char *const s1[] = {
	"KTAP version 1", "1..2", "# conform 0.1", "# c's diag",
	"not ok 1 c", "not ok 2 d # INCONCLUSIVE A: straddles", "not ok 3 k",
	"# Totals: pass:0 fail:2", NULL,
};

/* Renumbered in shard order; the failed KUnit suite (shard 1) once. */
static void test_shard_merge(void **state)
{
	struct ktap_shard sh[2];
	char *out;

	(void)state;
	shard(&sh[0], "r-s0", 2, s0);
	shard(&sh[1], "r-s1", 2, s1);
	assert_int_equal(ktap_runner_start(&sh[0].ktap), 0);
	out = run_merge(sh, 2);
	assert_string_equal(out, "KTAP version 1\n1..5\n"
			    "# merged from 2 shards (make run JOBS=2)\n"
			    "# shard 0: r-s0, host CPUs 0\n"
			    "# conform 0.1\nok 1 a\nok 2 b\n"
			    "# shard 1: r-s1, host CPUs 0\n"
			    "# conform 0.1\n# c's diag\nnot ok 3 c\n"
			    "not ok 4 d # INCONCLUSIVE A: straddles\n"
			    "# kernel KUnit suites of shard 1 (every shard's guest ran them)\n"
			    "not ok 5 k\n"
			    "# Totals: pass:2 fail:2 xfail:0 xpass:0 skip:0 error:0 "
			    "inconclusive:1\n");
	free(out);
}

/* A shard that left no results: the others' are kept. */
static void test_shard_lost(void **state)
{
	struct ktap_shard sh[2];
	char *out;

	(void)state;
	shard(&sh[0], "r-s0", 2, s0);
	shard(&sh[1], "-", 0, NULL);
	out = run_merge(sh, 2);
	assert_non_null(strstr(out, "1..3\n"));
	assert_non_null(strstr(out, "    # Subtest: k\nok 3 k\n"));
	assert_null(strstr(out, "shard 1"));
	assert_non_null(strstr(out, "# Totals: pass:3 fail:0"));
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_splice_runner_only),
		cmocka_unit_test(test_splice_kunit),
		cmocka_unit_test(test_splice_kunit_only),
		cmocka_unit_test(test_shard_merge),
		cmocka_unit_test(test_shard_lost),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
