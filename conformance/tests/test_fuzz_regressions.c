// SPDX-License-Identifier: GPL-2.0
/*
 * test_fuzz_regressions.c - replay, under ASan/UBSan, every input the
 * fuzzer ever kept (conformance/fuzz/regressions/) and its seed corpus
 * (every shipped scenario under cgroup-scenarios/, every file of the
 * bad-input catalogue conformance/tests/bad/, the limit seeds of
 * conformance/fuzz/seeds/) through scn_parse_buffer(),
 * checking the property of conformance/fuzz/fuzz_check.h (a located
 * -EINVAL or a scenario the runner's helpers walk safely) and that two
 * parses of one input give the same bytes. The seeds are
 * also replayed cut after every line (every n-th of a long file); shipped scenarios must parse,
 * catalogue files must not, and a limit seed must parse exactly when it
 * stays within the limit (its name has no "over" and no "1024").
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "scenario/scenario.h"
#include "fuzz/fuzz_check.h"

#ifndef CONFORM_SRCDIR
#define CONFORM_SRCDIR "."
#endif

#define MAX_FILES 4096

static char *files[MAX_FILES];
static int nfiles;

static int collect(const char *path, const struct stat *sb, int type,
		   struct FTW *ftw)
{
	const char *base = path + ftw->base;

	(void)sb;
	if (type != FTW_F || base[0] == '.' || strstr(base, ".md"))
		return 0;
	if (nfiles == MAX_FILES)
		return 1;
	files[nfiles] = strdup(path);
	return files[nfiles++] ? 0 : 1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Files under CONFORM_SRCDIR/rel, sorted; returns their number. */
static int list(const char *rel)
{
	char dir[1024];
	int i;

	for (i = 0; i < nfiles; i++)
		free(files[i]);
	nfiles = 0;
	snprintf(dir, sizeof(dir), "%s/%s", CONFORM_SRCDIR, rel);
	assert_int_equal(nftw(dir, collect, 16, FTW_PHYS), 0);
	qsort(files, nfiles, sizeof(files[0]), cmp_str);
	return nfiles;
}

static uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	buf = malloc(n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

struct ctx {
	struct scenario *s, *s2;
	struct scn_state *st;
};

static int setup(void **state)
{
	struct ctx *c = calloc(1, sizeof(*c));

	if (!c)
		return -1;
	c->s = calloc(1, sizeof(*c->s));
	c->s2 = calloc(1, sizeof(*c->s2));
	c->st = calloc(1, sizeof(*c->st));
	*state = c;
	return c->s && c->s2 && c->st ? 0 : -1;
}

static int teardown(void **state)
{
	struct ctx *c = *state;
	int i;

	free(c->s);
	free(c->s2);
	free(c->st);
	free(c);
	for (i = 0; i < nfiles; i++)
		free(files[i]);
	nfiles = 0;
	return 0;
}

/* One input: the property must hold; returns scn_parse_buffer's verdict. */
static bool limit_seed_ok(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return !strstr(base, "over") && !strstr(base, "1024");
}

static bool check(struct ctx *c, const char *path, const uint8_t *buf,
		  size_t len)
{
	const char *why = fuzz_check_input("replay.scn", buf, len, c->s,
					   c->st);

	int r1, r2;

	if (why)
		fail_msg("%s (%zu bytes): %s", path, len, why);
	/* Deterministic: two parses give the same bytes (no stale state). */
	memset(c->s2, 0xa5, sizeof(*c->s2));
	r1 = scn_parse_buffer("replay.scn", (const char *)buf, len, c->s,
			      NULL, 0);
	r2 = scn_parse_buffer("replay.scn", (const char *)buf, len, c->s2,
			      NULL, 0);
	if (r1 != r2 || (!r1 && memcmp(c->s, c->s2, sizeof(*c->s))))
		fail_msg("%s (%zu bytes): two parses differ", path, len);
	return r1 == 0;
}

/* Every kept crash/hang input of the fuzzer. */
static void test_regressions(void **state)
{
	struct ctx *c = *state;
	int n = list("conformance/fuzz/regressions");

	for (int i = 0; i < n; i++) {
		size_t len;
		uint8_t *buf = slurp(files[i], &len);

		check(c, files[i], buf, len);
		free(buf);
	}
	print_message("fuzz regressions: %d inputs replayed\n", n);
}

/* The seeds, whole and cut after every line. */
static int replay_seeds(struct ctx *c, const char *rel, int want_ok,
			int *cuts)
{
	int n = list(rel), scns = 0;

	for (int i = 0; i < n; i++) {
		size_t len, l = strlen(files[i]);
		uint8_t *buf;

		if (l < 4 || strcmp(files[i] + l - 4, ".scn"))
			continue;	/* suites/ lists, not scenarios */
		buf = slurp(files[i], &len);
		bool ok = want_ok < 0 ? limit_seed_ok(files[i]) : want_ok;

		if (ok != check(c, files[i], buf, len))
			fail_msg("%s: expected to be %s", files[i],
				 ok ? "accepted" : "rejected");
		/* every line; every step-th of a long file (limit seeds) */
		size_t lines = 0, step, ln = 0;

		for (size_t k = 0; k < len; k++)
			lines += buf[k] == '\n';
		step = lines / 128 + 1;
		for (size_t k = 0; k < len; k++) {
			if (buf[k] != '\n' || ln++ % step)
				continue;
			check(c, files[i], buf, k + 1);
			++*cuts;
		}
		free(buf);
		scns++;
	}
	return scns;
}

static void test_seed_scenarios(void **state)
{
	int cuts = 0, n = 0;

	n = replay_seeds(*state, "cgroup-scenarios", 1, &cuts);
	assert_true(n > 0);
	print_message("seeds: %d shipped scenarios, %d truncations\n", n,
		      cuts);
}

static void test_seed_bad_catalogue(void **state)
{
	int cuts = 0, n = 0;

	n = replay_seeds(*state, "conformance/tests/bad", 0, &cuts);
	assert_true(n > 0);
	print_message("seeds: %d catalogue files, %d truncations\n", n, cuts);
}

static void test_seed_limits(void **state)
{
	int cuts = 0, n = 0;

	n = replay_seeds(*state, "conformance/fuzz/seeds", -1, &cuts);
	assert_true(n > 0);
	print_message("seeds: %d limit seeds, %d truncations\n", n, cuts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regressions),
		cmocka_unit_test(test_seed_scenarios),
		cmocka_unit_test(test_seed_bad_catalogue),
		cmocka_unit_test(test_seed_limits),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
