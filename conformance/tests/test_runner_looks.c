// SPDX-License-Identifier: GPL-2.0
/*
 * test_runner_looks.c - the sequential verdict's looks in the runner's
 * sample loop: cgroup usage is asked for a look only if the look can be
 * taken, and a look that is taken always had it asked.
 *
 * The simulation walks the sample grid as run_sample_loop() does (sample
 * k due at k periods plus a phase under half a period; the look due on
 * the first sample with t + sample/2 >= its window's end, then taken or
 * skipped over SEQ_LOOK_BUDGET), with the analyses' cost so far set
 * anywhere from 0 to over the budget of the last look, and records on
 * which samples runner_look_usage() asked. Also: the first sample is
 * left out only when the next one is surely in the window.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "run/run.h"
#include "verdict/sequential.h"

#define SIM_MAX_SAMPLES	200

struct sim {
	const struct seq_plan *p;
	uint64_t ws, per;
	uint64_t t[SIM_MAX_SAMPLES];
	int asked_look[SIM_MAX_SAMPLES];	/* -1: usage not asked */
	int taken, skipped, lost, wasted;
};

/* Sample grid times, phases drawn under half a period (seeded). */
static int sim_grid(struct sim *m, unsigned int seed, uint64_t until)
{
	int k;

	srand(seed);
	for (k = 0; k < SIM_MAX_SAMPLES; k++) {
		m->t[k] = (uint64_t)k * m->per +
			  (uint64_t)rand() % (m->per / 2);
		if (m->t[k] > until)
			break;
	}
	return k;
}

/*
 * A look due at sample d, taken: was usage asked for it on every sample
 * of its window's last three periods from the first on which it was the
 * next look (from) up to d? The sampler reads at one of them (usage_needed()), and the
 * verdict takes the last within two samples of the window's end.
 */
static void sim_check_taken(struct sim *m, int look, int from, int d)
{
	uint64_t end = m->ws + m->p->look_us[look];
	int k;

	m->taken++;
	for (k = from; k <= d; k++)
		if (m->t[k] + m->per * 3 >= end && m->asked_look[k] != look) {
			m->lost++;
			return;
		}
}

/* One run of the sample loop with a fixed analysis cost. */
static void sim_run(struct sim *m, unsigned int seed, uint64_t cost_us)
{
	const struct seq_plan *p = m->p;
	int n, k, look = 0, from = 0;

	n = sim_grid(m, seed, m->ws + p->look_us[p->nlooks - 1] + m->per);
	for (k = 0; k < n && look < p->nlooks - 1; k++) {
		uint64_t t = m->t[k];

		m->asked_look[k] = runner_look_usage(p, look, cost_us, m->ws,
						     m->per, t) ? look : -1;
		if (t + m->per / 2 < m->ws + p->look_us[look])
			continue;
		if (runner_look_in_budget(cost_us, m->ws, t)) {
			sim_check_taken(m, look, from, k);
		} else {
			m->skipped++;
			for (int j = from; j <= k; j++)
				if (m->asked_look[j] == look) {
					m->wasted++;
					break;
				}
		}
		look++;
		from = k + 1;
	}
}

static void sim_plan(uint64_t per, uint64_t min_look, int *taken,
		     int *skipped, int *wasted)
{
	struct seq_opts o;
	struct seq_plan p;
	struct sim m = { .p = &p, .ws = 250000, .per = per };
	uint64_t cost;
	unsigned int seed;

	seq_opts_default(&o);
	seq_plan_from(&p, &o, 4000000, 8000000, 0.95, min_look);
	assert_true(p.sequential && p.nlooks >= 3);
	for (seed = 1; seed <= 20; seed++)
		for (cost = 0; cost <= 420000; cost += 1000)
			sim_run(&m, seed, cost);
	/* a look taken lost its usage cross-check */
	assert_int_equal(m.lost, 0);
	*taken += m.taken;
	*skipped += m.skipped;
	*wasted += m.wasted;
}

