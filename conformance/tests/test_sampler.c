// SPDX-License-Identifier: GPL-2.0
/*
 * test_sampler.c - the sampler's cheap paths: the in-place number parser,
 * the cpu.pelt key table, a pinned hog's placement held and checked, and
 * a steady group's cpu.pelt carried over and checked (its hold ended by
 * a change in its own subtree only), cgroup usage read where the verdict
 * takes it (at the end of every look's window).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "tests/testutil.h"
#include "kernel/kernel.h"
#include "run/run.h"
#include "verdict/verdict.h"
#include "scenario/scenario.h"

static int num(const char *s, double *v, const char **next)
{
	return kparse_num(s, s + strlen(s), v, next);
}

static void test_kparse_num(void **state)
{
	const char *next;
	double v;
	long l;
	uint64_t u;

	(void)state;
	assert_int_equal(num("1024", &v, &next), 0);
	assert_true(v == 1024 && *next == '\0');
	assert_int_equal(num("-17 x", &v, &next), 0);
	assert_true(v == -17 && *next == ' ');
	assert_int_equal(num("+3.250000\n", &v, &next), 0);
	assert_true(v == 3.25 && *next == '\n');
	assert_int_equal(num("123.456789", &v, NULL), 0);
	assert_true(v == strtod("123.456789", NULL));
	assert_int_equal(num("9007199254740992", &v, NULL), 0);
	assert_true(v == 9007199254740992.0);
	assert_int_equal(num("7.", &v, &next), 0);
	assert_true(v == 7 && *next == '\0');
	assert_int_equal(num("", &v, NULL), -EINVAL);
	assert_int_equal(num("-", &v, NULL), -EINVAL);
	assert_int_equal(num(".5", &v, NULL), -EINVAL);
	assert_int_equal(num("x1", &v, NULL), -EINVAL);
	assert_int_equal(num("123456789012345678901", &v, NULL), -ERANGE);
	/* end bounds the parse: "12|34" */
	assert_int_equal(kparse_num("1234", "1234" + 2, &v, &next), 0);
	assert_true(v == 12);
	next = "18446744073709551615";
	assert_int_equal(kparse_u64(next, next + 20, &u, NULL), 0);
	assert_true(u == UINT64_MAX);
	next = "18446744073709551616";
	assert_int_equal(kparse_u64(next, next + 20, &u, NULL), -ERANGE);
	next = "-42]";
	assert_int_equal(kparse_int(next, next + 4, &l, &next), 0);
	assert_true(l == -42 && *next == ']');
	next = "-";
	assert_int_equal(kparse_u64(next, next + 1, &u, NULL), -EINVAL);
}

/* Every key of the table reaches its own field (the bsearch is sound). */
static void test_pelt_keys(void **state)
{
	static const char text[] =
		"tg load_avg=5 shares=6\n"
		"cpu0 weight=13 util_avg=12 throttled=1 se_weight=10 "
		"se_load_avg=9 runnable_avg=8 removed_load_avg=7 online=1 "
		"on_list=1 nr_running=4 load_avg=3 h_nr_running=2 contrib=1 "
		"zzz=1 a=2 on=3 online_x=4 se_weigh=5\n";
	const struct pelt_cpu *c;
	struct pelt_snap p;

	(void)state;
	assert_int_equal(pelt_snap_alloc(&p, 1, 1), 0);
	assert_int_equal(pelt_parse_cpu_pelt(text, strlen(text), &p, 0), 0);
	c = pelt_at(&p, 0, 0);
	assert_true(c->contrib == 1 && c->h_nr_running == 2);
	assert_true(c->load_avg == 3 && c->nr_running == 4);
	assert_true(c->on_list && c->online && c->throttled);
	assert_true(c->removed_load_avg == 7 && c->runnable_avg == 8);
	assert_true(c->se_load_avg == 9 && c->se_weight == 10 && c->has_se);
	assert_true(c->util_avg == 12 && c->weight == 13);
	assert_true(p.grp[0].tg_load_avg == 5 && p.grp[0].shares == 6);
	/* long, fractional and signed values leave the plain-digit path */
	assert_int_equal(pelt_parse_cpu_pelt("tg load_avg=-5\n"
			 "cpu0 load_avg=1234567890123456 weight=2.5\n", 57,
			 &p, 0), 0);
	assert_true(p.grp[0].tg_load_avg == -5);
	assert_true(pelt_at(&p, 0, 0)->load_avg == 1234567890123456.0);
	assert_true(pelt_at(&p, 0, 0)->weight == 2.5);
	/* a value that is not a number, or runs into the next key */
	assert_int_equal(pelt_parse_cpu_pelt("tg load_avg=1x\n", 15, &p, 0),
			 -EINVAL);
	assert_int_equal(pelt_parse_cpu_pelt("tg\ncpu0x a=1\n", 13, &p, 0),
			 -EINVAL);
	pelt_snap_free(&p);
}

