// SPDX-License-Identifier: GPL-2.0
/*
 * hop_ideal.c - the ideal split of an interval with self-migrating tasks
 * (kind=hopper): the time average over its sub-intervals, each hopper on
 * the one CPU it was set to (docs/verdict.md, "Self-migrating tasks").
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/hop_ideal.h"
#include "verdict/hopper.h"

/* Ideal splits of the placements the hoppers took, by events done. */
#define VD_HOP_MEMO	16
struct hop_memo {
	int n, next;
	struct {
		int ev;
		int cur[SCN_MAX_HOPPERS];
		double g[SCN_MAX_GROUPS];
	} e[VD_HOP_MEMO];
	struct scn_state tmp;
};

/* The ideal split of state st with the hoppers at cur[] alone; or NULL. */
static const double *hop_ideal(const struct vd_input *in,
			       const struct scn_state *st, int ev,
			       const int *cur, const double *cap,
			       struct hop_memo *mm)
{
	const struct hop_log *hl = in->ss->hop;
	size_t len = sizeof(int) * hl->n;
	int j, h;

	for (j = 0; j < mm->n; j++)
		if (mm->e[j].ev == ev && !memcmp(mm->e[j].cur, cur, len))
			return mm->e[j].g;
	j = mm->n < VD_HOP_MEMO ? mm->n++ : mm->next++ % VD_HOP_MEMO;
	mm->tmp = *st;
	for (h = 0; h < hl->n; h++)
		if (cur[h] >= 0 && cur[h] < SCN_MAX_CPUS)
			mm->tmp.task_cpus[in->inst_task[hl->inst[h]]] =
				1ull << cur[h];
	mm->e[j].ev = -1;
	if (ideal_split(in->s, &mm->tmp, cap, mm->e[j].g, NULL))
		return NULL;
	mm->e[j].ev = ev;
	memcpy(mm->e[j].cur, cur, len);
	return mm->e[j].g;
}

struct hop_ideal_ctx {
	const struct vd_input *in;
	const struct scn_state *st;
	const double *cap;
	struct hop_memo *mm;
	double *gcpu, dt, span;
	int ev;
};

static int hop_ideal_sub(const int *cur, double len, void *ctx)
{
	struct hop_ideal_ctx *x = ctx;
	const double *g1 = hop_ideal(x->in, x->st, x->ev, cur, x->cap, x->mm);
	int g;

	if (!g1)
		return -EINVAL;
	for (g = 0; g < x->in->s->ngroups; g++)
		x->gcpu[g] += g1[g] * x->dt * len / x->span;
	return 0;
}

/*
 * Interval k's ideal split (CPUs per group) times its length, added to
 * gcpu: with hoppers, the sum over its sub-intervals, each hopper on the
 * one CPU it was set to (a sample interval whose hopper reads are not
 * whole takes it anywhere on its cpus).
 */
int hop_ideal_interval(const struct vd_input *in, int k,
		       const struct scn_state *st, const double *cap,
		       struct hop_ival *hv, struct hop_memo *mm, double *gcpu)
{
	const struct hop_log *hl = in->ss->hop;
	double dt = (double)in->ss->v[k].t_us - (double)in->ss->v[k - 1].t_us;
	struct hop_ideal_ctx x = { in, st, cap, mm, gcpu, dt, 0,
				   in->ss->v[k].events_done };
	double one[SCN_MAX_GROUPS];
	int g;

	if (!hop_ok(hl, k) || hop_cuts(hl, k, hv) || hop_span(hv) <= 0) {
		if (ideal_split(in->s, st, cap, one, NULL))
			return -EINVAL;
		for (g = 0; g < in->s->ngroups; g++)
			gcpu[g] += one[g] * dt;
		return 0;
	}
	x.span = hop_span(hv);
	return hop_walk(hl, k, hv, hop_ideal_sub, &x);
}

struct hop_memo *hop_memo_new(void)
{
	return calloc(1, sizeof(struct hop_memo));
}

void hop_memo_free(struct hop_memo *mm)
{
	free(mm);
}
