// SPDX-License-Identifier: GPL-2.0
/*
 * settings.c - the global settings of a scenario ("cpus 2", "measure 4s",
 * "tolerance 1%", ...), described once in a table: name, value type, the
 * field of struct scenario it sets, its range and the message for a value
 * out of range. The defaults are set here as well.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

enum scn_stype {
	ST_NAME,	/* char[SCN_NAME_MAX], scn_valid_name() */
	ST_UINT,	/* int, min..max */
	ST_TIME,	/* uint64_t us with a unit, min..max */
	ST_FRACTION,	/* double, above 0 and below 1 */
	ST_ENUM,	/* enum, one of names[] (by value) */
	ST_CPUS,	/* the "cpus" range and N (topology.c) */
};

struct scn_settingdef {
	const char *name;
	enum scn_stype type;
	size_t offset;			/* the field in struct scenario */
	uint64_t min, max;		/* ST_UINT, ST_TIME: inclusive */
	const char *bad;		/* printf(bad, name, value) */
	const char *const *names;	/* ST_ENUM */
	int nnames;
};

#define FIELD(f)	offsetof(struct scenario, f)
#define NAMES(t)	.names = (t), .nnames = (int)SCN_ARRAY_SIZE(t)

/* Indexed by enum scn_key (parse.h). */
static const struct scn_settingdef settings[KEY_COUNT] = {
	[KEY_NAME] = { .name = "name", .type = ST_NAME, .offset = FIELD(name) },
	[KEY_CPUS] = { .name = "cpus", .type = ST_CPUS, .offset = FIELD(cpus) },
	[KEY_HIERARCHY] = {
		.name = "hierarchy", .type = ST_ENUM,
		.offset = FIELD(hierarchy), NAMES(scn_hierarchy_names),
		.bad = "%s '%s' must be v1 or v2",
	},
	[KEY_WARMUP] = {
		.name = "warmup", .type = ST_TIME, .offset = FIELD(warmup_us),
		.min = 0, .max = UINT64_MAX,
	},
	[KEY_MEASURE] = {
		.name = "measure", .type = ST_TIME,
		.offset = FIELD(measure_us), .min = 100000, .max = UINT64_MAX,
		.bad = "%s '%s' is too short (min 100ms)",
	},
	[KEY_WINDOWS] = {
		.name = "windows", .type = ST_UINT, .offset = FIELD(windows),
		.min = 2, .max = 1000,
		.bad = "%s '%s' out of range (2..1000)",
	},
	[KEY_SAMPLE] = {
		.name = "sample", .type = ST_TIME, .offset = FIELD(sample_us),
		.min = 10000, .max = 1000000,
		.bad = "%s '%s' out of range (10ms..1s)",
	},
	[KEY_PELT_SAMPLE] = {
		.name = "pelt_sample", .type = ST_TIME,
		.offset = FIELD(pelt_sample_us), .min = 10000, .max = 1000000,
		.bad = "%s '%s' out of range (10ms..1s)",
	},
	[KEY_TOLERANCE] = {
		.name = "tolerance", .type = ST_FRACTION,
		.offset = FIELD(tolerance),
		.bad = "%s '%s' must be above 0 and below 1 (e.g. 1%%)",
	},
	[KEY_CONFIDENCE] = {
		.name = "confidence", .type = ST_FRACTION,
		.offset = FIELD(confidence),
		.bad = "%s '%s' must be above 0 and below 1 (e.g. 95%%)",
	},
	/* the value is not in this message: printf ignores extra arguments */
	[KEY_TIMEOUT] = {
		.name = "timeout", .type = ST_TIME, .offset = FIELD(timeout_us),
		.min = 1, .max = UINT64_MAX,
		.bad = "%s must be above 0 (omit it for the derived default)",
	},
	[KEY_AGG_TOLERANCE] = {
		.name = "agg_tolerance", .type = ST_FRACTION,
		.offset = FIELD(agg_tolerance),
		.bad = "%s '%s' must be above 0 and below 1 (e.g. 1%%)",
	},
	[KEY_MODEL] = {
		.name = "model", .type = ST_ENUM, .offset = FIELD(model),
		NAMES(scn_model_names),
		.bad = "%s '%s' must be defined, computed or se",
	},
	[KEY_MAX_MEASURE] = {
		.name = "max_measure", .type = ST_TIME,
		.offset = FIELD(max_measure_us), .min = 100000,
		.max = UINT64_MAX,
		.bad = "%s '%s' is too short (min 100ms)",
	},
};