/*
 * Every look taken had its usage asked on all its last samples, for
 * window ends on the grid (250 ms, 100 ms) and between it (300 ms: the
 * look can be due a sample after the sampler's read); some looks were
 * taken and some skipped, and usage was asked for a look later skipped
 * only where the budget let it through at end + sample (a few).
 */
static void test_usage_only_for_looks_taken(void **state)
{
	int taken = 0, skipped = 0, wasted = 0;

	(void)state;
	sim_plan(250000, 2000000, &taken, &skipped, &wasted);
	sim_plan(300000, 1800000, &taken, &skipped, &wasted);
	sim_plan(100000, 1000000, &taken, &skipped, &wasted);
	print_message("looks taken %d, skipped %d, %d of them with usage "
		      "asked\n", taken, skipped, wasted);
	assert_true(taken > 1000 && skipped > 1000);
	assert_true(wasted * 10 < skipped);
}

/* The last look is analysed after the window: its usage always asked. */
static void test_usage_last_look(void **state)
{
	struct seq_opts o;
	struct seq_plan p;
	uint64_t end;

	(void)state;
	seq_opts_default(&o);
	seq_plan_from(&p, &o, 4000000, 8000000, 0.95, 2000000);
	end = 250000 + p.look_us[p.nlooks - 1];
	assert_true(runner_look_usage(&p, p.nlooks - 1, 10000000, 250000,
				      250000, end));
	assert_false(runner_look_usage(&p, p.nlooks - 2, 10000000, 250000,
				       250000, 250000 +
				       p.look_us[p.nlooks - 2]));
	assert_false(runner_look_usage(&p, p.nlooks - 1, 0, 250000, 250000,
				       end - 4 * 250000));
}

/*
 * The first sample is skipped only when it is outside the window and the
 * next one, whatever its phase (under half a period) and however late, is
 * inside it (vd_window(): t + sample/2 >= ws); then it is skipped for
 * every phase of the first sample. Walks warmups of 0 to 2.5 periods
 * over five periods, 50 phase draws each, with up to a quarter period of
 * lateness.
 */
static void sim_skip_first(uint64_t per, uint64_t ws, int *skips)
{
	struct sim m = { .per = per };
	unsigned int seed;
	int n, late;

	for (seed = 1; seed <= 50; seed++) {
		n = sim_grid(&m, seed, 3 * per);
		assert_true(n >= 2);
		for (late = 0; late <= 4; late++) {
			uint64_t t0 = m.t[0] + late * per / 16;
			uint64_t t1 = m.t[1] + late * per / 16;

			if (!runner_skip_first(ws, per, 0, t0)) {
				/* only where the next may be outside */
				assert_true(t0 + per / 2 >= ws ||
					    per + per / 2 < ws);
				continue;
			}
			(*skips)++;
			assert_true(t0 + per / 2 < ws);
			assert_true(t1 + per / 2 >= ws);
			assert_true(per + per / 2 >= ws);
			/* the next, due late in its slot: in the window */
			assert_true(per + (per / 2 - 1) + per / 2 >= ws);
		}
	}
}

static void test_skip_first(void **state)
{
	static const uint64_t pers[] = { 25000, 50000, 100000, 250000, 500000 };
	int i, w, skips = 0, before;

	(void)state;
	for (i = 0; i < 5; i++)
		for (w = 0; w <= 10; w++)
			sim_skip_first(pers[i], pers[i] * w / 4, &skips);
	assert_true(skips > 0);
	/* scale/siblings-208: warmup 250 ms = one period, always skipped */
	for (i = 0; i < 125000; i += 997)
		assert_true(runner_skip_first(250000, 250000, 0, i));
	/* scale/many-tasks: 250 ms at 100 ms, never (sample 1 may be out) */
	before = skips;
	sim_skip_first(100000, 250000, &skips);
	assert_int_equal(skips, before);
	/* no warmup, and the window's own first sample: never */
	assert_false(runner_skip_first(0, 250000, 0, 0));
	assert_false(runner_skip_first(250000, 250000, 1, 250000));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_usage_only_for_looks_taken),
		cmocka_unit_test(test_usage_last_look),
		cmocka_unit_test(test_skip_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
