// SPDX-License-Identifier: GPL-2.0
/*
 * topology.c - scenarios that scale with the machine: the "cpus" range
 * ("cpus 2", "cpus 2-8", "cpus 2+") and N, the CPU count a parse is for;
 * the "last" CPU (N - 1) wherever a CPU number is accepted; per-CPU tasks
 * ("task h group=A each=*": one task "h@CPU" pinned to each CPU); expect
 * values that are formulas of N (formula.c evaluates them).
 */
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

static int scn_cpus_bad(struct scn_parser *p, const char *v)
{
	return scn_err(p, "cpus '%s' must be a count, a range or a minimum (e.g. 2, 2-8, 2+)",
		       v);
}

/* "cpus 2" / "cpus 2-8" / "cpus 2+"; N = the machine's CPUs clamped. */
int scn_set_cpus(struct scn_parser *p, const char *v)
{
	struct scenario *s = p->s;
	size_t n = strcspn(v, "-+");
	unsigned long lo, hi;
	char buf[16];

	if (n >= sizeof(buf))
		return scn_cpus_bad(p, v);
	memcpy(buf, v, n);
	buf[n] = '\0';
	if (!scn_parse_uint(buf, &lo))
		return scn_cpus_bad(p, v);
	if (!v[n])
		hi = lo;
	else if (v[n] == '+' && !v[n + 1])
		hi = SCN_MAX_CPUS;
	else if (v[n] != '-' || !scn_parse_uint(v + n + 1, &hi))
		return scn_cpus_bad(p, v);
	if (lo < 1 || lo > SCN_MAX_CPUS || hi > SCN_MAX_CPUS)
		return scn_err(p, "cpus '%s' out of range (1..%d)", v,
			       SCN_MAX_CPUS);
	if (hi < lo)
		return scn_err(p, "cpus '%s': the minimum is above the maximum",
			       v);
	s->cpus_min = (int)lo;
	s->cpus_max = (int)hi;
	s->cpus = p->want_cpus <= 0 ? s->cpus_min : p->want_cpus;
	if (s->cpus < s->cpus_min)
		s->cpus = s->cpus_min;
	if (s->cpus > s->cpus_max)
		s->cpus = s->cpus_max;
	return 0;
}

const char *scn_cpus_range_text(const struct scenario *s, char *buf,
				size_t len)
{
	if (s->cpus_min == s->cpus_max)
		snprintf(buf, len, "%d", s->cpus_min);
	else if (s->cpus_max == SCN_MAX_CPUS)
		snprintf(buf, len, "%d+", s->cpus_min);
	else
		snprintf(buf, len, "%d-%d", s->cpus_min, s->cpus_max);
	return buf;
}

/*
 * v with every CPU token "last" (between the ',' and '-' of a CPU list)
 * replaced by N - 1, into out[len]; anything else is copied for the CPU
 * list parser to judge. Returns 0, or -1 when out is too small.
 */
int scn_cpulist_resolve(struct scn_parser *p, const char *v, char *out,
			size_t len)
{
	size_t o = 0, last = strlen(SCN_LAST_CPU);

	while (*v) {
		size_t t = strcspn(v, ",-");
		int w;

		if (t == last && !strncmp(v, SCN_LAST_CPU, last))
			w = snprintf(out + o, len - o, "%d", p->s->cpus - 1);
		else
			w = snprintf(out + o, len - o, "%.*s", (int)t, v);
		/* the token, its separator if any, the NUL */
		if (w < 0 || (size_t)w + 1 + !!v[t] > len - o)
			return -1;
		o += (size_t)w;
		if (v[t])
			out[o++] = v[t++];
		v += t;
	}
	out[o] = '\0';
	return 0;
}

/* each=LIST or each=*: the CPUs of the instances. */
int scn_set_each(struct scn_parser *p, const char *v)
{
	p->each = true;
	p->each_mask = 0;
	if (!strcmp(v, "*"))
		return 0;
	return scn_get_cpus(p, "each", v, &p->each_mask);
}

/* Index of the task named name, or of an instance name@CPU; else -1. */
int scn_task_dup(const struct scenario *s, const char *name)
{
	size_t n = strlen(name);

	for (int i = 0; i < s->ntasks; i++) {
		const char *tn = s->tasks[i].name;

		if (!strncmp(tn, name, n) && (!tn[n] || tn[n] == '@'))
			return i;
	}
	return -1;
}

