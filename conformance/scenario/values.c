// SPDX-License-Identifier: GPL-2.0
/*
 * values.c - the scenario parser's messages and value parsers, and the
 * key=value walker of the keyed directives (group, task).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

int scn_err(struct scn_parser *p, const char *fmt, ...)
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
const char *scn_fmt_time(uint64_t us, char *buf, size_t len)
{
	if (us && us % 1000000 == 0)
		snprintf(buf, len, "%llus", (unsigned long long)(us / 1000000));
	else if (us && us % 1000 == 0)
		snprintf(buf, len, "%llums", (unsigned long long)(us / 1000));
	else
		snprintf(buf, len, "%lluus", (unsigned long long)us);
	return buf;
}

const char *scn_fmt_mask(scn_cpumask_t m, char *buf, size_t len)
{
	if (scn_cpumask_format(m, buf, len) < 0 && len)
		buf[0] = '\0';
	return buf;
}

bool scn_is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Group path components: [A-Za-z0-9_-]. */
bool scn_is_group_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       scn_is_digit(c) || c == '_' || c == '-';
}

/* Task and scenario names: also '.'. */
bool scn_is_name_char(char c)
{
	return scn_is_group_char(c) || c == '.';
}

bool scn_valid_name(const char *v)
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
bool scn_parse_uint(const char *v, unsigned long *out)
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
int scn_get_time(struct scn_parser *p, const char *what, const char *v,
		 uint64_t *out)
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
int scn_get_fraction(struct scn_parser *p, const char *what, const char *v,
		     double *out)
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

/* A CPU list, every CPU below N ("last": N - 1). */
int scn_get_cpus(struct scn_parser *p, const char *what, const char *v,
		 scn_cpumask_t *out)
{
	char buf[SCN_MAX_LINE + 1];
	scn_cpumask_t m, extra;

	if (scn_cpulist_resolve(p, v, buf, sizeof(buf)) ||
	    scn_cpumask_parse(buf, &m))
		return scn_err(p, "%s '%s' is not a CPU list (e.g. 0-1,3)",
			       what, v);
	extra = m & ~scn_all_cpus(p->s);
	if (extra)
		return scn_err(p, "%s '%s': CPU %d does not exist (cpus %d)",
			       what, v, __builtin_ctzll(extra), p->s->cpus);
	*out = m;
	return 0;
}

/* A single CPU index below N ("last": N - 1). */
int scn_get_cpu(struct scn_parser *p, const char *v, int *out)
{
	unsigned long c = (unsigned long)p->s->cpus - 1;

	if (strcmp(v, SCN_LAST_CPU) && !scn_parse_uint(v, &c))
		return scn_err(p, "'%s' is not a CPU number", v);
	if (c >= (unsigned long)p->s->cpus)
		return scn_err(p, "CPU %lu does not exist (cpus %d)", c,
			       p->s->cpus);
	*out = (int)c;
	return 0;
}

/* Weight (v2) or shares (v1) value in the hierarchy's range. */
int scn_get_weight(struct scn_parser *p, const char *v, unsigned long *out)
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
int scn_get_max(struct scn_parser *p, const char *v, int64_t *quota,
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

static int scn_key_find(const struct scn_keydef *keys, int nkeys,
			const char *k)
{
	for (int i = 0; i < nkeys; i++)
		if (!strcmp(keys[i].name, k))
			return i;
	return -1;
}

int scn_parse_keys(struct scn_parser *p, char **tok, int ntok, int first,
		   const struct scn_keydef *keys, int nkeys, void *obj,
		   unsigned int *seen,
		   int (*unknown)(struct scn_parser *p, const char *k))
{
	*seen = 0;
	for (int i = first; i < ntok; i++) {
		char *k, *v;
		int key, ret;

		if (!scn_split_kv(tok[i], &k, &v))
			return scn_err(p, "expected key=value, got '%s'",
				       tok[i]);
		if (!*v)
			return scn_err(p, "empty value for '%s'", k);
		key = scn_key_find(keys, nkeys, k);
		if (key < 0)
			return unknown(p, k);
		if (*seen & (1u << key))
			return scn_err(p, "duplicate key '%s'", k);
		*seen |= 1u << key;
		ret = keys[key].set(p, obj, k, v);
		if (ret)
			return ret;
	}
	return 0;
}