static const char scn_text[] =
	"name t\ncpus 2\nwarmup 0ms\nmeasure 2s\nsample 100ms\n"
	"group A\ngroup B\n"
	"task a group=A cpus=0\ntask b group=B cpus=0\n"
	"expect A 1/2\nexpect B 1/2\n";

struct rig {
	struct scenario s;
	struct scn_state st;
	struct cg_ctx cg;
	struct workload w;
	struct sampler sp;
	struct sample_set ss;
	char dir[64];
};

static void pin(pid_t pid, int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	assert_int_equal(sched_setaffinity(pid, sizeof(set), &set), 0);
}

/* A spinning child, pinned to cpu before this returns. */
static pid_t spawn_hog(int cpu)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (!pid) {
		/* never outlive the test, even one that failed half-way */
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		alarm(20);
		for (;;)
			;
	}
	pin(pid, cpu);
	return pid;
}

static void write_pelt_text(struct rig *r, const char *grp,
			    const char *text)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/r/%s/cpu.pelt", r->dir, grp);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void write_pelt(struct rig *r, const char *grp, double se_weight)
{
	char text[256];

	snprintf(text, sizeof(text), "tg load_avg=1024 shares=1024\n"
		 "cpu0 online=1 on_list=1 nr_running=1 contrib=1024 "
		 "weight=1024 load_avg=1023 se_weight=%g se_load_avg=500\n"
		 "cpu1 online=1 on_list=0 nr_running=0\n", se_weight);
	write_pelt_text(r, grp, text);
}

/* group grp with blocked load on cpu1, where none of it is queued */
static void write_pelt_blocked(struct rig *r, const char *grp)
{
	write_pelt_text(r, grp, "tg load_avg=1594 shares=1024\n"
			"cpu0 online=1 on_list=1 nr_running=1 contrib=1024 "
			"weight=1024 load_avg=1023 se_weight=658 "
			"se_load_avg=500\n"
			"cpu1 online=1 on_list=1 nr_running=0 contrib=570 "
			"weight=0 load_avg=570 se_weight=366 se_load_avg=200\n");
}

static void write_usage(struct rig *r, int g, uint64_t us)
{
	char path[128];
	FILE *f;

	snprintf(path, sizeof(path), "%s/r/%c/cpu.stat", r->dir, 'A' + g);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "usage_usec %llu\nuser_usec 0\n", (unsigned long long)us);
	fclose(f);
}

/*
 * Two groups (of scenario text) with cpu.pelt files in a scratch
 * "cgroupfs"; ninst hogs.
 */