void scn_set_defaults(struct scenario *s)
{
	s->cpus = 0;
	s->cpus_min = 0;
	s->cpus_max = 0;
	s->hierarchy = SCN_V2;
	s->warmup_us = SCN_DEFAULT_WARMUP_US;
	s->measure_us = SCN_DEFAULT_MEASURE_US;
	s->sample_us = SCN_DEFAULT_SAMPLE_US;
	s->windows = SCN_DEFAULT_WINDOWS;
	s->tolerance = SCN_DEFAULT_TOLERANCE;
	s->confidence = SCN_DEFAULT_CONFIDENCE;
	s->agg_tolerance = SCN_DEFAULT_AGG_TOLERANCE;
	s->model = SCN_MODEL_DEFINED;
}

int scn_setting_index(const char *k)
{
	for (int i = 0; i < KEY_COUNT; i++)
		if (!strcmp(k, settings[i].name))
			return i;
	return -1;
}

/* Parse v as d's type into the field at f. */
static int scn_setting_value(struct scn_parser *p,
			     const struct scn_settingdef *d, const char *v,
			     void *f)
{
	unsigned long u;
	uint64_t t;
	double x;
	int i, ret;

	switch (d->type) {
	case ST_NAME:
		if (!scn_valid_name(v))
			return scn_err(p, "name '%s' is invalid (1..%d characters of A-Z a-z 0-9 . _ -)",
				       v, SCN_NAME_MAX - 1);
		snprintf(f, SCN_NAME_MAX, "%s", v);
		return 0;
	case ST_UINT:
		if (!scn_parse_uint(v, &u) || u < d->min || u > d->max)
			return scn_err(p, d->bad, d->name, v);
		*(int *)f = (int)u;
		return 0;
	case ST_TIME:
		ret = scn_get_time(p, d->name, v, &t);
		if (ret)
			return ret;
		if (t < d->min || t > d->max)
			return scn_err(p, d->bad, d->name, v);
		*(uint64_t *)f = t;
		return 0;
	case ST_FRACTION:
		ret = scn_get_fraction(p, d->name, v, &x);
		if (ret)
			return ret;
		if (!(x > 0 && x < 1))
			return scn_err(p, d->bad, d->name, v);
		*(double *)f = x;
		return 0;
	case ST_ENUM:
		i = scn_name_index(d->names, d->nnames, v);
		if (i < 0)
			return scn_err(p, d->bad, d->name, v);
		*(int *)f = i;
		return 0;
	case ST_CPUS:
		return scn_set_cpus(p, v);
	}
	return 0;
}

int scn_setting(struct scn_parser *p, int key, char **tok, int ntok)
{
	const struct scn_settingdef *d = &settings[key];

	if (p->key_line[key])
		return scn_err(p, "duplicate '%s' (first set at line %d)",
			       d->name, p->key_line[key]);
	if (p->body)
		return scn_err(p, "'%s' must come before the first group, task, expect or phase",
			       d->name);
	if (ntok != 2)
		return scn_err(p, "'%s' takes exactly one value", d->name);
	p->key_line[key] = p->line;
	return scn_setting_value(p, d, tok[1], (char *)p->s + d->offset);
}

/* Checks that need every setting; run once, when the body starts. */
int scn_begin_body(struct scn_parser *p)
{
	struct scenario *s = p->s;
	char a[SCN_TIME_TEXT], b[SCN_TIME_TEXT];

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
	if (s->max_measure_us && s->max_measure_us < s->measure_us) {
		p->line = p->key_line[KEY_MAX_MEASURE];
		return scn_err(p, "max_measure %s is shorter than measure %s",
			       scn_fmt_time(s->max_measure_us, a, sizeof(a)),
			       scn_fmt_time(s->measure_us, b, sizeof(b)));
	}
	if (s->pelt_sample_us && s->pelt_sample_us < s->sample_us) {
		p->line = p->key_line[KEY_PELT_SAMPLE];
		return scn_err(p, "pelt_sample %s is shorter than the sample period (%s)",
			       scn_fmt_time(s->pelt_sample_us, a, sizeof(a)),
			       scn_fmt_time(s->sample_us, b, sizeof(b)));
	}
	return 0;
}
