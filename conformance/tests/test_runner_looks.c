// SPDX-License-Identifier: GPL-2.0
/*
 * test_runner_looks.c - the runner's sample grid: a sample before the
 * window is left out with the next one moved late in its slot only when
 * that next one is surely in the window (runner_skip_first()).
 *
 * The simulation walks the sample grid as run_sample_loop() does (sample
 * k due at k periods plus a phase under half a period).
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

#define SIM_MAX_SAMPLES	200

struct sim {
	uint64_t per;
	uint64_t t[SIM_MAX_SAMPLES];
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
		cmocka_unit_test(test_skip_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
