// SPDX-License-Identifier: GPL-2.0
/*
 * test_topology.c - scenarios that scale with the machine: the "cpus"
 * range and N, formulas of N in expect, per-CPU tasks (each=), the "last"
 * CPU; every shipped scenario parses at N = 2, 4, 8 and 64; files without
 * the new syntax parse identically at N = 2; and the converted scenarios
 * mean at N = 2 what their pre-conversion copies
 * (conformance/tests/fixtures/topology/) meant.
 */
#define _GNU_SOURCE
#include <errno.h>
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

#include "scenario/scenario.h"

#ifndef CONFORM_SRCDIR
#define CONFORM_SRCDIR "."
#endif

/* a within eps of b (this cmocka has no assert_double_equal) */
#define assert_double_equal(a, b, eps)					\
	do {								\
		double a_ = (a), b_ = (b);				\
		if (!(fabs(a_ - b_) <= (eps)))				\
			fail_msg("%.17g != %.17g", a_, b_);		\
	} while (0)

static const int sizes[] = { 2, 4, 8, 64 };
#define NSIZES ((int)(sizeof(sizes) / sizeof(sizes[0])))

static struct scenario *new_scn(void)
{
	struct scenario *s = calloc(1, sizeof(*s));

	assert_non_null(s);
	return s;
}

static int parse_n(const char *text, int n, struct scenario *s, char *err)
{
	return scn_parse_buffer_cpus("t.scn", text, strlen(text), n, s, err,
				     SCN_ERR_MAX);
}

static void parse_n_ok(const char *text, int n, struct scenario *s)
{
	char err[SCN_ERR_MAX];

	if (parse_n(text, n, s, err))
		fail_msg("N=%d: unexpected error: %s", n, err);
}

static void parse_n_fails(const char *text, int n, const char *want)
{
	struct scenario *s = new_scn();
	char err[SCN_ERR_MAX];

	assert_int_equal(parse_n(text, n, s, err), -EINVAL);
	assert_string_equal(err, want);
	free(s);
}

static double eval(const char *f, int n)
{
	char why[128];
	double x = -1;

	if (scn_formula_eval(f, n, &x, why, sizeof(why)))
		fail_msg("%s at N=%d: %s", f, n, why);
	return x;
}

static void test_formulas(void **state)
{
	(void)state;
	for (int i = 0; i < NSIZES; i++) {
		double n = sizes[i];

		assert_double_equal(eval("1/N", sizes[i]), 1 / n, 1e-15);
		assert_double_equal(eval("(N-1)/(2*N)", sizes[i]),
				    (n - 1) / (2 * n), 1e-15);
		assert_double_equal(eval("3/(4*(N+3))", sizes[i]),
				    3 / (4 * (n + 3)), 1e-15);
		assert_double_equal(eval("1-1/N", sizes[i]), 1 - 1 / n, 1e-15);
		/* left to right, * and / before + and - */
		assert_double_equal(eval("N-N/2-1", sizes[i]), n / 2 - 1,
				    1e-12);
		assert_double_equal(eval("2*N/4/N", sizes[i]), 0.5, 1e-15);
		assert_double_equal(eval("0.25*(N+N)/N", sizes[i]), 0.5,
				    1e-15);
		assert_double_equal(eval("((((N))))", sizes[i]), n, 0);
	}
	assert_double_equal(eval("1.5+0.25", 2), 1.75, 0);
	assert_double_equal(eval("999999999", 2), 999999999.0, 0);
}

static void formula_fails(const char *f, int n, const char *want)
{
	char why[128];
	double x = 42;

	assert_int_equal(scn_formula_eval(f, n, &x, why, sizeof(why)), -1);
	assert_string_equal(why, want);
	assert_double_equal(x, 42, 0);
}

