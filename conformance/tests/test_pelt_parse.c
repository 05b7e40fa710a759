// SPDX-License-Identifier: GPL-2.0
/*
 * test_pelt_parse.c - the readers of kernel text: cpu.pelt, sched/debug
 * (a dump captured in a 6.1.192 guest), /proc/<pid>/stat and schedstat,
 * cpu.stat, and the kernel-log scanner.
 */
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

#include "kernel/kernel.h"
#include "scenario/scenario.h"

#ifndef CONFORM_SRCDIR
#define CONFORM_SRCDIR "."
#endif

static void assert_close(double got, double want)
{
	if (!(fabs(got - want) <= 1e-9))
		fail_msg("got %.9g, want %.9g", got, want);
}

static const char cpu_pelt[] =
	"tg load_avg=2030 shares=2048\n"
	"cpu0 online=1 on_list=1 throttled=0 nr_running=1 h_nr_running=1 "
	"contrib=1018 weight=1024 load_avg=1024 runnable_avg=1024 "
	"util_avg=491 removed_load_avg=0 se_weight=1030 se_load_avg=1029\n"
	"cpu1 online=1 on_list=1 throttled=1 nr_running=1 h_nr_running=2 "
	"contrib=1012 weight=1024 load_avg=1024 future_key=7 "
	"runnable_avg=1024 util_avg=500 removed_load_avg=3 se_weight=1027 "
	"se_load_avg=1026\n"
	"cpu2 online=0 on_list=0 throttled=0 nr_running=0 h_nr_running=0 "
	"contrib=225 weight=0 load_avg=225 runnable_avg=0 util_avg=0 "
	"removed_load_avg=0 se_weight=2 se_load_avg=0\n"
	"cpu7 online=1 contrib=5\n";

static void test_cpu_pelt(void **state)
{
	struct pelt_snap p;
	const struct pelt_cpu *c;

	(void)state;
	assert_int_equal(pelt_snap_alloc(&p, 2, 3), 0);
	assert_int_equal(pelt_parse_cpu_pelt(cpu_pelt, strlen(cpu_pelt), &p,
					     1), 0);
	assert_true(p.grp[1].present);
	assert_false(p.grp[0].present);
	assert_close(p.grp[1].tg_load_avg, 2030);
	assert_close(p.grp[1].shares, 2048);
	assert_close(pelt_tg_load_avg(&p, 1), 2030);
	c = pelt_at(&p, 1, 0);
	assert_true(c->present && c->online && c->on_list && !c->throttled);
	assert_int_equal(c->nr_running, 1);
	assert_close(c->contrib, 1018);
	assert_close(c->weight, 1024);
	assert_close(c->load_avg, 1024);
	assert_close(c->util_avg, 491);
	assert_true(c->has_se);
	assert_close(c->se_weight, 1030);
	assert_close(c->se_load_avg, 1029);
	c = pelt_at(&p, 1, 1);
	assert_true(c->throttled);
	assert_int_equal(c->h_nr_running, 2);
	assert_close(c->removed_load_avg, 3);
	assert_close(c->runnable_avg, 1024);	/* after an unknown key */
	c = pelt_at(&p, 1, 2);
	assert_true(c->present && !c->online && !c->on_list);
	assert_close(c->contrib, 225);
	/* cpu7 is beyond ncpus = 3: ignored, not an error. */
	assert_int_equal(p.grp[1].tg_tasks, 0);	/* 6.x: no count */
	pelt_snap_free(&p);
}

