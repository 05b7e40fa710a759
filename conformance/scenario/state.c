// SPDX-License-Identifier: GPL-2.0
/*
 * state.c - queries on a parsed scenario (CPU masks, lookups, effective
 * cpusets and affinities, durations), the state in force after a run of
 * phases, and the enums' name tables (for parsing and printing alike).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

scn_cpumask_t scn_all_cpus(const struct scenario *s)
{
	if (s->cpus <= 0)
		return 0;
	if (s->cpus >= 64)
		return ~(scn_cpumask_t)0;
	return ((scn_cpumask_t)1 << s->cpus) - 1;
}

int scn_cpumask_count(scn_cpumask_t mask)
{
	return __builtin_popcountll(mask);
}

bool scn_has_children(const struct scenario *s, int g)
{
	for (int i = 0; i < s->ngroups; i++)
		if (s->groups[i].parent == g)
			return true;
	return false;
}

bool scn_uses_cpuset(const struct scenario *s)
{
	for (int i = 0; i < s->ngroups; i++)
		if (s->groups[i].cpuset)
			return true;
	for (int i = 0; i < s->nphases; i++)
		if (s->phases[i].action == SCN_ACT_CPUSET)
			return true;
	return false;
}

int scn_cpumask_parse(const char *str, scn_cpumask_t *mask)
{
	scn_cpumask_t m = 0;
	const char *c = str;

	if (!str || !*str)
		return -EINVAL;
	for (;;) {
		unsigned int a = 0, b;
		int n = 0;

		while (scn_is_digit(*c)) {
			if (++n > 2)
				return -EINVAL;
			a = a * 10 + (unsigned int)(*c++ - '0');
		}
		if (!n || a >= SCN_MAX_CPUS)
			return -EINVAL;
		b = a;
		if (*c == '-') {
			c++;
			b = 0;
			n = 0;
			while (scn_is_digit(*c)) {
				if (++n > 2)
					return -EINVAL;
				b = b * 10 + (unsigned int)(*c++ - '0');
			}
			if (!n || b >= SCN_MAX_CPUS || b < a)
				return -EINVAL;
		}
		for (unsigned int i = a; i <= b; i++)
			m |= (scn_cpumask_t)1 << i;
		if (!*c)
			break;
		if (*c++ != ',')
			return -EINVAL;
	}
	*mask = m;
	return 0;
}

int scn_cpumask_format(scn_cpumask_t mask, char *buf, size_t len)
{
	size_t pos = 0;
	int i = 0;

	if (!buf || !len)
		return -ENOSPC;
	buf[0] = '\0';
	while (i < 64) {
		int j;
		int n;

		if (!(mask & ((scn_cpumask_t)1 << i))) {
			i++;
			continue;
		}
		j = i;
		while (j + 1 < 64 && (mask & ((scn_cpumask_t)1 << (j + 1))))
			j++;
		if (j == i)
			n = snprintf(buf + pos, len - pos, "%s%d",
				     pos ? "," : "", i);
		else
			n = snprintf(buf + pos, len - pos, "%s%d-%d",
				     pos ? "," : "", i, j);
		if (n < 0 || (size_t)n >= len - pos) {
			buf[0] = '\0';
			return -ENOSPC;
		}
		pos += (size_t)n;
		i = j + 1;
	}
	return (int)pos;
}

int scn_find_group(const struct scenario *s, const char *path)
{
	for (int i = 0; i < s->ngroups; i++)
		if (!strcmp(s->groups[i].path, path))
			return i;
	return -1;
}

int scn_find_task(const struct scenario *s, const char *name)
{
	for (int i = 0; i < s->ntasks; i++)
		if (!strcmp(s->tasks[i].name, name))
			return i;
	return -1;
}

scn_cpumask_t scn_group_cpuset(const struct scenario *s, int g)
{
	scn_cpumask_t m = scn_all_cpus(s);
	int guard = 0;

	while (g >= 0 && g < s->ngroups && guard++ <= SCN_MAX_DEPTH) {
		if (s->groups[g].cpuset)
			m &= s->groups[g].cpuset;
		g = s->groups[g].parent;
	}
	return m;
}

scn_cpumask_t scn_task_effective_cpus(const struct scenario *s, int task)
{
	const struct scn_task *t;
	scn_cpumask_t m;

	if (task < 0 || task >= s->ntasks)
		return 0;
	t = &s->tasks[task];
	m = t->cpus ? t->cpus : scn_all_cpus(s);
	return m & scn_group_cpuset(s, t->group);
}

bool scn_group_below(const struct scenario *s, int c, int g)
{
	for (int guard = 0;
	     c >= 0 && c < s->ngroups && guard++ <= SCN_MAX_DEPTH;
	     c = s->groups[c].parent)
		if (c == g)
			return true;
	return false;
}

scn_cpumask_t scn_state_group_cpuset(const struct scenario *s,
				     const struct scn_state *st, int g)
{
	scn_cpumask_t m = scn_all_cpus(s);
	int guard = 0;

	while (g >= 0 && g < s->ngroups && guard++ <= SCN_MAX_DEPTH) {
		if (st->group_cpuset[g])
			m &= st->group_cpuset[g];
		g = s->groups[g].parent;
	}
	return m;
}

scn_cpumask_t scn_state_task_cpus(const struct scenario *s,
				  const struct scn_state *st, int t)
{
	scn_cpumask_t m;

	if (t < 0 || t >= s->ntasks)
		return 0;
	m = st->task_cpus[t] ? st->task_cpus[t] : scn_all_cpus(s);
	return m & scn_state_group_cpuset(s, st, st->task_group[t]) &
	       st->online;
}

bool scn_state_under_limit(const struct scenario *s,
			   const struct scn_state *st, int g)
{
	for (; g >= 0; g = s->groups[g].parent)
		if (st->group_quota_us[g] >= 0)
			return true;
	return false;
}

uint64_t scn_measure_start_us(const struct scenario *s)
{
	uint64_t last = 0;

	for (int i = 0; i < s->nphases; i++)
		if (s->phases[i].at_us > last)
			last = s->phases[i].at_us;
	return last + s->warmup_us;
}

uint64_t scn_duration_us(const struct scenario *s)
{
	return scn_measure_start_us(s) + s->measure_us;
}

/*
 * The sequential verdict may measure past measure, up to max_measure
 * (default SCN_MAX_MEASURE_FACTOR x measure); repeated actions go on
 * firing until then (timeline.c).
 */
