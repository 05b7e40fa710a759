// SPDX-License-Identifier: GPL-2.0
/*
 * scenario.c - parse and validate cgroup-scenarios/<theme>/<name>.scn files.
 *
 * The format is documented in cgroup-scenarios/FORMAT.md. The parser works
 * one line at a time on a private copy of the line (at most SCN_MAX_LINE
 * characters), so arbitrary input costs time linear in its length and
 * never reads or writes outside the buffers. Every error is reported as
 * "file:line: message" and returns -EINVAL.
 *
 * Validation is done while parsing, in file order, which the format makes
 * possible by requiring: settings before the body, parents before children,
 * groups before the tasks that use them, groups and tasks before the first
 * phase, phases in time order. Phases are checked against a simulated
 * struct scn_state, so every contradiction is reported at the line that
 * creates it.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/scenario.h"

#define SCN_MAX_TOKENS	32
#define SCN_SUM_SLACK	1e-9	/* rounding slack for "expect" sums */

enum scn_key {
	KEY_NAME,
	KEY_CPUS,
	KEY_HIERARCHY,
	KEY_WARMUP,
	KEY_MEASURE,
	KEY_WINDOWS,
	KEY_SAMPLE,
	KEY_PELT_SAMPLE,
	KEY_TOLERANCE,
	KEY_CONFIDENCE,
	KEY_TIMEOUT,
	KEY_AGG_TOLERANCE,
	KEY_MODEL,
	KEY_COUNT
};

static const char *const scn_key_names[KEY_COUNT] = {
	[KEY_NAME] = "name",
	[KEY_CPUS] = "cpus",
	[KEY_HIERARCHY] = "hierarchy",
	[KEY_WARMUP] = "warmup",
	[KEY_MEASURE] = "measure",
	[KEY_WINDOWS] = "windows",
	[KEY_SAMPLE] = "sample",
	[KEY_PELT_SAMPLE] = "pelt_sample",
	[KEY_TOLERANCE] = "tolerance",
	[KEY_CONFIDENCE] = "confidence",
	[KEY_TIMEOUT] = "timeout",
	[KEY_AGG_TOLERANCE] = "agg_tolerance",
	[KEY_MODEL] = "model",
};

struct scn_parser {
	struct scenario *s;
	char *err;
	size_t errlen;
	int line;
	int key_line[KEY_COUNT];	/* 0: not set */
	bool desc_done;
	bool desc_full;
	bool body;			/* a group/task/expect/at was seen */
	bool phases;			/* an "at" was seen */
	int instances;
	uint64_t last_at;
	struct scn_state st;		/* simulated, for phase checks */
};

/* ---- small helpers --------------------------------------------------- */

static int scn_err(struct scn_parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int scn_err(struct scn_parser *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (!p->err || !p->errlen)
		return -EINVAL;
	n = snprintf(p->err, p->errlen, "%s:%d: ", p->s->file,
		     p->line > 0 ? p->line : 1);
	if (n < 0 || (size_t)n >= p->errlen)
		return -EINVAL;
	va_start(ap, fmt);
	vsnprintf(p->err + n, p->errlen - n, fmt, ap);
	va_end(ap);
	return -EINVAL;
}

/* Human form of a time for messages: "2s", "500ms", "250us". */
static const char *scn_fmt_time(uint64_t us, char *buf, size_t len)
{
	if (us && us % 1000000 == 0)
		snprintf(buf, len, "%llus", (unsigned long long)(us / 1000000));
	else if (us && us % 1000 == 0)
		snprintf(buf, len, "%llums", (unsigned long long)(us / 1000));
	else
		snprintf(buf, len, "%lluus", (unsigned long long)us);
	return buf;
}

static const char *scn_fmt_mask(scn_cpumask_t m, char *buf, size_t len)
{
	if (scn_cpumask_format(m, buf, len) < 0 && len)
		buf[0] = '\0';
	return buf;
}

static bool scn_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Group path components: [A-Za-z0-9_-]. */
static bool scn_is_group_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       scn_is_digit(c) || c == '_' || c == '-';
}

/* Task and scenario names: also '.'. */
static bool scn_is_name_char(char c)
{
	return scn_is_group_char(c) || c == '.';
}

static bool scn_valid_name(const char *v)
{
	size_t n = strlen(v);

	if (!n || n >= SCN_NAME_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!scn_is_name_char(v[i]))
			return false;
	return true;
}

/*
 * Unsigned decimal integer, at most 9 digits (so it fits any type we use).
 * Returns false on anything else.
 */
static bool scn_parse_uint(const char *v, unsigned long *out)
{
	unsigned long x = 0;
	size_t n = strlen(v);

	if (!n || n > 9)
		return false;
	for (size_t i = 0; i < n; i++) {
		if (!scn_is_digit(v[i]))
			return false;
		x = x * 10 + (unsigned long)(v[i] - '0');
	}
	*out = x;
	return true;
}

/*
 * A time with a mandatory unit: 10us, 500ms, 1.5s. Exact to the
 * microsecond; at most SCN_MAX_TIME_US.
 */
static int scn_get_time(struct scn_parser *p, const char *what,
			const char *v, uint64_t *out)
{
	uint64_t ip = 0, fp = 0, unit, scale = 1, us;
	int nint = 0, nfrac = 0;
	const char *c = v;

	while (scn_is_digit(*c)) {
		if (++nint > 10)
			return scn_err(p, "%s '%s' is too large (max 3600s)",
				       what, v);
		ip = ip * 10 + (uint64_t)(*c++ - '0');
	}
	if (*c == '.') {
		c++;
		while (scn_is_digit(*c)) {
			if (++nfrac > 6)
				return scn_err(p, "%s '%s' is not a whole number of microseconds",
					       what, v);
			fp = fp * 10 + (uint64_t)(*c++ - '0');
			scale *= 10;
		}
		if (!nfrac)
			return scn_err(p, "%s '%s' is not a time", what, v);
	}
	if (!nint)
		return scn_err(p, "%s '%s' is not a time (e.g. 500ms)", what, v);
	if (!*c)
		return scn_err(p, "%s '%s' needs a unit (us, ms or s)", what, v);
	if (!strcmp(c, "us"))
		unit = 1;
	else if (!strcmp(c, "ms"))
		unit = 1000;
	else if (!strcmp(c, "s"))
		unit = 1000000;
	else
		return scn_err(p, "%s '%s' has an unknown unit (use us, ms or s)",
			       what, v);
	if (ip > SCN_MAX_TIME_US / unit)
		return scn_err(p, "%s '%s' is too large (max 3600s)", what, v);
	if ((fp * unit) % scale)
		return scn_err(p, "%s '%s' is not a whole number of microseconds",
			       what, v);
	us = ip * unit + fp * unit / scale;
	if (us > SCN_MAX_TIME_US)
		return scn_err(p, "%s '%s' is too large (max 3600s)", what, v);
	*out = us;
	return 0;
}

