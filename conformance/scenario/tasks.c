// SPDX-License-Identifier: GPL-2.0
/*
 * tasks.c - "task NAME key=value...": count instances of one workload
 * kind in a group (each=: one such task per CPU, topology.c). The keys are described once in task_keys[], the kinds
 * (which of the kind-specific keys each needs) in kinds.c.
 */
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

/* Bits of task_keys[] (the order of the table below). */
enum {
	TK_GROUP = 1u << 0,
	TK_COUNT = 1u << 1,
	TK_CPUS = 1u << 2,
	TK_KIND = 1u << 3,
	TK_RUN = 1u << 4,
	TK_SLEEP = 1u << 5,
	TK_EACH = 1u << 6,
	TK_HOP = 1u << 7,
};

/* The keys only some kinds take (scn_kind()->keys), in checking order. */
static const struct {
	unsigned int bit;	/* in task_keys[] */
	unsigned int kind_bit;	/* in scn_kind()->keys */
	const char *name;
} kind_keys[] = {
	{ TK_RUN, SCN_KIND_RUN, "run" },
	{ TK_SLEEP, SCN_KIND_SLEEP, "sleep" },
	{ TK_HOP, SCN_KIND_HOP, "hop" },
};

/* The task_keys[] bits of the kind-specific keys kind k needs. */
static unsigned int kind_needs(int k)
{
	unsigned int need = 0;

	for (size_t i = 0; i < SCN_ARRAY_SIZE(kind_keys); i++)
		if (scn_kind(k)->keys & kind_keys[i].kind_bit)
			need |= kind_keys[i].bit;
	return need;
}

static int set_group(struct scn_parser *p, void *obj, const char *k,
		     const char *v)
{
	struct scn_task *t = obj;

	(void)k;
	t->group = scn_find_group(p->s, v);
	if (t->group < 0)
		return scn_err(p, "task '%s': group '%s' is not defined",
			       t->name, v);
	return 0;
}

static int set_count(struct scn_parser *p, void *obj, const char *k,
		     const char *v)
{
	struct scn_task *t = obj;
	unsigned long u;

	(void)k;
	if (!scn_parse_uint(v, &u) || u < 1 || u > SCN_MAX_COUNT)
		return scn_err(p, "count '%s' out of range (1..%d)", v,
			       SCN_MAX_COUNT);
	t->count = (int)u;
	return 0;
}

static int set_cpus(struct scn_parser *p, void *obj, const char *k,
		    const char *v)
{
	return scn_get_cpus(p, k, v, &((struct scn_task *)obj)->cpus);
}

static int set_kind(struct scn_parser *p, void *obj, const char *k,
		    const char *v)
{
	int kind = scn_name_index(scn_kind_names, SCN_NKINDS, v);

	(void)k;
	if (kind < 0)
		return scn_err(p, "kind '%s' must be hog, duty, churn or hopper",
			       v);
	((struct scn_task *)obj)->kind = (enum scn_task_kind)kind;
	return 0;
}

/* run= and sleep=: 100us..10s */
static int set_period(struct scn_parser *p, const char *k, const char *v,
		      uint64_t *out)
{
	int ret = scn_get_time(p, k, v, out);

	if (ret)
		return ret;
	if (*out < 100 || *out > 10000000)
		return scn_err(p, "%s '%s' out of range (100us..10s)", k, v);
	return 0;
}

static int set_run(struct scn_parser *p, void *obj, const char *k,
		   const char *v)
{
	return set_period(p, k, v, &((struct scn_task *)obj)->run_us);
}

static int set_sleep(struct scn_parser *p, void *obj, const char *k,
		     const char *v)
{
	return set_period(p, k, v, &((struct scn_task *)obj)->sleep_us);
}

