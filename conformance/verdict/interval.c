// SPDX-License-Identifier: GPL-2.0
/*
 * interval.c - one sample interval (k-1, k]: the state it was in and each
 * instance's CPU time in it, charged to the CPU it was seen on at the
 * interval's end (verdict/interval.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/interval.h"

int ival_alloc(struct ival *iv, int ng, int nc, int ni)
{
	int k;

	memset(iv, 0, sizeof(*iv));
	iv->meas = calloc(ng + 1, sizeof(double));
	for (k = 0; k < KM_KINDS; k++)
		iv->pred[k] = calloc(ng + 1, sizeof(double));
	iv->cap = calloc(nc + 1, sizeof(double));
	iv->gcpu_meas = calloc((size_t)(ng + 1) * nc, sizeof(double));
	iv->gcpu_pred = calloc((size_t)(ng + 1) * nc, sizeof(double));
	iv->share = calloc(ni + 1, sizeof(double));
	iv->share_on = calloc(ni + 1, sizeof(double));
	iv->d = calloc(ni + 1, sizeof(double));
	iv->cpu = calloc(ni + 1, sizeof(int));
	iv->replay = calloc(1, sizeof(*iv->replay));
	if (!iv->replay ||
	    !iv->meas || !iv->pred[0] || !iv->pred[1] || !iv->pred[2] ||
	    !iv->cap || !iv->gcpu_meas || !iv->gcpu_pred || !iv->share ||
	    !iv->share_on || !iv->d || !iv->cpu)
		return -ENOMEM;
	return 0;
}

void ival_free(struct ival *iv)
{
	int k;

	free(iv->meas);
	for (k = 0; k < KM_KINDS; k++)
		free(iv->pred[k]);
	free(iv->cap);
	free(iv->gcpu_meas);
	free(iv->gcpu_pred);
	free(iv->share);
	free(iv->share_on);
	free(iv->d);
	free(iv->cpu);
	free(iv->replay);
}

/*
 * The state the interval ending at sample k was in: the window's (in->st),
 * unless repeats change it during the window; then the state after the
 * events applied before sample k (the runner samples right before each
 * firing, so no interval spans one).
 */
const struct scn_state *vd_state(const struct vd_input *in, int k,
				 struct scn_state *st,
				 struct scn_event_pos *pos)
{
	if (!in->s->nrepeats || !st)
		return in->st;
	if (!pos->done && !pos->phase)
		scn_state_init(in->s, st);
	scn_state_at(in->s, st, pos, in->ss->v[k].events_done);
	return st;
}

void ival_reset(struct ival *iv, int ng, int nc)
{
	int kind;

	iv->tot = 0;
	iv->alone = 0;
	iv->unmod = 0;
	memset(iv->meas, 0, sizeof(double) * ng);
	for (kind = 0; kind < KM_KINDS; kind++)
		memset(iv->pred[kind], 0, sizeof(double) * ng);
	memset(iv->cap, 0, sizeof(double) * nc);
	memset(iv->gcpu_meas, 0, sizeof(double) * ng * nc);
	memset(iv->gcpu_pred, 0, sizeof(double) * ng * nc);
}

/* Each instance's CPU time in interval (k-1, k], charged to its CPU. */
void ival_measure(const struct vd_input *in, int k, struct ival *iv)
{
	const struct scenario *s = in->s;
	const struct sample *a = &in->ss->v[k - 1], *b = &in->ss->v[k];
	int nc = in->ss->ncpus, i, c;

	for (i = 0; i < in->ss->ninst; i++) {
		double d = (double)b->ts[i].ns - (double)a->ts[i].ns;
		int g = iv->st->task_group[in->inst_task[i]];

		c = b->ts[i].cpu;
		if (c < 0 || c >= nc)
			c = a->ts[i].cpu;
		if (d < 0)
			d = 0;
		iv->d[i] = d;
		iv->cpu[i] = c;
		iv->tot += d;
		add_up(s, iv->meas, g, d);
		if (c >= 0 && c < nc) {
			iv->cap[c] += d;
			add_up_cpu(s, iv->gcpu_meas, nc, g, c, d);
		}
	}
}

/* Interval k's state and measured CPU time, from a cleared iv. */
void ival_measure_at(const struct vd_input *in, int k,
		     struct ival *iv)
{
	ival_reset(iv, in->s->ngroups, in->ss->ncpus);
	iv->st = vd_state(in, k, iv->replay, &iv->pos);
	ival_measure(in, k, iv);
}
