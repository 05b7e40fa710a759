// SPDX-License-Identifier: GPL-2.0
/*
 * predict.c - the kernel model's split of one sample interval: each
 * model kind's CPU time per group, from the shares km_shares() gives the
 * tasks at the interval's end sample, or from the hoppers' sub-intervals
 * (hopper.c); and what the interval tested.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "verdict/hopper.h"
#include "verdict/predict.h"

/* Model kind's CPU time per group in the interval, from iv->share[]. */
static void ival_charge(const struct vd_input *in, const struct sample *b,
			struct ival *iv, int kind, double *runsum)
{
	const struct scenario *s = in->s;
	int nc = in->ss->ncpus, ni = in->ss->ninst, i, c;

	for (i = 0; i < ni; i++)
		if (b->ts[i].cpu >= 0 && b->ts[i].cpu < nc)
			runsum[b->ts[i].cpu] += iv->share[i];
	for (i = 0; i < ni; i++) {
		int g = iv->st->task_group[in->inst_task[i]];
		double p;

		c = iv->cpu[i];
		if (c < 0 || c >= nc)
			continue;
		/*
		 * Nothing runnable on c at the sample, yet time was spent
		 * there: the model has no say, charge it as measured.
		 */
		if (runsum[c] <= 0)
			p = iv->d[i];
		else if (b->ts[i].cpu == c)
			p = iv->share[i] * iv->cap[c];
		else
			p = 0;
		add_up(s, iv->pred[kind], g, p);
		if (kind == KM_DEFINED)
			add_up_cpu(s, iv->gcpu_pred, nc, g, c, p);
	}
}

/*
 * What the interval tested (model defined): a task alone on its CPU with
 * its full share is charged its own time by construction, and time on a
 * CPU where no runnable task was sampled is charged as measured; only the
 * rest can disagree with the model.
 */
static void ival_coverage(const struct vd_input *in, const struct sample *b,
			  struct ival *iv)
{
	int nc = in->ss->ncpus, ni = in->ss->ninst, i, c;
	int n[SCN_MAX_CPUS] = { 0 };
	double full[SCN_MAX_CPUS] = { 0 };

	for (i = 0; i < ni; i++) {
		c = b->ts[i].cpu;
		if (c < 0 || c >= nc || iv->share[i] <= 0)
			continue;
		n[c]++;
		full[c] = iv->share[i];
	}
	for (i = 0; i < ni; i++) {
		c = iv->cpu[i];
		if (c < 0 || c >= nc)
			continue;
		if (!n[c])
			iv->unmod += iv->d[i];
		else if (n[c] == 1 && full[c] >= VD_FULL_SHARE)
			iv->alone += iv->d[i];
	}
}

int eval_interval(const struct vd_input *in, int k, struct ival *iv,
		  struct hop_ival *hv, struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	const struct sample *b = &ss->v[k];
	int nc = ss->ncpus, kind, fb;
	struct km_input km;
	struct km_meas m = { .d = iv->d, .cpu = iv->cpu, .cap = iv->cap };
	bool bw;

	ival_measure_at(in, k, iv);
	fb = hop_eval(in, k, iv, hv, r ? r->km_fallbacks : NULL);
	if (fb <= 0)
		return fb;
	memset(&km, 0, sizeof(km));
	km.s = in->s;
	km.st = iv->st;
	km.p = sset_pelt(ss, k);
	km.online = b->online;
	km.ncpus = nc;
	km.ninst = ss->ninst;
	km.inst_task = in->inst_task;
	km.ts = b->ts;
	bw = km_bw_limited(&km);
	for (kind = 0; kind < KM_KINDS; kind++) {
		double *runsum = calloc(nc, sizeof(double));

		if (!runsum)
			return -ENOMEM;
		fb = bw ? km_shares_bw(&km, kind, &m, iv->share, iv->share_on) :
			  km_shares(&km, kind, iv->share);
		if (fb < 0) {
			free(runsum);
			return fb;
		}
		if (r)
			r->km_fallbacks[kind] += fb;
		ival_charge(in, b, iv, kind, runsum);
		if (kind == KM_DEFINED)
			ival_coverage(in, b, iv);
		free(runsum);
	}
	return 0;
}
