// SPDX-License-Identifier: GPL-2.0
/*
 * exit.c - the run's exit code from its parts' outcomes (contract.h).
 */
#include "contract/contract.h"

int exit_code_rank(int failed, int inconclusive, int skipped, int n)
{
	if (failed)
		return CONFORM_EXIT_FAIL;
	if (inconclusive)
		return CONFORM_EXIT_INCONCLUSIVE;
	if (n && skipped == n)
		return CONFORM_EXIT_SKIP;
	return CONFORM_EXIT_PASS;
}

const char *exit_code_verdict(int code)
{
	switch (code) {
	case CONFORM_EXIT_PASS:
		return "PASS";
	case CONFORM_EXIT_SKIP:
		return "SKIP";
	case CONFORM_EXIT_INCONCLUSIVE:
		return "INCONCLUSIVE";
	default:
		return "FAIL";
	}
}
