// SPDX-License-Identifier: GPL-2.0
/*
 * test_verdict.c - the verdict on synthetic sample sets whose measured
 * CPU time is constructed from a known split, the aggregation check on
 * planted stale contributions, and the KTAP and JSON writers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "output/output.h"
#include "tests/testutil.h"
#include "run/run.h"
#include "scenario/scenario.h"
#include "verdict/verdict.h"

static void assert_close(double got, double want, double tol)
{
	if (!(fabs(got - want) <= tol))
		fail_msg("got %.9g, want %.9g (tol %g)", got, want, tol);
}

/* A (100): a on CPU0; B (100): b0 on CPU0, b1 on CPU1. 3 CPUs. */
static const char ab[] =
	"name ab\ncpus 3\ngroup A weight=100\ngroup B weight=100\n"
	"task a group=A cpus=0\ntask b0 group=B cpus=0\n"
	"task b1 group=B cpus=1\n";

static struct scenario s;
static struct scn_state st;
static struct scn_result res;
static const int inst_task[3] = { 0, 1, 2 };

#define PERIOD_US	50000
#define NSAMPLES	51	/* 0 .. 2.5 s */

/*
 * share_a: a's share of CPU0 in each interval (the model says 2/3);
 * wobble: alternating +-wobble added to it.
 */
static void build(struct sample_set *ss, double share_a, double wobble,
		  double stale_tg, int stale_cpu_contrib)
{
	uint64_t ns[3] = { 0, 0, 0 };
	int k, i;

	assert_int_equal(sset_init(ss, NSAMPLES, 3, 2, 3), 0);
	for (k = 0; k < NSAMPLES; k++) {
		struct sample *sm = &ss->v[k];
		struct pelt_snap *p = &sm->pelt;
		double f = share_a + (k % 2 ? wobble : -wobble);

		if (k > 0) {
			ns[0] += (uint64_t)(PERIOD_US * 1000.0 * f);
			ns[1] += (uint64_t)(PERIOD_US * 1000.0 * (1 - f));
			ns[2] += PERIOD_US * 1000ull;
		}
		sm->t_us = (uint64_t)k * PERIOD_US;
		sm->online = 0x3;
		sm->usage_ok = true;
		sm->usage_us[0] = ns[0] / 1000;
		sm->usage_us[1] = (ns[1] + ns[2]) / 1000;
		for (i = 0; i < 3; i++) {
			sm->ts[i].ns = ns[i];
			sm->ts[i].cpu = i == 2 ? 1 : 0;
			sm->ts[i].state = 'R';
		}
		sm->pelt_ok = true;
		sm->pelt_ref = k;
		p->grp[0].present = p->grp[0].has_tg = true;
		p->grp[0].tg_load_avg = 1024 + stale_tg;
		p->grp[1].present = p->grp[1].has_tg = true;
		p->grp[1].tg_load_avg = 2048;
		for (i = 0; i < 3; i++) {
			struct pelt_cpu *a = pelt_at(p, 0, i);
			struct pelt_cpu *b = pelt_at(p, 1, i);

			a->present = b->present = true;
			a->online = b->online = i < 2;
			a->on_list = b->on_list = i < 2;
		}
		pelt_at(p, 0, 0)->load_avg = 1024;
		pelt_at(p, 0, 0)->contrib = 1024;
		pelt_at(p, 0, 0)->weight = 1024;
		pelt_at(p, 1, 0)->load_avg = 1024;
		pelt_at(p, 1, 0)->contrib = 1024;
		pelt_at(p, 1, 0)->weight = 1024;
		pelt_at(p, 1, 1)->load_avg = 1024;
		pelt_at(p, 1, 1)->contrib = 1024;
		pelt_at(p, 1, 1)->weight = 1024;
		if (stale_cpu_contrib) {
			pelt_at(p, 0, 2)->contrib = stale_tg;
			pelt_at(p, 0, 2)->load_avg = stale_tg;
		} else {
			pelt_at(p, 0, 2)->present = false;
		}
		ss->n++;
	}
}

static void analyze(struct sample_set *ss, enum pelt_source src)
{
	struct vd_input in = {
		.s = &s, .st = &st, .ss = ss, .inst_task = inst_task,
		.src = src, .win_start_us = scn_measure_start_us(&s),
		.win_len_us = s.measure_us,
	};

	memset(&res, 0, sizeof(res));
	assert_int_equal(vd_analyze(&in, &res), 0);
}

static int setup(void **state)
{
	char err[SCN_ERR_MAX];

	(void)state;
	if (scn_parse_buffer("ab.scn", ab, strlen(ab), &s, err, sizeof(err)))
		fail_msg("%s", err);
	scn_state_init(&s, &st);
	return 0;
}