static void test_formula_errors(void **state)
{
	(void)state;
	formula_fails("", 2, "empty formula");
	formula_fails("1/", 2, "a number, N or '(' expected at the end");
	formula_fails("(1", 2, "')' expected at the end");
	formula_fails("1)", 2, "operator or end expected at ')' (character 2)");
	formula_fails("n", 2, "a number, N or '(' expected at 'n' (character 1)");
	formula_fails("-1", 2, "a number, N or '(' expected at '-' (character 1)");
	formula_fails("2N", 2, "operator or end expected at 'N' (character 2)");
	formula_fails("1/0", 8, "division by zero at '/' (character 2)");
	formula_fails("1/(N-2)", 2, "division by zero at '/' (character 2)");
	assert_double_equal(eval("1/(N-2)", 4), 0.5, 0);
	formula_fails("1..2", 2, "decimals of at most 9 digits expected at '.' (character 3)");
	formula_fails("1234567890", 2, "a number of at most 9 digits expected at '0' (character 10)");
	formula_fails("(((((((((((((((((1)))))))))))))))))", 2,
		      "parentheses nested too deep (max 16) at '(' (character 17)");
	assert_double_equal(eval("((((((((((((((((1))))))))))))))))", 2), 1, 0);
	formula_fails("999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999-999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999*999999999", 2,
		      "the value is not a finite number");
}

static const char *ranged =
	"cpus 2-8\n"
	"group A\n"
	"task a group=A\n";

static void test_cpus_range(void **state)
{
	static const int want[][2] = {
		{ 0, 2 }, { 1, 2 }, { 2, 2 }, { 3, 3 }, { 8, 8 }, { 64, 8 },
	};
	struct scenario *s = new_scn();
	char r[16];

	(void)state;
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		parse_n_ok(ranged, want[i][0], s);
		assert_int_equal(s->cpus, want[i][1]);
		assert_int_equal(s->cpus_min, 2);
		assert_int_equal(s->cpus_max, 8);
		assert_string_equal(scn_cpus_range_text(s, r, sizeof(r)), "2-8");
	}
	parse_n_ok("cpus 3+\ngroup A\ntask a group=A\n", 64, s);
	assert_int_equal(s->cpus, 64);
	assert_int_equal(s->cpus_max, SCN_MAX_CPUS);
	assert_string_equal(scn_cpus_range_text(s, r, sizeof(r)), "3+");
	parse_n_ok("cpus 3+\ngroup A\ntask a group=A\n", 0, s);
	assert_int_equal(s->cpus, 3);
	parse_n_ok("cpus 2\ngroup A\ntask a group=A\n", 64, s);
	assert_int_equal(s->cpus, 2);
	assert_string_equal(scn_cpus_range_text(s, r, sizeof(r)), "2");
	free(s);
	parse_n_fails("cpus 8-2\n", 4, "t.scn:1: cpus '8-2': the minimum is above the maximum");
	parse_n_fails("cpus 2-65\n", 4, "t.scn:1: cpus '2-65' out of range (1..64)");
	parse_n_fails("cpus 0-4\n", 4, "t.scn:1: cpus '0-4' out of range (1..64)");
	parse_n_fails("cpus 2-\n", 4, "t.scn:1: cpus '2-' must be a count, a range or a minimum (e.g. 2, 2-8, 2+)");
	parse_n_fails("cpus 2+4\n", 4, "t.scn:1: cpus '2+4' must be a count, a range or a minimum (e.g. 2, 2-8, 2+)");
	parse_n_fails("cpus +\n", 4, "t.scn:1: cpus '+' must be a count, a range or a minimum (e.g. 2, 2-8, 2+)");
}

static const char *per_cpu =
	"cpus 2+\n"
	"group A weight=200\n"
	"group B cpuset=1-last\n"
	"task a group=A each=* count=2 kind=duty run=1ms sleep=1ms\n"
	"task b group=B each=*\n"
	"task c group=B cpus=last\n"
	"expect A (N+1)/(2*N)\n"
	"at 1s stop a@last\n"
	"at 1s affinity c 1\n"
	"at 1.2s cont a@last\n";

