// SPDX-License-Identifier: GPL-2.0
/*
 * diagnose.c - the text of the diagnostics that name what stood out in
 * the window: its worst interval, starved tasks, the hoppers.
 */
#include <stdio.h>

#include "verdict/diagnose.h"
#include "verdict/hopper.h"

/*
 * Named in the diagnostics: a lone interval where the model had a task's
 * state wrong stands out from steady noise, and says where to look.
 */
void report_worst(const struct vd_input *in, const struct worst_ival *w,
		  int first, int nint, int W, struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	const struct task_sample *ts = ss->v[w->k].ts;
	char states[96] = "";
	int i, len = 0;

	if (w->k <= first)
		return;
	/* the task states the model took for the interval */
	for (i = 0; i < ss->ninst && len < (int)sizeof(states) - 24; i++)
		len += snprintf(states + len, sizeof(states) - len, " %s:%c@%d",
				in->s->tasks[in->inst_task[i]].name,
				ts[i].state, ts[i].cpu);
	vd_diag(r, "largest one-interval error: %s %+.1f ms (measured %.1f, "
		"model %.1f ms) in (%.3f, %.3f] s, sub-window %d of %d; "
		"states:%s", in->s->groups[w->g].path, w->dev / 1e6,
		w->meas / 1e6, w->pred / 1e6, ss->v[w->k - 1].t_us / 1e6,
		ss->v[w->k].t_us / 1e6, (w->k - first - 1) * W / nint + 1, W,
		states);
}

/*
 * A task that was runnable at nearly every sample of the window and got
 * no CPU time at all in it is starved: CFS gives every runnable entity of
 * a cfs_rq a turn within its period. Named, not judged: the split shows
 * what it cost (e.g. a vruntime kept from another cfs_rq across a cgroup
 * move), and with a tick-granular sched_clock a task of a tiny weight can
 * be charged nothing in a short window.
 */
void report_starved(const struct vd_input *in, int first, int last,
		    struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	int i, k;

	if (first < 0 || last - first < 4)
		return;
	for (i = 0; i < ss->ninst; i++) {
		int runnable = 0;

		for (k = first; k <= last; k++)
			runnable += ss->v[k].ts[i].state == 'R';
		if (runnable * 10 < (last - first + 1) * 9 ||
		    ss->v[last].ts[i].ns != ss->v[first].ts[i].ns)
			continue;
		vd_diag(r, "starved: %s (instance %d, on cpu%d) was runnable at "
			"%d of %d samples and got no CPU time in the window",
			in->s->tasks[in->inst_task[i]].name, i,
			ss->v[last].ts[i].cpu, runnable, last - first + 1);
	}
}

/* Hopper h over the window (first, last]: hops, own vs kernel's time. */
static void report_hopper(const struct vd_input *in, int h, int first,
			  int last, struct scn_result *r)
{
	const struct sample_set *ss = in->ss;
	const struct hop_log *hl = ss->hop;
	const struct hop_read *x = hop_at(hl, first, h);
	const struct hop_read *y = hop_at(hl, last, h);
	int i = hl->inst[h], c;
	double own = 0, kern = (double)ss->v[last].ts[i].ns -
			       (double)ss->v[first].ts[i].ns;
	char per[160] = "";
	int len = 0;

	for (c = 0; c < ss->ncpus && len < (int)sizeof(per) - 24; c++) {
		double d = (double)(y->cpu_ns[c] - x->cpu_ns[c]);

		own += d;
		if (d > 0)
			len += snprintf(per + len, sizeof(per) - len,
					" cpu%d %.1f", c, d / 1e6);
	}
	vd_diag(r, "hopper %s: %llu hops in the window (%llu missed "
		"their CPU); own CPU time %.1f ms (%s ms) vs the "
		"kernel's %.1f ms (%+.3f%%)%s",
		in->s->tasks[in->inst_task[i]].name,
		(unsigned long long)(y->hops - x->hops),
		(unsigned long long)(y->misses - x->misses), own / 1e6,
		per[0] ? per + 1 : "-", kern / 1e6,
		kern > 0 ? 100 * (own - kern) / kern : 0,
		x->ok && y->ok ? "" : " (reads not whole at an end)");
}

/*
 * Each hopper over the window: its hops, its own CPU time per CPU and in
 * all against the kernel's (schedstat) for it, and what the model had.
 */
void report_hoppers(const struct vd_input *in, struct hop_ival *hv,
		    int first, int last, struct scn_result *r)
{
	const struct hop_log *hl = in->ss->hop;
	int nsub, nmiss, h;

	if (!hl || !hl->n)
		return;
	for (h = 0; h < hl->n; h++)
		report_hopper(in, h, first, last, r);
	hop_count_subs(in, hv, first, last, &nsub, &nmiss);
	vd_diag(r, "hoppers: %d sub-intervals modelled, %d without a PELT "
		"read of their placement (the interval's read used); hop "
		"log: %ld hops lost, %ld reads torn", nsub, nmiss, hl->lost,
		hl->torn);
}