/* Measured exactly as modelled: error 0, pass; 2/3 of CPU0 + CPU1. */
static void test_exact(void **state)
{
	struct sample_set ss;

	(void)state;
	build(&ss, 2.0 / 3, 0, 0, 0);
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_int_equal(res.v, V_PASS);
	assert_int_equal(res.intervals, 40);
	assert_int_equal(res.subwindows, 8);
	assert_close(res.g[0].measured, 1.0 / 3, 1e-6);
	assert_close(res.g[0].model[KM_DEFINED], 1.0 / 3, 1e-6);
	assert_close(res.g[0].model[KM_COMPUTED], 1.0 / 3, 1e-6);
	assert_close(res.g[0].err.mean, 0, 1e-6);
	assert_close(res.g[0].measured_cpu, 2.0 / 3, 1e-6);
	assert_close(res.g[1].measured_cpu, 4.0 / 3, 1e-6);
	assert_close(res.g[0].cpu_measured[0], 2.0 / 3, 1e-6);
	assert_close(res.g[1].cpu_model[1], 1.0, 1e-6);
	assert_close(res.cpu_capacity[0], 1, 1e-6);
	assert_close(res.cpu_capacity[2], 0, 0);
	/* Ideal: A and B 1 CPU each, so A is 1/6 short of its intent. */
	assert_close(res.g[0].ideal, 0.5, 1e-6);
	assert_close(res.g[0].intent_dev, 1.0 / 3 - 0.5, 1e-6);
	/* the usage cross-check is the runner's, after (test_usage_check) */
	assert_true(isnan(res.g[0].usage_cpu));
	assert_true(res.agg_ok);
	assert_int_equal(res.agg_checked, 2 * 41);
	assert_true(res.g[0].pass && res.g[1].pass);
	/* CPU0 (half the time) shared, b1 alone on CPU1 */
	assert_close(res.tested, 0.5, 1e-6);
	assert_close(res.alone, 0.5, 1e-6);
	assert_close(res.unmodelled, 0, 0);
	sset_free(&ss);
}

/* Mark instance i asleep ('S') at every sample of ss. */
static void all_asleep(struct sample_set *ss, int i)
{
	for (int k = 0; k < ss->n; k++)
		ss->v[k].ts[i].state = 'S';
}

/*
 * A window that cannot disagree with the model must not pass: a asleep
 * at every sample and given no time leaves b0 and b1 alone on their CPUs
 * (charged their own time by construction); time charged to tasks seen
 * asleep at every sample is time the model has no say over.
 */
static void test_coverage(void **state)
{
	struct sample_set ss;

	(void)state;
	build(&ss, 0, 0, 0, 0);
	all_asleep(&ss, 0);
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_close(res.tested, 0, 1e-9);
	assert_close(res.alone, 1, 1e-9);
	assert_int_equal(res.v, V_ERROR);
	assert_non_null(strstr(res.reason, "nothing tested"));
	sset_free(&ss);

	build(&ss, 2.0 / 3, 0, 0, 0);
	for (int i = 0; i < 3; i++)
		all_asleep(&ss, i);
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_close(res.unmodelled, 1, 1e-6);
	assert_int_equal(res.v, V_ERROR);
	assert_non_null(strstr(res.reason, "no runnable task was sampled"));
	sset_free(&ss);
}

static int diag_with(const char *what)
{
	int i, n = 0;

	for (i = 0; i < res.ndiag; i++)
		n += strstr(res.diag[i], what) != NULL;
	return n;
}

/* vd_usage_check() on ss, its diagnostics in res. */
static void usage_check(struct sample_set *ss)
{
	struct vd_input in = {
		.s = &s, .st = &st, .ss = ss, .inst_task = inst_task,
		.src = PELT_SRC_CPU_PELT,
		.win_start_us = scn_measure_start_us(&s),
		.win_len_us = s.measure_us,
	};

	memset(&res, 0, sizeof(res));
	vd_usage_check(&in, &res);
}

/*
 * The cgroup usage cross-check takes the two samples with usage, the
 * window's first (here 0.5 s) and the last (the runner's after the
 * window), and compares each group's usage with its tasks' CPU time over
 * the same samples: A 2/3 of a CPU, B 4/3 (b0 1/3, b1 1). A usage 10 %
 * short is named; a missing end says the check was not done, and why.
 */
static void test_usage_check(void **state)
{
	struct sample_set ss;
	int k, last;

	(void)state;
	build(&ss, 2.0 / 3, 0, 0, 0);
	last = ss.n - 1;
	for (k = 0; k < ss.n; k++)
		ss.v[k].usage_ok = k == 10 || k == last;
	usage_check(&ss);
	assert_close(res.g[0].usage_cpu, 2.0 / 3, 1e-4);
	assert_close(res.g[0].usage_task_cpu, 2.0 / 3, 1e-6);
	assert_close(res.g[1].usage_cpu, 4.0 / 3, 1e-4);
	assert_close(res.g[1].usage_task_cpu, 4.0 / 3, 1e-6);
	assert_int_equal(diag_with("cgroup usage cross-check (0.500-2.500 s): "
				   "0 of 2 groups off by more than 2 %"), 1);
	ss.v[last].usage_us[0] = ss.v[10].usage_us[0] +
		(ss.v[last].usage_us[0] - ss.v[10].usage_us[0]) * 9 / 10;
	usage_check(&ss);
	assert_close(res.g[0].usage_cpu, 0.6, 1e-4);
	assert_int_equal(diag_with("A: cgroup usage 0.6000 CPUs vs task sum "
				   "0.6667 CPUs"), 1);
	assert_int_equal(diag_with("1 of 2 groups off"), 1);
	ss.v[last].usage_ok = false;
	usage_check(&ss);
	assert_true(isnan(res.g[0].usage_cpu) && isnan(res.g[1].usage_cpu));
	assert_int_equal(diag_with("cgroup usage cross-check: not done (no "
				   "usage read after the window)"), 1);
	ss.v[10].usage_ok = false;
	usage_check(&ss);
	assert_int_equal(diag_with("not done (no usage read at the window's "
				   "start)"), 1);
	sset_free(&ss);
}

