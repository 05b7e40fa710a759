// SPDX-License-Identifier: GPL-2.0
/*
 * phases.c - "at TIME ACTION ARGS...": a change during the run. Each
 * action is one row of actions[]: its name, its arguments, a parser, and
 * a check of the state after it (p->st, the state simulated in file
 * order, so a contradiction is reported at the line that creates it).
 */
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

struct scn_actiondef {
	const char *name;
	enum scn_action action;
	int nargs;
	const char *usage;		/* "'NAME' takes " usage */
	/* fills ph from a[0..nargs) (ph->action already set) */
	int (*parse)(struct scn_parser *p, struct scn_phase *ph, char **a);
	/* against the state before it (p->st); NULL: nothing to check */
	int (*context)(struct scn_parser *p, const struct scn_phase *ph);
	/* after scn_state_apply(); NULL: nothing to check */
	int (*check)(struct scn_parser *p, const struct scn_phase *ph);
	bool repeatable;		/* may be an "every" action */
};

static int scn_phase_task(struct scn_parser *p, const char *v, int *t)
{
	return scn_task_lookup(p, v, t);
}

static int scn_phase_group(struct scn_parser *p, const char *v, int *g)
{
	*g = scn_find_group(p->s, v);
	if (*g < 0)
		return scn_err(p, "group '%s' is not defined", v);
	return 0;
}

static int parse_weight(struct scn_parser *p, struct scn_phase *ph, char **a)
{
	const struct scenario *s = p->s;
	int ret = scn_phase_group(p, a[0], &ph->group);

	if (!ret)
		ret = scn_get_weight(p, a[1], &ph->value);
	if (ret)
		return ret;
	if (s->groups[ph->group].idle == 1)
		return scn_err(p, "group '%s' is idle (idle=1): its %s has no effect",
			       a[0], s->hierarchy == SCN_V1 ? "shares" : "weight");
	return 0;
}

static int parse_move(struct scn_parser *p, struct scn_phase *ph, char **a)
{
	int ret = scn_phase_task(p, a[0], &ph->task);

	if (!ret)
		ret = scn_phase_group(p, a[1], &ph->group);
	if (ret)
		return ret;
	if (p->s->hierarchy == SCN_V2 && scn_has_children(p->s, ph->group))
		return scn_err(p, "move: group '%s' has child groups (cgroup v2 allows tasks only in leaf groups)",
			       a[1]);
	return 0;
}

static int context_move(struct scn_parser *p, const struct scn_phase *ph)
{
	const struct scenario *s = p->s;

	if (p->st.task_group[ph->task] == ph->group)
		return scn_err(p, "move: task '%s' is already in '%s'",
			       s->tasks[ph->task].name,
			       s->groups[ph->group].path);
	return 0;
}

static int parse_affinity(struct scn_parser *p, struct scn_phase *ph,
			  char **a)
{
	int ret = scn_phase_task(p, a[0], &ph->task);

	if (!ret)
		ret = scn_get_cpus(p, "affinity", a[1], &ph->cpus);
	if (!ret && p->s->tasks[ph->task].kind == SCN_TASK_HOPPER)
		return scn_err(p, "affinity: task '%s' is a hopper (it sets its own affinity)",
			       a[0]);
	return ret;
}

static int parse_hotplug(struct scn_parser *p, struct scn_phase *ph,
			 char **a)
{
	int ret = scn_get_cpu(p, a[0], &ph->cpu);

	if (ret)
		return ret;
	if (ph->action == SCN_ACT_OFFLINE && ph->cpu == 0)
		return scn_err(p, "CPU 0 cannot be offlined (boot CPU)");
	if (ph->action == SCN_ACT_OFFLINE && scn_find_hopper(p->s, ph->cpu) >= 0)
		return scn_err(p, "offline %d: hopper '%s' hops over it",
			       ph->cpu,
			       p->s->tasks[scn_find_hopper(p->s, ph->cpu)].name);
	return 0;
}

static int context_hotplug(struct scn_parser *p, const struct scn_phase *ph)
{
	bool off = ph->action == SCN_ACT_OFFLINE;
	bool online = p->st.online & ((scn_cpumask_t)1 << ph->cpu);

	if (off && !online)
		return scn_err(p, "CPU %d is already offline", ph->cpu);
	if (!off && online)
		return scn_err(p, "CPU %d is already online", ph->cpu);
	return 0;
}

static int parse_stop(struct scn_parser *p, struct scn_phase *ph, char **a)
{
	return scn_phase_task(p, a[0], &ph->task);
}

