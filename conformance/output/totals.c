// SPDX-License-Identifier: GPL-2.0
/*
 * totals.c - the run's verdict counts and its exit code.
 */
#include "output/output.h"

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
	default:
		t->error++;
		break;
	}
}

int totals_exit_code(const struct totals *t, int n)
{
	return exit_code_rank(t->fail + t->error, t->inconclusive, t->skip, n);
}