static void rig_init_scn(struct rig *r, int ninst, const char *text)
{
	char path[128];
	int i;

	memset(r, 0, sizeof(*r));
	tu_parse(text, &r->s, &r->st);
	snprintf(r->dir, sizeof(r->dir), "/tmp/conform_sampler.XXXXXX");
	assert_non_null(mkdtemp(r->dir));
	for (i = 0; i < 3; i++) {
		snprintf(path, sizeof(path), "%s/r%s", r->dir,
			 i == 0 ? "" : i == 1 ? "/A" : "/B");
		assert_int_equal(mkdir(path, 0700), 0);
	}
	write_pelt(r, "A", 512);
	write_pelt(r, "B", 512);
	for (i = 0; i < 2; i++)
		write_usage(r, i, 1000 * (i + 1));
	snprintf(r->cg.mnt, sizeof(r->cg.mnt), "%s", r->dir);
	snprintf(r->cg.root, sizeof(r->cg.root), "r");
	r->cg.s = &r->s;
	r->w.ninst = ninst;
	r->w.sh = calloc(ninst ? ninst : 1, sizeof(*r->w.sh));
	assert_non_null(r->w.sh);
	for (i = 0; i < ninst; i++) {
		r->w.kind[i] = SCN_TASK_HOG;
		r->w.task_of[i] = i;
		r->w.pid[i] = spawn_hog(0);
	}
	assert_int_equal(sset_init(&r->ss, 64, ninst, 2, 2), 0);
	assert_int_equal(sampler_init(&r->sp, &r->s, &r->w, &r->cg,
				      PELT_SRC_CPU_PELT), 0);
}

static void rig_init(struct rig *r, int ninst)
{
	rig_init_scn(r, ninst, scn_text);
}

static void rig_free(struct rig *r)
{
	char cmd[128];
	int i;

	for (i = 0; i < r->w.ninst; i++) {
		kill(r->w.pid[i], SIGKILL);
		waitpid(r->w.pid[i], NULL, 0);
		task_reader_close(&r->w.rd[i]);
	}
	sampler_free(&r->sp);
	sset_free(&r->ss);
	free(r->w.sh);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", r->dir);
	assert_int_equal(system(cmd), 0);
}

static void take(struct rig *r, int events, bool pelt)
{
	assert_int_equal(sampler_take(&r->sp, &r->ss, r->ss.n * 100000,
				      events, false, pelt), 0);
}

/*
 * A pinned hog: held from its first sample before any event, without
 * /proc, tentatively: this one publishes no CPU time, so no progress
 * confirms the hold, which stays tentative until verify_every (20 at
 * 100 ms) samples from the first, where the full read decides (after an
 * event: two agreeing full reads); then checked every verify_every
 * samples; a move behind the sampler's back is caught by the check and
 * counted as wrong.
 */
static void test_task_hold(void **state)
{
	struct rig r;
	uint64_t ns;
	int k;

	(void)state;
	rig_init(&r, 1);
	assert_int_equal(r.sp.verify_every, 20);
	/* the reader made at setup, not at the first sample */
	assert_int_equal(r.w.rd[0].pid, r.w.pid[0]);
	assert_true(r.w.rd[0].has_clk);
	while (measure_read_task(r.w.pid[0], &r.ss.v[0].ts[0]) ||
	       r.ss.v[0].ts[0].cpu != 0)
		usleep(1000);
	for (k = 0; k < 21; k++)
		take(&r, 0, false);
	/* started, held tentatively, the full read at sample 20 */
	assert_int_equal(r.ss.quick_starts, 1);
	assert_int_equal(r.ss.quick_confirmed, 0);
	assert_int_equal(r.ss.task_reads, 1);
	assert_int_equal(r.ss.held, 19);
	assert_int_equal(r.ss.held_checks, 1);
	assert_int_equal(r.ss.held_wrong, 0);
	for (k = 1; k < 21; k++) {
		assert_int_equal(r.ss.v[k].ts[0].cpu, 0);
		assert_int_equal(r.ss.v[k].ts[0].state, 'R');
		assert_true(r.ss.v[k].ts[0].ns >= r.ss.v[k - 1].ts[0].ns);
	}
	ns = r.ss.v[20].ts[0].ns;
	assert_int_equal(task_reader_ns(&r.w.rd[0], &r.ss.v[21].ts[0].ns), 0);
	assert_true(r.ss.v[21].ts[0].ns >= ns);
	if (sysconf(_SC_NPROCESSORS_ONLN) > 1) {
		pin(r.w.pid[0], 1);
		for (k = 0; k < 20; k++)
			take(&r, 0, false);
		assert_int_equal(r.ss.held_wrong, 1);
		assert_int_equal(r.ss.v[r.ss.n - 1].ts[0].cpu, 1);
	}
	k = r.ss.task_reads;
	take(&r, 1, false);
	take(&r, 1, false);
	assert_int_equal(r.ss.task_reads, k + 2);
	assert_int_equal(r.ss.online_wrong, 0);
	rig_free(&r);
}

