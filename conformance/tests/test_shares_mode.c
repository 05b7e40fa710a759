// SPDX-License-Identifier: GPL-2.0
/*
 * test_shares_mode.c - the group entity weight under each modelled
 * sched/cgroup_mode (model/shares_mode.c), worked by hand.
 *
 * The design's A/B case: A (weight 100) one task on CPU0; B (weight 100)
 * tasks on CPU0 and CPU1; 3 CPUs online; PELT steady (load_avg 1024 on
 * each runnable cfs_rq). tg_shares 1024; B on CPU0: load 1024, tg_weight
 * 2048.
 *   smp:    A 1024, B 1024 * 1024 / 2048 = 512: a gets 2/3 of CPU0.
 *   concur: tg_tasks(B) = (1024 + 1024) >> 10 = 2, tg_cpus 3, nr 2:
 *           B 2048 * 1024 / 2048 = 1024, A 1024: a gets 1/2.
 *           With runnable_avg 1023 on each CPU, (1023 + 1023) >> 10 = 1:
 *           nr 1, B 512 again, a gets 2/3 (the kernel rounds down).
 *   max:    A 3 * 1024 = 3072, B 3072 / 2 = 1536: a gets 2/3; with B's
 *           cpuset 0-1, tg_cpus(B) 2: B 1024, a gets 3072 / 4096 = 3/4.
 */
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

#define near(got, want)	assert_true(fabs((got) - (want)) <= 1e-9)

static struct scenario s;
static struct scn_state st;

static void parse(const char *text)
{
	tu_parse(text, &s, &st);
}

static void test_mode_names(void **state)
{
	(void)state;
	assert_int_equal(km_mode_parse("smp"), KM_MODE_SMP);
	assert_int_equal(km_mode_parse("concur"), KM_MODE_CONCUR);
	assert_int_equal(km_mode_parse("max"), KM_MODE_MAX);
	assert_int_equal(km_mode_parse("up"), KM_MODE_UP);
	assert_int_equal(km_mode_parse("tasks"), KM_MODE_TASKS);
	assert_int_equal(km_mode_parse("flat"), -1);
	assert_int_equal(km_mode_parse(NULL), -1);
	assert_string_equal(km_mode_name(KM_MODE_CONCUR), "concur");
	km_set_mode(KM_MODES);		/* out of range: smp */
	assert_int_equal(km_get_mode(), KM_MODE_SMP);
}

/* __calc_smp_shares(S, M) with S and M of each mode. */
static void test_mode_shares(void **state)
{
	(void)state;
	/* smp ignores tasks and CPUs: 1024 * 1024 / 2048 */
	near(km_mode_shares(KM_MODE_SMP, 1024, 1024, 2048, 4, 4), 512);
	/* concur: nr = min(tasks, cpus) */
	near(km_mode_shares(KM_MODE_CONCUR, 1024, 1024, 2048, 1, 4), 512);
	near(km_mode_shares(KM_MODE_CONCUR, 1024, 1024, 2048, 2, 4), 1024);
	near(km_mode_shares(KM_MODE_CONCUR, 1024, 1024, 2048, 3, 2), 1024);
	/* two tasks on one CPU: 2 * 1024 * 2048 / 2048, max nr * shares */
	near(km_mode_shares(KM_MODE_CONCUR, 1024, 2048, 2048, 2, 2), 2048);
	near(km_mode_shares(KM_MODE_CONCUR, 1024, 4096, 2048, 2, 2), 2048);
	/* counts below 1 count as 1 (the kernel's max(1, ...)) */
	near(km_mode_shares(KM_MODE_CONCUR, 1024, 1024, 2048, 0, 0), 512);
	/* max: cpus * shares, clamped at nice -20 (88761) */
	near(km_mode_shares(KM_MODE_MAX, 1024, 1024, 2048, 1, 2), 1024);
	near(km_mode_shares(KM_MODE_MAX, 1024, 1024, 1024, 1, 128), 88761);
	/* and never below MIN_SHARES */
	near(km_mode_shares(KM_MODE_CONCUR, 1024, 0, 2048, 2, 2),
	     KM_MIN_SHARES);
	near(km_mode_shares(KM_MODE_MAX, 1024, 0, 2048, 2, 2), KM_MIN_SHARES);
	/* up: tg_shares whatever the load, even none */
	near(km_mode_shares(KM_MODE_UP, 1024, 0, 2048, 2, 2), 1024);
	near(km_mode_shares(KM_MODE_UP, 1024, 1024, 4096, 3, 2), 1024);
	/* tasks: nr = tg_tasks, not bounded by the CPUs */
	near(km_mode_shares(KM_MODE_TASKS, 1024, 1024, 2048, 3, 2), 1536);
	near(km_mode_shares(KM_MODE_TASKS, 1024, 4096, 2048, 3, 2), 3072);
	near(km_mode_shares(KM_MODE_TASKS, 1024, 0, 2048, 3, 2),
	     KM_MIN_SHARES);
}