/* 7.3's tg line adds runnable_avg, tasks (tg_tasks()) and cpus. */
static void test_cpu_pelt_73(void **state)
{
	static const char v73[] =
		"tg load_avg=1024 shares=2048 runnable_avg=2027 tasks=2 "
		"cpus=2\n"
		"cpu0 online=1 on_list=1 throttled=0 nr_running=1 "
		"h_nr_queued=1 h_nr_delayed=0 contrib=513 weight=513 "
		"load_avg=513 runnable_avg=1024 util_avg=469 "
		"removed_load_avg=0 se_weight=1026 se_load_avg=1025 "
		"runnable_contrib=1017 se_h_load=1026\n";
	static const char v612[] = "tg load_avg=1024 shares=2048\n";
	struct pelt_snap p;

	(void)state;
	assert_int_equal(pelt_snap_alloc(&p, 1, 2), 0);
	assert_int_equal(pelt_parse_cpu_pelt(v73, strlen(v73), &p, 0), 0);
	assert_int_equal(p.grp[0].tg_tasks, 2);
	assert_close(pelt_at(&p, 0, 0)->se_weight, 1026);
	assert_close(pelt_at(&p, 0, 0)->runnable_avg, 1024);
	/* a later read without the key does not keep the old count */
	assert_int_equal(pelt_parse_cpu_pelt(v612, strlen(v612), &p, 0), 0);
	assert_int_equal(p.grp[0].tg_tasks, 0);
	pelt_snap_free(&p);
}