/*
 * A hog that publishes its CPU time (wl_shared.self_ns): every sample's
 * CPU time is still the kernel's, held or checked.
 */
static void test_self_ns(void **state)
{
	struct rig r;
	int k;

	(void)state;
	rig_init(&r, 1);
	take(&r, 0, false);
	for (k = 1; k < 21; k++) {
		r.w.sh[0].self_ns = 1000000000000ull + k;
		take(&r, 0, false);
		assert_true(r.ss.v[k].ts[0].ns < 1000000000000ull);
	}
	assert_int_equal(r.ss.quick_checks, 1);
	rig_free(&r);
}

/*
 * The hog's CPU time as the kernel has it, published as the hog would;
 * a nanosecond more at each sample, whether or not the host ran it.
 */
static void publish(struct rig *r)
{
	uint64_t ns;

	assert_int_equal(task_reader_ns(&r->w.rd[0], &ns), 0);
	r->w.sh[0].self_ns = ns + r->ss.n + 1;
}

/*
 * A held hog that publishes its CPU time is checked by its affinity and
 * its progress, without /proc: a hog whose time stands still, or that is
 * no longer pinned to the held CPU, gets the full read, which counts a
 * move as wrong.
 */
static void test_quick_check(void **state)
{
	struct rig r;
	int k;

	(void)state;
	rig_init(&r, 1);
	while (measure_read_task(r.w.pid[0], &r.ss.v[0].ts[0]) ||
	       r.ss.v[0].ts[0].cpu != 0)
		usleep(1000);
	take(&r, 0, false);
	for (k = 1; k < 21; k++) {
		publish(&r);
		take(&r, 0, false);
	}
	/* started and confirmed by progress, checked at 20: no /proc */
	assert_int_equal(r.ss.quick_starts, 1);
	assert_int_equal(r.ss.quick_confirmed, 1);
	assert_int_equal(r.ss.task_reads, 0);
	assert_int_equal(r.ss.held_checks, 1);
	assert_int_equal(r.ss.quick_checks, 1);
	assert_int_equal(r.ss.v[20].ts[0].cpu, 0);
	assert_int_equal(r.ss.v[20].ts[0].state, 'R');
	/* no progress: the full read checks */
	for (k = 0; k < 20; k++)
		take(&r, 0, false);
	assert_int_equal(r.ss.task_reads, 1);
	assert_int_equal(r.ss.quick_checks, 1);
	assert_int_equal(r.ss.held_checks, 2);
	assert_int_equal(r.ss.held_wrong, 0);
	if (sysconf(_SC_NPROCESSORS_ONLN) > 1) {
		pin(r.w.pid[0], 1);
		for (k = 0; k < 20; k++) {
			publish(&r);
			take(&r, 0, false);
		}
		assert_int_equal(r.ss.quick_checks, 1);
		assert_int_equal(r.ss.held_wrong, 1);
		assert_int_equal(r.ss.v[r.ss.n - 1].ts[0].cpu, 1);
	}
	rig_free(&r);
}

/*
 * The confirmation of a start hold is its first check: the next comes
 * verify_every samples later, whatever the start's stagger. Hog 1 (its
 * check staggered one sample early) confirmed at sample 1 and running
 * again only by sample 20 is checked there, without /proc; with the
 * stagger kept it was checked at 19, found no progress and read whole.
 */