static int context_stop(struct scn_parser *p, const struct scn_phase *ph)
{
	bool stop = ph->action == SCN_ACT_STOP;
	const char *name = p->s->tasks[ph->task].name;

	if (stop && p->st.task_stopped[ph->task])
		return scn_err(p, "task '%s' is already stopped", name);
	if (!stop && !p->st.task_stopped[ph->task])
		return scn_err(p, "task '%s' is not stopped", name);
	return 0;
}

static int parse_max(struct scn_parser *p, struct scn_phase *ph, char **a)
{
	int ret = scn_phase_group(p, a[0], &ph->group);

	if (!ret)
		ret = scn_get_max(p, a[1], &ph->quota_us, &ph->period_us);
	if (!ret && scn_find_hopper(p->s, -1) >= 0)
		return scn_err(p, "max: cpu.max limits are not supported with a kind=hopper task ('%s')",
			       p->s->tasks[scn_find_hopper(p->s, -1)].name);
	return ret;
}

static int parse_none(struct scn_parser *p, struct scn_phase *ph, char **a)
{
	(void)p, (void)ph, (void)a;
	return 0;
}

int scn_check_task_cpus(struct scn_parser *p, int t, const char *what)
{
	const struct scenario *s = p->s;
	scn_cpumask_t cs = scn_state_group_cpuset(s, &p->st,
						  p->st.task_group[t]);
	scn_cpumask_t c = p->st.task_cpus[t];
	char m1[SCN_MASK_TEXT], m2[SCN_MASK_TEXT];

	if (c && (c & ~cs))
		return scn_err(p, "%s: cpus %s of task '%s' are outside the cpuset %s of group '%s'",
			       what, scn_fmt_mask(c, m1, sizeof(m1)),
			       s->tasks[t].name, scn_fmt_mask(cs, m2, sizeof(m2)),
			       s->groups[p->st.task_group[t]].path);
	if (!scn_state_task_cpus(s, &p->st, t))
		return scn_err(p, "%s: task '%s' would have no online CPU to run on",
			       what, s->tasks[t].name);
	return 0;
}

static int check_task_cpus(struct scn_parser *p, const struct scn_phase *ph)
{
	return scn_check_task_cpus(p, ph->task,
				   scn_action_name(ph->action));
}

/* Every task and every group keeps an online CPU. */
static int check_offline(struct scn_parser *p, const struct scn_phase *ph)
{
	const struct scenario *s = p->s;
	const struct scn_state *st = &p->st;
	char m[SCN_MASK_TEXT];

	for (int t = 0; t < s->ntasks; t++) {
		scn_cpumask_t cs = scn_state_group_cpuset(s, st,
							  st->task_group[t]);

		if (!scn_state_task_cpus(s, st, t))
			return scn_err(p, "offline %d would leave task '%s' no online CPU (its CPUs: %s)",
				       ph->cpu, s->tasks[t].name,
				       scn_fmt_mask(st->task_cpus[t] ?
						    st->task_cpus[t] & cs : cs,
						    m, sizeof(m)));
	}
	for (int g = 0; g < s->ngroups; g++)
		if (!(scn_state_group_cpuset(s, st, g) & st->online))
			return scn_err(p, "offline %d would leave group '%s' no online CPU in its cpuset %s",
				       ph->cpu, s->groups[g].path,
				       scn_fmt_mask(scn_state_group_cpuset(s, st, g),
						    m, sizeof(m)));
	return 0;
}

static const struct scn_actiondef actions[] = {
	{ "weight", SCN_ACT_WEIGHT, 2,
	  "a group and a value (at 1s weight A 300)", parse_weight, NULL,
	  NULL, true },
	{ "move", SCN_ACT_MOVE, 2, "a task and a group (at 1s move hog1 A/B)",
	  parse_move, context_move, check_task_cpus, true },
	{ "affinity", SCN_ACT_AFFINITY, 2,
	  "a task and a CPU list (at 1s affinity hog1 0-1)", parse_affinity,
	  NULL, check_task_cpus, true },
	{ "offline", SCN_ACT_OFFLINE, 1, "one CPU number (at 1s offline 1)",
	  parse_hotplug, context_hotplug, check_offline, false },
	{ "online", SCN_ACT_ONLINE, 1, "one CPU number (at 1s offline 1)",
	  parse_hotplug, context_hotplug, NULL, false },
	{ "stop", SCN_ACT_STOP, 1, "one task (at 1s stop hog1)", parse_stop,
	  context_stop, NULL, true },
	{ "cont", SCN_ACT_CONT, 1, "one task (at 1s stop hog1)", parse_stop,
	  context_stop, NULL, true },
	{ "max", SCN_ACT_MAX, 2,
	  "a group and QUOTA/PERIOD or max (at 1s max A 20ms/100ms)",
	  parse_max, NULL, NULL, true },
	{ "cpuset", SCN_ACT_CPUSET, 2,
	  "a group and a CPU list (at 1s cpuset A 0)", scn_parse_cpuset,
	  scn_context_cpuset, scn_check_cpuset, false },
	{ "panic", SCN_ACT_PANIC, 0, "no arguments", parse_none, NULL, NULL,
	  false },
};

