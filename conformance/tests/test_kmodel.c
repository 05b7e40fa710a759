// SPDX-License-Identifier: GPL-2.0
/*
 * test_kmodel.c - the kernel model against hand-computed splits.
 *
 * The A/B case of the design: A (weight 100) with one task on CPU0, B
 * (weight 100) with tasks on CPU0 and CPU1, PELT at steady state (every
 * runnable cfs_rq at load_avg 1024). B's entity on CPU0 weighs
 * 1024 * 1024 / (1024 + 1024) = 512, A's 1024: the task of A gets 2/3 of
 * CPU0, B's task on CPU0 1/3, B's task on CPU1 all of CPU1.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "kernel/kernel.h"
#include "model/model.h"
#include "tests/testutil.h"
#include "scenario/scenario.h"

static void assert_close(double got, double want, double tol)
{
	if (!(fabs(got - want) <= tol))
		fail_msg("got %.9g, want %.9g (tol %g)", got, want, tol);
}

static struct scenario s;
static struct scn_state st;

static void parse(const char *text)
{
	tu_parse(text, &s, &st);
}

static void set_cpu(struct pelt_snap *p, int g, int c, double load_avg,
		    double contrib, double weight)
{
	struct pelt_cpu *pc = pelt_at(p, g, c);

	pc->present = pc->online = pc->on_list = true;
	pc->load_avg = load_avg;
	pc->contrib = contrib;
	pc->weight = weight;
}

static void set_tg(struct pelt_snap *p, int g, double tg)
{
	p->grp[g].present = p->grp[g].has_tg = true;
	p->grp[g].tg_load_avg = tg;
}

static void test_shares(void **state)
{
	(void)state;
	assert_close(km_tg_shares(SCN_V2, 100, -1), 1024, 0);
	assert_close(km_tg_shares(SCN_V2, 200, 0), 2048, 0);
	assert_close(km_tg_shares(SCN_V2, 1, -1), 10, 0);	/* 10.24 */
	assert_close(km_tg_shares(SCN_V2, 50, -1), 512, 0);
	assert_close(km_tg_shares(SCN_V2, 10000, -1), 102400, 0);
	assert_close(km_tg_shares(SCN_V1, 1024, -1), 1024, 0);
	assert_close(km_tg_shares(SCN_V1, 1, -1), 2, 0);
	assert_close(km_tg_shares(SCN_V1, 300000, -1), 262144, 0);
	assert_close(km_tg_shares(SCN_V2, 500, 1), 3, 0);	/* idle */
	/* calc_group_shares: the ratio, clamped to [MIN_SHARES, shares] */
	assert_close(km_calc_group_shares(1024, 1024, 2048), 512, 1e-12);
	assert_close(km_calc_group_shares(1024, 1024, 512), 1024, 0);
	assert_close(km_calc_group_shares(1024, 0, 2048), KM_MIN_SHARES, 0);
	assert_close(km_calc_group_shares(1024, 5, 0), 1024, 0);
}

static const char ab[] =
	"name ab\ncpus 3\ngroup A weight=100\ngroup B weight=100\n"
	"task a group=A cpus=0\ntask b0 group=B cpus=0\n"
	"task b1 group=B cpus=1\n";

static void ab_input(struct km_input *in, struct pelt_snap *p,
		     struct task_sample *ts, int *inst)
{
	memset(in, 0, sizeof(*in));
	in->s = &s;
	in->st = &st;
	in->p = p;
	in->online = 0x7;
	in->ncpus = 3;
	in->ninst = 3;
	in->inst_task = inst;
	in->ts = ts;
	inst[0] = 0;
	inst[1] = 1;
	inst[2] = 2;
	ts[0] = (struct task_sample){ .ns = 0, .cpu = 0, .state = 'R' };
	ts[1] = (struct task_sample){ .ns = 0, .cpu = 0, .state = 'R' };
	ts[2] = (struct task_sample){ .ns = 0, .cpu = 1, .state = 'R' };
}