static void test_confirm_is_check(void **state)
{
	struct rig r;
	uint64_t ns;
	int i, k;

	(void)state;
	rig_init(&r, 2);
	for (i = 0; i < 2; i++)
		while (measure_read_task(r.w.pid[i], &r.ss.v[0].ts[i]) ||
		       r.ss.v[0].ts[i].cpu != 0)
			usleep(1000);
	take(&r, 0, false);
	for (k = 1; k < 21; k++) {
		for (i = 0; i < 2 && (k == 1 || k == 20); i++) {
			assert_int_equal(task_reader_ns(&r.w.rd[i], &ns), 0);
			r.w.sh[i].self_ns = ns + k;
		}
		take(&r, 0, false);
		if (k < 20)
			assert_int_equal(r.ss.held_checks, 0);
	}
	assert_int_equal(r.ss.quick_starts, 2);
	assert_int_equal(r.ss.quick_confirmed, 2);
	assert_int_equal(r.ss.task_reads, 0);
	assert_int_equal(r.ss.quick_checks, 2);
	assert_int_equal(r.ss.held_wrong, 0);
	rig_free(&r);
}

/*
 * Steady groups are carried over after two agreeing reads and read again
 * every SAMPLER_PELT_HOLD (8) PELT reads, staggered; a read that differs
 * beyond 1/256 is counted wrong and ends the hold; an event makes every
 * group read fresh.
 */
static void test_pelt_hold(void **state)
{
	const struct pelt_snap *p;
	struct rig r;
	int k;

	(void)state;
	rig_init(&r, 0);
	for (k = 0; k < 10; k++)
		take(&r, 0, true);
	/* A (g 0): fresh, fresh, held x7, fresh; B (g 1) fresh one earlier */
	assert_int_equal(r.ss.pelt_reads, 2 + 2 + 1 + 1);
	assert_int_equal(r.ss.pelt_held, 20 - 6);
	assert_int_equal(r.ss.pelt_checks, 2);
	assert_int_equal(r.ss.pelt_held_wrong, 0);
	p = sset_pelt(&r.ss, 4);
	assert_non_null(p);
	assert_true(pelt_at(p, 0, 0)->se_weight == 512);
	assert_true(pelt_at(p, 1, 0)->se_weight == 512);
	assert_true(p->grp[0].present && p->grp[1].present);
	/* within 1/256: still steady; beyond: wrong and read again */
	write_pelt(&r, "A", 513);
	write_pelt(&r, "B", 600);
	for (k = 0; k < 8; k++)
		take(&r, 0, true);
	assert_int_equal(r.ss.pelt_held_wrong, 1);
	assert_true(pelt_at(sset_pelt(&r.ss, r.ss.n - 1), 1, 0)->se_weight
		    == 600);
	/* an event: every group read */
	k = r.ss.pelt_reads;
	take(&r, 1, true);
	assert_int_equal(r.ss.pelt_reads, k + 2);
	assert_true(sampler_note(&r.ss, (char[256]){ 0 }, 256) > 0);
	rig_free(&r);
}

/*
 * A group with blocked load on a CPU where nothing of it is queued reads
 * the same until that CPU's next blocked load update: never held, while
 * the steady group beside it is.
 */
static void test_pelt_no_hold_blocked(void **state)
{
	struct rig r;
	int k;

	(void)state;
	rig_init(&r, 0);
	write_pelt_blocked(&r, "A");
	for (k = 0; k < 10; k++)
		take(&r, 0, true);
	/* A: 10 fresh reads; B: fresh, fresh, held x7, fresh */
	assert_int_equal(r.ss.pelt_reads, 10 + 3);
	assert_int_equal(r.ss.pelt_held, 7);
	assert_int_equal(r.ss.pelt_held_wrong, 0);
	rig_free(&r);
}

/*
 * A task seen on another CPU than at the latest PELT read ends the holds
 * of its group and its ancestors only: B, whose task stayed, stays held.
 */
static void test_pelt_groups_changed(void **state)
{
	struct rig r;
	int k;

	(void)state;
	rig_init(&r, 2);
	for (k = 0; k < 10; k++)
		take(&r, 0, true);
	assert_true(r.sp.gh[0].steady && r.sp.gh[1].steady);
	r.ss.v[r.ss.v[r.ss.n - 1].pelt_ref].ts[0].cpu = 1;
	take(&r, 0, true);
	assert_true(!r.sp.gh[0].steady && r.sp.gh[0].have);
	assert_true(r.sp.gh[1].steady);
	/* and as before, an event ends every hold */
	take(&r, 1, true);
	assert_true(!r.sp.gh[0].steady && !r.sp.gh[1].steady);
	rig_free(&r);
}