static int set_hop(struct scn_parser *p, void *obj, const char *k,
		   const char *v)
{
	uint64_t *out = &((struct scn_task *)obj)->hop_us;
	int ret = scn_get_time(p, k, v, out);

	if (ret)
		return ret;
	if (*out < SCN_HOP_MIN_US || *out > SCN_HOP_MAX_US)
		return scn_err(p, "hop '%s' out of range (2ms..1s)", v);
	return 0;
}

static int set_each(struct scn_parser *p, void *obj, const char *k,
		    const char *v)
{
	(void)obj, (void)k;
	return scn_set_each(p, v);
}

static const struct scn_keydef task_keys[] = {
	{ "group", set_group },
	{ "count", set_count },
	{ "cpus", set_cpus },
	{ "kind", set_kind },
	{ "run", set_run },
	{ "sleep", set_sleep },
	{ "each", set_each },
	{ "hop", set_hop },
};

static int unknown_task_key(struct scn_parser *p, const char *k)
{
	return scn_err(p, "unknown task key '%s' (known: group, count, cpus, kind, run, sleep, each, hop)",
		       k);
}

/* "kind=duty or kind=churn": the kinds that take kind key bit. */
static void kinds_taking(unsigned int bit, char *buf, size_t len)
{
	size_t pos = 0;
	int n = 0;

	buf[0] = '\0';
	for (int k = 0; k < SCN_NKINDS; k++) {
		if (!(kind_needs(k) & bit))
			continue;
		pos += (size_t)snprintf(buf + pos, len - pos, "%skind=%s",
					n++ ? " or " : "", scn_kind_names[k]);
		if (pos >= len)
			return;
	}
}

/* "run= and sleep=": the kind keys in need. */
static void keys_named(unsigned int need, char *buf, size_t len)
{
	size_t pos = 0;
	int n = 0, total = __builtin_popcount(need);

	buf[0] = '\0';
	for (size_t i = 0; i < SCN_ARRAY_SIZE(kind_keys); i++) {
		if (!(need & kind_keys[i].bit))
			continue;
		n++;
		pos += (size_t)snprintf(buf + pos, len - pos, "%s%s=",
					n == 1 ? "" : n == total ? " and " : ", ",
					kind_keys[i].name);
		if (pos >= len)
			return;
	}
}

/* The kind's keys: all it needs given, none it does not take. */
static int scn_task_kind_keys(struct scn_parser *p, const struct scn_task *t,
			      unsigned int seen)
{
	unsigned int need = kind_needs(t->kind);
	char names[128];

	if ((seen & need) != need) {
		keys_named(need, names, sizeof(names));
		return scn_err(p, "task '%s': kind=%s needs %s", t->name,
			       scn_kind_names[t->kind], names);
	}
	for (size_t i = 0; i < SCN_ARRAY_SIZE(kind_keys); i++) {
		if (!(seen & kind_keys[i].bit) || (need & kind_keys[i].bit))
			continue;
		kinds_taking(kind_keys[i].bit, names, sizeof(names));
		return scn_err(p, "task '%s': %s= only applies to %s",
			       t->name, kind_keys[i].name, names);
	}
	return 0;
}

static int scn_task_new(struct scn_parser *p, const char *name,
			struct scn_task **out)
{
	struct scenario *s = p->s;
	struct scn_task *t;
	int dup;

	if (!scn_valid_name(name))
		return scn_err(p, "task name '%s' is invalid (1..%d characters of A-Z a-z 0-9 . _ -)",
			       name, SCN_NAME_MAX - 1);
	dup = scn_task_dup(s, name);
	if (dup >= 0)
		return scn_err(p, "duplicate task '%s' (first defined at line %d)",
			       name, s->tasks[dup].line);
	if (s->ntasks >= SCN_MAX_TASKS)
		return scn_err(p, "too many tasks (max %d)", SCN_MAX_TASKS);
	t = &s->tasks[s->ntasks];
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "%s", name);
	t->group = -1;
	t->count = 1;
	t->line = p->line;
	t->kind = SCN_TASK_HOG;
	t->each_cpu = -1;
	p->each = false;
	*out = t;
	return 0;
}

