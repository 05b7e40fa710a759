// SPDX-License-Identifier: GPL-2.0
/*
 * test_scenario.c - the scenario parser and validator: good input, every
 * file of the bad-input catalogue (conformance/tests/bad/, each with its
 * exact expected message on its first line), every shipped scenario, the
 * helpers, and a bounded fuzz of arbitrary bytes.
 */
#include <dirent.h>
#include <errno.h>
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

static struct scenario *new_scn(void)
{
	struct scenario *s = calloc(1, sizeof(*s));

	assert_non_null(s);
	return s;
}

static int parse(const char *text, struct scenario *s, char *err)
{
	return scn_parse_buffer("t.scn", text, strlen(text), s, err,
				SCN_ERR_MAX);
}

static void parse_ok(const char *text, struct scenario *s)
{
	char err[SCN_ERR_MAX];

	if (parse(text, s, err))
		fail_msg("unexpected error: %s", err);
}

static void parse_fails(const char *text, const char *want)
{
	struct scenario *s = new_scn();
	char err[SCN_ERR_MAX];

	assert_int_equal(parse(text, s, err), -EINVAL);
	assert_string_equal(err, want);
	free(s);
}

static const char *full =
	"# flat/x.scn: the first line.\n"
	"#   indented second line\n"
	"#\n"
	"# after an empty one\n"
	"\n"
	"# not part of the description\n"
	"name       flat-1-2          # trailing comment\n"
	"cpus       4\n"
	"hierarchy  v2\n"
	"warmup     250ms\n"
	"measure    1.5s\n"
	"windows    5\n"
	"sample     100ms\n"
	"pelt_sample 200ms\n"
	"tolerance  2%\n"
	"confidence 0.99\n"
	"timeout    30s\n"
	"agg_tolerance 10%\n"
	"model      se\n"
	"group A       weight=100\n"
	"group A/B     weight=200 cpuset=0-1 max=50ms/100ms idle=0\n"
	"group A/C\n"
	"group D\t\tidle=1 max=max\n"
	"task  hogA    group=A/C count=2 cpus=2 kind=hog\n"
	"task  d1      group=A/B kind=duty run=5ms sleep=5ms cpus=1\n"
	"task  c1      group=D kind=churn run=2ms\n"
	"expect A/B 0.25\n"
	"expect A 50%\n"
	"expect D 1/8\n"
	"at 1s weight A 300\n"
	"at 1s affinity hogA 0-1\n"
	"at 1s move hogA A/B\n"
	"at 1200ms offline 3\n"
	"at 2s online 3\n"
	"at 2s stop d1\n"
	"at 2.5s cont d1\n"
	"at 3s max A/B 20ms/100ms\n"
	"at 3s max A/B max\n"
	"at 4s panic\n";