static void check_per_cpu(const struct scenario *s, int n)
{
	scn_cpumask_t all = scn_all_cpus(s);
	int t;

	assert_int_equal(s->cpus, n);
	assert_int_equal(s->ntasks, n + (n - 1) + 1);
	for (t = 0; t < n; t++) {
		char name[16];

		snprintf(name, sizeof(name), "a@%d", t);
		assert_string_equal(s->tasks[t].name, name);
		assert_int_equal(s->tasks[t].cpus, (scn_cpumask_t)1 << t);
		assert_int_equal(s->tasks[t].each_cpu, t);
		assert_int_equal(s->tasks[t].count, 2);
		assert_int_equal(s->tasks[t].kind, SCN_TASK_DUTY);
		assert_int_equal(s->tasks[t].run_us, 1000);
		assert_int_equal(s->tasks[t].line, 4);
	}
	/* b: every CPU of its group's cpuset 1..N-1 */
	for (int c = 1; c < n; c++, t++) {
		assert_int_equal(s->tasks[t].cpus, (scn_cpumask_t)1 << c);
		assert_int_equal(s->tasks[t].group, 1);
	}
	assert_int_equal(s->groups[1].cpuset, all & ~(scn_cpumask_t)1);
	assert_string_equal(s->tasks[t].name, "c");
	assert_int_equal(s->tasks[t].each_cpu, -1);
	assert_int_equal(s->tasks[t].cpus, (scn_cpumask_t)1 << (n - 1));
	assert_double_equal(s->expect[0].fraction,
			    (n + 1.0) / (2.0 * n), 1e-15);
	assert_int_equal(s->phases[0].task, n - 1);
	assert_int_equal(s->phases[2].task, n - 1);
	assert_int_equal(s->phases[1].cpus, 2);
}

static void test_each(void **state)
{
	struct scenario *s = new_scn();

	(void)state;
	for (int i = 0; i < NSIZES; i++) {
		parse_n_ok(per_cpu, sizes[i], s);
		check_per_cpu(s, sizes[i]);
	}
	/* a pinned per-CPU task keeps its CPU online */
	parse_n_fails("cpus 2+\ngroup A\ntask a group=A each=*\nat 1s offline last\n", 4,
		      "t.scn:4: offline 3 would leave task 'a@3' no online CPU (its CPUs: 3)");
	/* each=LIST */
	parse_n_ok("cpus 4\ngroup A\ntask h group=A each=0,2-last\n", 4, s);
	assert_int_equal(s->ntasks, 3);
	assert_string_equal(s->tasks[0].name, "h@0");
	assert_string_equal(s->tasks[1].name, "h@2");
	assert_string_equal(s->tasks[2].name, "h@3");
	free(s);
}

static void test_each_errors(void **state)
{
	(void)state;
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A each=4\n", 4,
		      "t.scn:3: each '4': CPU 4 does not exist (cpus 4)");
	parse_n_fails("cpus 2+\ngroup A cpuset=0\ntask h group=A each=0-1\n", 4,
		      "t.scn:3: task 'h': each=0-1 outside the cpuset 0 of group 'A'");
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A each=* cpus=0\n", 4,
		      "t.scn:3: task 'h': each= pins one instance to each CPU; drop cpus=");
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A each=*\ntask h group=A\n", 4,
		      "t.scn:4: duplicate task 'h' (first defined at line 3)");
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A\ntask h group=A each=*\n", 4,
		      "t.scn:4: duplicate task 'h' (first defined at line 3)");
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A each=*\nat 1s stop h\n", 4,
		      "t.scn:4: task 'h' has one instance per CPU (each=): name one, e.g. 'h@0'");
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A each=1\nat 1s stop h@0\n", 4,
		      "t.scn:4: task 'h@0' is not defined");
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A each=*\ntask h@1 group=A\n", 4,
		      "t.scn:4: task name 'h@1' is invalid (1..63 characters of A-Z a-z 0-9 . _ -)");
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A each=*\ntask g group=A each=* count=16\n", 64,
		      "t.scn:4: too many task instances (max 1024 in total)");
	parse_n_fails("cpus 2+\ngroup A\ntask a group=A each=*\ntask b group=A each=*\n"
		      "task c group=A each=*\ntask d group=A\ntask e group=A each=*\n", 64,
		      "t.scn:7: task 'e': each= makes 64 tasks, 257 in all at N=64 (max 256)");
	parse_n_fails("cpus 2+\ngroup A\ntask a123456789012345678901234567890123456789012345678901234567890 group=A each=*\n", 4,
		      "t.scn:3: task name 'a123456789012345678901234567890123456789012345678901234567890' is too long for each= (max 60 characters)");
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A each=lastt\n", 4,
		      "t.scn:3: each 'lastt' is not a CPU list (e.g. 0-1,3)");
	parse_n_fails("cpus 2+\ngroup A\ntask h group=A each=\n", 4,
		      "t.scn:3: empty value for 'each'");
}