static const char scn_warm[] =
	"name t\ncpus 2\nwarmup 300ms\nmeasure 2s\nsample 100ms\n"
	"group A\ngroup B\n"
	"task a group=A cpus=0\ntask b group=B cpus=0\n";

static const char scn_warm1[] =
	"name t\ncpus 2\nwarmup 100ms\nmeasure 2s\nsample 100ms\n"
	"group A\ngroup B\n"
	"task a group=A cpus=0\ntask b group=B cpus=0\n";

/*
 * The first sample's PELT read, asked 300 ms before the window, is not
 * taken; should nothing else read by the window's first sample (t + 50
 * ms >= 300 ms), that one reads. Nor is it with the window a period
 * later (scale/siblings-208), the first sample taken 8 ms late: the
 * window's first sample (108 ms) reads. A window starting at the first
 * sample (the rig's scenario: warmup 0) reads there. With no read asked
 * before the window (the runner's rule when nothing there needs one),
 * the window's first sample reads unasked.
 */
static void test_pelt_first(void **state)
{
	struct rig r;
	int k;

	(void)state;
	rig_init_scn(&r, 0, scn_warm);
	take(&r, 0, true);
	assert_false(r.ss.v[0].pelt_ok);
	assert_int_equal(r.ss.pelt_reads, 0);
	for (k = 1; k < 5; k++)
		take(&r, 0, false);
	assert_false(r.ss.v[2].pelt_ok);
	assert_true(r.ss.v[3].pelt_ok);
	assert_false(r.ss.v[4].pelt_ok);
	assert_int_equal(r.ss.v[4].pelt_ref, 3);
	assert_int_equal(r.ss.pelt_reads, 2);
	rig_free(&r);
	rig_init_scn(&r, 0, scn_warm1);
	for (k = 0; k < 2; k++)
		assert_int_equal(sampler_take(&r.sp, &r.ss, k * 100000 + 8000,
					      0, false, k == 0), 0);
	assert_false(r.ss.v[0].pelt_ok);
	assert_true(r.ss.v[1].pelt_ok);
	assert_int_equal(r.ss.pelt_reads, 2);
	rig_free(&r);
	rig_init(&r, 0);
	take(&r, 0, true);
	assert_true(r.ss.v[0].pelt_ok);
	rig_free(&r);
	rig_init_scn(&r, 0, scn_warm);
	for (k = 0; k < 5; k++)
		take(&r, 0, false);
	assert_false(r.ss.v[2].pelt_ok);
	assert_true(r.ss.v[3].pelt_ok);
	assert_int_equal(r.ss.v[4].pelt_ref, 3);
	assert_int_equal(r.ss.pelt_reads, 2);
	rig_free(&r);
}

/*
 * Cgroup usage where the cross-check takes it: the window's first sample
 * (warmup 0: t = 0), whatever else the runner asks, and the run's last
 * (sp->usage_end, the runner's after the window).
 */
static void test_usage_ends(void **state)
{
	struct rig r;
	int k;

	(void)state;
	rig_init(&r, 0);
	for (k = 0; k <= 21; k++)
		assert_int_equal(sampler_take(&r.sp, &r.ss, k * 100000ull, 0,
					      true, false), 0);
	r.sp.usage_end = true;
	assert_int_equal(sampler_take(&r.sp, &r.ss, 2200000, 0, true, false),
			 0);
	for (k = 0; k <= 22; k++)
		assert_int_equal(r.ss.v[k].usage_ok, k == 0 || k == 22);
	assert_true(r.ss.v[0].usage_us[0] == 1000);
	assert_true(r.ss.v[22].usage_us[1] == 2000);
	assert_int_equal(r.ss.errors, 0);
	rig_free(&r);
}