/* The per-CPU instances' limits, before any is written. */
static int scn_each_limits(struct scn_parser *p, const struct scn_task *t,
			   int n)
{
	const struct scenario *s = p->s;

	if (strlen(t->name) + 3 >= SCN_NAME_MAX)
		return scn_err(p, "task name '%s' is too long for each= (max %d characters)",
			       t->name, SCN_NAME_MAX - 4);
	if (s->ntasks + n > SCN_MAX_TASKS)
		return scn_err(p, "task '%s': each= makes %d tasks, %d in all at N=%d (max %d)",
			       t->name, n, s->ntasks + n, s->cpus,
			       SCN_MAX_TASKS);
	if (p->instances + n * t->count > SCN_MAX_INSTANCES)
		return scn_err(p, "too many task instances (max %d in total)",
			       SCN_MAX_INSTANCES);
	return 0;
}

/*
 * Task t (the next free slot, keys read) becomes one task "name@CPU"
 * pinned to each CPU of each= (each=*: every CPU of its group's cpuset).
 */
int scn_task_expand(struct scn_parser *p, struct scn_task *t)
{
	struct scenario *s = p->s;
	scn_cpumask_t cs = scn_group_cpuset(s, t->group);
	scn_cpumask_t m = p->each_mask ? p->each_mask : cs;
	char m1[SCN_MASK_TEXT], m2[SCN_MASK_TEXT];
	struct scn_task proto = *t;
	int n = scn_cpumask_count(m), ret, c;

	if (m & ~cs)
		return scn_err(p, "task '%s': each=%s outside the cpuset %s of group '%s'",
			       t->name, scn_fmt_mask(m, m1, sizeof(m1)),
			       scn_fmt_mask(cs, m2, sizeof(m2)),
			       s->groups[t->group].path);
	ret = scn_each_limits(p, &proto, n);
	if (ret)
		return ret;
	for (c = 0; c < SCN_MAX_CPUS; c++) {
		struct scn_task *i = &s->tasks[s->ntasks];

		if (!(m & ((scn_cpumask_t)1 << c)))
			continue;
		*i = proto;
		snprintf(i->name, sizeof(i->name), "%s@%d", proto.name, c);
		i->cpus = (scn_cpumask_t)1 << c;
		i->each_cpu = c;
		s->ntasks++;
	}
	p->instances += n * proto.count;
	return 0;
}

/*
 * A task named in a phase: a task, or one per-CPU instance "h@CPU"
 * ("h@last": CPU N - 1). A per-CPU task's own name is an error.
 */
int scn_task_lookup(struct scn_parser *p, const char *v, int *t)
{
	const struct scenario *s = p->s;
	const char *at = strchr(v, '@');
	char buf[SCN_NAME_MAX + 8];
	const char *name = v;
	int base;

	if (at && !strcmp(at + 1, SCN_LAST_CPU) && at - v < SCN_NAME_MAX) {
		snprintf(buf, sizeof(buf), "%.*s@%d", (int)(at - v), v,
			 s->cpus - 1);
		name = buf;
	}
	*t = scn_find_task(s, name);
	if (*t >= 0)
		return 0;
	base = at ? -1 : scn_task_dup(s, v);
	if (base >= 0)
		return scn_err(p, "task '%s' has one instance per CPU (each=): name one, e.g. '%s'",
			       v, s->tasks[base].name);
	return scn_err(p, "task '%s' is not defined", v);
}

/* An expect value: a fraction (0.25, 25%, 1/4) or a formula of N. */
int scn_get_expect_value(struct scn_parser *p, const char *v, double *out)
{
	char why[128];
	int n = p->s->cpus;

	if (!scn_is_formula(v))
		return scn_get_fraction(p, "expect", v, out);
	if (scn_formula_eval(v, n, out, why, sizeof(why)))
		return scn_err(p, "expect '%s' at N=%d: %s", v, n, why);
	if (*out < 0)
		return scn_err(p, "expect '%s' is %.6g at N=%d, below 0", v,
			       *out, n);
	if (*out > 1 + SCN_SUM_SLACK)
		return scn_err(p, "expect '%s' is %.6g at N=%d, more than the whole (max 1)",
			       v, *out, n);
	return 0;
}