static void test_ab(void **state)
{
	struct pelt_snap p;
	struct task_sample ts[3];
	struct km_input in;
	double sh[3];
	int inst[3], k;

	(void)state;
	parse(ab);
	assert_int_equal(pelt_snap_alloc(&p, 2, 3), 0);
	set_tg(&p, 0, 1024);
	set_cpu(&p, 0, 0, 1024, 1024, 1024);
	set_tg(&p, 1, 2048);
	set_cpu(&p, 1, 0, 1024, 1024, 1024);
	set_cpu(&p, 1, 1, 1024, 1024, 1024);
	pelt_at(&p, 0, 0)->has_se = true;
	pelt_at(&p, 0, 0)->se_weight = 1024;
	pelt_at(&p, 1, 0)->has_se = true;
	pelt_at(&p, 1, 0)->se_weight = 512;
	pelt_at(&p, 1, 1)->has_se = true;
	pelt_at(&p, 1, 1)->se_weight = 512;
	ab_input(&in, &p, ts, inst);
	for (k = 0; k < KM_KINDS; k++) {
		assert_int_equal(km_shares(&in, k, sh), 0);
		assert_close(sh[0], 2.0 / 3, 1e-12);
		assert_close(sh[1], 1.0 / 3, 1e-12);
		assert_close(sh[2], 1.0, 1e-12);
	}

	/* b0 asleep: a owns CPU0. A stopped task gets nothing. */
	ts[1].state = 'S';
	ts[0].state = 'T';
	assert_int_equal(km_shares(&in, KM_DEFINED, sh), 0);
	assert_close(sh[0], 0, 0);
	assert_close(sh[1], 0, 0);
	assert_close(sh[2], 1, 0);
	pelt_snap_free(&p);
}

/*
 * The stale contribution of the design: CPU2 went offline with 1024 of
 * A's load counted in tg->load_avg. Computed from tg->load_avg, A's
 * entity on CPU0 weighs 1024 * 1024 / 2048 = 512: its task gets half of
 * CPU0. As defined (offline CPUs count 0) it keeps 2/3.
 */
static void test_stale_offline(void **state)
{
	struct pelt_snap p;
	struct task_sample ts[3];
	struct km_input in;
	double sh[3];
	int inst[3];

	(void)state;
	parse(ab);
	assert_int_equal(pelt_snap_alloc(&p, 2, 3), 0);
	set_tg(&p, 0, 2048);
	set_cpu(&p, 0, 0, 1024, 1024, 1024);
	set_cpu(&p, 0, 2, 1024, 1024, 0);
	pelt_at(&p, 0, 2)->online = false;
	set_tg(&p, 1, 2048);
	set_cpu(&p, 1, 0, 1024, 1024, 1024);
	set_cpu(&p, 1, 1, 1024, 1024, 1024);
	ab_input(&in, &p, ts, inst);
	in.online = 0x3;
	assert_int_equal(km_shares(&in, KM_COMPUTED, sh), 0);
	assert_close(sh[0], 0.5, 1e-12);
	assert_close(sh[1], 0.5, 1e-12);
	assert_int_equal(km_shares(&in, KM_DEFINED, sh), 0);
	assert_close(sh[0], 2.0 / 3, 1e-12);
	/* No se weights in the snapshot: KM_SE falls back, and says so. */
	assert_true(km_shares(&in, KM_SE, sh) > 0);
	assert_close(sh[0], 2.0 / 3, 1e-12);
	/* The same load, off the leaf list on an online CPU: counts 0 too. */
	pelt_at(&p, 0, 2)->online = true;
	pelt_at(&p, 0, 2)->on_list = false;
	in.online = 0x7;
	assert_int_equal(km_shares(&in, KM_DEFINED, sh), 0);
	assert_close(sh[0], 2.0 / 3, 1e-12);
	pelt_snap_free(&p);
}

/*
 * Nested: A (100) holds A/X (100, 1 task) and A/Y (300, 1 task); B (100)
 * one task; all on CPU0. Nothing elsewhere, so every group entity gets
 * its full shares (tg_weight = load): A 1024 vs B 1024 at the top, X 1024
 * vs Y 3072 inside A. a/x = 1/2 * 1/4, a/y = 1/2 * 3/4, b = 1/2.
 */