/*
 * A task runnable at every sample that gets no CPU at all is named as
 * starved (what a vruntime kept across a cgroup move does); one that runs
 * is not.
 */
static void test_starved(void **state)
{
	struct sample_set ss;

	(void)state;
	build(&ss, 0, 0, 0, 0);
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_int_equal(res.v, V_FAIL);
	assert_int_equal(diag_with("starved: a (instance 0, on cpu0) was "
				   "runnable at 41 of 41 samples"), 1);
	assert_int_equal(diag_with("starved:"), 1);
	sset_free(&ss);
	build(&ss, 2.0 / 3, 0, 0, 0);
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_int_equal(diag_with("starved:"), 0);
	sset_free(&ss);
}

/*
 * Noise of +-0.6% of CPU0 per interval, alternating: within every
 * sub-window of 5 intervals it does not cancel exactly, but the interval
 * stays inside +-1%. A bias of 3% of CPU0 (1.5% of the total) on top of it
 * fails.
 */
static void test_noise_and_bias(void **state)
{
	struct sample_set ss;

	(void)state;
	build(&ss, 2.0 / 3, 0.006, 0, 0);
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_int_equal(res.v, V_PASS);
	assert_true(res.g[0].err.half_width > 0);
	assert_true(res.g[0].err.hi < 0.01 && res.g[0].err.lo > -0.01);
	sset_free(&ss);

	build(&ss, 2.0 / 3 + 0.03, 0.006, 0, 0);
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_int_equal(res.v, V_FAIL);
	assert_false(res.g[0].pass);
	assert_close(res.g[0].err.mean, 0.015, 1e-4);
	assert_non_null(strstr(res.reason, "A"));
	sset_free(&ss);
}

/*
 * sched/debug view of the offline-CPU bug: tg_load_avg of A includes
 * 1024 from CPU2, which sched/debug does not show. The measured split
 * follows the inflated value (a gets half of CPU0): the computed model
 * agrees with it, the defined one does not, and the aggregation check
 * names the hidden amount.
 */
static void test_hidden_contrib(void **state)
{
	struct sample_set ss;

	(void)state;
	build(&ss, 0.5, 0, 1024, 0);
	analyze(&ss, PELT_SRC_DEBUGFS);
	assert_int_equal(res.v, V_FAIL);
	assert_false(res.agg_ok);
	assert_int_equal(res.nissues, 1);
	assert_string_equal(res.issues[0].kind, "hidden_contrib");
	assert_int_equal(res.issues[0].group, 0);
	assert_int_equal(res.issues[0].cpu, -1);
	assert_close(res.issues[0].amount, 1024, 1e-9);
	assert_close(res.g[0].model[KM_COMPUTED], 0.25, 1e-6);
	assert_close(res.g[0].model[KM_DEFINED], 1.0 / 3, 1e-6);
	assert_close(res.g[0].measured, 0.25, 1e-6);
	assert_close(res.model_disagreement, 1.0 / 12, 1e-6);
	sset_free(&ss);
}

/* cpu.pelt shows the offline CPU: the issue names CPU2 and 1024. */
static void test_offline_contrib(void **state)
{
	struct sample_set ss;

	(void)state;
	build(&ss, 0.5, 0, 1024, 1);
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_int_equal(res.v, V_FAIL);
	assert_false(res.agg_ok);
	assert_int_equal(res.nissues, 1);
	assert_string_equal(res.issues[0].kind, "offline_contrib");
	assert_int_equal(res.issues[0].cpu, 2);
	assert_close(res.issues[0].amount, 1024, 1e-9);
	assert_non_null(strstr(res.issues[0].detail, "cpu2"));
	sset_free(&ss);
}

/* A contribution that no longer follows its cfs_rq's load. */
static void test_stale_contrib(void **state)
{
	struct sample_set ss;
	int k;

	(void)state;
	build(&ss, 2.0 / 3, 0, 0, 0);
	for (k = 0; k < ss.n; k++) {
		/* A's cfs_rq on CPU0 says 1024, its contrib says 1500 */
		pelt_at(&ss.v[k].pelt, 0, 0)->contrib = 1500;
		ss.v[k].pelt.grp[0].tg_load_avg = 1500;
	}
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_false(res.agg_ok);
	assert_string_equal(res.issues[0].kind, "stale_contrib");
	assert_int_equal(res.issues[0].cpu, 0);
	assert_close(res.issues[0].amount, 476, 1e-9);
	sset_free(&ss);

	/* A transient (every 4th sample) is not persistent: no issue. */
	build(&ss, 2.0 / 3, 0, 0, 0);
	for (k = 0; k < ss.n; k += 4)
		pelt_at(&ss.v[k].pelt, 0, 0)->contrib = 1500;
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_true(res.agg_ok);
	sset_free(&ss);
}

/*
 * A's entity on CPU0 runnable 40 % of late while its cfs_rq's hog has
 * been runnable all along: the load that arrived was not propagated.
 */
static void set_se(struct sample_set *ss, double se_load_avg, char state)
{
	for (int k = 0; k < ss->n; k++) {
		struct pelt_cpu *pc = pelt_at(&ss->v[k].pelt, 0, 0);

		pc->has_se = true;
		pc->se_weight = 1024;
		pc->se_load_avg = se_load_avg;
		ss->v[k].ts[0].state = state;
	}
}