static void test_full(void **state)
{
	struct scenario *s = new_scn();
	const struct scn_group *g;
	const struct scn_task *t;

	(void)state;
	parse_ok(full, s);
	assert_string_equal(s->name, "flat-1-2");
	assert_string_equal(s->file, "t.scn");
	assert_string_equal(s->description,
			    "flat/x.scn: the first line.\n"
			    "  indented second line\n\nafter an empty one");
	assert_int_equal(s->cpus, 4);
	assert_int_equal(s->hierarchy, SCN_V2);
	assert_int_equal(s->warmup_us, 250000);
	assert_int_equal(s->measure_us, 1500000);
	assert_int_equal(s->windows, 5);
	assert_int_equal(s->sample_us, 100000);
	assert_int_equal(s->pelt_sample_us, 200000);
	assert_int_equal(s->model, SCN_MODEL_SE);
	assert_true(fabs(s->tolerance - 0.02) < 1e-12);
	assert_true(fabs(s->confidence - 0.99) < 1e-12);
	assert_true(fabs(s->agg_tolerance - 0.1) < 1e-12);
	assert_int_equal(s->timeout_us, 30000000);

	assert_int_equal(s->ngroups, 4);
	g = &s->groups[1];
	assert_string_equal(g->path, "A/B");
	assert_string_equal(g->name, "B");
	assert_int_equal(g->parent, 0);
	assert_int_equal(g->depth, 2);
	assert_int_equal(g->line, 21);
	assert_int_equal(g->weight, 200);
	assert_true(g->weight_set);
	assert_int_equal(g->cpuset, 0x3);
	assert_true(g->has_max);
	assert_int_equal(g->max_quota_us, 50000);
	assert_int_equal(g->max_period_us, 100000);
	assert_int_equal(g->idle, 0);
	g = &s->groups[2];
	assert_int_equal(g->weight, SCN_V2_DEFAULT_WEIGHT);
	assert_false(g->weight_set);
	assert_int_equal(g->idle, -1);
	assert_false(g->has_max);
	assert_int_equal(g->cpuset, 0);
	g = &s->groups[3];
	assert_int_equal(g->idle, 1);
	assert_true(g->has_max);
	assert_true(g->max_quota_us < 0);
	assert_int_equal(g->parent, -1);
	assert_int_equal(g->depth, 1);

	assert_int_equal(s->ntasks, 3);
	t = &s->tasks[0];
	assert_string_equal(t->name, "hogA");
	assert_int_equal(t->group, 2);
	assert_int_equal(t->count, 2);
	assert_int_equal(t->cpus, 0x4);
	assert_int_equal(t->kind, SCN_TASK_HOG);
	t = &s->tasks[1];
	assert_int_equal(t->kind, SCN_TASK_DUTY);
	assert_int_equal(t->run_us, 5000);
	assert_int_equal(t->sleep_us, 5000);
	assert_int_equal(t->count, 1);
	t = &s->tasks[2];
	assert_int_equal(t->kind, SCN_TASK_CHURN);
	assert_int_equal(t->run_us, 2000);
	assert_int_equal(t->cpus, 0);

	assert_int_equal(s->nexpect, 3);
	assert_int_equal(s->expect[0].group, 1);
	assert_true(fabs(s->expect[0].fraction - 0.25) < 1e-12);
	assert_true(fabs(s->expect[1].fraction - 0.5) < 1e-12);
	assert_true(fabs(s->expect[2].fraction - 0.125) < 1e-12);
	assert_int_equal(s->expect[2].line, 29);

	assert_int_equal(s->nphases, 10);
	assert_int_equal(s->phases[0].action, SCN_ACT_WEIGHT);
	assert_int_equal(s->phases[0].group, 0);
	assert_int_equal(s->phases[0].value, 300);
	assert_int_equal(s->phases[0].task, -1);
	assert_int_equal(s->phases[1].action, SCN_ACT_AFFINITY);
	assert_int_equal(s->phases[1].cpus, 0x3);
	assert_int_equal(s->phases[1].task, 0);
	assert_int_equal(s->phases[2].action, SCN_ACT_MOVE);
	assert_int_equal(s->phases[2].task, 0);
	assert_int_equal(s->phases[2].group, 1);
	assert_int_equal(s->phases[3].action, SCN_ACT_OFFLINE);
	assert_int_equal(s->phases[3].cpu, 3);
	assert_int_equal(s->phases[3].at_us, 1200000);
	assert_int_equal(s->phases[4].action, SCN_ACT_ONLINE);
	assert_int_equal(s->phases[5].action, SCN_ACT_STOP);
	assert_int_equal(s->phases[6].action, SCN_ACT_CONT);
	assert_int_equal(s->phases[6].at_us, 2500000);
	assert_int_equal(s->phases[7].action, SCN_ACT_MAX);
	assert_int_equal(s->phases[7].quota_us, 20000);
	assert_int_equal(s->phases[7].period_us, 100000);
	assert_true(s->phases[8].quota_us < 0);
	assert_int_equal(s->phases[9].action, SCN_ACT_PANIC);
	assert_int_equal(s->phases[9].line, 39);

	assert_int_equal(scn_measure_start_us(s), 4250000);
	assert_int_equal(scn_duration_us(s), 5750000);
	assert_int_equal(scn_timeout_us(s), 30000000);
	free(s);
}

static void test_defaults(void **state)
{
	struct scenario *s = new_scn();
	const char *a = "cpus 1\ngroup A\ntask t group=A\n";
	const char *b = "cpus 2\r\nhierarchy v1\r\ngroup A\r\n"
			"task t group=A\r\n";

	(void)state;
	assert_int_equal(scn_parse_buffer("dir/sub/my-test.scn", a, strlen(a),
					  s, NULL, 0), 0);
	assert_string_equal(s->name, "my-test");
	assert_string_equal(s->description, "");
	assert_int_equal(s->hierarchy, SCN_V2);
	assert_int_equal(s->warmup_us, SCN_DEFAULT_WARMUP_US);
	assert_int_equal(s->measure_us, SCN_DEFAULT_MEASURE_US);
	assert_int_equal(s->sample_us, SCN_DEFAULT_SAMPLE_US);
	assert_int_equal(s->pelt_sample_us, 0);
	assert_int_equal(s->model, SCN_MODEL_DEFINED);
	assert_int_equal(s->windows, SCN_DEFAULT_WINDOWS);
	assert_true(s->tolerance == SCN_DEFAULT_TOLERANCE);
	assert_true(s->confidence == SCN_DEFAULT_CONFIDENCE);
	assert_true(s->agg_tolerance == SCN_DEFAULT_AGG_TOLERANCE);
	assert_int_equal(s->timeout_us, 0);
	assert_int_equal(scn_measure_start_us(s), SCN_DEFAULT_WARMUP_US);
	assert_int_equal(scn_duration_us(s), 2500000);
	assert_int_equal(scn_timeout_us(s), 2 * 2500000 + 10000000);
	assert_int_equal(s->max_measure_us, 0);
	assert_int_equal(scn_max_measure_us(s), 2 * SCN_DEFAULT_MEASURE_US);
	assert_int_equal(scn_max_duration_us(s), 4500000);
	assert_int_equal(s->groups[0].weight, 100);
	assert_int_equal(s->groups[0].max_quota_us, -1);
	assert_int_equal(s->tasks[0].cpus, 0);
	assert_int_equal(scn_task_effective_cpus(s, 0), 0x1);

	/* v1 default shares, CRLF line ends, odd basename characters */
	assert_int_equal(scn_parse_buffer("we ird.name.scn", b, strlen(b), s,
					  NULL, 0), 0);
	assert_string_equal(s->name, "we_ird.name");
	assert_int_equal(s->hierarchy, SCN_V1);
	assert_int_equal(s->groups[0].weight, SCN_V1_DEFAULT_SHARES);
	free(s);
}

