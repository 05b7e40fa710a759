// SPDX-License-Identifier: GPL-2.0
/*
 * test_ideal_cut.c - the ideal model's cut check changes no split.
 *
 * ideal.c decides a feasibility check from the minimum cut when it is
 * clear of the threshold, and by max-flow otherwise (ideal_cut_check()).
 * Here every split is computed both ways, with ideal_set_reference() on
 * (every check by max-flow, the model as it was) and off, and the groups'
 * and tasks' CPU must be the same doubles, bit for bit: on random trees
 * (affinities, quotas, duty and stopped tasks, offline CPUs, measured
 * capacities), on every scenario file of the library at 2 and 4 CPUs in
 * each of its phase states, and on scale/siblings-208 with many measured
 * capacities. Seeded: the same cases on every machine;
 * IDEAL_CUT_CASES=N in the environment runs N random trees (default
 * 1500).
 */
#define _GNU_SOURCE
#include <ftw.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testutil.h"
#include "model/model.h"
#include "scenario/scenario.h"

#ifndef CONFORM_SRCDIR
#define CONFORM_SRCDIR "."
#endif

static uint64_t rng = 0x1dea1c07ull;

static unsigned int rnd(unsigned int n)
{
	return tu_rnd(&rng, n);
}

/* A measured capacity: whole, a fraction, or (rarely) none. */
static double rnd_cap(void)
{
	switch (rnd(6)) {
	case 0:
		return 1;
	case 1:
		return 0;
	default:
		return 0.3 + 0.7 * rnd(1000001) / 1e6;
	}
}

static unsigned long n_cases, n_cut, n_flow;

/* The split both ways; they must be the same to the last bit. */
static void same_split(const struct scenario *s, const struct scn_state *st,
		       const double *cap, const char *what)
{
	static double g0[SCN_MAX_GROUPS], g1[SCN_MAX_GROUPS];
	static double t0[SCN_MAX_TASKS], t1[SCN_MAX_TASKS];
	unsigned long c0, f0, c1, f1;
	int r0, r1;

	ideal_set_reference(true);
	r0 = ideal_split(s, st, cap, g0, t0);
	ideal_set_reference(false);
	ideal_check_counts(&c0, &f0);
	r1 = ideal_split(s, st, cap, g1, t1);
	ideal_check_counts(&c1, &f1);
	n_cut += c1 - c0;
	n_flow += f1 - f0;
	n_cases++;
	assert_int_equal(r0, r1);
	if (r0)
		return;
	for (int g = 0; g < s->ngroups; g++)
		if (memcmp(&g0[g], &g1[g], sizeof(double)))
			fail_msg("%s: group %s %.17g by max-flow, %.17g with "
				 "the cut check", what, s->groups[g].path,
				 g0[g], g1[g]);
	for (int t = 0; t < s->ntasks; t++)
		if (memcmp(&t0[t], &t1[t], sizeof(double)))
			fail_msg("%s: task %s %.17g by max-flow, %.17g with "
				 "the cut check", what, s->tasks[t].name,
				 t0[t], t1[t]);
}

/* Random groups (weights, quotas, idle) under random parents. */
static size_t gen_groups(char *text, size_t size, size_t n, int ng,
			 char path[][160], bool *leaf, bool v1)
{
	int parent[40];

	tu_rand_tree(&rng, ng, parent, leaf, path[0], sizeof(path[0]));
	for (int g = 0; g < ng; g++) {
		n += (size_t)snprintf(text + n, size - n,
				      "group %s %s=%d%s\n", path[g],
				      v1 ? "shares" : "weight",
				      (v1 ? 2 : 1) + (int)rnd(rnd(2) ? 10000 : 200),
				      rnd(4) ? "" : rnd(2) ?
				      " max=70ms/100ms" : " max=130ms/100ms");
	}
	return n;
}

/* Random tasks in the leaf groups (v1: some in inner ones too). */
static size_t gen_tasks(char *text, size_t size, size_t n, int ncpu, int ng,
			char path[][160], const bool *leaf, bool v1)
{
	int nt = 0;

	for (int g = 0; g < ng; g++) {
		int k = leaf[g] ? 1 + (int)rnd(4) :
			v1 ? (int)(rnd(2) * rnd(2)) : 0;

		for (int i = 0; i < k && nt < 60; i++, nt++) {
			unsigned int a = rnd((1u << ncpu) - 1) + 1;
			char cl[256];

			assert_true(scn_cpumask_format(a, cl, sizeof(cl)) > 0);
			if (rnd(3))
				n += (size_t)snprintf(text + n, size - n,
					"task t%d group=%s count=%d cpus=%s\n",
					nt, path[g], 1 + (int)rnd(3), cl);
			else
				n += (size_t)snprintf(text + n, size - n,
					"task t%d group=%s kind=duty run=%dms "
					"sleep=%dms cpus=%s\n", nt, path[g],
					1 + (int)rnd(9), 1 + (int)rnd(9), cl);
		}
	}
	return n;
}

