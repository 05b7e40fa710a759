// SPDX-License-Identifier: GPL-2.0
/*
 * sample.c - reading a sample set (sample.h).
 */
#include "sample/sample.h"

const struct pelt_snap *sset_pelt(const struct sample_set *ss, int k)
{
	int ref;

	if (k < 0 || k >= ss->n)
		return NULL;
	ref = ss->v[k].pelt_ref;
	if (ref < 0 || ref >= ss->n || !ss->v[ref].pelt_ok)
		return NULL;
	return &ss->v[ref].pelt;
}
