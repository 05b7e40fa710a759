// SPDX-License-Identifier: GPL-2.0
/*
 * usage.c - the cgroup usage cross-check (vd_usage_check()).
 */
#include <math.h>
#include <stdlib.h>

#include "verdict/interval.h"
#include "verdict/verdict.h"

/*
 * The samples with cgroup usage: the window's first (*a) and the last
 * one (*b), which the runner takes after the deciding window. NULL, or
 * why there is no such pair.
 */
static const char *usage_span(const struct sample_set *ss, int *a, int *b)
{
	int k;

	for (*a = -1, k = 0; k < ss->n && *a < 0; k++)
		if (ss->v[k].usage_ok)
			*a = k;
	*b = ss->n - 1;
	if (*a < 0)
		return "no usage read at the window's start";
	if (*b <= *a || !ss->v[*b].usage_ok)
		return "no usage read after the window";
	return NULL;
}

/* Each group's task CPU time over samples (a, b], ns, as the verdict's. */
static int usage_task_ns(const struct vd_input *in, int a, int b,
			 double *ns)
{
	int ng = in->s->ngroups, g, k, ret;
	struct ival iv;

	ret = ival_alloc(&iv, ng, in->ss->ncpus, in->ss->ninst);
	scn_event_init(&iv.pos);
	for (k = a + 1; !ret && k <= b; k++) {
		ival_measure_at(in, k, &iv);
		for (g = 0; g < ng; g++)
			ns[g] += iv.meas[g];
	}
	ival_free(&iv);
	return ret;
}

void vd_usage_check(const struct vd_input *in, struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	double *ns = calloc(in->s->ngroups + 1, sizeof(*ns)), span;
	int a, b, g, off = 0;
	const char *why = usage_span(ss, &a, &b);

	if (!why && (!ns || usage_task_ns(in, a, b, ns)))
		why = "out of memory";
	if (why) {
		for (g = 0; g < in->s->ngroups; g++)
			r->g[g].usage_cpu = r->g[g].usage_task_cpu = NAN;
		vd_diag(r, "cgroup usage cross-check: not done (%s); no group has usage_cpu",
			why);
		free(ns);
		return;
	}
	span = ((double)ss->v[b].t_us - (double)ss->v[a].t_us) * 1000.0;
	for (g = 0; g < in->s->ngroups; g++) {
		struct grp_result *gr = &r->g[g];

		gr->usage_cpu = ((double)ss->v[b].usage_us[g] -
				 (double)ss->v[a].usage_us[g]) * 1000.0 / span;
		gr->usage_task_cpu = ns[g] / span;
		if (fabs(gr->usage_cpu - gr->usage_task_cpu) <=
		    0.02 * fmax(gr->usage_task_cpu, 0.05))
			continue;
		off++;
		vd_diag(r, "%s: cgroup usage %.4f CPUs vs task sum %.4f CPUs",
			in->s->groups[g].path, gr->usage_cpu,
			gr->usage_task_cpu);
	}
	vd_diag(r, "cgroup usage cross-check (%.3f-%.3f s): %d of %d groups off by more than 2 %%",
		ss->v[a].t_us / 1e6, ss->v[b].t_us / 1e6, off,
		in->s->ngroups);
	free(ns);
}