static void test_nested(void **state)
{
	static const char nested[] =
		"name n\ncpus 1\ngroup A\ngroup A/X\ngroup A/Y weight=300\n"
		"group B\ntask x group=A/X\ntask y group=A/Y\n"
		"task b group=B\n";
	struct pelt_snap p;
	struct task_sample ts[3] = {
		{ .cpu = 0, .state = 'R' },
		{ .cpu = 0, .state = 'R' },
		{ .cpu = 0, .state = 'R' },
	};
	struct km_input in;
	double sh[3];
	int inst[3] = { 0, 1, 2 }, g;

	(void)state;
	parse(nested);
	assert_int_equal(s.ngroups, 4);
	assert_int_equal(pelt_snap_alloc(&p, 4, 1), 0);
	/* Loads as the kernel would show them: weight = sum of entities. */
	g = scn_find_group(&s, "A/X");
	set_tg(&p, g, 1024);
	set_cpu(&p, g, 0, 1024, 1024, 1024);
	g = scn_find_group(&s, "A/Y");
	set_tg(&p, g, 1024);
	set_cpu(&p, g, 0, 1024, 1024, 1024);
	g = scn_find_group(&s, "A");
	set_tg(&p, g, 4096);
	set_cpu(&p, g, 0, 4096, 4096, 4096);
	g = scn_find_group(&s, "B");
	set_tg(&p, g, 1024);
	set_cpu(&p, g, 0, 1024, 1024, 1024);
	memset(&in, 0, sizeof(in));
	in.s = &s;
	in.st = &st;
	in.p = &p;
	in.online = 1;
	in.ncpus = 1;
	in.ninst = 3;
	in.inst_task = inst;
	in.ts = ts;
	assert_int_equal(km_shares(&in, KM_DEFINED, sh), 0);
	assert_close(sh[0], 0.125, 1e-12);
	assert_close(sh[1], 0.375, 1e-12);
	assert_close(sh[2], 0.5, 1e-12);

	/* A throttled: its tasks get nothing, b gets the CPU. */
	pelt_at(&p, scn_find_group(&s, "A"), 0)->throttled = true;
	assert_int_equal(km_shares(&in, KM_DEFINED, sh), 0);
	assert_close(sh[0], 0, 0);
	assert_close(sh[1], 0, 0);
	assert_close(sh[2], 1, 1e-12);

	/* Without PELT state: nominal weights, every weight a fallback. */
	in.p = NULL;
	assert_true(km_shares(&in, KM_DEFINED, sh) > 0);
	assert_close(sh[0], 0.125, 1e-12);
	assert_close(sh[2], 0.5, 1e-12);
	assert_int_equal(km_shares(&in, KM_KINDS, sh), -EINVAL);
	pelt_snap_free(&p);
}

/*
 * sched/debug (the stock kernel's PELT source) lists leaf cfs_rqs only and
 * a throttled one is off the list: P/t (cpu.max) missing on CPU0 while
 * its task is runnable is throttled, so P/s gets all of P there and
 * P = Q. A missing group without a limit is not assumed throttled.
 */
static const char thr[] =
	"name thr\ncpus 1\ngroup P\ngroup P/t max=1ms/1s\ngroup P/s\n"
	"group Q\ntask t group=P/t cpus=0\ntask s group=P/s cpus=0\n"
	"task q group=Q cpus=0\n";