static const char ab[] =
	"name ab\ncpus 3\ngroup A weight=100\ngroup B weight=100\n"
	"task a group=A cpus=0\ntask b0 group=B cpus=0\n"
	"task b1 group=B cpus=1\n";

static const char ab_cpuset[] =
	"name ab\ncpus 3\ngroup A weight=100\n"
	"group B weight=100 cpuset=0-1\n"
	"task a group=A cpus=0\ntask b0 group=B cpus=0\n"
	"task b1 group=B cpus=1\n";

static void steady(struct pelt_snap *p, double runnable)
{
	static const int gc[3][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 } };

	pelt_snap_clear(p);
	for (int i = 0; i < 3; i++) {
		struct pelt_cpu *pc = pelt_at(p, gc[i][0], gc[i][1]);

		pc->present = pc->online = pc->on_list = true;
		pc->load_avg = pc->contrib = pc->weight = 1024;
		pc->runnable_avg = runnable;
	}
	p->grp[0].present = p->grp[0].has_tg = true;
	p->grp[0].tg_load_avg = 1024;
	p->grp[1].present = p->grp[1].has_tg = true;
	p->grp[1].tg_load_avg = 2048;
}

/* a's share of CPU0 for mode @m, as defined and as computed. */
static double a_share(struct pelt_snap *p, enum km_mode m)
{
	static const int inst[3] = { 0, 1, 2 };
	struct task_sample ts[3] = {
		{ .cpu = 0, .state = 'R' }, { .cpu = 0, .state = 'R' },
		{ .cpu = 1, .state = 'R' },
	};
	struct km_input in = {
		.s = &s, .st = &st, .p = p, .online = 0x7, .ncpus = 3,
		.ninst = 3, .inst_task = inst, .ts = ts,
	};
	double sh[3], def;

	km_set_mode(m);
	assert_int_equal(km_shares(&in, KM_DEFINED, sh), 0);
	def = sh[0];
	near(sh[1], 1 - def);		/* b0 the rest of CPU0 */
	near(sh[2], 1);			/* b1 alone on CPU1 */
	assert_int_equal(km_shares(&in, KM_COMPUTED, sh), 0);
	near(sh[0], def);
	km_set_mode(KM_MODE_SMP);
	return def;
}

static void test_ab_modes(void **state)
{
	struct pelt_snap p;

	(void)state;
	parse(ab);
	assert_int_equal(pelt_snap_alloc(&p, 2, 3), 0);
	steady(&p, 1024);
	near(a_share(&p, KM_MODE_SMP), 2.0 / 3);
	near(a_share(&p, KM_MODE_CONCUR), 1.0 / 2);
	near(a_share(&p, KM_MODE_MAX), 2.0 / 3);
	steady(&p, 1023);
	near(a_share(&p, KM_MODE_CONCUR), 2.0 / 3);
	pelt_snap_free(&p);

	parse(ab_cpuset);
	assert_int_equal(pelt_snap_alloc(&p, 2, 3), 0);
	steady(&p, 1024);
	near(a_share(&p, KM_MODE_MAX), 3.0 / 4);
	near(a_share(&p, KM_MODE_CONCUR), 1.0 / 2);	/* min(2, 2) */
	pelt_snap_free(&p);
}

static const char ab_grow[] =
	"name ab\ncpus 3\ngroup A weight=100\ngroup B weight=100\n"
	"task a group=A cpus=0\ntask b0 group=B cpus=0\n"
	"task b1 group=B cpus=1\nat 1s cpuset B 0-1\n";

/*
 * tg_cpus follows the cpuset of the state, not the one the group was
 * created with: B's cpuset written to 0-1 by a "cpuset" action makes
 * max's tg_cpus(B) 2 (a gets 3/4, as with ab_cpuset); a cpuset of one
 * CPU bounds concur's nr(B) = min(2, 1) = 1 (B 512, a 2/3).
 */