static void test_unpropagated(void **state)
{
	struct sample_set ss;

	(void)state;
	build(&ss, 2.0 / 3, 0, 0, 0);
	set_se(&ss, 400, 'R');
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_false(res.agg_ok);
	assert_int_equal(res.v, V_FAIL);
	assert_string_equal(res.issues[0].kind, "unpropagated");
	assert_int_equal(res.issues[0].cpu, -1);
	assert_close(res.issues[0].amount, 624, 1e-9);
	assert_non_null(strstr(res.issues[0].detail, "below its cfs_rq"));
	sset_free(&ss);

	/* following its cfs_rq within the slack: no issue */
	build(&ss, 2.0 / 3, 0, 0, 0);
	set_se(&ss, 900, 'R');
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_true(res.agg_ok);
	sset_free(&ss);

	/* a task of A asleep on CPU0: blocked load, not checked */
	build(&ss, 2.0 / 3, 0, 0, 0);
	set_se(&ss, 400, 'S');
	analyze(&ss, PELT_SRC_CPU_PELT);
	for (int i = 0; i < res.nissues; i++)
		assert_string_not_equal(res.issues[i].kind, "unpropagated");
	sset_free(&ss);
}

/*
 * CPU1's vCPU stalls across two samples: its task's time stands still
 * for 100 ms, then the whole gap is charged in one interval, 100 ms more
 * than CPU0 and CPU1 could give. A clean run shows no excess.
 */
static void test_charge_excess(void **state)
{
	struct sample_set ss;
	int k;

	(void)state;
	build(&ss, 2.0 / 3, 0, 0, 0);
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_int_equal(res.charge_excess_us, 0);
	for (k = 20; k <= 21; k++)
		ss.v[k].ts[2].ns = ss.v[19].ts[2].ns;
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_int_equal(res.charge_excess_us, 100000);
	sset_free(&ss);
}

/*
 * From interval k on, a (CPU0) gets ms more than b0 (less if ms < 0),
 * repaid in the next repay intervals: what a host stall of CPU0 charged
 * to one of them leaves behind.
 */
static void stall_a(struct sample_set *ss, int k, double ms, int repay)
{
	int j, i;

	for (j = k; j < ss->n; j++) {
		double d = ms;

		for (i = 1; i <= repay; i++)
			if (j >= k + i)
				d -= ms / repay;
		ss->v[j].ts[0].ns += (int64_t)(d * 1e6);
		ss->v[j].ts[1].ns -= (int64_t)(d * 1e6);
	}
}

/*
 * A steady window (pinned hogs) takes the lag interval: a 20 ms stall at
 * a sub-window's end, repaid in the next, leaves the mean error at 0 and
 * passes, where the sub-window interval (+-0.014) would not; a steady
 * bias of 1.5 % still fails (test_noise_and_bias).
 */
static void test_stall_repaid(void **state)
{
	struct sample_set ss;

	(void)state;
	build(&ss, 2.0 / 3, 0, 0, 0);
	stall_a(&ss, 20, -20, 3);	/* the stall charged to b0 */
	analyze(&ss, PELT_SRC_CPU_PELT);
	assert_int_equal(res.ci_method, VD_CI_LAG);
	assert_close(res.g[0].err.mean, 0, 1e-6);
	if (!(res.g[0].sub_half_width > 0.01))
		fail_msg("sub-window half-width %.4f", res.g[0].sub_half_width);
	if (!(res.g[0].err.half_width < 0.5 * res.g[0].sub_half_width))
		fail_msg("lag half-width %.4f vs sub-windows %.4f",
			 res.g[0].err.half_width, res.g[0].sub_half_width);
	assert_int_equal(res.v, V_PASS);
	sset_free(&ss);
}

static void set_stall(struct sample_set *ss, int inst, int k, double ms)
{
	for (; k < ss->n; k++)
		ss->v[k].ts[inst].stall_ns += (uint64_t)(ms * 1e6);
}

/*
 * A 120 ms charge to a near the window's end, never repaid, fails the
 * verdict (+0.0125). When the workers' probe measured it as charged while
 * a did not run, the failure is put down to the host; measured in the
 * window's first half (repaid by then, were it the cause), charged to b0
 * (it would have made A's share smaller), or too small, it is not.
 */
static void test_stall_explains(void **state)
{
	static const struct {
		int inst, k;
		double ms;
		bool explains;
	} c[] = {
		{ 0, 48, 120, true }, { 0, 15, 120, false },
		{ 1, 48, 120, false }, { 0, 48, 20, false },
	};
	struct sample_set ss;
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		build(&ss, 2.0 / 3, 0, 0, 0);
		stall_a(&ss, 48, 120, 0);
		set_stall(&ss, c[i].inst, c[i].k, c[i].ms);
		analyze(&ss, PELT_SRC_CPU_PELT);
		assert_int_equal(res.v, V_FAIL);
		assert_close(res.g[0].err.mean, 0.0125, 0.0005);
		if (res.stall_explains != c[i].explains)
			fail_msg("case %u: stall_explains %d", i,
				 res.stall_explains);
		assert_int_equal(res.stall_us, (uint64_t)(c[i].ms * 1000));
		sset_free(&ss);
	}
}