static void test_throttled_missing(void **state)
{
	struct pelt_snap p;
	struct task_sample ts[3] = {
		{ .cpu = 0, .state = 'R' },
		{ .cpu = 0, .state = 'R' },
		{ .cpu = 0, .state = 'R' },
	};
	int inst[3] = { 0, 1, 2 }, k;
	struct km_input in = {
		.s = &s, .st = &st, .p = &p, .online = 0x1, .ncpus = 1,
		.ninst = 3, .inst_task = inst, .ts = ts,
	};
	double sh[3];

	(void)state;
	parse(thr);
	assert_int_equal(pelt_snap_alloc(&p, 4, 1), 0);
	set_tg(&p, 0, 1024);
	set_cpu(&p, 0, 0, 1024, 1024, 1024);	/* P: P/s's entity only */
	set_tg(&p, 2, 1024);
	set_cpu(&p, 2, 0, 1024, 1024, 1024);	/* P/s */
	set_tg(&p, 3, 1024);
	set_cpu(&p, 3, 0, 1024, 1024, 1024);	/* Q */
	for (k = 0; k < KM_KINDS; k++) {
		if (k == KM_SE)
			continue;	/* no se weights sampled here */
		km_shares(&in, k, sh);
		assert_close(sh[0], 0, 0);		/* t: throttled */
		assert_close(sh[1], 0.5, 1e-12);	/* s: all of P */
		assert_close(sh[2], 0.5, 1e-12);	/* q */
	}
	/* the same without the limit: P/t counts with its nominal weight */
	st.group_quota_us[1] = -1;
	km_shares(&in, KM_DEFINED, sh);
	assert_true(sh[0] > 0.2);
	pelt_snap_free(&p);
}

/*
 * The throttled-sibling interval the snapshot got wrong (patched-kernel
 * flake, run 10): the PELT read fell in the few ms after a period refresh
 * in which P/t was unthrottled, so the snapshot model gave P/t its full
 * weight for the whole 50 ms (22 ms predicted, 0.4 ms measured). Over
 * an interval, the limited group's measured time decides how long it
 * ran; the siblings share the rest.
 */
static void test_bw_interval(void **state)
{
	struct pelt_snap p;
	struct task_sample ts[3] = {
		{ .cpu = 0, .state = 'R' },
		{ .cpu = 0, .state = 'R' },
		{ .cpu = 0, .state = 'R' },
	};
	int inst[3] = { 0, 1, 2 }, cpu[3] = { 0, 0, 0 }, g;
	struct km_input in = {
		.s = &s, .st = &st, .p = &p, .online = 0x1, .ncpus = 1,
		.ninst = 3, .inst_task = inst, .ts = ts,
	};
	double d[3], cap[1], sh[3], on[3];
	struct km_meas m = { .d = d, .cpu = cpu, .cap = cap };

	(void)state;
	parse(thr);
	assert_true(km_bw_limited(&in));
	assert_int_equal(pelt_snap_alloc(&p, 4, 1), 0);
	for (g = 0; g < 4; g++) {
		set_tg(&p, g, g ? 1024 : 2048);
		set_cpu(&p, g, 0, g ? 1024 : 2048, g ? 1024 : 2048,
			g ? 1024 : 2048);
	}
	/* the snapshot: P/t unthrottled. t 1/4, s 1/4, q 1/2 */
	assert_int_equal(km_shares(&in, KM_DEFINED, sh), 0);
	assert_close(sh[0], 0.25, 1e-12);

	/* measured: t 0.4 ms of 50 (its quota), s and q the rest */
	d[0] = 0.4e6;
	d[1] = 24.6e6;
	d[2] = 25e6;
	cap[0] = 50e6;
	assert_int_equal(km_shares_bw(&in, KM_DEFINED, &m, sh, on), 0);
	/* th = 0.4 / (0.25 * 50): t predicted as measured */
	assert_close(sh[0] * cap[0], 0.4e6, 1);
	assert_close(sh[1], 0.032 * 0.25 + 0.968 * 0.5, 1e-12);
	assert_close(sh[2], 0.5, 1e-12);

	/* a throttled P/t in the snapshot that ran all along: same mix */
	pelt_at(&p, 1, 0)->throttled = true;
	d[0] = 12.5e6;
	d[1] = 12.5e6;
	assert_int_equal(km_shares_bw(&in, KM_DEFINED, &m, sh, on), 0);
	assert_close(sh[0], 0.25, 1e-12);
	assert_close(sh[1], 0.25, 1e-12);

	/* more than its full weight share is not explained away: th = 1 */
	d[0] = 20e6;
	d[1] = 5e6;
	km_shares_bw(&in, KM_DEFINED, &m, sh, on);
	assert_close(sh[0], 0.25, 1e-12);
	assert_close(sh[1], 0.25, 1e-12);

	/* not runnable at the interval's end: nothing to mix */
	ts[0].state = 'S';
	d[0] = 0.4e6;
	km_shares_bw(&in, KM_DEFINED, &m, sh, on);
	assert_close(sh[0], 0, 0);
	assert_close(sh[1], 0.5, 1e-12);

	/*
	 * sched/debug: throttled P/t is off the leaf list, so unlisted. Its
	 * running state has no sampled weight, which is no fallback; the
	 * others' entity weights are used as sampled.
	 */
	ts[0].state = 'R';
	memset(pelt_at(&p, 1, 0), 0, sizeof(struct pelt_cpu));
	for (g = 0; g < 4; g++) {
		pelt_at(&p, g, 0)->has_se = g != 1;
		pelt_at(&p, g, 0)->se_weight = 1024;
	}
	assert_int_equal(km_shares_bw(&in, KM_SE, &m, sh, on), 0);
	assert_close(sh[0] * cap[0], 0.4e6, 1);
	assert_close(sh[2], 0.5, 1e-12);
	pelt_at(&p, 3, 0)->has_se = false;	/* Q's is missing: counted */
	assert_true(km_shares_bw(&in, KM_SE, &m, sh, on) > 0);
	pelt_snap_free(&p);
}