static void test_times_and_fractions(void **state)
{
	struct scenario *s = new_scn();

	(void)state;
	parse_ok("cpus 1\nwarmup 0s\nmeasure 100000us\nsample 10ms\n"
		 "windows 10\ntolerance 0.5%\nconfidence 12.5%\n"
		 "group A\ntask t group=A kind=duty run=0.25ms sleep=1.000001s\n",
		 s);
	assert_int_equal(s->warmup_us, 0);
	assert_int_equal(s->measure_us, 100000);
	assert_true(fabs(s->tolerance - 0.005) < 1e-15);
	assert_true(fabs(s->confidence - 0.125) < 1e-15);
	assert_int_equal(s->tasks[0].run_us, 250);
	assert_int_equal(s->tasks[0].sleep_us, 1000001);
	parse_ok("cpus 1\nmeasure 3600s\ngroup A\ntask t group=A\n", s);
	assert_int_equal(s->measure_us, 3600000000ULL);
	free(s);
}

/* Error messages computed by the format's rules, independent of files. */
static void test_errors_inline(void **state)
{
	(void)state;
	parse_fails("cpus 2\nfoo\n", "t.scn:2: unknown directive 'foo'");
	parse_fails("cpus 2\ngroup A weight=100\ntask t group=A cpus=0\n"
		    "at 1s affinity t 0-2\n",
		    "t.scn:4: affinity '0-2': CPU 2 does not exist (cpus 2)");
	/* the first error wins */
	parse_fails("cpus 2\nbad1\nbad2\n", "t.scn:2: unknown directive 'bad1'");
	/* measure 2s < 8 windows of 300ms */
	parse_fails("cpus 1\nsample 300ms\ngroup A\n",
		    "t.scn:2: measure 2s in 8 windows is shorter than one sample period (300ms) per window");
}

/* Error buffers: NULL, tiny, exact truncation. */
static void test_error_buffers(void **state)
{
	struct scenario *s = new_scn();
	char small[8];

	(void)state;
	assert_int_equal(scn_parse_buffer("t.scn", "x\n", 2, s, NULL, 0),
			 -EINVAL);
	memset(small, 'z', sizeof(small));
	assert_int_equal(scn_parse_buffer("t.scn", "x\n", 2, s, small,
					  sizeof(small)), -EINVAL);
	assert_string_equal(small, "t.scn:1");
	assert_int_equal(scn_parse_buffer("t.scn", NULL, 5, s, small,
					  sizeof(small)), -EINVAL);
	free(s);
}

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		fail_msg("cannot open %s", path);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Every conformance/tests/bad/NAME.scn starts with "# expect: LINE: msg";
 * parsing it must fail with exactly "PATH:LINE: msg".
 */
static void test_bad_catalogue(void **state)
{
	const char *dir = CONFORM_SRCDIR "/conformance/tests/bad";
	struct scenario *s = new_scn();
	char *names[512];
	int n = 0, failed = 0;
	struct dirent *de;
	DIR *d;

	(void)state;
	d = opendir(dir);
	if (!d)
		fail_msg("cannot open %s", dir);
	while ((de = readdir(d))) {
		size_t l = strlen(de->d_name);

		if (l > 4 && !strcmp(de->d_name + l - 4, ".scn") && n < 512)
			names[n++] = strdup(de->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), cmp_str);
	assert_true(n >= 100);
	for (int i = 0; i < n; i++) {
		char path[1024], want[4096], err[SCN_ERR_MAX];
		const char *tag = "# expect: ";
		char *buf, *nl;
		size_t len;
		int ret;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		buf = read_all(path, &len);
		nl = strchr(buf, '\n');
		if (strncmp(buf, tag, strlen(tag)) || !nl)
			fail_msg("%s: no '# expect: ' first line", path);
		*nl = '\0';
		snprintf(want, sizeof(want), "%s:%s", path, buf + strlen(tag));
		free(buf);
		ret = scn_parse_file(path, s, err, sizeof(err));
		if (ret != -EINVAL || strcmp(err, want)) {
			print_error("%s\n  want: %s\n  got:  %s (%d)\n",
				    names[i], want, err, ret);
			failed++;
		}
		free(names[i]);
	}
	free(s);
	if (failed)
		fail_msg("%d of %d catalogue entries failed", failed, n);
	print_message("bad catalogue: %d files, all rejected as expected\n",
		      n);
}

/*
 * Every scenario listed in a suite parses; suites list existing files.
 * max_measure_us: 3 s for quick (the starter target is 2 s), 8 s for
 * default (the scenarios that need longer than 2 s say why in their
 * header; the summed run time bounds them all).
 * max_total_us: the suite's summed run time; the default suite's 160 s
 * plus boot and per-scenario setup keep it near its 3 min target (20
 * stock runs at 148 s summed took 151-172 s in the guest, so boot and
 * setup add at most 24 s). It was 155 s until heavy-children-duty (the
 * u32 load_sum truncation on 6.12, 4.5 s) joined, 160 s until the five
 * topology/ scenarios of issue 25 (16.5 s: 2.5-4 s each, the shortest
 * windows their shared CPUs and duty ripple allow; summed 175.55 s) did;
 * the sequential verdict of issue 25 is what brings it down.
 */