/*
 * A non-negative fraction: 0.25, 25%, 12.5% or a ratio 1/3. Range checks
 * are the caller's.
 */
static int scn_get_fraction(struct scn_parser *p, const char *what,
			    const char *v, double *out)
{
	const char *c = v;
	double x = 0, scale = 1;
	int nint = 0, nfrac = 0;

	while (scn_is_digit(*c)) {
		if (++nint > 9)
			goto bad;
		x = x * 10 + (*c++ - '0');
	}
	if (*c == '/' && nint) {
		unsigned long num = (unsigned long)x, den;

		if (!scn_parse_uint(c + 1, &den))
			goto bad;
		if (!den)
			return scn_err(p, "%s '%s' divides by zero", what, v);
		*out = (double)num / (double)den;
		return 0;
	}
	if (*c == '.') {
		c++;
		while (scn_is_digit(*c)) {
			if (++nfrac > 9)
				goto bad;
			scale *= 10;
			x += (*c++ - '0') / scale;
		}
		if (!nfrac)
			goto bad;
	}
	if (!nint && !nfrac)
		goto bad;
	if (*c == '%') {
		x /= 100;
		c++;
	}
	if (*c)
		goto bad;
	*out = x;
	return 0;
bad:
	return scn_err(p, "%s '%s' is not a fraction (write 0.25, 25%% or 1/4)",
		       what, v);
}

/* A CPU list, every CPU below the scenario's cpus. */
static int scn_get_cpus(struct scn_parser *p, const char *what,
			const char *v, scn_cpumask_t *out)
{
	scn_cpumask_t m, extra;

	if (scn_cpumask_parse(v, &m))
		return scn_err(p, "%s '%s' is not a CPU list (e.g. 0-1,3)",
			       what, v);
	extra = m & ~scn_all_cpus(p->s);
	if (extra)
		return scn_err(p, "%s '%s': CPU %d does not exist (cpus %d)",
			       what, v, __builtin_ctzll(extra), p->s->cpus);
	*out = m;
	return 0;
}

/* A single CPU index below cpus. */
static int scn_get_cpu(struct scn_parser *p, const char *v, int *out)
{
	unsigned long c;

	if (!scn_parse_uint(v, &c))
		return scn_err(p, "'%s' is not a CPU number", v);
	if (c >= (unsigned long)p->s->cpus)
		return scn_err(p, "CPU %lu does not exist (cpus %d)", c,
			       p->s->cpus);
	*out = (int)c;
	return 0;
}

/* Weight (v2) or shares (v1) value in the hierarchy's range. */
static int scn_get_weight(struct scn_parser *p, const char *v,
			  unsigned long *out)
{
	bool v1 = p->s->hierarchy == SCN_V1;
	unsigned long lo = v1 ? 2 : 1, hi = v1 ? 262144 : 10000, w;
	const char *what = v1 ? "shares" : "weight";

	if (!scn_parse_uint(v, &w) || w < lo || w > hi)
		return scn_err(p, "%s '%s' out of range (%s: %lu..%lu)", what,
			       v, v1 ? "cgroup v1 cpu.shares" :
			       "cgroup v2 cpu.weight", lo, hi);
	*out = w;
	return 0;
}

/* cpu.max value: "max" or QUOTA/PERIOD with units. */
static int scn_get_max(struct scn_parser *p, const char *v, int64_t *quota,
		       uint64_t *period)
{
	char buf[SCN_MAX_LINE + 1];
	char *slash;
	uint64_t q, per;
	int ret;

	if (!strcmp(v, "max")) {
		*quota = -1;
		*period = SCN_DEFAULT_PERIOD_US;
		return 0;
	}
	snprintf(buf, sizeof(buf), "%s", v);
	slash = strchr(buf, '/');
	if (!slash)
		return scn_err(p, "max '%s' must be 'max' or QUOTA/PERIOD (e.g. 50ms/100ms)",
			       v);
	*slash = '\0';
	ret = scn_get_time(p, "max quota", buf, &q);
	if (ret)
		return ret;
	ret = scn_get_time(p, "max period", slash + 1, &per);
	if (ret)
		return ret;
	if (per < 1000 || per > 1000000)
		return scn_err(p, "max period '%s' out of range (1ms..1s)",
			       slash + 1);
	if (q < 1000)
		return scn_err(p, "max quota '%s' below the kernel's minimum of 1ms",
			       buf);
	*quota = (int64_t)q;
	*period = per;
	return 0;
}

/* ---- public helpers --------------------------------------------------- */

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

scn_cpumask_t scn_state_task_cpus(const struct scenario *s,
				  const struct scn_state *st, int t)
{
	scn_cpumask_t m;

	if (t < 0 || t >= s->ntasks)
		return 0;
	m = st->task_cpus[t] ? st->task_cpus[t] : scn_all_cpus(s);
	return m & scn_group_cpuset(s, st->task_group[t]) & st->online;
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

uint64_t scn_timeout_us(const struct scenario *s)
{
	if (s->timeout_us)
		return s->timeout_us;
	return 2 * scn_duration_us(s) + SCN_TIMEOUT_SLACK_US;
}

const char *scn_hierarchy_name(enum scn_hierarchy h)
{
	return h == SCN_V1 ? "v1" : "v2";
}

const char *scn_action_name(enum scn_action a)
{
	switch (a) {
	case SCN_ACT_WEIGHT:	return "weight";
	case SCN_ACT_MOVE:	return "move";
	case SCN_ACT_AFFINITY:	return "affinity";
	case SCN_ACT_OFFLINE:	return "offline";
	case SCN_ACT_ONLINE:	return "online";
	case SCN_ACT_STOP:	return "stop";
	case SCN_ACT_CONT:	return "cont";
	case SCN_ACT_MAX:	return "max";
	case SCN_ACT_PANIC:	return "panic";
	}
	return "?";
}

const char *scn_kind_name(enum scn_task_kind k)
{
	switch (k) {
	case SCN_TASK_HOG:	return "hog";
	case SCN_TASK_DUTY:	return "duty";
	case SCN_TASK_CHURN:	return "churn";
	}
	return "?";
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
	case SCN_ACT_PANIC:
		break;
	}
}