static void test_cpuset_state(void **state)
{
	struct pelt_snap p;

	(void)state;
	parse(ab_grow);
	assert_int_equal(pelt_snap_alloc(&p, 2, 3), 0);
	steady(&p, 1024);
	near(a_share(&p, KM_MODE_MAX), 2.0 / 3);
	scn_state_apply(&s, &st, &s.phases[0]);
	near(a_share(&p, KM_MODE_MAX), 3.0 / 4);
	near(a_share(&p, KM_MODE_CONCUR), 1.0 / 2);
	st.group_cpuset[1] = 0x1;
	near(a_share(&p, KM_MODE_CONCUR), 2.0 / 3);
	pelt_snap_free(&p);
}

/*
 * B's runnable_avg sums to 2046: tg->runnable_avg, folded at 1/64 steps,
 * may be 2014..2078, so tg_tasks() may be 1 or 2. The count whose weight
 * is nearer B's sampled entity weight on the CPU is taken; where the
 * range holds one count (1500: 1476..1523) the entity weight is ignored.
 */
static void test_count_range(void **state)
{
	struct pelt_snap p;
	struct pelt_cpu *b0;

	(void)state;
	parse(ab);
	assert_int_equal(pelt_snap_alloc(&p, 2, 3), 0);
	steady(&p, 1023);
	b0 = pelt_at(&p, 1, 0);
	b0->has_se = true;
	b0->se_weight = 1000;		/* nearer nr 2's 1024 than nr 1's 512 */
	near(a_share(&p, KM_MODE_CONCUR), 1.0 / 2);
	b0->se_weight = 600;		/* nearer 512: nr 1 */
	near(a_share(&p, KM_MODE_CONCUR), 2.0 / 3);
	steady(&p, 750);		/* B 1500: nr 1 whatever the weight */
	b0->has_se = true;
	b0->se_weight = 1024;
	near(a_share(&p, KM_MODE_CONCUR), 2.0 / 3);
	p.grp[1].tg_tasks = 2;		/* the kernel's own count wins */
	near(a_share(&p, KM_MODE_CONCUR), 1.0 / 2);
	/*
	 * B one task (1016 on CPU0) but the kernel still counts 2: a stale
	 * tg->runnable_avg the per-CPU averages do not allow; the model
	 * counts 1 (1016 * 1.04 + 512 < 2048).
	 */
	steady(&p, 508);
	p.grp[1].tg_tasks = 2;
	near(a_share(&p, KM_MODE_CONCUR), 2.0 / 3);
	p.grp[1].tg_tasks = 1;
	near(a_share(&p, KM_MODE_CONCUR), 2.0 / 3);
	pelt_snap_free(&p);
}

/* Without a PELT sample: tg_tasks counts the runnable tasks below. */
static void test_nominal(void **state)
{
	static const int inst[3] = { 0, 1, 2 };
	struct task_sample ts[3] = {
		{ .cpu = 0, .state = 'R' }, { .cpu = 0, .state = 'R' },
		{ .cpu = 1, .state = 'R' },
	};
	struct km_input in = {
		.s = &s, .st = &st, .online = 0x7, .ncpus = 3, .ninst = 3,
		.inst_task = inst, .ts = ts,
	};
	double sh[3];

	(void)state;
	parse(ab);
	/* nominal: B on CPU0 load 1024 = tg_weight: smp 1024, concur 2048 */
	km_set_mode(KM_MODE_CONCUR);
	assert_true(km_shares(&in, KM_DEFINED, sh) > 0);
	near(sh[0], 1024.0 / (1024 + 2048));
	ts[2].state = 'S';		/* one task of B runnable: nr 1 */
	assert_true(km_shares(&in, KM_DEFINED, sh) > 0);
	near(sh[0], 0.5);
	km_set_mode(KM_MODE_SMP);
	ts[2].state = 'R';
	assert_true(km_shares(&in, KM_DEFINED, sh) > 0);
	near(sh[0], 0.5);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mode_names),
		cmocka_unit_test(test_mode_shares),
		cmocka_unit_test(test_ab_modes),
		cmocka_unit_test(test_count_range),
		cmocka_unit_test(test_cpuset_state),
		cmocka_unit_test(test_nominal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