/* Which windows are steady: pinned hogs only, no bandwidth limit. */
static void test_ci_method(void **state)
{
	static const char *const bufs[] = {
		"name u\ncpus 2\ngroup A\ntask a group=A cpus=0-1\n",
		"name d\ncpus 2\ngroup A\ntask a group=A cpus=0 kind=duty run=5ms sleep=5ms\n",
		"name m\ncpus 2\ngroup A max=50ms/100ms\ntask a group=A cpus=0\n",
		"name p\ncpus 2\ngroup A\ntask a group=A cpus=1 count=3\n",
	};
	const bool steady[] = { false, false, false, true };
	struct scenario sc;
	struct scn_state sst;
	char err[SCN_ERR_MAX];
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(bufs) / sizeof(bufs[0]); i++) {
		if (scn_parse_buffer("m.scn", bufs[i], strlen(bufs[i]), &sc,
				     err, sizeof(err)))
			fail_msg("%u: %s", i, err);
		scn_state_init(&sc, &sst);
		if (vd_steady(&sc, &sst) != steady[i])
			fail_msg("%s: steady %d", sc.name, !steady[i]);
	}
}

static void test_too_few_samples(void **state)
{
	struct sample_set ss;
	struct vd_input in = {
		.s = &s, .st = &st, .inst_task = inst_task,
		.src = PELT_SRC_CPU_PELT, .win_start_us = 10000000,
		.win_len_us = 2000000,
	};

	(void)state;
	build(&ss, 2.0 / 3, 0, 0, 0);
	in.ss = &ss;
	memset(&res, 0, sizeof(res));
	assert_int_equal(vd_analyze(&in, &res), -ENODATA);
	assert_int_equal(res.v, V_ERROR);
	sset_free(&ss);
}

/*
 * A task found runnable on a CPU other than at the latest PELT read makes
 * the sampler read PELT again; a sleeping one, or one where it was, not.
 */
static void test_moved(void **state)
{
	struct sample_set ss;
	struct sample *sm;

	(void)state;
	build(&ss, 2.0 / 3, 0, 0, 0);
	sm = &ss.v[10];
	sm->pelt_ref = 6;
	assert_false(sampler_moved(&ss, sm));
	sm->ts[0].cpu = 1;
	assert_true(sampler_moved(&ss, sm));
	sm->ts[0].state = 'S';
	assert_false(sampler_moved(&ss, sm));
	sm->ts[0].state = 'R';
	ss.v[6].ts[0].cpu = 1;
	assert_false(sampler_moved(&ss, sm));
	sm->pelt_ref = -1;
	assert_false(sampler_moved(&ss, sm));
	sset_free(&ss);
}

/* The sequential looks on the window as it grows (verdict/sequential.c). */
static void stall_a(struct sample_set *ss, int k, double ms, int repay);

static bool seq_at(struct sample_set *ss, const struct seq_plan *p, int look)
{
	static struct scenario scratch;
	struct vd_input in = {
		.s = &s, .st = &st, .ss = ss, .inst_task = inst_task,
		.src = PELT_SRC_CPU_PELT,
		.win_start_us = scn_measure_start_us(&s),
	};

	scratch = s;
	return seq_look(p, look, &in, &scratch, &res);
}

/*
 * Exact: PASS at the first look (0.75 s). A bias of 1.5 % of the total:
 * FAIL at the first look. A bias of 1 %, the tolerance itself, and a
 * random walk of +-6 ms charges on top: no look decides until the last,
 * INCONCLUSIVE; the fixed window calls it FAIL.
 */
static void test_seq_looks(void **state)
{
	struct sample_set ss;
	struct seq_opts o;
	struct seq_plan p;

	(void)state;
	seq_opts_default(&o);
	seq_plan_scenario(&p, &o, &s);
	build(&ss, 2.0 / 3, 0.006, 0, 0);
	assert_true(seq_at(&ss, &p, 0));
	assert_int_equal(res.v, V_PASS);
	assert_int_equal(res.win_len_us, SEQ_EARLY_US);
	assert_int_equal(res.intervals, 15);
	sset_free(&ss);

	build(&ss, 2.0 / 3 + 0.03, 0.006, 0, 0);
	assert_true(seq_at(&ss, &p, 0));
	assert_int_equal(res.v, V_FAIL);
	assert_non_null(strstr(res.reason, "outside"));
	sset_free(&ss);

	build(&ss, 2.0 / 3 + 0.02, 0.006, 0, 0);
	for (unsigned int k = 1, x = 7; k < NSAMPLES; k++) {
		x = x * 1103515245u + 12345u;
		stall_a(&ss, (int)k, x & 0x10000 ? 6 : -6, 0); /* random walk */
	}
	for (int l = 0; l < p.nlooks - 1; l++)
		if (seq_at(&ss, &p, l))
			fail_msg("look %d decided %s: %s", l,
				 verdict_name(res.v), res.reason);
	assert_true(seq_at(&ss, &p, p.nlooks - 1));
	assert_int_equal(res.v, V_INCONCLUSIVE);
	assert_non_null(strstr(res.reason, "straddles"));
	o.fixed_window = true;
	seq_plan_scenario(&p, &o, &s);
	assert_true(seq_at(&ss, &p, 0));
	assert_int_equal(res.v, V_FAIL);
	assert_int_equal(res.win_len_us, s.measure_us);
	sset_free(&ss);
}


/*
 * Hoppers: A's hopper h beside B's b0 (CPU0) and b1 (CPU1). In odd
 * intervals h starts on CPU0 and hops to CPU1 at 0.2 of it, in even ones
 * back to CPU0 at 0.6: every sample sees it where it ended. Where it
 * shares a CPU with b, A's entity has the whole of A's load (the PELT
 * reads show it there) and B's half of B's: h gets 2/3 of that CPU, b
 * 1/3; a b alone gets its CPU.
 */