static void test_cpu_pelt_bad(void **state)
{
	struct pelt_snap p;
	static const char *const bad[] = {
		"cpu0 online=1 contrib=3\n",		/* no tg line */
		"tg load_avg=x\n",
		"tg load_avg=1\ncpu0 online\n",
		"tg load_avg=1\ncpu0x online=1\n",
		"tg load_avg=1 shares=\n",
	};
	size_t i;

	(void)state;
	assert_int_equal(pelt_snap_alloc(&p, 1, 2), 0);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (pelt_parse_cpu_pelt(bad[i], strlen(bad[i]), &p, 0) !=
		    -EINVAL)
			fail_msg("accepted: %s", bad[i]);
	assert_int_equal(pelt_parse_cpu_pelt("tg load_avg=1\n", 14, &p, 1),
			 -EINVAL);	/* group out of range */
	pelt_snap_free(&p);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf;
	long n;

	if (!f)
		fail_msg("open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = malloc(n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	*len = n;
	return buf;
}

static const char ab_scn[] =
	"name ab\ncpus 2\ngroup A weight=100\ngroup B weight=200\n"
	"task a group=A cpus=0\ntask b0 group=B cpus=0\n"
	"task b1 group=B cpus=1\n";

/*
 * The fixture: A (weight 100) with one hog on CPU0, B (weight 200) with
 * hogs on CPU0 and CPU1, under /sys/fs/cgroup/conform.1, 1 s after start.
 */
static void test_debugfs_fixture(void **state)
{
	static struct scenario s;
	struct pelt_snap p;
	const struct pelt_cpu *c;
	char err[SCN_ERR_MAX];
	size_t len;
	char *buf = slurp(CONFORM_SRCDIR
			  "/conformance/tests/fixtures/sched_debug_ab.txt",
			  &len);

	(void)state;
	assert_int_equal(scn_parse_buffer("ab.scn", ab_scn, strlen(ab_scn),
					  &s, err, sizeof(err)), 0);
	assert_int_equal(pelt_snap_alloc(&p, s.ngroups, 2), 0);
	/* A on cpu0, B on cpu0 and cpu1; the root blocks are not ours. */
	assert_int_equal(pelt_parse_debugfs(buf, len, "/conform.1", &s, &p),
			 3);
	c = pelt_at(&p, 0, 0);
	assert_true(c->present && c->online && c->on_list);
	assert_close(c->weight, 1024);		/* 1048576 scaled down */
	assert_close(c->load_avg, 1024);
	assert_close(c->contrib, 1013);
	assert_true(c->has_tg);
	assert_close(c->tg_load_avg, 1013);
	assert_close(c->se_weight, 1024);
	assert_close(c->se_load_avg, 1023);
	assert_int_equal(c->nr_running, 1);
	assert_false(pelt_at(&p, 0, 1)->present);	/* not on the list */
	c = pelt_at(&p, 1, 0);
	assert_close(c->contrib, 1018);
	assert_close(c->tg_load_avg, 2030);
	assert_close(c->se_weight, 1054756 / 1024.0);
	c = pelt_at(&p, 1, 1);
	assert_true(c->present);
	assert_close(c->contrib, 1012);
	assert_close(pelt_tg_load_avg(&p, 1), 2030);
	assert_close(pelt_tg_load_avg(&p, 0), 1013);
	/* Another scenario root: nothing matches. */
	pelt_snap_clear(&p);
	assert_int_equal(pelt_parse_debugfs(buf, len, "/conform.2", &s, &p),
			 0);
	pelt_snap_free(&p);
	free(buf);
}

static void test_proc_parsers(void **state)
{
	char st;
	int cpu;
	uint64_t ns, us;
	/* comm with spaces and parentheses; processor (field 39) = 3 */
	static const char stat[] =
		"123 (a) b) c) R 1 123 123 0 -1 4194560 100 0 0 0 2000 3 0 0 "
		"20 0 1 0 400 1000 100 18446744073709551615 1 1 0 0 0 0 0 0 "
		"0 0 0 0 17 3 0 0 0 0 0 0 0 0 0 0 0 0 0\n";

	(void)state;
	assert_int_equal(measure_parse_stat(stat, &st, &cpu), 0);
	assert_int_equal(st, 'R');
	assert_int_equal(cpu, 3);
	assert_int_equal(measure_parse_stat("1 (x) S 1 2\n", &st, &cpu),
			 -EINVAL);
	assert_int_equal(measure_parse_stat("garbage", &st, &cpu), -EINVAL);
	assert_int_equal(measure_parse_schedstat("1234567890 55 7\n", &ns),
			 0);
	assert_true(ns == 1234567890ull);
	assert_int_equal(measure_parse_schedstat("x 1 2\n", &ns), -EINVAL);
	assert_int_equal(cg_parse_cpu_stat("usage_usec 4242\nuser_usec 1\n",
					   &us), 0);
	assert_true(us == 4242);
	assert_int_equal(cg_parse_cpu_stat("nr_periods 0\nusage_usec 7\n",
					   &us), 0);
	assert_true(us == 7);
	assert_int_equal(cg_parse_cpu_stat("user_usec 1\n", &us), -EINVAL);
}

static void test_kmsg(void **state)
{
	struct kmsg_report rep;
	int st = 0;

	(void)state;
	memset(&rep, 0, sizeof(rep));
	kmsg_feed(&rep, "WARNING: CPU: 0 PID: 1 at drivers/foo.c:1 foo", &st);
	assert_int_equal(rep.warnings, 0);
	kmsg_feed(&rep, "random line", &st);
	kmsg_feed(&rep, "WARNING: CPU: 1 PID: 0 at kernel/sched/fair.c:3340 "
		  "update_cfs_group+0x1/0x2", &st);
	kmsg_feed(&rep, "Call Trace:", &st);
	kmsg_feed(&rep, "---[ end trace 0000000000000000 ]---", &st);
	kmsg_feed(&rep, "after the trace", &st);
	assert_int_equal(rep.warnings, 1);
	assert_int_equal(rep.nlines, 3);
	assert_non_null(strstr(rep.lines[0], "kernel/sched/fair.c"));
	assert_string_equal(rep.lines[1], "Call Trace:");
	kmsg_feed(&rep, "BUG: scheduling while atomic: x/1/0x2", &st);
	assert_int_equal(rep.warnings, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpu_pelt),
		cmocka_unit_test(test_cpu_pelt_73),
		cmocka_unit_test(test_cpu_pelt_bad),
		cmocka_unit_test(test_debugfs_fixture),
		cmocka_unit_test(test_proc_parsers),
		cmocka_unit_test(test_kmsg),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