static void test_last(void **state)
{
	struct scenario *s = new_scn();

	(void)state;
	for (int i = 0; i < NSIZES; i++) {
		int n = sizes[i];
		scn_cpumask_t last = (scn_cpumask_t)1 << (n - 1);

		parse_n_ok("cpus 2+\ngroup A cpuset=last\ngroup B cpuset=0-last\n"
			   "task a group=A cpus=last\ntask b group=B\n"
			   "at 1s affinity b 0,last\n", n, s);
		assert_int_equal(s->groups[0].cpuset, last);
		assert_int_equal(s->groups[1].cpuset, scn_all_cpus(s));
		assert_int_equal(s->tasks[0].cpus, last);
		assert_int_equal(s->phases[0].cpus, last | 1);
		parse_n_ok("cpus 2+\ngroup B\ntask b group=B cpus=0\n"
			   "at 2s offline last\nat 3s online last\n", n, s);
		assert_int_equal(s->phases[0].cpu, n - 1);
		assert_int_equal(s->phases[1].cpu, n - 1);
	}
	free(s);
	parse_n_fails("cpus 1+\ngroup A\ntask a group=A\nat 1s offline last\n", 1,
		      "t.scn:4: CPU 0 cannot be offlined (boot CPU)");
	parse_n_fails("cpus 2\ngroup A\ntask a group=A\nat 1s offline Last\n", 2,
		      "t.scn:4: 'Last' is not a CPU number");
	parse_n_fails("cpus 2\ngroup A\ntask a group=A cpus=0-lst\n", 2,
		      "t.scn:3: cpus '0-lst' is not a CPU list (e.g. 0-1,3)");
}

static void test_expect_formulas(void **state)
{
	static const char *fmt =
		"cpus 2+\ngroup A\ngroup B\ntask a group=A each=*\n"
		"task b group=B cpus=0\nexpect A %s\n";
	char text[256];

	(void)state;
	snprintf(text, sizeof(text), fmt, "1/(N-2)");
	parse_n_fails(text, 2, "t.scn:6: expect '1/(N-2)' at N=2: division by zero at '/' (character 2)");
	snprintf(text, sizeof(text), fmt, "3/N");
	parse_n_fails(text, 2, "t.scn:6: expect '3/N' is 1.5 at N=2, more than the whole (max 1)");
	snprintf(text, sizeof(text), fmt, "1/N-1/2");
	parse_n_fails(text, 4, "t.scn:6: expect '1/N-1/2' is -0.25 at N=4, below 0");
	snprintf(text, sizeof(text), fmt, "(1/N");
	parse_n_fails(text, 4, "t.scn:6: expect '(1/N' at N=4: ')' expected at the end");
	/* the old forms are unchanged */
	snprintf(text, sizeof(text), fmt, "1/0");
	parse_n_fails(text, 4, "t.scn:6: expect '1/0' divides by zero");
	snprintf(text, sizeof(text), fmt, "1/3");
	{
		struct scenario *s = new_scn();

		parse_n_ok(text, 8, s);
		assert_double_equal(s->expect[0].fraction, 1.0 / 3, 0);
		free(s);
	}
}

/* ---- every shipped scenario ------------------------------------------ */

static int nfiles, nsame, nscaled;
static struct scenario *sa, *sb;