uint64_t scn_max_measure_us(const struct scenario *s)
{
	if (s->max_measure_us)
		return s->max_measure_us;
	return SCN_MAX_MEASURE_FACTOR * s->measure_us;
}

uint64_t scn_max_duration_us(const struct scenario *s)
{
	return scn_measure_start_us(s) + scn_max_measure_us(s);
}

uint64_t scn_timeout_us(const struct scenario *s)
{
	uint64_t t = 2 * scn_duration_us(s);

	if (s->timeout_us)
		return s->timeout_us;
	if (t < scn_max_duration_us(s))
		t = scn_max_duration_us(s);
	return t + SCN_TIMEOUT_SLACK_US;
}

const char *const scn_hierarchy_names[SCN_NHIERARCHIES] = {
	[SCN_V2] = "v2",
	[SCN_V1] = "v1",
};

const char *const scn_model_names[SCN_NMODELS] = {
	[SCN_MODEL_DEFINED] = "defined",
	[SCN_MODEL_COMPUTED] = "computed",
	[SCN_MODEL_SE] = "se",
};

const char *const scn_kind_names[SCN_NKINDS] = {
	[SCN_TASK_HOG] = "hog",
	[SCN_TASK_DUTY] = "duty",
	[SCN_TASK_CHURN] = "churn",
	[SCN_TASK_HOPPER] = "hopper",
};

const char *const scn_action_names[SCN_NACTIONS] = {
	[SCN_ACT_WEIGHT] = "weight",
	[SCN_ACT_MOVE] = "move",
	[SCN_ACT_AFFINITY] = "affinity",
	[SCN_ACT_OFFLINE] = "offline",
	[SCN_ACT_ONLINE] = "online",
	[SCN_ACT_STOP] = "stop",
	[SCN_ACT_CONT] = "cont",
	[SCN_ACT_MAX] = "max",
	[SCN_ACT_CPUSET] = "cpuset",
	[SCN_ACT_PANIC] = "panic",
};

int scn_name_index(const char *const *names, int n, const char *v)
{
	for (int i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], v))
			return i;
	return -1;
}

