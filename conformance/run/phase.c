// SPDX-License-Identifier: GPL-2.0
/*
 * phase.c - a phase or repeat firing applied to the scenario's cgroups,
 * workers and CPUs, and to its state.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include "run/child.h"

int child_attach(void *ctx, int g, pid_t pid)
{
	return cg_attach(ctx, g, pid);
}

/*
 * A cpuset write sets the affinity of the group's tasks to the new
 * cpuset, intersected with the affinity they asked for where the kernel
 * keeps it (6.2+): the affinity the scenario gave them, put back.
 */
static int reapply_affinity(const struct scenario *s,
			    const struct scn_state *st, int g,
			    struct workload *w)
{
	int r = 0;

	for (int t = 0; t < s->ntasks && !r; t++)
		if (st->task_cpus[t] && scn_group_below(s, st->task_group[t], g) &&
		    s->tasks[t].kind != SCN_TASK_HOPPER)
			r = wl_set_affinity(w, t, st->task_cpus[t]);
	return r;
}

int child_do_phase(const struct scenario *s, struct scn_state *st,
		   const struct scn_phase *p, struct cg_ctx *cg,
		   struct workload *w)
{
	int r = 0, fd;

	switch (p->action) {
	case SCN_ACT_WEIGHT:
		r = cg_set_weight(cg, p->group, p->value);
		break;
	case SCN_ACT_MOVE:
		r = wl_move(w, p->task, p->group, child_attach, cg);
		break;
	case SCN_ACT_AFFINITY:
		r = wl_set_affinity(w, p->task, p->cpus);
		break;
	case SCN_ACT_OFFLINE:
		r = hotplug_set(p->cpu, false);
		break;
	case SCN_ACT_ONLINE:
		r = hotplug_set(p->cpu, true);
		break;
	case SCN_ACT_STOP:
		r = wl_signal(w, p->task, SIGSTOP);
		break;
	case SCN_ACT_CONT:
		r = wl_signal(w, p->task, SIGCONT);
		break;
	case SCN_ACT_MAX:
		r = cg_set_max(cg, p->group, p->quota_us, p->period_us);
		break;
	case SCN_ACT_CPUSET:
		r = cg_set_cpuset(cg, p->group, p->cpus);
		break;
	case SCN_ACT_PANIC:
		fd = open("/proc/sysrq-trigger", O_WRONLY);
		if (fd >= 0) {
			if (write(fd, "c", 1) < 0)
				r = -errno;
			close(fd);
		} else {
			r = -errno;
		}
		break;
	}
	scn_state_apply(s, st, p);
	/* Joining a group with a cpuset resets the affinity: re-apply. */
	if (!r && p->action == SCN_ACT_MOVE)
		r = wl_set_affinity(w, p->task, st->task_cpus[p->task]);
	if (!r && p->action == SCN_ACT_CPUSET)
		r = reapply_affinity(s, st, p->group, w);
	return r;
}
