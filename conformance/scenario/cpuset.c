// SPDX-License-Identifier: GPL-2.0
/*
 * cpuset.c - "at TIME cpuset GROUP CPULIST": a group's cpuset.cpus written
 * during the run, shrunk or grown. The state keeps each group's cpuset
 * (st->group_cpuset[]); the checks keep what a group's creation keeps:
 * every cpuset inside its parent's, every task's affinity inside its
 * group's cpuset, and an online CPU for every group and task.
 */
#include "scenario/parse.h"

int scn_parse_cpuset(struct scn_parser *p, struct scn_phase *ph, char **a)
{
	ph->group = scn_find_group(p->s, a[0]);
	if (ph->group < 0)
		return scn_err(p, "group '%s' is not defined", a[0]);
	return scn_get_cpus(p, "cpuset", a[1], &ph->cpus);
}

/* Against the state before it: a change, within the parent's cpuset. */
int scn_context_cpuset(struct scn_parser *p, const struct scn_phase *ph)
{
	const struct scenario *s = p->s;
	const struct scn_group *g = &s->groups[ph->group];
	scn_cpumask_t pm = scn_state_group_cpuset(s, &p->st, g->parent);
	char m1[SCN_MASK_TEXT], m2[SCN_MASK_TEXT];

	scn_fmt_mask(ph->cpus, m1, sizeof(m1));
	if (p->st.group_cpuset[ph->group] == ph->cpus)
		return scn_err(p, "cpuset: group '%s' already has cpuset %s",
			       g->path, m1);
	if (ph->cpus & ~pm)
		return scn_err(p, "cpuset %s of '%s' is not within its parent's cpuset %s",
			       m1, g->path, scn_fmt_mask(pm, m2, sizeof(m2)));
	return 0;
}

/* The cpusets of the groups below ph->group stay inside their parents'. */
static int check_children(struct scn_parser *p, const struct scn_phase *ph)
{
	const struct scenario *s = p->s;
	const struct scn_state *st = &p->st;
	char m1[SCN_MASK_TEXT], m2[SCN_MASK_TEXT];
	scn_cpumask_t pm;

	for (int c = 0; c < s->ngroups; c++) {
		if (c == ph->group || !st->group_cpuset[c] ||
		    !scn_group_below(s, c, ph->group))
			continue;
		pm = scn_state_group_cpuset(s, st, s->groups[c].parent);
		if (st->group_cpuset[c] & ~pm)
			return scn_err(p, "cpuset %s of '%s' would not hold the cpuset %s of '%s' below it",
				       scn_fmt_mask(ph->cpus, m1, sizeof(m1)),
				       s->groups[ph->group].path,
				       scn_fmt_mask(st->group_cpuset[c], m2,
						    sizeof(m2)),
				       s->groups[c].path);
	}
	return 0;
}

/* After it: its children, an online CPU, the affinity of its tasks. */
int scn_check_cpuset(struct scn_parser *p, const struct scn_phase *ph)
{
	const struct scenario *s = p->s;
	const struct scn_state *st = &p->st;
	char m[SCN_MASK_TEXT];
	int ret = check_children(p, ph);

	if (ret)
		return ret;
	if (!(scn_state_group_cpuset(s, st, ph->group) & st->online))
		return scn_err(p, "cpuset %s of '%s' has no online CPU",
			       scn_fmt_mask(ph->cpus, m, sizeof(m)),
			       s->groups[ph->group].path);
	for (int t = 0; t < s->ntasks; t++) {
		if (!scn_group_below(s, st->task_group[t], ph->group))
			continue;
		ret = scn_check_task_cpus(p, t, "cpuset");
		if (ret)
			return ret;
	}
	return 0;
}
