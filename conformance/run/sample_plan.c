// SPDX-License-Identifier: GPL-2.0
/*
 * sample_plan.c - the sampling plan's rules: when a sample falls in its
 * period, when PELT is read, when a look is taken, which samples before
 * the window are left out (run.h).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "run/run.h"
#include "verdict/sequential.h"

int pelt_gap(int every, unsigned int *seed)
{
	return every - every / 2 + rand_r(seed) % (2 * (every / 2) + 1);
}

uint64_t sample_phase_us(uint64_t period_us, unsigned int *seed)
{
	if (period_us < 2)
		return 0;
	return (uint64_t)rand_r(seed) % (period_us / 2);
}

bool runner_look_in_budget(uint64_t cost_us, uint64_t ws, uint64_t t)
{
	return cost_us <= SEQ_LOOK_BUDGET * (double)(t - ws);
}

bool runner_skip_first(uint64_t ws, uint64_t per, int k, uint64_t t)
{
	uint64_t half = per / 2;

	return t + half < ws && (uint64_t)(k + 1) * per + half >= ws;
}