/* Any group with a cpu.max limit of its own? */
static bool scn_any_max(const struct scenario *s)
{
	for (int g = 0; g < s->ngroups; g++)
		if (s->groups[g].has_max)
			return true;
	return false;
}

/*
 * A hopper: one instance on two or more CPUs of its own (it moves over
 * them; per-CPU instances and a whole-machine affinity have no order to
 * hop in), at most SCN_HOPS_PER_SAMPLE hops per sample period (its hop
 * log), a few per scenario, and no cpu.max anywhere (the bandwidth model
 * takes a throttled interval as measured, which sub-intervals of a
 * hopper's placement cannot be).
 */
static int scn_task_hopper(struct scn_parser *p, const struct scn_task *t,
			   unsigned int seen)
{
	const struct scenario *s = p->s;
	int hoppers = 0;

	if (p->each || !(seen & TK_CPUS) || scn_cpumask_count(t->cpus) < 2)
		return scn_err(p, "task '%s': kind=hopper needs cpus= with two or more CPUs to hop over (not each=)",
			       t->name);
	if (t->count != 1)
		return scn_err(p, "task '%s': kind=hopper takes no count= (one instance; define another task)",
			       t->name);
	if (s->sample_us > SCN_HOPS_PER_SAMPLE * t->hop_us)
		return scn_err(p, "task '%s': hop is too short for the sample period (at most %d hops per sample)",
			       t->name, SCN_HOPS_PER_SAMPLE);
	if (scn_any_max(s))
		return scn_err(p, "task '%s': kind=hopper in a scenario with cpu.max limits is not supported",
			       t->name);
	for (int i = 0; i < s->ntasks; i++)
		hoppers += s->tasks[i].kind == SCN_TASK_HOPPER;
	if (hoppers >= SCN_MAX_HOPPERS)
		return scn_err(p, "too many hoppers (max %d)", SCN_MAX_HOPPERS);
	return 0;
}

int scn_task(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_task *t = NULL;
	char m1[SCN_MASK_TEXT], m2[SCN_MASK_TEXT];
	unsigned int seen = 0;
	int ret;

	if (p->phases)
		return scn_err(p, "task after the first phase (define all groups and tasks before 'at')");
	if (ntok < 2)
		return scn_err(p, "'task' needs a name (e.g. task hog1 group=A)");
	ret = scn_task_new(p, tok[1], &t);
	if (!ret)
		ret = scn_parse_keys(p, tok, ntok, 2, task_keys,
				     (int)SCN_ARRAY_SIZE(task_keys), t, &seen,
				     unknown_task_key);
	if (ret)
		return ret;
	if (!(seen & TK_GROUP))
		return scn_err(p, "task '%s' needs group=", t->name);
	ret = scn_task_kind_keys(p, t, seen);
	if (!ret && t->kind == SCN_TASK_HOPPER)
		ret = scn_task_hopper(p, t, seen);
	if (ret)
		return ret;
	if (p->each && (seen & TK_CPUS))
		return scn_err(p, "task '%s': each= pins one instance to each CPU; drop cpus=",
			       t->name);
	if (p->each)
		return scn_task_expand(p, t);
	if (t->cpus && (t->cpus & ~scn_group_cpuset(s, t->group)))
		return scn_err(p, "task '%s': cpus %s outside the cpuset %s of group '%s'",
			       t->name, scn_fmt_mask(t->cpus, m1, sizeof(m1)),
			       scn_fmt_mask(scn_group_cpuset(s, t->group), m2,
					    sizeof(m2)),
			       s->groups[t->group].path);
	if (p->instances + t->count > SCN_MAX_INSTANCES)
		return scn_err(p, "too many task instances (max %d in total)",
			       SCN_MAX_INSTANCES);
	p->instances += t->count;
	s->ntasks++;
	return 0;
}