static const char hopab[] =
	"name hopab\ncpus 2\ngroup A weight=100\ngroup B weight=100\n"
	"task h group=A kind=hopper hop=10ms cpus=0,1\n"
	"task b0 group=B cpus=0\ntask b1 group=B cpus=1\n";

static struct scenario hs;
static struct scn_state hst;

/* Interval k (>= 1): h's CPU at its start, and the fraction there. */
static int hop_from(int k)
{
	return k % 2 ? 0 : 1;
}

static double hop_frac(int k)
{
	return k % 2 ? 0.2 : 0.6;
}

/* The PELT read of sample k: A's load where h is. */
static void hop_pelt_read(struct sample *sm, int k, int hcpu)
{
	int c;

	sm->pelt_ok = true;
	sm->pelt_ref = k;
	for (c = 0; c < 2; c++) {
		struct pelt_cpu *a = pelt_at(&sm->pelt, 0, c);
		struct pelt_cpu *b = pelt_at(&sm->pelt, 1, c);

		a->present = b->present = a->online = b->online = true;
		a->on_list = b->on_list = true;
		a->load_avg = a->contrib = a->weight = c == hcpu ? 1024 : 0;
		b->load_avg = b->contrib = b->weight = 1024;
	}
	sm->pelt.grp[0].present = sm->pelt.grp[0].has_tg = true;
	sm->pelt.grp[0].tg_load_avg = 1024;
	sm->pelt.grp[1].present = sm->pelt.grp[1].has_tg = true;
	sm->pelt.grp[1].tg_load_avg = 2048;
}

/* Sample k: tasks, PELT, h's read and hop; own: h's own count so far. */
static void hop_sample(struct sample_set *ss, int k, const uint64_t *ns,
		       const uint64_t *own, bool whole)
{
	struct sample *sm = &ss->v[k];
	struct hop_log *hl = ss->hop;
	struct hop_read *rd = hop_at(hl, k, 0);
	int hcpu = k ? 1 - hop_from(k) : 0, i;

	sm->t_us = (uint64_t)k * PERIOD_US;
	sm->online = 0x3;
	for (i = 0; i < 3; i++) {
		sm->ts[i].ns = ns[i];
		sm->ts[i].cpu = i ? i - 1 : hcpu;
		sm->ts[i].state = 'R';
	}
	hop_pelt_read(sm, k, hcpu);
	rd->ok = whole;
	rd->cpu = hcpu;
	rd->t_ns = sm->t_us * 1000;
	rd->hops = k;
	rd->cpu_ns[0] = own[0];
	rd->cpu_ns[1] = own[1];
	rd->ev0 = hl->nev;
	rd->nev = k ? 1 : 0;
	if (k)
		hl->ev[hl->nev++] = (struct wl_hop_ev){ rd->t_ns -
			(uint64_t)((1 - hop_frac(k)) * PERIOD_US * 1000),
			hcpu };
}

/* The sample set of the hoppers' tests; whole: the hop reads are. */
static void build_hop(struct sample_set *ss, bool whole)
{
	double p = PERIOD_US * 1000.0;
	uint64_t ns[3] = { 0, 0, 0 }, own[2] = { 0, 0 };
	int k;

	assert_int_equal(sset_init(ss, NSAMPLES, 3, 2, 2), 0);
	ss->hop = calloc(1, sizeof(*ss->hop));
	assert_non_null(ss->hop);
	ss->hop->n = 1;
	ss->hop->rd = calloc(NSAMPLES, sizeof(*ss->hop->rd));
	ss->hop->ev = calloc(NSAMPLES, sizeof(*ss->hop->ev));
	assert_true(ss->hop->rd && ss->hop->ev);
	for (k = 0; k < NSAMPLES; k++) {
		int from = hop_from(k);
		double f = hop_frac(k);

		if (k > 0) {
			/* h: 2/3 of both pieces; b: 1/3 beside h, else all */
			own[from] += (uint64_t)(p * f * 2 / 3);
			own[1 - from] += (uint64_t)(p * (1 - f) * 2 / 3);
			ns[0] += (uint64_t)(p * 2 / 3);
			ns[1 + from] += (uint64_t)(p * f / 3 + p * (1 - f));
			ns[2 - from] += (uint64_t)(p * f + p * (1 - f) / 3);
		}
		hop_sample(ss, k, ns, own, whole);
		ss->n++;
	}
}

/* The verdict on build_hop()'s set; A's measured share is 1/3 either way. */
static void analyze_hop(struct sample_set *ss, bool whole)
{
	struct vd_input in = {
		.s = &hs, .st = &hst, .ss = ss, .inst_task = inst_task,
		.src = PELT_SRC_CPU_PELT,
	};
	char err[SCN_ERR_MAX];

	if (scn_parse_buffer("hopab.scn", hopab, strlen(hopab), &hs, err,
			     sizeof(err)))
		fail_msg("%s", err);
	scn_state_init(&hs, &hst);
	in.win_start_us = scn_measure_start_us(&hs);
	in.win_len_us = hs.measure_us;
	build_hop(ss, whole);
	memset(&res, 0, sizeof(res));
	assert_int_equal(vd_analyze(&in, &res), 0);
	assert_int_equal(res.intervals, 40);
	assert_close(res.g[0].measured, 1.0 / 3, 1e-6);
}