/*
 * Sub-intervals (subival.c): with one, the interval model (share * cap);
 * with a hopper, the sum over its placements of share * cap * frac.
 */
static void test_sub_one(void **state)
{
	struct km_sub_acc acc;
	int cpu[3] = { 0, 0, 1 };
	double share[3] = { 2.0 / 3, 1.0 / 3, 1 };
	double meas[6] = { 600, 0, 400, 0, 0, 1000 }, pred[6];
	double alone = 0, unmod = 0;

	(void)state;
	assert_int_equal(km_sub_init(&acc, 3, 2), 0);
	km_sub_add(&acc, 1, cpu, share, 0.999);
	km_sub_predict(&acc, meas, pred, &alone, &unmod);
	assert_close(pred[0], 2000.0 / 3, 1e-9);
	assert_close(pred[2], 1000.0 / 3, 1e-9);
	assert_close(pred[5], 1000, 1e-9);
	assert_close(pred[1] + pred[3] + pred[4], 0, 0);
	assert_close(alone, 1000, 1e-9);	/* the task alone on CPU1 */
	assert_close(unmod, 0, 0);
	km_sub_free(&acc);
}

/*
 * h hops from CPU0 (40 % of the interval) to CPU1 (60 %): on CPU0 it
 * shares with q0 half and half, on CPU1 with q1 and b a third each.
 * Instances h, q0, q1, b; CPUs 0, 1, 2 (CPU2: 300 ns measured, no work
 * modelled: charged as measured).
 */
static void test_sub_hopper(void **state)
{
	struct km_sub_acc acc;
	int c1[4] = { 0, 0, 1, 1 }, c2[4] = { 1, 0, 1, 1 };
	double s1[4] = { 0.5, 0.5, 0.5, 0.5 }, s2[4] = { 1.0 / 3, 1, 1.0 / 3,
							1.0 / 3 };
	double meas[12] = {
		150, 250, 0,	/* h: its own split of its time */
		850, 0, 0,	/* q0 */
		0, 380, 0,	/* q1 */
		0, 370, 300,	/* b, and 300 ns on CPU2 */
	};
	double pred[12], alone = 0, unmod = 0;

	(void)state;
	assert_int_equal(km_sub_init(&acc, 4, 3), 0);
	km_sub_add(&acc, 0.4, c1, s1, 0.999);
	km_sub_add(&acc, 0.6, c2, s2, 0.999);
	km_sub_predict(&acc, meas, pred, &alone, &unmod);
	assert_close(pred[0], 0.5 * 0.4 * 1000, 1e-9);
	assert_close(pred[1], 1.0 / 3 * 0.6 * 1000, 1e-9);
	assert_close(pred[3], (0.5 * 0.4 + 0.6) * 1000, 1e-9);
	assert_close(pred[7], (0.5 * 0.4 + 0.2) * 1000, 1e-9);
	assert_close(pred[10], (0.5 * 0.4 + 0.2) * 1000, 1e-9);
	assert_close(pred[11], 300, 0);		/* as measured */
	/* each CPU's prediction is its capacity */
	assert_close(pred[0] + pred[3], 1000, 1e-9);
	assert_close(pred[1] + pred[7] + pred[10], 1000, 1e-9);
	assert_close(alone, 0.6 * 1000, 1e-9);	/* q0 alone for 60 % */
	assert_close(unmod, 300, 0);
	km_sub_free(&acc);
}