static bool has_topology(const struct scenario *s)
{
	if (s->cpus_min != s->cpus_max)
		return true;
	for (int t = 0; t < s->ntasks; t++)
		if (s->tasks[t].each_cpu >= 0)
			return true;
	return false;
}

static int visit(const char *path, const struct stat *sb_, int type,
		 struct FTW *ftw)
{
	char err[SCN_ERR_MAX];
	size_t l = strlen(path);

	(void)sb_, (void)ftw;
	if (type != FTW_F || l < 4 || strcmp(path + l - 4, ".scn"))
		return 0;
	nfiles++;
	for (int i = 0; i < NSIZES; i++)
		if (scn_parse_file_cpus(path, sizes[i], sa, err, sizeof(err)))
			fail_msg("N=%d: %s", sizes[i], err);
	/* at N = 2, through either entry point, the same scenario */
	if (scn_parse_file(path, sa, err, sizeof(err)) ||
	    scn_parse_file_cpus(path, 2, sb, err, sizeof(err)))
		fail_msg("%s", err);
	if (sa->cpus_min == 2 && memcmp(sa, sb, sizeof(*sa)))
		fail_msg("%s: differs at N=2", path);
	if (has_topology(sa))
		nscaled++;
	else
		nsame++;
	return 0;
}

static void test_shipped(void **state)
{
	(void)state;
	sa = new_scn();
	sb = new_scn();
	assert_int_equal(nftw(CONFORM_SRCDIR "/cgroup-scenarios", visit, 16,
			      FTW_PHYS), 0);
	free(sa);
	free(sb);
	assert_true(nfiles >= 50);
	print_message("%d scenarios parse at N=2,4,8,64 (%d scale with N)\n",
		      nfiles, nscaled);
}

/*
 * A file without the new syntax parses at N = 2 exactly as before: the
 * same bytes as the fixture's struct, whatever N the machine has.
 */
static void test_old_identical(void **state)
{
	static const char *old =
		"cpus 2\nmeasure 3s\ngroup A weight=100 cpuset=0-1\n"
		"group A/B weight=300\ngroup C\n"
		"task a0 group=A/B cpus=0\ntask a1 group=A/B cpus=1\n"
		"task c group=C count=2\nexpect C 1/2\nat 1s stop a1\n";
	struct scenario *a = new_scn(), *b = new_scn();
	char err[SCN_ERR_MAX];

	(void)state;
	assert_int_equal(scn_parse_buffer("t.scn", old, strlen(old), a, err,
					  sizeof(err)), 0);
	for (int i = 0; i < NSIZES; i++) {
		parse_n_ok(old, sizes[i], b);
		assert_memory_equal(a, b, sizeof(*a));
	}
	assert_int_equal(a->cpus, 2);
	assert_int_equal(a->cpus_min, 2);
	assert_int_equal(a->cpus_max, 2);
	assert_int_equal(a->tasks[0].each_cpu, -1);
	free(a);
	free(b);
}

/* ---- converted scenarios: same meaning at N = 2 ------------------------ */

/* name without '@': a converted x@0 against the old x0 */
static void strip_at(const char *in, char *out, size_t len)
{
	size_t o = 0;

	for (; *in && o + 1 < len; in++)
		if (*in != '@')
			out[o++] = *in;
	out[o] = '\0';
}

static void same_task(const struct scn_task *a, const struct scn_task *b,
		      const char *file)
{
	char na[SCN_NAME_MAX], nb[SCN_NAME_MAX];

	strip_at(a->name, na, sizeof(na));
	strip_at(b->name, nb, sizeof(nb));
	if (strcmp(na, nb) || a->group != b->group || a->count != b->count ||
	    a->cpus != b->cpus || a->kind != b->kind || a->run_us != b->run_us ||
	    a->sleep_us != b->sleep_us)
		fail_msg("%s: task %s differs from the old %s", file, b->name,
			 a->name);
}