static int unknown_action(struct scn_parser *p, const char *act)
{
	char known[256];
	size_t pos = 0;

	known[0] = '\0';
	for (size_t i = 0; i < SCN_ARRAY_SIZE(actions) && pos < sizeof(known);
	     i++)
		pos += (size_t)snprintf(known + pos, sizeof(known) - pos,
					"%s%s", i ? ", " : "", actions[i].name);
	return scn_err(p, "unknown action '%s' (known: %s)", act, known);
}

/* The phase's time: after 0, not before the previous phase's. */
static int scn_phase_time(struct scn_parser *p, const char *v,
			  struct scn_phase *ph)
{
	char a[SCN_TIME_TEXT], b[SCN_TIME_TEXT];
	int ret = scn_get_time(p, "phase time", v, &ph->at_us);

	if (ret)
		return ret;
	if (!ph->at_us)
		return scn_err(p, "phase time must be after 0 (the workload's start)");
	if (ph->at_us < p->last_at)
		return scn_err(p, "phase at %s comes after one at %s (phases must be in time order)",
			       scn_fmt_time(ph->at_us, a, sizeof(a)),
			       scn_fmt_time(p->last_at, b, sizeof(b)));
	if (p->s->nphases >= SCN_MAX_PHASES)
		return scn_err(p, "too many phases (max %d)", SCN_MAX_PHASES);
	return 0;
}

static const struct scn_actiondef *scn_action_def(enum scn_action a)
{
	for (size_t i = 0; i < SCN_ARRAY_SIZE(actions); i++)
		if (actions[i].action == a)
			return &actions[i];
	return NULL;
}

/*
 * Apply ph to the simulated state p->st, with its checks before and
 * after (errors at p->line).
 */
int scn_event_apply(struct scn_parser *p, const struct scn_phase *ph)
{
	const struct scn_actiondef *d = scn_action_def(ph->action);
	int ret = d && d->context ? d->context(p, ph) : 0;

	if (ret)
		return ret;
	scn_state_apply(p->s, &p->st, ph);
	return d && d->check ? d->check(p, ph) : 0;
}

static const struct scn_actiondef *scn_action_named(const char *name)
{
	for (size_t i = 0; i < SCN_ARRAY_SIZE(actions); i++)
		if (!strcmp(name, actions[i].name))
			return &actions[i];
	return NULL;
}

int scn_action_nargs(const char *name)
{
	const struct scn_actiondef *d = scn_action_named(name);

	return d ? d->nargs : -1;
}

bool scn_action_repeatable(const char *name)
{
	const struct scn_actiondef *d = scn_action_named(name);

	return d && d->repeatable;
}

int scn_action_parse(struct scn_parser *p, char **tok, int ntok,
		     struct scn_phase *ph)
{
	const struct scn_actiondef *d = scn_action_named(tok[0]);

	if (!d)
		return unknown_action(p, tok[0]);
	ph->line = p->line;
	ph->group = -1;
	ph->task = -1;
	ph->cpu = -1;
	ph->action = d->action;
	if (ntok - 1 != d->nargs)
		return scn_err(p, "'%s' takes %s", tok[0], d->usage);
	return d->parse(p, ph, tok + 1);
}

int scn_at(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_phase ph;
	int ret;

	if (!p->phases) {
		p->phases = true;
		scn_state_init(s, &p->st);
	}
	if (ntok < 3)
		return scn_err(p, "'at' needs a time and an action (e.g. at 1s weight A 300)");
	memset(&ph, 0, sizeof(ph));
	ret = scn_phase_time(p, tok[1], &ph);
	if (!ret)
		ret = scn_action_parse(p, tok + 2, ntok - 2, &ph);
	/* with repeats, the timeline is checked once it is known */
	if (!ret && !s->nrepeats)
		ret = scn_event_apply(p, &ph);
	if (ret)
		return ret;
	p->last_at = ph.at_us;
	s->phases[s->nphases++] = ph;
	return 0;
}