static bool has_diag(const char *what)
{
	for (int i = 0; i < res.ndiag; i++)
		if (strstr(res.diag[i], what))
			return true;
	return false;
}

/*
 * Split at the hops, each piece modelled on its placement: the model is
 * exact and h's time lands on the CPUs as its own count says: CPU0 0.2
 * and 0.4 of two intervals, CPU1 0.8 and 0.6, at 2/3.
 */
static void test_hopper(void **state)
{
	struct sample_set ss;

	(void)state;
	analyze_hop(&ss, true);
	assert_close(res.g[0].model[KM_DEFINED], 1.0 / 3, 1e-6);
	assert_close(res.g[0].err.mean, 0, 1e-6);
	assert_close(res.g[0].cpu_measured[0], 0.6 / 2 * 2 / 3, 1e-6);
	assert_close(res.g[0].cpu_measured[1], 1.4 / 2 * 2 / 3, 1e-6);
	assert_close(res.g[0].cpu_model[0], 0.6 / 2 * 2 / 3, 1e-6);
	assert_close(res.g[0].cpu_model[1], 1.4 / 2 * 2 / 3, 1e-6);
	assert_close(res.g[1].cpu_model[0], 1 - 0.6 / 2 * 2 / 3, 1e-6);
	assert_close(res.g[1].cpu_model[1], 1 - 1.4 / 2 * 2 / 3, 1e-6);
	assert_close(res.cpu_capacity[0], 1, 1e-6);
	assert_close(res.cpu_capacity[1], 1, 1e-6);
	/* two pieces in each of 40 intervals, each read in its placement */
	assert_true(has_diag("80 sub-intervals modelled, 0 without"));
	assert_true(has_diag("hopper h: 40 hops in the window"));
	assert_int_equal(res.v, V_PASS);
	sset_free(&ss);
}

/*
 * No whole hop read (a lost hop or a torn read marks it so): no
 * sub-intervals; each interval is modelled with h where its sample saw
 * it, all its time charged there, and the model is off.
 */
static void test_hopper_no_log(void **state)
{
	struct sample_set ss;

	(void)state;
	analyze_hop(&ss, false);
	assert_close(res.g[0].cpu_measured[0], 1.0 / 3, 1e-6);
	assert_close(res.g[0].cpu_measured[1], 1.0 / 3, 1e-6);
	assert_true(fabs(res.g[0].err.mean) > 0.01);
	assert_true(has_diag("0 sub-intervals modelled, 0 without"));
	assert_true(has_diag("(reads not whole at an end)"));
	sset_free(&ss);
}

/*
 * test_stall_explains' unrepaid 120 ms charge at 2.4 s fails the fixed
 * window (+0.0125); the sequential verdict had passed at its first look
 * (window 0.5-1.5 s), before the stall.
 */
static void test_seq_before_stall(void **state)
{
	struct sample_set ss;
	struct seq_opts o;
	struct seq_plan p;

	(void)state;
	seq_opts_default(&o);
	build(&ss, 2.0 / 3, 0, 0, 0);
	stall_a(&ss, 48, 120, 0);
	seq_plan_scenario(&p, &o, &s);
	assert_true(seq_at(&ss, &p, 0));
	assert_int_equal(res.v, V_PASS);
	o.fixed_window = true;
	seq_plan_scenario(&p, &o, &s);
	assert_true(seq_at(&ss, &p, 0));
	assert_int_equal(res.v, V_FAIL);
	sset_free(&ss);
}

static void test_ktap(void **state)
{
	struct sample_set ss;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct totals tot = { .pass = 1, .skip = 1, .error = 1,
			      .inconclusive = 1 };
	struct seq_outcome sq = {
		.sequential = true, .look = 2, .looks = 7,
		.time_to_verdict_us = 1500000, .max_measure_us = 4000000,
		.ci_confidence = 1 - 0.05 / 7, .ci_inflation = 2.2,
	};

	(void)state;
	assert_non_null(f);
	build(&ss, 2.0 / 3, 0, 0, 0);
	analyze(&ss, PELT_SRC_CPU_PELT);
	ktap_header(f, 4);
	ktap_subtests(f, &s, &res, &sq);
	ktap_result(f, 1, "ab", V_PASS, "", 0);
	ktap_result(f, 2, "x#y", V_SKIP, "needs 4 CPUs # really", 0);
	ktap_result(f, 3, "z", V_ERROR, "deadline", 1);
	ktap_result(f, 4, "w", V_INCONCLUSIVE, "A: straddles", 0);
	ktap_totals(f, &tot);
	fclose(f);
	assert_non_null(strstr(buf, "KTAP version 1\n1..4\n"));
	assert_non_null(strstr(buf, "    # sequential: look 2 of 7, window 1.5 s "
			       "of at most 4.0 s, confidence 0.99286 per "
			       "look, lag SE x 2.20\n"));
	assert_non_null(strstr(buf, "    1..2\n"));
	assert_non_null(strstr(buf, "    ok 1 A\n"));
	assert_non_null(strstr(buf, "    ok 2 B\n"));
	assert_non_null(strstr(buf, "\nok 1 ab\n"));
	assert_non_null(strstr(buf, "\nok 2 x y # SKIP needs 4 CPUs   really\n"));
	assert_non_null(strstr(buf, "\nnot ok 3 z # TIMEOUT deadline\n"));
	assert_non_null(strstr(buf, "\nnot ok 4 w # INCONCLUSIVE A: straddles\n"));
	assert_non_null(strstr(buf, "# Totals: pass:1 fail:0 xfail:0 xpass:0 "
			       "skip:1 error:1 inconclusive:1\n"));
	free(buf);
	sset_free(&ss);
}