static void check_suite(const char *suite, int min, uint64_t max_measure_us,
			uint64_t max_total_us)
{
	uint64_t total = 0;
	struct scenario *s = new_scn();
	char path[1024], line[1024];
	int n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/cgroup-scenarios/suites/%s",
		 CONFORM_SRCDIR, suite);
	f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s", path);
	while (fgets(line, sizeof(line), f)) {
		char scn[2048], err[SCN_ERR_MAX];
		char *c = line, *e;

		while (*c == ' ' || *c == '\t')
			c++;
		if (*c == '#' || *c == '\n' || !*c)
			continue;
		e = c + strcspn(c, " \t\r\n#");
		*e = '\0';
		snprintf(scn, sizeof(scn), "%s/cgroup-scenarios/%s",
			 CONFORM_SRCDIR, c);
		if (scn_parse_file(scn, s, err, sizeof(err)))
			fail_msg("%s: %s", suite, err);
		/*
		 * Shipped scenarios fit CI: 2 CPUs, short windows. One that
		 * needs more CPUs SKIPs at CI's 2 vCPUs: outside the budget.
		 */
		assert_true(s->cpus >= 2);
		assert_true(s->warmup_us <= 500000);
		if (s->measure_us > max_measure_us)
			fail_msg("%s: %s: measure %llu us > %llu us", suite, c,
				 (unsigned long long)s->measure_us,
				 (unsigned long long)max_measure_us);
		assert_true(strlen(s->description) > 100);
		/* the whole header fits: nothing was cut off */
		assert_true(strlen(s->description) < SCN_DESC_MAX - 1);
		assert_non_null(strstr(s->description, "Why:"));
		assert_non_null(strstr(s->description, "Fails if:"));
		if (s->cpus == 2)
			total += scn_duration_us(s);
		n++;
	}
	fclose(f);
	free(s);
	assert_true(n >= min);
	if (total > max_total_us)
		fail_msg("%s: run time %llu us > %llu us", suite,
			 (unsigned long long)total,
			 (unsigned long long)max_total_us);
}

/*
 * The budgets are of the fixed windows (warm-up + measure, summed). The
 * sequential verdict stops most scenarios at its first look (1 s): the
 * default suite at 46 scenarios and a 159 s sum ran 104-115 s of guest
 * time (docs/verdict.md). The 199 s leave room for the topology, the
 * five dynamic scenarios and the two 6.12-only regressions (198.6 s; a
 * scenario with repeats stops at its measure), not for more: the suite
 * then ran 127-147 s of guest time on a shared 2-core host. Scenarios
 * that need 4 or more CPUs (topology/idle-reweight-fold) skip there.
 * With the 250 ms warm-up of the 30 no-phase, no-repeat scenarios the sum
 * is 190.0 s, the budget 191 s (issue #25: <= 120 s of guest time); 190.5
 * s with siblings-208's 500 ms warm-up and nested/heavy-children-reweight
 * in place of topology/nested-heavy-all-cpus (2026-12-07).
 */
static void test_suites(void **state)
{
	(void)state;
	check_suite("quick", 8, 3000000, 30000000);
	check_suite("default", 30, 8000000, 191000000);
}

/* "every": the values cycle, firings and phases merge in time order. */
static const char *repeats =
	"cpus 2\n"
	"warmup 200ms\n"
	"measure 1s\n"
	"group A\n"
	"group B\n"
	"task h group=A cpus=0\n"
	"task m group=A cpus=1\n"
	"every 100ms affinity h 1 0\n"
	"every 300ms from=50ms move m B A\n"
	"at 100ms weight B 200\n";

static void test_repeats(void **state)
{
	struct scenario *s = new_scn();
	const struct scn_phase *ph;
	struct scn_event_pos pos;
	struct scn_state st;
	uint64_t at;
	int r, n = 0;

	(void)state;
	parse_ok(repeats, s);
	assert_int_equal(s->nrepeats, 2);
	assert_int_equal(s->repeats[0].nvals, 2);
	assert_int_equal(s->repeats[0].vals[0].cpus, 0x2);
	assert_int_equal(s->repeats[0].vals[1].cpus, 0x1);
	assert_int_equal(s->repeats[1].from_us, 50000);
	/* the window does not wait for the repeats */
	assert_int_equal(scn_measure_start_us(s), 300000);
	/*
	 * the longest run, 0.3 s + 2 x 1 s: affinity at 0.1 .. 2.2 s (22),
	 * move at 0.05 .. 2.15 s (8)
	 */
	assert_int_equal(scn_max_duration_us(s), 2300000);
	assert_int_equal(scn_firings(s), 30);
	scn_event_init(&pos);
	ph = scn_event_next(s, &pos, &at, &r);
	assert_true(ph && at == 50000 && r == 1 && ph->action == SCN_ACT_MOVE);
	ph = scn_event_next(s, &pos, &at, &r);	/* the phase first */
	assert_true(ph && at == 100000 && r == -1);
	ph = scn_event_next(s, &pos, &at, &r);
	assert_true(ph && at == 100000 && r == 0 && ph->cpus == 0x2);
	ph = scn_event_next(s, &pos, &at, &r);
	assert_true(ph && at == 200000 && r == 0 && ph->cpus == 0x1);
	n = 4;
	while (scn_event_next(s, &pos, &at, &r)) {
		assert_true(at < scn_max_duration_us(s));
		n++;
	}
	assert_int_equal(n, 31);
	/* the state after events: forward, then back from the start */
	scn_state_init(s, &st);
	scn_event_init(&pos);
	scn_state_at(s, &st, &pos, 3);
	assert_int_equal(st.task_group[1], 1);
	assert_int_equal(st.group_weight[1], 200);
	assert_int_equal(st.task_cpus[0], 0x2);
	scn_state_at(s, &st, &pos, 4);
	assert_int_equal(st.task_cpus[0], 0x1);
	scn_state_at(s, &st, &pos, 1);
	assert_int_equal(pos.done, 1);
	assert_int_equal(st.task_group[1], 1);
	assert_int_equal(st.group_weight[1], 100);
	assert_int_equal(st.task_cpus[0], 0x1);
	free(s);
}

