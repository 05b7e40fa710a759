// SPDX-License-Identifier: GPL-2.0
/*
 * child_setup.c - the scenario process: its setup (cgroups, workers,
 * sampler, tracing), the sample loop (sampling.c), its teardown, and its
 * verdict and report (child_report.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "run/child.h"

/*
 * Lift the cpu.max limits in force before killing the workers: a killed
 * task in a throttled group exits only once the group may run again,
 * which under a small quota takes seconds (the observation:
 * docs/lab/2026-12-07-runner-verdict-notes.md).
 */
static void child_lift_limits(const struct scenario *s,
			      const struct scn_state *st, struct cg_ctx *cg)
{
	int g;

	for (g = 0; g < s->ngroups; g++)
		if (st->group_quota_us[g] >= 0)
			cg_set_max(cg, g, -1, st->group_period_us[g]);
}

/* The PELT source of this kernel, seen through the scenario's cgroups. */
static enum pelt_source child_pelt_source(const struct cg_ctx *cg)
{
	if (cg_has_cpu_pelt(cg))
		return PELT_SRC_CPU_PELT;
	if (!access(PELT_DEBUGFS_PATH, R_OK))
		return PELT_SRC_DEBUGFS;
	return PELT_SRC_NONE;
}

/* Cgroups and the PELT source; ERROR or SKIP end the process here. */
static void child_cgroups(struct child *ch, int msg_fd)
{
	struct child_msg m;
	char err[256] = "";
	int r;

	memset(&m, 0, sizeof(m));
	r = cg_create_tree(&ch->set.cg, ch->s, ch->index, err, sizeof(err));
	if (r) {
		cg_remove_tree(&ch->set.cg);
		m.verdict = V_ERROR;
		snprintf(m.reason, sizeof(m.reason), "%s", err);
		child_exit(msg_fd, &m);
	}
	ch->set.src = child_pelt_source(&ch->set.cg);
	if (ch->set.src == PELT_SRC_NONE) {
		cg_remove_tree(&ch->set.cg);
		m.verdict = V_SKIP;
		snprintf(m.reason, sizeof(m.reason),
			 "no PELT group state: no cpu.pelt and no "
			 PELT_DEBUGFS_PATH);
		child_exit(msg_fd, &m);
	}
}

/* Workers (waiting for wl_start()), the sample set and the sampler. */
static int child_workload(struct child *ch, char *err, size_t len)
{
	const struct scenario *s = ch->s;
	int cap = (int)(ch->smp.dur / s->sample_us) + 16 + s->nphases +
		  scn_firings(s);
	int r;

	scn_state_init(s, &ch->st);
	r = wl_spawn(&ch->set.w, s, &ch->st, child_attach, &ch->set.cg, err,
		     len);
	if (!r)
		r = sset_init(&ch->smp.ss, cap, ch->set.w.ninst, s->ngroups,
			      hotplug_possible() > 0 ? hotplug_possible() :
			      s->cpus);
	if (!r)
		r = sampler_init(&ch->smp.sp, s, &ch->set.w, &ch->set.cg,
				 ch->set.src);
	if (r && !err[0])
		snprintf(err, len, "setup: %s", strerror(-r));
	return r;
}

/* How often PELT is read: the scenario's pelt_sample or the source's. */
static void child_pelt_cadence(struct child *ch)
{
	const struct scenario *s = ch->s;
	uint64_t period = s->pelt_sample_us ? s->pelt_sample_us :
			  ch->set.src == PELT_SRC_DEBUGFS ?
			  RUNNER_DEBUGFS_PERIOD_US : RUNNER_PELT_PERIOD_US;

	ch->smp.pelt_every = (int)((period + s->sample_us / 2) / s->sample_us);
	if (ch->smp.pelt_every < 1)
		ch->smp.pelt_every = 1;
}

/*
 * After the window, while the workload still runs: the trace counts and
 * the cross-check; then stop everything. Returns cg_remove_tree()'s.
 */
static int child_teardown(struct child *ch)
{
	int r;

	if (!ch->set.tc_ret)
		ch->set.tc_ret = trc_end(&ch->set.tc);
	if (ch->set.src == PELT_SRC_CPU_PELT)
		ch->set.xc_ret = xcheck_pelt_debugfs(ch->s, &ch->set.cg,
						     &ch->set.xc);
	child_lift_limits(ch->s, &ch->st, &ch->set.cg);
	wl_kill(&ch->set.w);
	hotplug_restore(ch->set.online0);
	r = cg_remove_tree(&ch->set.cg);
	kmsg_end(ch->set.kfd, &ch->set.km);
	ch->set.kfd = -1;
	return r;
}

/* Setup failed: undo what was done, report an ERROR. */
static void __attribute__((noreturn)) child_fail(struct child *ch,
						      const char *err,
						      int msg_fd)
{
	struct child_msg m;

	child_lift_limits(ch->s, &ch->st, &ch->set.cg);
	wl_kill(&ch->set.w);
	hotplug_restore(ch->set.online0);
	cg_remove_tree(&ch->set.cg);
	if (ch->set.kfd >= 0)
		close(ch->set.kfd);
	memset(&m, 0, sizeof(m));
	m.verdict = V_ERROR;
	snprintf(m.reason, sizeof(m.reason), "%s", err);
	child_exit(msg_fd, &m);
}

void __attribute__((noreturn)) child_main(const struct scenario *s,
					  int index, int msg_fd,
					  const struct seq_opts *opts)
{
	static struct child ch;
	char err[256] = "";
	int r;

	ch.s = s;
	ch.index = index;
	seq_plan_scenario(&ch.vd.plan, opts, s);
	ch.smp.dur = scn_measure_start_us(s) + ch.vd.plan.max_measure_us;
	ch.set.xc_ret = 1;
	ch.vd.scratch = malloc(sizeof(*s));
	if (!ch.vd.scratch) {
		struct child_msg m = { .verdict = V_ERROR };

		snprintf(m.reason, sizeof(m.reason), "out of memory");
		child_exit(msg_fd, &m);
	}
	memcpy(ch.vd.scratch, s, sizeof(*s));
	hotplug_online_mask(&ch.set.online0);
	ch.set.kfd = kmsg_begin();
	ch.set.t_setup[0] = measure_now_us();
	child_cgroups(&ch, msg_fd);
	ch.set.t_setup[1] = measure_now_us();
	if (child_workload(&ch, err, sizeof(err)))
		child_fail(&ch, err, msg_fd);
	ch.set.t_setup[2] = measure_now_us();
	ch.smp.ws = scn_measure_start_us(s);
	ch.smp.we = ch.smp.ws + ch.vd.plan.max_measure_us;
	child_pelt_cadence(&ch);
	ch.set.tc_ret = trc_begin(&ch.set.tc);
	ch.set.t_setup[3] = measure_now_us();
	child_sample_loop(&ch);
	ch.set.teardown_us = measure_now_us();
	r = child_teardown(&ch);
	ch.set.teardown_us = measure_now_us() - ch.set.teardown_us;
	child_verdict(&ch, r);
	child_report(&ch, msg_fd);
}