static void test_json(void **state)
{
	struct sample_set ss;
	char path[] = "/tmp/test_verdict.XXXXXX";
	struct json_object *o, *g, *v;
	char line[1 << 16];
	FILE *f;
	int fd = mkstemp(path), n = 0;
	struct seq_outcome sq = {
		.sequential = true, .look = 1, .looks = 7,
		.time_to_verdict_us = 1000000, .max_measure_us = 4000000,
		.ci_confidence = 1 - 0.05 / 7, .ci_inflation = 1,
	};

	(void)state;
	assert_true(fd >= 0);
	build(&ss, 0.5, 0, 1024, 1);
	analyze(&ss, PELT_SRC_CPU_PELT);
	res.g[1].usage_cpu = NAN;	/* must come out as null */
	jout_set_fd(fd);
	jout_scenario_start(1, &s);
	jout_series(&s, &ss);
	jout_result(1, &s, &res, &sq, 2500000, NULL);
	jout_result_bare(2, "other", V_SKIP, "why", 0);
	jout_set_fd(-1);
	close(fd);
	f = fopen(path, "r");
	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		const char *type;

		o = json_tokener_parse(line);
		if (!o)
			fail_msg("line %d is not JSON: %.200s", n + 1, line);
		assert_true(json_object_object_get_ex(o, "type", &v));
		type = json_object_get_string(v);
		if (!strcmp(type, "result") &&
		    json_object_object_get_ex(o, "aggregation", &v)) {
			struct json_object *is, *i0, *c;

			assert_true(json_object_object_get_ex(o, "verdict",
							      &c));
			assert_string_equal(json_object_get_string(c), "fail");
			assert_true(json_object_object_get_ex(o, "look", &c));
			assert_int_equal(json_object_get_int(c), 1);
			assert_true(json_object_object_get_ex(o,
					"time_to_verdict_us", &c));
			assert_int_equal(json_object_get_int(c), 1000000);
			assert_true(json_object_object_get_ex(o, "sequential",
							      &c));
			assert_true(json_object_get_boolean(c));
			assert_true(json_object_object_get_ex(o,
					"ci_confidence", &c));
			assert_true(json_object_object_get_ex(o,
					"ci_inflation", &c));
			assert_true(json_object_object_get_ex(o, "looks", &c));
			assert_true(json_object_object_get_ex(o,
					"max_measure_us", &c));
			assert_true(json_object_object_get_ex(v, "issues",
							      &is));
			i0 = json_object_array_get_idx(is, 0);
			assert_true(json_object_object_get_ex(i0, "cpu", &c));
			assert_int_equal(json_object_get_int(c), 2);
			assert_true(json_object_object_get_ex(o, "groups", &g));
			assert_int_equal(json_object_array_length(g), 2);
			c = json_object_array_get_idx(g, 1);
			assert_true(json_object_object_get_ex(c, "usage_cpu",
							      &v));
			assert_null(v);
			assert_true(json_object_object_get_ex(c, "ci", &v));
			assert_int_equal(json_object_array_length(v), 2);
			assert_true(json_object_object_get_ex(c,
					"error_subwindows", &v));
			assert_int_equal(json_object_array_length(v), 8);
		}
		json_object_put(o);
		n++;
	}
	fclose(f);
	unlink(path);
	/* scenario_start, series for A/cpu0..2 and B/cpu0..2, 2 results */
	assert_int_equal(n, 1 + 6 + 2);
	sset_free(&ss);
}

/* The run record carries the schema version the report checks. */
static void test_run_start_schema(void **state)
{
	struct json_object *o, *v;
	struct run_info ri;

	(void)state;
	memset(&ri, 0, sizeof(ri));
	ri.runner_version = "test";
	ri.pelt_source = "none";
	o = tu_run_start(&ri);
	assert_non_null(o);
	assert_true(json_object_object_get_ex(o, RK_TYPE, &v));
	assert_string_equal(json_object_get_string(v), RT_RUN_START);
	assert_true(json_object_object_get_ex(o, RK_SCHEMA_VERSION, &v));
	assert_int_equal(json_object_get_int(v), RESULTS_SCHEMA_VERSION);
	assert_true(json_object_object_get_ex(o, "schema_version", &v));
	json_object_put(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_coverage),
		cmocka_unit_test(test_starved),
		cmocka_unit_test(test_usage_check),
		cmocka_unit_test(test_noise_and_bias),
		cmocka_unit_test(test_hidden_contrib),
		cmocka_unit_test(test_offline_contrib),
		cmocka_unit_test(test_stale_contrib),
		cmocka_unit_test(test_unpropagated),
		cmocka_unit_test(test_charge_excess),
		cmocka_unit_test(test_stall_repaid),
		cmocka_unit_test(test_stall_explains),
		cmocka_unit_test(test_ci_method),
		cmocka_unit_test(test_too_few_samples),
		cmocka_unit_test(test_moved),
		cmocka_unit_test(test_seq_looks),
		cmocka_unit_test(test_seq_before_stall),
		cmocka_unit_test(test_hopper),
		cmocka_unit_test(test_hopper_no_log),
		cmocka_unit_test(test_ktap),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_run_start_schema),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
