// SPDX-License-Identifier: GPL-2.0
/*
 * subival.c - an interval's prediction as the sum over its sub-intervals
 * of fixed placement (model.h says what is assumed).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

int km_sub_init(struct km_sub_acc *acc, int ninst, int ncpus)
{
	memset(acc, 0, sizeof(*acc));
	acc->ninst = ninst;
	acc->ncpus = ncpus;
	acc->a = calloc((size_t)ninst * ncpus + 1, sizeof(double));
	acc->busy = calloc((size_t)ncpus + 1, sizeof(double));
	acc->alone = calloc((size_t)ncpus + 1, sizeof(double));
	if (!acc->a || !acc->busy || !acc->alone) {
		km_sub_free(acc);
		return -ENOMEM;
	}
	return 0;
}

void km_sub_free(struct km_sub_acc *acc)
{
	free(acc->a);
	free(acc->busy);
	free(acc->alone);
	acc->a = acc->busy = acc->alone = NULL;
}

void km_sub_reset(struct km_sub_acc *acc)
{
	memset(acc->a, 0, sizeof(double) * acc->ninst * acc->ncpus);
	memset(acc->busy, 0, sizeof(double) * acc->ncpus);
	memset(acc->alone, 0, sizeof(double) * acc->ncpus);
}

void km_sub_add(struct km_sub_acc *acc, double frac, const int *cpu,
		const double *share, double full)
{
	int nc = acc->ncpus, i, c;
	double sum[SCN_MAX_CPUS] = { 0 }, last[SCN_MAX_CPUS] = { 0 };
	int n[SCN_MAX_CPUS] = { 0 };

	for (i = 0; i < acc->ninst; i++) {
		c = cpu[i];
		if (c < 0 || c >= nc || share[i] <= 0)
			continue;
		sum[c] += share[i];
		last[c] = share[i];
		n[c]++;
		acc->a[(size_t)i * nc + c] += share[i] * frac;
	}
	for (c = 0; c < nc; c++) {
		if (sum[c] <= 0)
			continue;
		acc->busy[c] += frac;
		if (n[c] == 1 && last[c] >= full)
			acc->alone[c] += frac;
	}
}

void km_sub_predict(const struct km_sub_acc *acc, const double *meas,
		    double *pred, double *alone, double *unmod)
{
	int nc = acc->ncpus, i, c;
	double cap[SCN_MAX_CPUS] = { 0 };

	for (i = 0; i < acc->ninst; i++)
		for (c = 0; c < nc; c++)
			cap[c] += meas[(size_t)i * nc + c];
	for (i = 0; i < acc->ninst; i++)
		for (c = 0; c < nc; c++) {
			size_t ic = (size_t)i * nc + c;

			pred[ic] = acc->busy[c] > 0 ?
				   acc->a[ic] * cap[c] / acc->busy[c] :
				   meas[ic];
		}
	for (c = 0; c < nc; c++) {
		if (unmod && acc->busy[c] <= 0)
			*unmod += cap[c];
		if (alone && acc->busy[c] > 0)
			*alone += cap[c] * acc->alone[c] / acc->busy[c];
	}
}

static bool pelt_cpu_same(const struct pelt_cpu *a, const struct pelt_cpu *b)
{
	return a->present == b->present && a->online == b->online &&
	       a->on_list == b->on_list && a->has_se == b->has_se &&
	       a->throttled == b->throttled;
}

static void pelt_cpu_add(struct pelt_cpu *o, const struct pelt_cpu *x)
{
	o->contrib += x->contrib;
	o->weight += x->weight;
	o->load_avg += x->load_avg;
	o->runnable_avg += x->runnable_avg;
	o->util_avg += x->util_avg;
	o->removed_load_avg += x->removed_load_avg;
	o->se_weight += x->se_weight;
	o->se_load_avg += x->se_load_avg;
	o->tg_load_avg += x->tg_load_avg;
}

static void pelt_cpu_scale(struct pelt_cpu *o, double f)
{
	o->contrib *= f;
	o->weight *= f;
	o->load_avg *= f;
	o->runnable_avg *= f;
	o->util_avg *= f;
	o->removed_load_avg *= f;
	o->se_weight *= f;
	o->se_load_avg *= f;
	o->tg_load_avg *= f;
}

void km_pelt_mean(struct pelt_snap *out, const struct pelt_snap *const *in,
		  int n)
{
	int g, c, j, m;

	for (g = 0; g < out->ngroups; g++) {
		double tg = 0;

		out->grp[g] = in[0]->grp[g];
		for (j = m = 0; j < n; j++)
			if (in[j]->grp[g].has_tg == in[0]->grp[g].has_tg) {
				tg += in[j]->grp[g].tg_load_avg;
				m++;
			}
		out->grp[g].tg_load_avg = tg / m;
		for (c = 0; c < out->ncpus; c++) {
			struct pelt_cpu *o = pelt_at(out, g, c);
			const struct pelt_cpu *first = pelt_at(in[0], g, c);

			*o = *first;
			for (j = 1, m = 1; j < n; j++) {
				const struct pelt_cpu *x = pelt_at(in[j], g, c);

				if (!pelt_cpu_same(first, x))
					continue;
				pelt_cpu_add(o, x);
				m++;
			}
			pelt_cpu_scale(o, 1.0 / m);
		}
	}
}