static const char scn_fast[] =
	"name t\ncpus 2\nwarmup 0ms\nmeasure 400ms\nsample 20ms\n"
	"group A\ngroup B\n"
	"task a group=A cpus=0\ntask b group=B cpus=0\n";

/*
 * How much CPU time the hogs gained between the usage written from ns[]
 * and now, after the sample read them: the most the two can differ by.
 */
static uint64_t usage_race_ns(struct rig *r, const uint64_t *ns)
{
	uint64_t now, race = 0;

	for (int g = 0; g < 2; g++) {
		assert_int_equal(task_reader_ns(&r->w.rd[g], &now), 0);
		if (now - ns[g] > race)
			race = now - ns[g];
	}
	return race;
}

/* Both groups' usage written as the kernel would count it, then a sample. */
static uint64_t usage_sample(struct rig *r, uint64_t t_us, bool pelt)
{
	uint64_t ns[2];

	for (int g = 0; g < 2; g++) {
		assert_int_equal(task_reader_ns(&r->w.rd[g], &ns[g]), 0);
		write_usage(r, g, ns[g] / 1000);
	}
	assert_int_equal(sampler_take(&r->sp, &r->ss, t_us, 0, true, pelt),
			 0);
	return usage_race_ns(r, ns);
}

/*
 * End to end: two hogs sampled every 20 ms for 200 ms (the first look's
 * window), their groups' usage as the kernel would count it (their CPU
 * time), then the run's last sample (sp->usage_end) 60 ms later. The
 * cross-check over the window's start to that sample agrees with the
 * task sums; without the last sample it is not done.
 */
static void test_usage_look_verdict(void **state)
{
	static struct scn_result res;
	struct vd_input in = { .src = PELT_SRC_CPU_PELT, .win_len_us = 200000 };
	uint64_t race, race_ns;
	struct rig r;
	int k, g, pass;

	(void)state;
	for (pass = 0; pass < 2; pass++) {
		rig_init_scn(&r, 2, scn_fast);
		for (g = 0; g < 2; g++)
			task_reader_init(&r.w.rd[g], r.w.pid[g]);
		for (k = 0, race_ns = 0; k <= 10; k++) {
			race = usage_sample(&r, k * 20000ull, k % 4 == 0);
			if (race > race_ns)
				race_ns = race;
			usleep(20000);
		}
		usleep(40000);
		r.sp.usage_end = !pass;
		race = usage_sample(&r, 260000, false);
		if (race > race_ns)
			race_ns = race;
		in.s = &r.s;
		in.st = &r.st;
		in.ss = &r.ss;
		in.inst_task = r.w.task_of;
		memset(&res, 0, sizeof(res));
		vd_analyze(&in, &res);
		assert_int_not_equal(res.v, V_ERROR);
		vd_usage_check(&in, &res);
		for (g = 0; g < 2; g++) {
			const struct grp_result *gr = &res.g[g];

			if (pass) {
				assert_true(isnan(gr->usage_cpu));
				continue;
			}
			assert_true(isfinite(gr->usage_cpu));
			/*
			 * The usage written and the sample's read of the
			 * spinning hog are apart by at most race_ns at each
			 * end of the span (this process may be preempted
			 * between them), plus 1 us of rounding each.
			 */
			assert_true(fabs(gr->usage_cpu - gr->usage_task_cpu) <=
				    (2.0 * race_ns + 2000) / (260000 * 1000.0) +
				    1e-9);
		}
		rig_free(&r);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kparse_num),
		cmocka_unit_test(test_pelt_keys),
		cmocka_unit_test(test_task_hold),
		cmocka_unit_test(test_self_ns),
		cmocka_unit_test(test_quick_check),
		cmocka_unit_test(test_confirm_is_check),
		cmocka_unit_test(test_pelt_hold),
		cmocka_unit_test(test_pelt_no_hold_blocked),
		cmocka_unit_test(test_pelt_groups_changed),
		cmocka_unit_test(test_pelt_first),
		cmocka_unit_test(test_usage_ends),
		cmocka_unit_test(test_usage_look_verdict),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