/* The starter scenarios' model-relevant content. */
/* kind=hopper: its keys, and what it allows beside it. */
static void test_hopper(void **state)
{
	struct scenario *s = new_scn();
	const struct scn_task *t;

	(void)state;
	parse_ok("cpus 3\nsample 20ms\ngroup P\ngroup P/a\ngroup Q cpuset=1-2\n"
		 "task h group=P/a kind=hopper hop=5ms cpus=0,2\n"
		 "task q group=Q cpus=1\n"
		 "every 100ms stop h\nevery 100ms from=150ms cont h\n", s);
	t = &s->tasks[0];
	assert_int_equal(t->kind, SCN_TASK_HOPPER);
	assert_int_equal(t->hop_us, 5000);
	assert_int_equal(t->cpus, 0x5);
	assert_int_equal(t->count, 1);
	assert_string_equal(scn_kind_name(t->kind), "hopper");
	assert_false(scn_kind(t->kind)->steady);
	assert_false(scn_kind(t->kind)->forks);
	assert_int_equal(scn_find_hopper(s, -1), 0);
	assert_int_equal(scn_find_hopper(s, 2), 0);
	assert_int_equal(scn_find_hopper(s, 1), -1);
	/* the limits of hop= and of the hops per sample period */
	parse_ok("cpus 2\nsample 128ms\ngroup A\n"
		 "task h group=A kind=hopper hop=2ms cpus=0-1\n", s);
	parse_ok("cpus 2\ngroup A\ntask h group=A kind=hopper hop=1s cpus=0-1\n",
		 s);
	parse_fails("cpus 2\nsample 129ms\ngroup A\n"
		    "task h group=A kind=hopper hop=2ms cpus=0-1\n",
		    "t.scn:4: task 'h': hop is too short for the sample period (at most 64 hops per sample)");
	/* moved into a group whose cpuset holds its CPUs, or not */
	parse_ok("cpus 2\ngroup A\ngroup B\n"
		 "task h group=A kind=hopper hop=10ms cpus=0-1\n"
		 "every 200ms move h B A\n", s);
	parse_fails("cpus 2\ngroup A\ngroup B cpuset=1\n"
		    "task h group=A kind=hopper hop=10ms cpus=0-1\n"
		    "at 1s move h B\n",
		    "t.scn:5: move: cpus 0-1 of task 'h' are outside the cpuset 1 of group 'B'");
	/* a hopper's CPUs stay online; another CPU may go */
	parse_ok("cpus 3\ngroup A\n"
		 "task h group=A kind=hopper hop=10ms cpus=0-1\n"
		 "at 1s offline 2\n", s);
	free(s);
}

static void test_starter_details(void **state)
{
	struct scenario *s = new_scn();
	char err[SCN_ERR_MAX];

	(void)state;
	assert_int_equal(scn_parse_file(CONFORM_SRCDIR
					"/cgroup-scenarios/affinity/uneven-pinned.scn",
					s, err, sizeof(err)), 0);
	assert_int_equal(s->nexpect, 0);
	assert_int_equal(s->ntasks, 3);
	assert_int_equal(scn_task_effective_cpus(s, 0), 0x1);
	assert_int_equal(scn_task_effective_cpus(s, 2), 0x2);
	assert_int_equal(scn_parse_file(CONFORM_SRCDIR
					"/cgroup-scenarios/v1/shares-nested.scn",
					s, err, sizeof(err)), 0);
	assert_int_equal(s->hierarchy, SCN_V1);
	assert_int_equal(s->groups[1].weight, 3072);
	assert_int_equal(scn_parse_file(CONFORM_SRCDIR "/no/such/file.scn", s,
					err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "cannot open"));
	free(s);
}