static const char *scn_name_of(const char *const *names, int n, int i)
{
	return i >= 0 && i < n && names[i] ? names[i] : "?";
}

const char *scn_hierarchy_name(enum scn_hierarchy h)
{
	return scn_hierarchy_names[h == SCN_V1 ? SCN_V1 : SCN_V2];
}

const char *scn_action_name(enum scn_action a)
{
	return scn_name_of(scn_action_names, SCN_NACTIONS, (int)a);
}

const char *scn_kind_name(enum scn_task_kind k)
{
	return scn_name_of(scn_kind_names, SCN_NKINDS, (int)k);
}

double scn_group_kernel_weight(const struct scenario *s,
			       const struct scn_state *st, int g)
{
	if (g < 0 || g >= s->ngroups)
		return 0;
	if (s->groups[g].idle == 1)
		return 3.0;
	if (s->hierarchy == SCN_V1)
		return (double)st->group_weight[g];
	return (double)st->group_weight[g] * 1024.0 / 100.0;
}

void scn_state_init(const struct scenario *s, struct scn_state *st)
{
	memset(st, 0, sizeof(*st));
	for (int t = 0; t < s->ntasks && t < SCN_MAX_TASKS; t++) {
		st->task_group[t] = s->tasks[t].group;
		st->task_cpus[t] = s->tasks[t].cpus;
	}
	for (int g = 0; g < s->ngroups && g < SCN_MAX_GROUPS; g++) {
		const struct scn_group *gr = &s->groups[g];

		st->group_weight[g] = gr->weight;
		st->group_quota_us[g] = gr->has_max ? gr->max_quota_us : -1;
		st->group_period_us[g] = gr->has_max ? gr->max_period_us :
					 SCN_DEFAULT_PERIOD_US;
		st->group_cpuset[g] = gr->cpuset;
	}
	st->online = scn_all_cpus(s);
}

void scn_state_apply(const struct scenario *s, struct scn_state *st,
		     const struct scn_phase *p)
{
	bool task_ok = p->task >= 0 && p->task < s->ntasks;
	bool group_ok = p->group >= 0 && p->group < s->ngroups;
	bool cpu_ok = p->cpu >= 0 && p->cpu < SCN_MAX_CPUS;

	switch (p->action) {
	case SCN_ACT_WEIGHT:
		if (group_ok)
			st->group_weight[p->group] = p->value;
		break;
	case SCN_ACT_MOVE:
		if (task_ok && group_ok)
			st->task_group[p->task] = p->group;
		break;
	case SCN_ACT_AFFINITY:
		if (task_ok)
			st->task_cpus[p->task] = p->cpus;
		break;
	case SCN_ACT_OFFLINE:
		if (cpu_ok)
			st->online &= ~((scn_cpumask_t)1 << p->cpu);
		break;
	case SCN_ACT_ONLINE:
		if (cpu_ok)
			st->online |= (scn_cpumask_t)1 << p->cpu;
		break;
	case SCN_ACT_STOP:
		if (task_ok)
			st->task_stopped[p->task] = true;
		break;
	case SCN_ACT_CONT:
		if (task_ok)
			st->task_stopped[p->task] = false;
		break;
	case SCN_ACT_MAX:
		if (group_ok) {
			st->group_quota_us[p->group] = p->quota_us;
			st->group_period_us[p->group] = p->period_us;
		}
		break;
	case SCN_ACT_CPUSET:
		if (group_ok)
			st->group_cpuset[p->group] = p->cpus;
		break;
	case SCN_ACT_PANIC:
		break;
	}
}

_Static_assert(SCN_V1 + 1 == SCN_NHIERARCHIES, "scn_hierarchy_names");
_Static_assert(SCN_MODEL_SE + 1 == SCN_NMODELS, "scn_model_names");
_Static_assert(SCN_TASK_HOPPER + 1 == SCN_NKINDS, "scn_kind_names");
_Static_assert(SCN_ACT_PANIC + 1 == SCN_NACTIONS, "scn_action_names");

int scn_find_hopper(const struct scenario *s, int cpu)
{
	for (int t = 0; t < s->ntasks; t++)
		if (s->tasks[t].kind == SCN_TASK_HOPPER &&
		    (cpu < 0 || (s->tasks[t].cpus & (1ull << cpu))))
			return t;
	return -1;
}