/* ---- description ------------------------------------------------------ */

/* Length of the valid UTF-8 sequence at c (n bytes left), 0 if invalid. */
static int scn_utf8_len(const unsigned char *c, size_t n)
{
	int len;
	unsigned int cp;

	if (c[0] < 0x80)
		return 1;
	if (c[0] >= 0xc2 && c[0] <= 0xdf)
		len = 2, cp = c[0] & 0x1f;
	else if (c[0] >= 0xe0 && c[0] <= 0xef)
		len = 3, cp = c[0] & 0x0f;
	else if (c[0] >= 0xf0 && c[0] <= 0xf4)
		len = 4, cp = c[0] & 0x07;
	else
		return 0;
	if ((size_t)len > n)
		return 0;
	for (int i = 1; i < len; i++) {
		if ((c[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (c[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

/*
 * Append one comment line to the description, joined by '\n'. Invalid
 * UTF-8 becomes '?', so the description is always valid UTF-8 text.
 */
static void scn_desc_append(struct scn_parser *p, const char *text)
{
	char *d = p->s->description;
	size_t pos = strlen(d), n = strlen(text);
	const unsigned char *c = (const unsigned char *)text;

	if (p->desc_full)
		return;
	if (pos) {
		if (pos + 1 >= SCN_DESC_MAX) {
			p->desc_full = true;
			return;
		}
		d[pos++] = '\n';
	}
	for (size_t i = 0; i < n;) {
		int l = scn_utf8_len(c + i, n - i);

		if (pos + (l ? (size_t)l : 1) >= SCN_DESC_MAX) {
			p->desc_full = true;
			break;
		}
		if (!l) {
			d[pos++] = '?';
			i++;
			continue;
		}
		memcpy(d + pos, c + i, (size_t)l);
		pos += (size_t)l;
		i += (size_t)l;
	}
	d[pos] = '\0';
}

/* ---- directives -------------------------------------------------------- */

static int scn_key_index(const char *k)
{
	for (int i = 0; i < KEY_COUNT; i++)
		if (!strcmp(k, scn_key_names[i]))
			return i;
	return -1;
}

static int scn_setting(struct scn_parser *p, int key, char **tok, int ntok)
{
	struct scenario *s = p->s;
	const char *k = scn_key_names[key], *v;
	unsigned long u;
	uint64_t t;
	double f;
	int ret;

	if (p->key_line[key])
		return scn_err(p, "duplicate '%s' (first set at line %d)", k,
			       p->key_line[key]);
	if (p->body)
		return scn_err(p, "'%s' must come before the first group, task, expect or phase",
			       k);
	if (ntok != 2)
		return scn_err(p, "'%s' takes exactly one value", k);
	v = tok[1];
	p->key_line[key] = p->line;

	switch (key) {
	case KEY_NAME:
		if (!scn_valid_name(v))
			return scn_err(p, "name '%s' is invalid (1..%d characters of A-Z a-z 0-9 . _ -)",
				       v, SCN_NAME_MAX - 1);
		snprintf(s->name, sizeof(s->name), "%s", v);
		break;
	case KEY_CPUS:
		if (!scn_parse_uint(v, &u) || u < 1 || u > SCN_MAX_CPUS)
			return scn_err(p, "cpus '%s' out of range (1..%d)", v,
				       SCN_MAX_CPUS);
		s->cpus = (int)u;
		break;
	case KEY_MODEL:
		if (!strcmp(v, "defined"))
			s->model = SCN_MODEL_DEFINED;
		else if (!strcmp(v, "computed"))
			s->model = SCN_MODEL_COMPUTED;
		else if (!strcmp(v, "se"))
			s->model = SCN_MODEL_SE;
		else
			return scn_err(p, "model '%s' must be defined, computed or se",
				       v);
		break;
	case KEY_HIERARCHY:
		if (!strcmp(v, "v2"))
			s->hierarchy = SCN_V2;
		else if (!strcmp(v, "v1"))
			s->hierarchy = SCN_V1;
		else
			return scn_err(p, "hierarchy '%s' must be v1 or v2", v);
		break;
	case KEY_WARMUP:
		ret = scn_get_time(p, "warmup", v, &t);
		if (ret)
			return ret;
		s->warmup_us = t;
		break;
	case KEY_MEASURE:
		ret = scn_get_time(p, "measure", v, &t);
		if (ret)
			return ret;
		if (t < 100000)
			return scn_err(p, "measure '%s' is too short (min 100ms)",
				       v);
		s->measure_us = t;
		break;
	case KEY_WINDOWS:
		if (!scn_parse_uint(v, &u) || u < 2 || u > 1000)
			return scn_err(p, "windows '%s' out of range (2..1000)",
				       v);
		s->windows = (int)u;
		break;
	case KEY_SAMPLE:
	case KEY_PELT_SAMPLE:
		ret = scn_get_time(p, k, v, &t);
		if (ret)
			return ret;
		if (t < 10000 || t > 1000000)
			return scn_err(p, "%s '%s' out of range (10ms..1s)",
				       k, v);
		if (key == KEY_SAMPLE)
			s->sample_us = t;
		else
			s->pelt_sample_us = t;
		break;
	case KEY_TOLERANCE:
	case KEY_AGG_TOLERANCE:
		ret = scn_get_fraction(p, k, v, &f);
		if (ret)
			return ret;
		if (!(f > 0 && f < 1))
			return scn_err(p, "%s '%s' must be above 0 and below 1 (e.g. 1%%)",
				       k, v);
		if (key == KEY_TOLERANCE)
			s->tolerance = f;
		else
			s->agg_tolerance = f;
		break;
	case KEY_CONFIDENCE:
		ret = scn_get_fraction(p, k, v, &f);
		if (ret)
			return ret;
		if (!(f > 0 && f < 1))
			return scn_err(p, "confidence '%s' must be above 0 and below 1 (e.g. 95%%)",
				       v);
		s->confidence = f;
		break;
	case KEY_TIMEOUT:
		ret = scn_get_time(p, "timeout", v, &t);
		if (ret)
			return ret;
		if (!t)
			return scn_err(p, "timeout must be above 0 (omit it for the derived default)");
		s->timeout_us = t;
		break;
	}
	return 0;
}

/* Checks that need every setting; run once, when the body starts. */
static int scn_begin_body(struct scn_parser *p)
{
	struct scenario *s = p->s;
	char a[32], b[32];

	if (p->body)
		return 0;
	p->body = true;
	if (!p->key_line[KEY_CPUS])
		return scn_err(p, "'cpus' must be set before the first group, task, expect or phase");
	if (s->measure_us / (uint64_t)s->windows < s->sample_us) {
		int l = p->key_line[KEY_MEASURE];

		if (p->key_line[KEY_WINDOWS] > l)
			l = p->key_line[KEY_WINDOWS];
		if (p->key_line[KEY_SAMPLE] > l)
			l = p->key_line[KEY_SAMPLE];
		p->line = l;
		return scn_err(p, "measure %s in %d windows is shorter than one sample period (%s) per window",
			       scn_fmt_time(s->measure_us, a, sizeof(a)),
			       s->windows,
			       scn_fmt_time(s->sample_us, b, sizeof(b)));
	}
	if (s->pelt_sample_us && s->pelt_sample_us < s->sample_us) {
		p->line = p->key_line[KEY_PELT_SAMPLE];
		return scn_err(p, "pelt_sample %s is shorter than the sample period (%s)",
			       scn_fmt_time(s->pelt_sample_us, a, sizeof(a)),
			       scn_fmt_time(s->sample_us, b, sizeof(b)));
	}
	return 0;
}

/* Split "key=value"; returns false when there is no '=' or no key. */
static bool scn_split_kv(char *tok, char **k, char **v)
{
	char *eq = strchr(tok, '=');

	if (!eq || eq == tok)
		return false;
	*eq = '\0';
	*k = tok;
	*v = eq + 1;
	return true;
}

static int scn_group(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_group *g;
	const char *path;
	char parent[SCN_PATH_MAX];
	const char *last;
	int depth = 1, pidx = -1, dup, ret;
	bool seen_w = false, seen_c = false, seen_m = false, seen_i = false;
	char m1[200];

	if (p->phases)
		return scn_err(p, "group after the first phase (define all groups and tasks before 'at')");
	if (ntok < 2)
		return scn_err(p, "'group' needs a path (e.g. group A/B weight=200)");
	path = tok[1];
	if (strlen(path) >= SCN_PATH_MAX)
		return scn_err(p, "group path too long (max %d characters)",
			       SCN_PATH_MAX - 1);
	/* Components: non-empty, [A-Za-z0-9_-], < SCN_NAME_MAX each. */
	last = path;
	for (const char *c = path;; c++) {
		if (*c == '/' || !*c) {
			size_t n = (size_t)(c - last);

			if (!n)
				return scn_err(p, "group path '%s' has an empty component",
					       path);
			if (n >= SCN_NAME_MAX)
				return scn_err(p, "group path '%s': component longer than %d characters",
					       path, SCN_NAME_MAX - 1);
			if (!*c)
				break;
			depth++;
			last = c + 1;
		} else if (!scn_is_group_char(*c)) {
			return scn_err(p, "group path '%s' has an invalid character '%c' (use A-Z a-z 0-9 _ - and /)",
				       path, *c);
		}
	}
	if (depth > SCN_MAX_DEPTH)
		return scn_err(p, "group '%s' nests %d levels deep (max %d)",
			       path, depth, SCN_MAX_DEPTH);
	dup = scn_find_group(s, path);
	if (dup >= 0)
		return scn_err(p, "duplicate group '%s' (first defined at line %d)",
			       path, s->groups[dup].line);
	if (depth > 1) {
		size_t n = (size_t)(last - path - 1);

		memcpy(parent, path, n);
		parent[n] = '\0';
		pidx = scn_find_group(s, parent);
		if (pidx < 0)
			return scn_err(p, "parent group '%s' of '%s' is not defined (define parents first)",
				       parent, path);
	}
	if (s->ngroups >= SCN_MAX_GROUPS)
		return scn_err(p, "too many groups (max %d)", SCN_MAX_GROUPS);
	for (int t = 0; t < s->ntasks; t++)
		if (s->hierarchy == SCN_V2 && s->tasks[t].group == pidx)
			return scn_err(p, "group '%s' under '%s', which has task '%s' (cgroup v2 allows tasks only in leaf groups)",
				       path, parent, s->tasks[t].name);

	g = &s->groups[s->ngroups];
	memset(g, 0, sizeof(*g));
	snprintf(g->path, sizeof(g->path), "%s", path);
	snprintf(g->name, sizeof(g->name), "%s", last);
	g->parent = pidx;
	g->depth = depth;
	g->line = p->line;
	g->weight = s->hierarchy == SCN_V1 ? SCN_V1_DEFAULT_SHARES :
		    SCN_V2_DEFAULT_WEIGHT;
	g->idle = -1;
	g->max_quota_us = -1;
	g->max_period_us = SCN_DEFAULT_PERIOD_US;

	for (int i = 2; i < ntok; i++) {
		char *k, *v;

		if (!scn_split_kv(tok[i], &k, &v))
			return scn_err(p, "expected key=value, got '%s'",
				       tok[i]);
		if (!*v)
			return scn_err(p, "empty value for '%s'", k);
		if (!strcmp(k, "weight") || !strcmp(k, "shares")) {
			bool v1key = k[0] == 's';

			if (v1key != (s->hierarchy == SCN_V1))
				return scn_err(p, "%s= is for cgroup %s; with hierarchy %s use %s=",
					       k, v1key ? "v1" : "v2",
					       scn_hierarchy_name(s->hierarchy),
					       v1key ? "weight" : "shares");
			if (seen_w)
				return scn_err(p, "duplicate key '%s'", k);
			seen_w = true;
			ret = scn_get_weight(p, v, &g->weight);
			if (ret)
				return ret;
			g->weight_set = true;
		} else if (!strcmp(k, "cpuset")) {
			scn_cpumask_t pm = scn_group_cpuset(s, pidx);

			if (seen_c)
				return scn_err(p, "duplicate key '%s'", k);
			seen_c = true;
			ret = scn_get_cpus(p, "cpuset", v, &g->cpuset);
			if (ret)
				return ret;
			if (g->cpuset & ~pm)
				return scn_err(p, "cpuset %s of '%s' is not within its parent's cpuset %s",
					       v, path,
					       scn_fmt_mask(pm, m1, sizeof(m1)));
		} else if (!strcmp(k, "max")) {
			if (seen_m)
				return scn_err(p, "duplicate key '%s'", k);
			seen_m = true;
			ret = scn_get_max(p, v, &g->max_quota_us,
					  &g->max_period_us);
			if (ret)
				return ret;
			g->has_max = true;
		} else if (!strcmp(k, "idle")) {
			if (seen_i)
				return scn_err(p, "duplicate key '%s'", k);
			seen_i = true;
			if (strcmp(v, "0") && strcmp(v, "1"))
				return scn_err(p, "idle '%s' must be 0 or 1", v);
			g->idle = v[0] - '0';
		} else {
			return scn_err(p, "unknown group key '%s' (known: %s, cpuset, max, idle)",
				       k, s->hierarchy == SCN_V1 ? "shares" :
				       "weight");
		}
	}
	if (g->idle == 1 && g->weight_set)
		return scn_err(p, "%s= has no effect on an idle group (idle=1)",
			       s->hierarchy == SCN_V1 ? "shares" : "weight");
	s->ngroups++;
	return 0;
}

static int scn_task(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_task *t;
	const char *name;
	bool seen_g = false, seen_n = false, seen_c = false, seen_k = false;
	bool seen_r = false, seen_s = false;
	int ret, dup;
	char m1[200], m2[200];

	if (p->phases)
		return scn_err(p, "task after the first phase (define all groups and tasks before 'at')");
	if (ntok < 2)
		return scn_err(p, "'task' needs a name (e.g. task hog1 group=A)");
	name = tok[1];
	if (!scn_valid_name(name))
		return scn_err(p, "task name '%s' is invalid (1..%d characters of A-Z a-z 0-9 . _ -)",
			       name, SCN_NAME_MAX - 1);
	dup = scn_find_task(s, name);
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

	for (int i = 2; i < ntok; i++) {
		char *k, *v;
		unsigned long u;

		if (!scn_split_kv(tok[i], &k, &v))
			return scn_err(p, "expected key=value, got '%s'",
				       tok[i]);
		if (!*v)
			return scn_err(p, "empty value for '%s'", k);
		if (!strcmp(k, "group")) {
			if (seen_g)
				return scn_err(p, "duplicate key '%s'", k);
			seen_g = true;
			t->group = scn_find_group(s, v);
			if (t->group < 0)
				return scn_err(p, "task '%s': group '%s' is not defined",
					       name, v);
		} else if (!strcmp(k, "count")) {
			if (seen_n)
				return scn_err(p, "duplicate key '%s'", k);
			seen_n = true;
			if (!scn_parse_uint(v, &u) || u < 1 ||
			    u > SCN_MAX_COUNT)
				return scn_err(p, "count '%s' out of range (1..%d)",
					       v, SCN_MAX_COUNT);
			t->count = (int)u;
		} else if (!strcmp(k, "cpus")) {
			if (seen_c)
				return scn_err(p, "duplicate key '%s'", k);
			seen_c = true;
			ret = scn_get_cpus(p, "cpus", v, &t->cpus);
			if (ret)
				return ret;
		} else if (!strcmp(k, "kind")) {
			if (seen_k)
				return scn_err(p, "duplicate key '%s'", k);
			seen_k = true;
			if (!strcmp(v, "hog"))
				t->kind = SCN_TASK_HOG;
			else if (!strcmp(v, "duty"))
				t->kind = SCN_TASK_DUTY;
			else if (!strcmp(v, "churn"))
				t->kind = SCN_TASK_CHURN;
			else
				return scn_err(p, "kind '%s' must be hog, duty or churn",
					       v);
		} else if (!strcmp(k, "run")) {
			if (seen_r)
				return scn_err(p, "duplicate key '%s'", k);
			seen_r = true;
			ret = scn_get_time(p, "run", v, &t->run_us);
			if (ret)
				return ret;
			if (t->run_us < 100 || t->run_us > 10000000)
				return scn_err(p, "run '%s' out of range (100us..10s)",
					       v);
		} else if (!strcmp(k, "sleep")) {
			if (seen_s)
				return scn_err(p, "duplicate key '%s'", k);
			seen_s = true;
			ret = scn_get_time(p, "sleep", v, &t->sleep_us);
			if (ret)
				return ret;
			if (t->sleep_us < 100 || t->sleep_us > 10000000)
				return scn_err(p, "sleep '%s' out of range (100us..10s)",
					       v);
		} else {
			return scn_err(p, "unknown task key '%s' (known: group, count, cpus, kind, run, sleep)",
				       k);
		}
	}
	if (!seen_g)
		return scn_err(p, "task '%s' needs group=", name);
	switch (t->kind) {
	case SCN_TASK_HOG:
		if (seen_r || seen_s)
			return scn_err(p, "task '%s': %s= only applies to kind=duty%s",
				       name, seen_r ? "run" : "sleep",
				       seen_r ? " or kind=churn" : "");
		break;
	case SCN_TASK_DUTY:
		if (!seen_r || !seen_s)
			return scn_err(p, "task '%s': kind=duty needs run= and sleep=",
				       name);
		break;
	case SCN_TASK_CHURN:
		if (!seen_r)
			return scn_err(p, "task '%s': kind=churn needs run=", name);
		if (seen_s)
			return scn_err(p, "task '%s': sleep= only applies to kind=duty",
				       name);
		break;
	}
	if (t->cpus) {
		scn_cpumask_t cs = scn_group_cpuset(s, t->group);

		if (t->cpus & ~cs)
			return scn_err(p, "task '%s': cpus %s outside the cpuset %s of group '%s'",
				       name,
				       scn_fmt_mask(t->cpus, m1, sizeof(m1)),
				       scn_fmt_mask(cs, m2, sizeof(m2)),
				       s->groups[t->group].path);
	}
	if (p->instances + t->count > SCN_MAX_INSTANCES)
		return scn_err(p, "too many task instances (max %d in total)",
			       SCN_MAX_INSTANCES);
	p->instances += t->count;
	s->ntasks++;
	return 0;
}

/*
 * The expectations are consistent when, bottom up, each group's implied
 * share (its own expect, or the sum of its children's implied shares) is
 * at least the sum of its children's, and the top level sums to <= 1.
 */
static int scn_check_expect_sums(struct scn_parser *p)
{
	const struct scenario *s = p->s;
	double implied[SCN_MAX_GROUPS], own[SCN_MAX_GROUPS], top = 0;
	bool set[SCN_MAX_GROUPS];

	for (int g = 0; g < s->ngroups; g++) {
		implied[g] = 0;
		own[g] = 0;
		set[g] = false;
	}
	for (int e = 0; e < s->nexpect; e++) {
		own[s->expect[e].group] = s->expect[e].fraction;
		set[s->expect[e].group] = true;
	}
	/* Children come after parents, so a reverse walk is bottom up. */
	for (int g = s->ngroups - 1; g >= 0; g--) {
		int par = s->groups[g].parent;
		double v;

		if (set[g]) {
			if (implied[g] > own[g] + SCN_SUM_SLACK)
				return scn_err(p, "expectations below '%s' sum to %.6g, more than its own %.6g",
					       s->groups[g].path, implied[g],
					       own[g]);
			v = own[g];
		} else {
			v = implied[g];
		}
		if (par >= 0)
			implied[par] += v;
		else
			top += v;
	}
	if (top > 1 + SCN_SUM_SLACK)
		return scn_err(p, "expectations sum to %.6g, more than 1", top);
	return 0;
}

static int scn_expect(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_expect *e;
	double f;
	int g, ret;

	if (ntok != 3)
		return scn_err(p, "'expect' takes a group and a fraction (e.g. expect A 1/3)");
	g = scn_find_group(s, tok[1]);
	if (g < 0)
		return scn_err(p, "expect: group '%s' is not defined", tok[1]);
	for (int i = 0; i < s->nexpect; i++)
		if (s->expect[i].group == g)
			return scn_err(p, "duplicate expect for '%s' (first at line %d)",
				       tok[1], s->expect[i].line);
	ret = scn_get_fraction(p, "expect", tok[2], &f);
	if (ret)
		return ret;
	if (f > 1)
		return scn_err(p, "expect '%s' is more than the whole (max 1 or 100%%)",
			       tok[2]);
	if (s->nexpect >= SCN_MAX_EXPECT)
		return scn_err(p, "too many expects (max %d)", SCN_MAX_EXPECT);
	e = &s->expect[s->nexpect++];
	e->group = g;
	e->fraction = f;
	e->line = p->line;
	return scn_check_expect_sums(p);
}

static int scn_phase_task(struct scn_parser *p, const char *v, int *t)
{
	*t = scn_find_task(p->s, v);
	if (*t < 0)
		return scn_err(p, "task '%s' is not defined", v);
	return 0;
}

static int scn_phase_group(struct scn_parser *p, const char *v, int *g)
{
	*g = scn_find_group(p->s, v);
	if (*g < 0)
		return scn_err(p, "group '%s' is not defined", v);
	return 0;
}

/*
 * After a change to task t's group or affinity (in st), its affinity must
 * stay inside its group's cpuset and keep an online CPU.
 */
static int scn_check_task_cpus(struct scn_parser *p, int t,
			       const char *what)
{
	const struct scenario *s = p->s;
	scn_cpumask_t cs = scn_group_cpuset(s, p->st.task_group[t]);
	scn_cpumask_t c = p->st.task_cpus[t];
	char m1[200], m2[200];

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

static int scn_at(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_phase ph;
	const char *act;
	char a[32], b[32], m1[200];
	int nargs, ret;

	if (!p->phases) {
		p->phases = true;
		scn_state_init(s, &p->st);
	}
	if (ntok < 3)
		return scn_err(p, "'at' needs a time and an action (e.g. at 1s weight A 300)");
	memset(&ph, 0, sizeof(ph));
	ph.line = p->line;
	ph.group = -1;
	ph.task = -1;
	ph.cpu = -1;
	ret = scn_get_time(p, "phase time", tok[1], &ph.at_us);
	if (ret)
		return ret;
	if (!ph.at_us)
		return scn_err(p, "phase time must be after 0 (the workload's start)");
	if (ph.at_us < p->last_at)
		return scn_err(p, "phase at %s comes after one at %s (phases must be in time order)",
			       scn_fmt_time(ph.at_us, a, sizeof(a)),
			       scn_fmt_time(p->last_at, b, sizeof(b)));
	if (s->nphases >= SCN_MAX_PHASES)
		return scn_err(p, "too many phases (max %d)", SCN_MAX_PHASES);
	act = tok[2];
	nargs = ntok - 3;

#define NEED(n, usage)							\
	do {								\
		if (nargs != (n))					\
			return scn_err(p, "'%s' takes " usage, act);	\
	} while (0)

	if (!strcmp(act, "weight")) {
		NEED(2, "a group and a value (at 1s weight A 300)");
		ph.action = SCN_ACT_WEIGHT;
		ret = scn_phase_group(p, tok[3], &ph.group);
		if (!ret)
			ret = scn_get_weight(p, tok[4], &ph.value);
		if (ret)
			return ret;
		if (s->groups[ph.group].idle == 1)
			return scn_err(p, "group '%s' is idle (idle=1): its %s has no effect",
				       tok[3], s->hierarchy == SCN_V1 ?
				       "shares" : "weight");
	} else if (!strcmp(act, "move")) {
		NEED(2, "a task and a group (at 1s move hog1 A/B)");
		ph.action = SCN_ACT_MOVE;
		ret = scn_phase_task(p, tok[3], &ph.task);
		if (!ret)
			ret = scn_phase_group(p, tok[4], &ph.group);
		if (ret)
			return ret;
		if (p->st.task_group[ph.task] == ph.group)
			return scn_err(p, "move: task '%s' is already in '%s'",
				       tok[3], tok[4]);
		if (s->hierarchy == SCN_V2 && scn_has_children(s, ph.group))
			return scn_err(p, "move: group '%s' has child groups (cgroup v2 allows tasks only in leaf groups)",
				       tok[4]);
	} else if (!strcmp(act, "affinity")) {
		NEED(2, "a task and a CPU list (at 1s affinity hog1 0-1)");
		ph.action = SCN_ACT_AFFINITY;
		ret = scn_phase_task(p, tok[3], &ph.task);
		if (!ret)
			ret = scn_get_cpus(p, "affinity", tok[4], &ph.cpus);
		if (ret)
			return ret;
	} else if (!strcmp(act, "offline") || !strcmp(act, "online")) {
		bool off = act[1] == 'f';

		NEED(1, "one CPU number (at 1s offline 1)");
		ph.action = off ? SCN_ACT_OFFLINE : SCN_ACT_ONLINE;
		ret = scn_get_cpu(p, tok[3], &ph.cpu);
		if (ret)
			return ret;
		if (off && ph.cpu == 0)
			return scn_err(p, "CPU 0 cannot be offlined (boot CPU)");
		if (off && !(p->st.online & ((scn_cpumask_t)1 << ph.cpu)))
			return scn_err(p, "CPU %d is already offline", ph.cpu);
		if (!off && (p->st.online & ((scn_cpumask_t)1 << ph.cpu)))
			return scn_err(p, "CPU %d is already online", ph.cpu);
	} else if (!strcmp(act, "stop") || !strcmp(act, "cont")) {
		bool stop = act[0] == 's';

		NEED(1, "one task (at 1s stop hog1)");
		ph.action = stop ? SCN_ACT_STOP : SCN_ACT_CONT;
		ret = scn_phase_task(p, tok[3], &ph.task);
		if (ret)
			return ret;
		if (stop && p->st.task_stopped[ph.task])
			return scn_err(p, "task '%s' is already stopped", tok[3]);
		if (!stop && !p->st.task_stopped[ph.task])
			return scn_err(p, "task '%s' is not stopped", tok[3]);
	} else if (!strcmp(act, "max")) {
		NEED(2, "a group and QUOTA/PERIOD or max (at 1s max A 20ms/100ms)");
		ph.action = SCN_ACT_MAX;
		ret = scn_phase_group(p, tok[3], &ph.group);
		if (!ret)
			ret = scn_get_max(p, tok[4], &ph.quota_us,
					  &ph.period_us);
		if (ret)
			return ret;
	} else if (!strcmp(act, "panic")) {
		NEED(0, "no arguments");
		ph.action = SCN_ACT_PANIC;
	} else {
		return scn_err(p, "unknown action '%s' (known: weight, move, affinity, offline, online, stop, cont, max, panic)",
			       act);
	}
#undef NEED

	scn_state_apply(s, &p->st, &ph);
	switch (ph.action) {
	case SCN_ACT_MOVE:
		ret = scn_check_task_cpus(p, ph.task, "move");
		break;
	case SCN_ACT_AFFINITY:
		ret = scn_check_task_cpus(p, ph.task, "affinity");
		break;
	case SCN_ACT_OFFLINE:
		ret = 0;
		for (int t = 0; t < s->ntasks && !ret; t++)
			if (!scn_state_task_cpus(s, &p->st, t))
				ret = scn_err(p, "offline %d would leave task '%s' no online CPU (its CPUs: %s)",
					      ph.cpu, s->tasks[t].name,
					      scn_fmt_mask(p->st.task_cpus[t] ?
							   p->st.task_cpus[t] &
							   scn_group_cpuset(s, p->st.task_group[t]) :
							   scn_group_cpuset(s, p->st.task_group[t]),
							   m1, sizeof(m1)));
		for (int g = 0; g < s->ngroups && !ret; g++)
			if (!(scn_group_cpuset(s, g) & p->st.online))
				ret = scn_err(p, "offline %d would leave group '%s' no online CPU in its cpuset %s",
					      ph.cpu, s->groups[g].path,
					      scn_fmt_mask(scn_group_cpuset(s, g),
							   m1, sizeof(m1)));
		break;
	default:
		ret = 0;
		break;
	}
	if (ret)
		return ret;
	p->last_at = ph.at_us;
	s->phases[s->nphases++] = ph;
	return 0;
}

/* Checks that need the whole file. */
static int scn_finish(struct scn_parser *p)
{
	struct scenario *s = p->s;
	char a[32], b[32];
	int ret;

	if (!p->body) {
		ret = scn_begin_body(p);
		if (ret)
			return ret;
	}
	if (!s->ntasks)
		return scn_err(p, "no tasks defined (a scenario needs at least one task)");
	if (s->hierarchy == SCN_V2) {
		for (int t = 0; t < s->ntasks; t++) {
			if (!scn_has_children(s, s->tasks[t].group))
				continue;
			p->line = s->tasks[t].line;
			return scn_err(p, "task '%s' is in group '%s', which has child groups (cgroup v2 allows tasks only in leaf groups)",
				       s->tasks[t].name,
				       s->groups[s->tasks[t].group].path);
		}
	}
	if (s->timeout_us && s->timeout_us < scn_duration_us(s)) {
		p->line = p->key_line[KEY_TIMEOUT];
		return scn_err(p, "timeout %s is shorter than the scenario's run time %s",
			       scn_fmt_time(s->timeout_us, a, sizeof(a)),
			       scn_fmt_time(scn_duration_us(s), b, sizeof(b)));
	}
	return 0;
}

/* ---- line loop --------------------------------------------------------- */

/* [a-z0-9_] (lower) or [A-Z0-9_] (upper), 1..SCN_KNOB_MAX-1 bytes */
static bool scn_knob_word(const char *v, bool upper)
{
	size_t n = strlen(v);

	if (!n || n >= SCN_KNOB_MAX)
		return false;
	for (; *v; v++)
		if (!(*v == '_' || (*v >= '0' && *v <= '9') ||
		      (upper ? (*v >= 'A' && *v <= 'Z') :
			       (*v >= 'a' && *v <= 'z'))))
			return false;
	return true;
}

/* sched NAME VALUE: see struct scn_knob. */
static int scn_knob(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_knob *k;
	bool feature;

	if (p->body)
		return scn_err(p, "'sched' must come before the first group, task, expect or phase");
	if (ntok != 3)
		return scn_err(p, "'sched' takes a knob name and a value");
	if (!scn_knob_word(tok[1], false))
		return scn_err(p, "'sched': bad knob name '%s' (lower case, digits, _)",
			       tok[1]);
	feature = !strcmp(tok[1], "features");
	if (feature && !scn_knob_word(tok[2], true))
		return scn_err(p, "'sched features': bad feature '%s' (NAME or NO_NAME)",
			       tok[2]);
	if (!feature && !scn_knob_word(tok[2], false))
		return scn_err(p, "'sched %s': bad value '%s'", tok[1], tok[2]);
	for (int i = 0; i < s->nknobs; i++)
		if (!strcmp(s->knobs[i].name, tok[1]) && !feature)
			return scn_err(p, "duplicate 'sched %s' (first set at line %d)",
				       tok[1], s->knobs[i].line);
	if (s->nknobs == SCN_MAX_KNOBS)
		return scn_err(p, "too many 'sched' lines (max %d)",
			       SCN_MAX_KNOBS);
	k = &s->knobs[s->nknobs++];
	snprintf(k->name, sizeof(k->name), "%s", tok[1]);
	snprintf(k->value, sizeof(k->value), "%s", tok[2]);
	k->line = p->line;
	return 0;
}

static int scn_parse_line(struct scn_parser *p, char *line)
{
	char *tok[SCN_MAX_TOKENS];
	int ntok = 0, key;
	char *c, *hash;

	hash = strchr(line, '#');
	if (!p->desc_done) {
		const char *q = line;

		while (*q == ' ' || *q == '\t')
			q++;
		if (*q == '#') {
			q++;
			if (*q == ' ')
				q++;
			scn_desc_append(p, q);
		} else {
			p->desc_done = true;
		}
	}
	if (hash)
		*hash = '\0';
	for (c = line; *c; c++)
		if ((unsigned char)*c >= 0x80)
			return scn_err(p, "non-ASCII character (allowed only in comments)");

	c = line;
	for (;;) {
		while (*c == ' ' || *c == '\t')
			c++;
		if (!*c)
			break;
		if (ntok == SCN_MAX_TOKENS)
			return scn_err(p, "too many fields on one line (max %d)",
				       SCN_MAX_TOKENS);
		tok[ntok++] = c;
		while (*c && *c != ' ' && *c != '\t')
			c++;
		if (*c)
			*c++ = '\0';
	}
	if (!ntok)
		return 0;

	key = scn_key_index(tok[0]);
	if (key >= 0)
		return scn_setting(p, key, tok, ntok);
	if (!strcmp(tok[0], "sched"))
		return scn_knob(p, tok, ntok);
	if (strcmp(tok[0], "group") && strcmp(tok[0], "task") &&
	    strcmp(tok[0], "expect") && strcmp(tok[0], "at"))
		return scn_err(p, "unknown directive '%s'", tok[0]);
	if (!p->body) {
		int l = p->line, ret = scn_begin_body(p);

		p->line = l;
		if (ret)
			return ret;
	}
	if (!strcmp(tok[0], "group"))
		return scn_group(p, tok, ntok);
	if (!strcmp(tok[0], "task"))
		return scn_task(p, tok, ntok);
	if (!strcmp(tok[0], "expect"))
		return scn_expect(p, tok, ntok);
	return scn_at(p, tok, ntok);
}

/* Default name: basename without ".scn", invalid characters as '_'. */
static void scn_default_name(struct scenario *s, const char *name)
{
	const char *base = strrchr(name, '/');
	size_t n, o = 0;

	base = base ? base + 1 : name;
	n = strlen(base);
	if (n > 4 && !strcmp(base + n - 4, ".scn"))
		n -= 4;
	for (size_t i = 0; i < n && o + 1 < sizeof(s->name); i++)
		s->name[o++] = scn_is_name_char(base[i]) ? base[i] : '_';
	if (!o)
		s->name[o++] = '_';
	s->name[o] = '\0';
}

int scn_parse_buffer(const char *name, const char *buf, size_t len,
		     struct scenario *s, char *err, size_t errlen)
{
	struct scn_parser *p;
	char line[SCN_MAX_LINE + 2];
	size_t pos = 0;
	int ret = 0;

	if (err && errlen)
		err[0] = '\0';
	if (!s || (!buf && len))
		return -EINVAL;
	if (!name)
		name = "<buffer>";

	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	memset(s, 0, sizeof(*s));
	snprintf(s->file, sizeof(s->file), "%s", name);
	scn_default_name(s, name);
	s->cpus = 0;
	s->hierarchy = SCN_V2;
	s->warmup_us = SCN_DEFAULT_WARMUP_US;
	s->measure_us = SCN_DEFAULT_MEASURE_US;
	s->sample_us = SCN_DEFAULT_SAMPLE_US;
	s->windows = SCN_DEFAULT_WINDOWS;
	s->tolerance = SCN_DEFAULT_TOLERANCE;
	s->confidence = SCN_DEFAULT_CONFIDENCE;
	s->agg_tolerance = SCN_DEFAULT_AGG_TOLERANCE;
	s->model = SCN_MODEL_DEFINED;
	p->s = s;
	p->err = err;
	p->errlen = errlen;

	if (len > SCN_MAX_FILE_BYTES) {
		p->line = 1;
		ret = scn_err(p, "input larger than %d bytes",
			      SCN_MAX_FILE_BYTES);
		goto out;
	}
	while (pos < len) {
		size_t n = 0;

		p->line++;
		while (pos < len && buf[pos] != '\n') {
			unsigned char ch = (unsigned char)buf[pos];

			if (!ch) {
				ret = scn_err(p, "NUL byte in input");
				goto out;
			}
			if (ch == '\r' && (pos + 1 == len ||
					   buf[pos + 1] == '\n')) {
				pos++;
				continue;
			}
			if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
				ret = scn_err(p, "control character 0x%02x in input",
					      ch);
				goto out;
			}
			if (n >= SCN_MAX_LINE) {
				ret = scn_err(p, "line longer than %d characters",
					      SCN_MAX_LINE);
				goto out;
			}
			line[n++] = (char)ch;
			pos++;
		}
		line[n] = '\0';
		pos++;			/* the '\n' */
		ret = scn_parse_line(p, line);
		if (ret)
			goto out;
	}
	ret = scn_finish(p);
out:
	free(p);
	return ret;
}

int scn_parse_file(const char *path, struct scenario *s, char *err,
		   size_t errlen)
{
	FILE *f;
	char *buf;
	size_t n;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	if (!path || !s)
		return -EINVAL;
	f = fopen(path, "r");
	if (!f) {
		ret = -errno;
		if (err && errlen)
			snprintf(err, errlen, "%s: cannot open: %s", path,
				 strerror(-ret));
		return ret;
	}
	buf = malloc(SCN_MAX_FILE_BYTES + 1);
	if (!buf) {
		fclose(f);
		return -ENOMEM;
	}
	n = fread(buf, 1, SCN_MAX_FILE_BYTES + 1, f);
	if (ferror(f)) {
		ret = -EIO;
		if (err && errlen)
			snprintf(err, errlen, "%s: read error", path);
	} else {
		ret = scn_parse_buffer(path, buf, n, s, err, errlen);
	}
	fclose(f);
	free(buf);
	return ret;
}