/*
 * A CPU with work in part of the interval only (h alone on CPU1 for
 * 25 %): its whole capacity falls in that part.
 */
static void test_sub_idle_part(void **state)
{
	struct km_sub_acc acc;
	int c1[2] = { 0, 0 }, c2[2] = { 1, 0 };
	double s1[2] = { 0.5, 0.5 }, s2[2] = { 1, 1 };
	double meas[4] = { 375, 240, 625, 0 }, pred[4];

	(void)state;
	assert_int_equal(km_sub_init(&acc, 2, 2), 0);
	km_sub_add(&acc, 0.75, c1, s1, 0.999);
	km_sub_add(&acc, 0.25, c2, s2, 0.999);
	km_sub_predict(&acc, meas, pred, NULL, NULL);
	assert_close(pred[0], 0.5 * 0.75 * 1000, 1e-9);
	assert_close(pred[1], 240, 1e-9);
	assert_close(pred[2], (0.5 * 0.75 + 0.25) * 1000, 1e-9);
	km_sub_reset(&acc);
	km_sub_add(&acc, 1, c1, s1, 0.999);
	km_sub_predict(&acc, meas, pred, NULL, NULL);
	assert_close(pred[1], 240, 0);	/* CPU1 without work: as measured */
	km_sub_free(&acc);
}

/* km_pelt_mean(): loads averaged where the cfs_rq reads alike. */
static void test_pelt_mean(void **state)
{
	struct pelt_snap a, b, c, out;
	const struct pelt_snap *in[3] = { &a, &b, &c };

	(void)state;
	assert_int_equal(pelt_snap_alloc(&a, 1, 2), 0);
	assert_int_equal(pelt_snap_alloc(&b, 1, 2), 0);
	assert_int_equal(pelt_snap_alloc(&c, 1, 2), 0);
	assert_int_equal(pelt_snap_alloc(&out, 1, 2), 0);
	set_cpu(&a, 0, 0, 1000, 990, 1024);
	set_cpu(&b, 0, 0, 800, 790, 1024);
	set_cpu(&c, 0, 0, 600, 590, 1024);
	pelt_at(&c, 0, 0)->on_list = false;	/* not alike: left out */
	set_cpu(&a, 0, 1, 10, 0, 0);
	set_cpu(&b, 0, 1, 30, 20, 0);
	set_cpu(&c, 0, 1, 50, 40, 0);
	set_tg(&a, 0, 1010);
	set_tg(&b, 0, 830);
	set_tg(&c, 0, 650);
	km_pelt_mean(&out, in, 3);
	assert_close(pelt_at(&out, 0, 0)->load_avg, 900, 1e-9);
	assert_close(pelt_at(&out, 0, 0)->contrib, 890, 1e-9);
	assert_true(pelt_at(&out, 0, 0)->on_list);
	assert_close(pelt_at(&out, 0, 1)->load_avg, 30, 1e-9);
	assert_close(pelt_at(&out, 0, 1)->contrib, 20, 1e-9);
	assert_close(pelt_tg_load_avg(&out, 0), 830, 1e-9);
	km_pelt_mean(&out, in, 1);
	assert_close(pelt_at(&out, 0, 0)->load_avg, 1000, 0);
	pelt_snap_free(&a);
	pelt_snap_free(&b);
	pelt_snap_free(&c);
	pelt_snap_free(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_shares),
		cmocka_unit_test(test_ab),
		cmocka_unit_test(test_stale_offline),
		cmocka_unit_test(test_nested),
		cmocka_unit_test(test_throttled_missing),
		cmocka_unit_test(test_bw_interval),
		cmocka_unit_test(test_sub_one),
		cmocka_unit_test(test_sub_hopper),
		cmocka_unit_test(test_sub_idle_part),
		cmocka_unit_test(test_pelt_mean),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