static void test_cpumask(void **state)
{
	static const struct {
		const char *in;
		scn_cpumask_t mask;
		const char *out;
	} ok[] = {
		{ "0", 0x1, "0" },
		{ "0-2,5", 0x27, "0-2,5" },
		{ "5,0-2", 0x27, "0-2,5" },
		{ "1,1,1", 0x2, "1" },
		{ "3-3", 0x8, "3" },
		{ "0,2,4", 0x15, "0,2,4" },
		{ "62-63", 0xc000000000000000ULL, "62-63" },
		{ "0-63", ~0ULL, "0-63" },
		{ "07", 0x80, "7" },
	};
	static const char *const bad[] = {
		"", ",", "0,", ",0", "1-0", "64", "0-64", "a", "0-", "-1",
		"1 2", "0--1", "100", "1,,2", " 1", "001",
	};
	char buf[256];
	scn_cpumask_t m;

	(void)state;
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		assert_int_equal(scn_cpumask_parse(ok[i].in, &m), 0);
		assert_int_equal(m, ok[i].mask);
		assert_int_equal(scn_cpumask_format(m, buf, sizeof(buf)),
				 (int)strlen(ok[i].out));
		assert_string_equal(buf, ok[i].out);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (scn_cpumask_parse(bad[i], &m) != -EINVAL)
			fail_msg("'%s' accepted", bad[i]);
	assert_int_equal(scn_cpumask_format(0, buf, sizeof(buf)), 0);
	assert_string_equal(buf, "");
	assert_int_equal(scn_cpumask_format(0x27, buf, 5), -ENOSPC);
	assert_string_equal(buf, "");
	assert_int_equal(scn_cpumask_format(0x27, buf, 6), 5);
	assert_int_equal(scn_cpumask_format(0x1, buf, 0), -ENOSPC);
	/* every mask of 8 bits round-trips */
	for (unsigned int i = 1; i < 256; i++) {
		assert_true(scn_cpumask_format(i, buf, sizeof(buf)) > 0);
		assert_int_equal(scn_cpumask_parse(buf, &m), 0);
		assert_int_equal(m, i);
	}
	assert_int_equal(scn_cpumask_count(0x27), 4);
	assert_int_equal(scn_cpumask_count(0), 0);
}

static void test_state(void **state)
{
	struct scenario *s = new_scn();
	struct scn_state st;

	(void)state;
	parse_ok(full, s);
	scn_state_init(s, &st);
	assert_int_equal(st.online, 0xf);
	assert_int_equal(st.task_group[0], 2);
	assert_int_equal(st.task_cpus[0], 0x4);
	assert_int_equal(st.group_weight[0], 100);
	assert_int_equal(st.group_quota_us[1], 50000);
	assert_true(st.group_quota_us[0] < 0);
	assert_int_equal(st.group_period_us[0], SCN_DEFAULT_PERIOD_US);
	assert_false(st.task_stopped[1]);
	/* hogA in A/C: no cpuset, pinned to 2 */
	assert_int_equal(scn_state_task_cpus(s, &st, 0), 0x4);
	/* d1 in A/B (cpuset 0-1), cpus 1 */
	assert_int_equal(scn_state_task_cpus(s, &st, 1), 0x2);
	assert_int_equal(scn_group_cpuset(s, 1), 0x3);
	assert_int_equal(scn_group_cpuset(s, 0), 0xf);
	assert_int_equal(scn_group_cpuset(s, -1), 0xf);

	for (int i = 0; i < 4; i++)
		scn_state_apply(s, &st, &s->phases[i]);
	assert_int_equal(st.group_weight[0], 300);
	assert_int_equal(st.task_group[0], 1);
	assert_int_equal(st.task_cpus[0], 0x3);
	assert_int_equal(st.online, 0x7);
	scn_state_apply(s, &st, &s->phases[4]);
	assert_int_equal(st.online, 0xf);
	scn_state_apply(s, &st, &s->phases[5]);
	assert_true(st.task_stopped[1]);
	scn_state_apply(s, &st, &s->phases[6]);
	assert_false(st.task_stopped[1]);
	scn_state_apply(s, &st, &s->phases[7]);
	assert_int_equal(st.group_quota_us[1], 20000);
	scn_state_apply(s, &st, &s->phases[8]);
	assert_true(st.group_quota_us[1] < 0);
	scn_state_apply(s, &st, &s->phases[9]);

	/* kernel-scale weights: v2 * 1024 / 100, idle = 3 */
	assert_true(fabs(scn_group_kernel_weight(s, &st, 0) - 3072) < 1e-9);
	assert_true(fabs(scn_group_kernel_weight(s, &st, 3) - 3) < 1e-9);
	free(s);
}

/* "cpuset GROUP CPULIST": parsed, applied to the state, shrink and grow. */
static const char *cpuset_text =
	"cpus 2+\n"
	"group P\n"
	"group P/A cpuset=0\n"
	"group B\n"
	"task a group=P/A cpus=0\n"
	"task f group=P/A\n"
	"task b group=B each=*\n"
	"at 100ms cpuset P/A 0-last\n"
	"at 200ms cpuset P 0-1\n"
	"at 300ms cpuset B 1\n";

static const char *nested_text =
	"cpus 2+\ngroup P\ngroup P/A cpuset=0\n"
	"task a group=P/A cpus=0\ntask f group=P/A\n"
	"at 100ms cpuset P/A 0-last\nat 200ms cpuset P/A 0-1\n"
	"at 300ms cpuset P 0-1\n";