static void same_phase(const struct scn_phase *a, const struct scn_phase *b,
		       const char *file)
{
	if (a->at_us != b->at_us || a->action != b->action ||
	    a->group != b->group || a->task != b->task || a->cpu != b->cpu ||
	    a->cpus != b->cpus || a->value != b->value ||
	    a->quota_us != b->quota_us || a->period_us != b->period_us)
		fail_msg("%s: phase at line %d differs", file, b->line);
}

/* Everything but names, lines, description and the cpus range. */
static void same_meaning(const struct scenario *a, const struct scenario *b,
			 const char *file)
{
	assert_int_equal(a->cpus, b->cpus);
	assert_string_equal(a->name, b->name);
	if (a->hierarchy != b->hierarchy || a->warmup_us != b->warmup_us ||
	    a->measure_us != b->measure_us || a->sample_us != b->sample_us ||
	    a->pelt_sample_us != b->pelt_sample_us ||
	    a->windows != b->windows || a->tolerance != b->tolerance ||
	    a->timeout_us != b->timeout_us || a->model != b->model ||
	    a->ngroups != b->ngroups || a->ntasks != b->ntasks ||
	    a->nexpect != b->nexpect || a->nphases != b->nphases ||
	    a->nrepeats != b->nrepeats || a->nknobs != b->nknobs)
		fail_msg("%s: settings or counts differ", file);
	for (int g = 0; g < a->ngroups; g++)
		if (strcmp(a->groups[g].path, b->groups[g].path) ||
		    a->groups[g].weight != b->groups[g].weight ||
		    a->groups[g].cpuset != b->groups[g].cpuset ||
		    a->groups[g].idle != b->groups[g].idle ||
		    a->groups[g].max_quota_us != b->groups[g].max_quota_us)
			fail_msg("%s: group %s differs", file,
				 b->groups[g].path);
	for (int t = 0; t < a->ntasks; t++)
		same_task(&a->tasks[t], &b->tasks[t], file);
	for (int e = 0; e < a->nexpect; e++)
		if (a->expect[e].group != b->expect[e].group ||
		    fabs(a->expect[e].fraction - b->expect[e].fraction) > 1e-12)
			fail_msg("%s: expect %d differs", file, e);
	for (int p = 0; p < a->nphases; p++)
		same_phase(&a->phases[p], &b->phases[p], file);
}

static void test_converted(void **state)
{
	static const char *dir = CONFORM_SRCDIR "/conformance/tests/fixtures/topology";
	struct scenario *a = new_scn(), *b = new_scn();
	char list[1024], line[512], err[SCN_ERR_MAX];
	int n = 0;
	FILE *f;

	(void)state;
	snprintf(list, sizeof(list), "%s/converted", dir);
	f = fopen(list, "r");
	assert_non_null(f);
	/* each line: the old copy's name in dir, the converted scenario */
	while (fgets(line, sizeof(line), f)) {
		char old[128], cur[256], po[1024], pc[1024];

		if (line[0] == '#' || sscanf(line, "%127s %255s", old, cur) != 2)
			continue;
		snprintf(po, sizeof(po), "%s/%s", dir, old);
		snprintf(pc, sizeof(pc), "%s/cgroup-scenarios/%s",
			 CONFORM_SRCDIR, cur);
		if (scn_parse_file(po, a, err, sizeof(err)) ||
		    scn_parse_file_cpus(pc, 2, b, err, sizeof(err)))
			fail_msg("%s", err);
		assert_int_equal(a->cpus, 2);
		same_meaning(a, b, cur);
		n++;
	}
	fclose(f);
	free(a);
	free(b);
	print_message("%d converted scenarios mean at N=2 what they meant\n", n);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_formulas),
		cmocka_unit_test(test_formula_errors),
		cmocka_unit_test(test_cpus_range),
		cmocka_unit_test(test_each),
		cmocka_unit_test(test_each_errors),
		cmocka_unit_test(test_last),
		cmocka_unit_test(test_expect_formulas),
		cmocka_unit_test(test_shipped),
		cmocka_unit_test(test_old_identical),
		cmocka_unit_test(test_converted),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