/* Random trees, states and capacities, 1 to 8 CPUs. */
static void test_random_trees(void **state)
{
	static struct scenario s;
	static char text[32768];
	char path[40][160], err[SCN_ERR_MAX];
	bool leaf[40];
	struct scn_state st;
	double cap[SCN_MAX_CPUS];

	const char *env = getenv("IDEAL_CUT_CASES");
	int cases = env ? atoi(env) : 1500;

	(void)state;
	for (int it = 0; it < cases; it++) {
		int ncpu = 1 + (int)rnd(8), ng = 1 + (int)rnd(it % 3 ? 12 : 40);
		bool v1 = rnd(4) == 0;
		size_t n;

		n = (size_t)snprintf(text, sizeof(text), "cpus %d\n%s", ncpu,
				     v1 ? "hierarchy v1\n" : "");
		n = gen_groups(text, sizeof(text), n, ng, path, leaf, v1);
		gen_tasks(text, sizeof(text), n, ncpu, ng, path, leaf, v1);
		if (scn_parse_buffer("rand.scn", text, strlen(text), &s, err,
				     sizeof(err)))
			fail_msg("case %d: %s\n%s", it, err, text);
		scn_state_init(&s, &st);
		for (int t = 0; t < s.ntasks; t++)
			st.task_stopped[t] = rnd(10) == 0;
		for (int c = 0; c < ncpu; c++) {
			cap[c] = rnd_cap();
			if (c && rnd(8) == 0)
				st.online &= ~((scn_cpumask_t)1 << c);
		}
		same_split(&s, &st, rnd(4) ? cap : NULL, text);
	}
	printf("# random trees: %lu splits, %lu checks by the cut, %lu by "
	       "max-flow\n", n_cases, n_cut, n_flow);
}

static char *scn_files[512];
static int n_scn_files;

static int collect(const char *path, const struct stat *sb, int flag,
		   struct FTW *ftw)
{
	size_t l = strlen(path);

	(void)sb;
	(void)ftw;
	if (flag == FTW_F && l > 4 && !strcmp(path + l - 4, ".scn") &&
	    n_scn_files < (int)(sizeof(scn_files) / sizeof(scn_files[0])))
		scn_files[n_scn_files++] = strdup(path);
	return 0;
}

/* One file at ncpus: every phase state, measured and whole capacities. */
static void library_file(const char *path, int ncpus)
{
	static struct scenario s;
	static struct scn_state st;
	char err[SCN_ERR_MAX], what[600];
	double cap[SCN_MAX_CPUS];

	if (scn_parse_file_cpus(path, ncpus, &s, err, sizeof(err)))
		return;		/* not for this N (the parser says why) */
	scn_state_init(&s, &st);
	for (int i = -1; i < s.nphases; i++) {
		if (i >= 0)
			scn_state_apply(&s, &st, &s.phases[i]);
		snprintf(what, sizeof(what), "%s at %d CPUs, phase %d", path,
			 ncpus, i + 1);
		same_split(&s, &st, NULL, what);
		for (int k = 0; k < 3; k++) {
			for (int c = 0; c < s.cpus; c++)
				cap[c] = 0.9 + 0.1 * rnd(100001) / 1e5;
			same_split(&s, &st, cap, what);
		}
	}
}

/* Every scenario of the library, at 2 and 4 CPUs. */
static void test_library(void **state)
{
	char dir[1024];

	(void)state;
	n_cases = n_cut = n_flow = 0;
	snprintf(dir, sizeof(dir), "%s/cgroup-scenarios", CONFORM_SRCDIR);
	assert_int_equal(nftw(dir, collect, 16, FTW_PHYS), 0);
	assert_true(n_scn_files > 40);
	for (int i = 0; i < n_scn_files; i++) {
		library_file(scn_files[i], 2);
		library_file(scn_files[i], 4);
		free(scn_files[i]);
	}
	printf("# library: %d files, %lu splits, %lu checks by the cut, %lu "
	       "by max-flow\n", n_scn_files, n_cases, n_cut, n_flow);
	assert_true(n_cut > n_flow);
}

/* scale/siblings-208 with capacities as measured under TCG. */
static void test_siblings_208(void **state)
{
	static struct scenario s;
	struct scn_state st;
	char err[SCN_ERR_MAX], path[1024];
	double cap[SCN_MAX_CPUS];

	(void)state;
	n_cases = n_cut = n_flow = 0;
	snprintf(path, sizeof(path), "%s/cgroup-scenarios/scale/"
		 "siblings-208.scn", CONFORM_SRCDIR);
	if (scn_parse_file(path, &s, err, sizeof(err)))
		fail_msg("%s", err);
	scn_state_init(&s, &st);
	for (int k = 0; k < 150; k++) {
		cap[0] = 0.95 + 0.05 * rnd(1000001) / 1e6;
		cap[1] = 0.95 + 0.05 * rnd(1000001) / 1e6;
		same_split(&s, &st, cap, "siblings-208");
	}
	printf("# siblings-208: %lu splits, %lu checks by the cut, %lu by "
	       "max-flow\n", n_cases, n_cut, n_flow);
	assert_true(n_cut > 10 * n_flow);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_trees),
		cmocka_unit_test(test_library),
		cmocka_unit_test(test_siblings_208),
	};

	return cmocka_run_group_tests_name("ideal_cut", tests, NULL, NULL);
}