static void test_cpuset_action(void **state)
{
	struct scenario *s = new_scn();
	char err[SCN_ERR_MAX];
	struct scn_state st;

	(void)state;
	/* at N = 2 P/A grows to 0-1, P's 0-1 holds it, B's b@0 is left out */
	assert_int_equal(parse(cpuset_text, s, err), -EINVAL);
	assert_string_equal(err, "t.scn:10: cpuset: cpus 0 of task 'b@0' are outside the cpuset 1 of group 'B'");
	/* at N = 4 P/A grows to 0-3, which P's 0-1 would not hold */
	assert_int_equal(scn_parse_buffer_cpus("t.scn", cpuset_text,
					       strlen(cpuset_text), 4, s, err,
					       sizeof(err)), -EINVAL);
	assert_string_equal(err, "t.scn:9: cpuset 0-1 of 'P' would not hold the cpuset 0-3 of 'P/A' below it");
	parse_ok("cpus 2\ngroup A\ntask a group=A cpus=0\n"
		 "at 1s cpuset A 0\nat 2s cpuset A 0-1\n", s);
	assert_true(scn_uses_cpuset(s));
	assert_int_equal(s->phases[0].action, SCN_ACT_CPUSET);
	assert_int_equal(s->phases[0].group, 0);
	assert_int_equal(s->phases[0].cpus, 0x1);
	assert_int_equal(s->phases[0].task, -1);
	assert_int_equal(s->phases[0].cpu, -1);
	scn_state_init(s, &st);
	assert_int_equal(st.group_cpuset[0], 0);
	assert_int_equal(scn_state_group_cpuset(s, &st, 0), 0x3);
	scn_state_apply(s, &st, &s->phases[0]);
	assert_int_equal(scn_state_group_cpuset(s, &st, 0), 0x1);
	/* the group as defined is unchanged */
	assert_int_equal(scn_group_cpuset(s, 0), 0x3);
	scn_state_apply(s, &st, &s->phases[1]);
	assert_int_equal(scn_state_group_cpuset(s, &st, 0), 0x3);

	/* nested, at N = 4: A grows to 0-3, then P shrinks it to 0-1 */
	parse_ok("cpus 2+\ngroup P\ngroup P/A cpuset=0\n"
		 "task a group=P/A cpus=0\ntask f group=P/A\n"
		 "at 100ms cpuset P/A 0-last\n", s);
	assert_int_equal(scn_parse_buffer_cpus("t.scn", nested_text,
					       strlen(nested_text), 4, s, err,
					       sizeof(err)), 0);
	scn_state_init(s, &st);
	assert_int_equal(scn_state_task_cpus(s, &st, 1), 0x1);
	scn_state_apply(s, &st, &s->phases[0]);
	assert_int_equal(s->phases[0].cpus, 0xf);
	assert_int_equal(scn_state_task_cpus(s, &st, 1), 0xf);
	scn_state_apply(s, &st, &s->phases[1]);
	scn_state_apply(s, &st, &s->phases[2]);
	assert_int_equal(scn_state_group_cpuset(s, &st, 1), 0x3);
	assert_int_equal(scn_state_task_cpus(s, &st, 0), 0x1);
	assert_int_equal(scn_state_task_cpus(s, &st, 1), 0x3);
	st.online = 0x1;
	assert_int_equal(scn_state_task_cpus(s, &st, 1), 0x1);
	assert_string_equal(scn_action_name(SCN_ACT_CPUSET), "cpuset");
	free(s);
}

static void test_names(void **state)
{
	(void)state;
	assert_string_equal(scn_action_name(SCN_ACT_WEIGHT), "weight");
	assert_string_equal(scn_action_name(SCN_ACT_PANIC), "panic");
	assert_string_equal(scn_action_name(SCN_ACT_CONT), "cont");
	assert_string_equal(scn_kind_name(SCN_TASK_DUTY), "duty");
	assert_string_equal(scn_kind_name(SCN_TASK_CHURN), "churn");
	assert_string_equal(scn_hierarchy_name(SCN_V1), "v1");
	assert_string_equal(scn_hierarchy_name(SCN_V2), "v2");
}

/* Description: invalid UTF-8 becomes '?', valid UTF-8 is kept, bounded. */
static void test_description(void **state)
{
	struct scenario *s = new_scn();
	char *big;
	size_t n = 0;

	(void)state;
	parse_ok("# caf\xc3\xa9 \xff\xc3 \xe2\x82\xac \xed\xa0\x80\n"
		 "cpus 1\ngroup A\ntask t group=A\n", s);
	assert_string_equal(s->description,
			    "caf\xc3\xa9 ?? \xe2\x82\xac ???");
	big = malloc(200000);
	assert_non_null(big);
	for (int i = 0; i < 3000; i++)
		n += (size_t)sprintf(big + n, "# line %d of a long description\n",
				     i);
	n += (size_t)sprintf(big + n, "cpus 1\ngroup A\ntask t group=A\n");
	assert_int_equal(scn_parse_buffer("t.scn", big, n, s, NULL, 0), 0);
	assert_true(strlen(s->description) < SCN_DESC_MAX);
	assert_true(strlen(s->description) > SCN_DESC_MAX - 40);
	free(big);
	free(s);
}

