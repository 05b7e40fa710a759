// SPDX-License-Identifier: GPL-2.0
/*
 * exit.c - the run's verdict counts and exit code (contract.h).
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
	case CONFORM_EXIT_EMULATOR:
		return "EMULATOR-FAULT";
	default:
		return "FAIL";
	}
}

void totals_add(struct totals *t, enum verdict v)
{
	switch (v) {
	case V_PASS:
		t->pass++;
		break;
	case V_FAIL:
		t->fail++;
		break;
	case V_SKIP:
		t->skip++;
		break;
	case V_INCONCLUSIVE:
		t->inconclusive++;
		break;
	case V_XFAIL:		/* as kselftest's XFAIL: not a failure */
		t->xfail++;
		break;
	default:
		t->error++;
		break;
	}
}

int totals_exit_code(const struct totals *t, int n)
{
	return exit_code_rank(t->fail + t->error, t->inconclusive, t->skip, n);
}