/* Limits: groups, tasks, phases, expects, file size. */
static void test_limits(void **state)
{
	struct scenario *s = new_scn();
	char err[SCN_ERR_MAX];
	char *buf = malloc(SCN_MAX_FILE_BYTES + 16);
	size_t n = 0;

	(void)state;
	assert_non_null(buf);
	n += (size_t)sprintf(buf + n, "cpus 2\n");
	for (int i = 0; i < SCN_MAX_GROUPS; i++)
		n += (size_t)sprintf(buf + n, "group g%d\n", i);
	for (int i = 0; i < SCN_MAX_TASKS; i++)
		n += (size_t)sprintf(buf + n, "task t%d group=g%d count=4\n",
				     i, i);
	for (int i = 0; i < SCN_MAX_PHASES / 2; i++)
		n += (size_t)sprintf(buf + n, "at %ds stop t%d\nat %ds cont t%d\n",
				     i + 1, i, i + 1, i);
	assert_int_equal(scn_parse_buffer("t.scn", buf, n, s, err,
					  sizeof(err)), 0);
	assert_int_equal(s->ngroups, SCN_MAX_GROUPS);
	assert_int_equal(s->ntasks, SCN_MAX_TASKS);
	assert_int_equal(s->nphases, SCN_MAX_PHASES);
	/* one more phase */
	n += (size_t)sprintf(buf + n, "at 100s stop t0\n");
	assert_int_equal(scn_parse_buffer("t.scn", buf, n, s, err,
					  sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "too many phases (max 64)"));
	/* one more group */
	n = (size_t)sprintf(buf, "cpus 1\n");
	for (int i = 0; i <= SCN_MAX_GROUPS; i++)
		n += (size_t)sprintf(buf + n, "group g%d\n", i);
	assert_int_equal(scn_parse_buffer("t.scn", buf, n, s, err,
					  sizeof(err)), -EINVAL);
	assert_string_equal(err, "t.scn:514: too many groups (max 512)");
	/* oversized input */
	memset(buf, '\n', SCN_MAX_FILE_BYTES + 1);
	assert_int_equal(scn_parse_buffer("t.scn", buf, SCN_MAX_FILE_BYTES + 1,
					  s, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "t.scn:1: input larger than 1048576 bytes");
	free(buf);
	free(s);
}

/* xorshift64*: deterministic fuzz input. */
static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t next_rand(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 2685821657736338717ULL;
}

static void check_result(int ret, const char *err, const struct scenario *s)
{
	assert_true(ret == 0 || ret == -EINVAL);
	if (ret) {
		assert_true(strlen(err) > 0);
		assert_true(strlen(err) < SCN_ERR_MAX);
		assert_non_null(strstr(err, ":"));
		return;
	}
	/* accepted input satisfies the invariants the runner relies on */
	assert_true(s->cpus >= 1 && s->cpus <= SCN_MAX_CPUS);
	assert_true(s->ntasks >= 1);
	for (int t = 0; t < s->ntasks; t++)
		assert_true(s->tasks[t].group >= 0 &&
			    s->tasks[t].group < s->ngroups);
	for (int g = 0; g < s->ngroups; g++)
		assert_true(s->groups[g].parent < g);
}

/*
 * Random bytes, and random mutations of a valid scenario: the parser must
 * return 0 or -EINVAL with a message, never crash (ASan/UBSan watch).
 */
static void test_fuzz(void **state)
{
	struct scenario *s = new_scn();
	static const char alphabet[] = "abcdeghikmnoprstuwxy0123456789 =/-.,%#\n\t";
	static const char *const words[] = {
		"group ", "task ", "at ", "expect ", "cpus ", "weight=",
		"shares=", "cpuset=", "max=", "idle=", "count=", "kind=duty ",
		"run=", "sleep=", "1s ", "0-1", "ms", "us", "/", "A", "A/B",
		"offline ", "move ", "stop ", "\n", "100 ", "1/3", "%", "#",
		"hierarchy v1\n", "\xff", "\0", "\r",
	};
	size_t flen = strlen(full);
	char buf[4096], err[SCN_ERR_MAX];
	int accepted = 0;

	(void)state;
	for (int it = 0; it < 20000; it++) {
		size_t n = next_rand() % sizeof(buf);
		int mode = it % 4, ret;

		if (mode == 0) {
			for (size_t i = 0; i < n; i++)
				buf[i] = (char)next_rand();
		} else if (mode == 1) {
			for (size_t i = 0; i < n; i++)
				buf[i] = alphabet[next_rand() %
						  (sizeof(alphabet) - 1)];
		} else if (mode == 2) {
			n = 0;
			while (n < sizeof(buf) - 32) {
				const char *w = words[next_rand() %
					(sizeof(words) / sizeof(words[0]))];
				size_t l = strlen(w) ? strlen(w) : 1;

				if (next_rand() % 64 == 0)
					break;
				memcpy(buf + n, w, l);
				n += l;
			}
		} else {
			/* mutate a valid scenario: a few byte flips */
			memcpy(buf, full, flen);
			n = flen;
			for (int k = 0; k < 1 + (int)(next_rand() % 4); k++) {
				size_t at = next_rand() % n;

				buf[at] = (next_rand() % 2) ?
					  (char)next_rand() :
					  alphabet[next_rand() %
						   (sizeof(alphabet) - 1)];
			}
			if (next_rand() % 4 == 0)
				n = next_rand() % n;
		}
		ret = scn_parse_buffer("f.scn", buf, n, s, err, sizeof(err));
		check_result(ret, err, s);
		accepted += !ret;
	}
	free(s);
	/* some mutated scenarios must survive, or the fuzz stays shallow */
	assert_true(accepted > 100);
	print_message("fuzz: 20000 inputs, %d accepted\n", accepted);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_full),
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_times_and_fractions),
		cmocka_unit_test(test_errors_inline),
		cmocka_unit_test(test_error_buffers),
		cmocka_unit_test(test_bad_catalogue),
		cmocka_unit_test(test_suites),
		cmocka_unit_test(test_starter_details),
		cmocka_unit_test(test_cpumask),
		cmocka_unit_test(test_state),
		cmocka_unit_test(test_cpuset_action),
		cmocka_unit_test(test_repeats),
		cmocka_unit_test(test_hopper),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_description),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_fuzz),
	};

	return cmocka_run_group_tests_name("scenario", tests, NULL, NULL);
}
