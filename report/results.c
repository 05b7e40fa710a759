// SPDX-License-Identifier: GPL-2.0
/*
 * results.c - load meta.json, results.jsonl and results.ktap with json-c.
 *
 * Every record is optional and every field inside it too; a line that is
 * not valid JSON (a truncated last line, serial noise) is counted and
 * skipped. Problems are collected as human-readable strings.
 */
#include "results.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <json-c/json.h>

#include "ktap.h"

/* ---- small json-c accessors (all tolerate NULL and wrong types) ---- */

static struct json_object *jget(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	if (!o || !json_object_is_type(o, json_type_object))
		return NULL;
	if (!json_object_object_get_ex(o, key, &v))
		return NULL;
	if (json_object_is_type(v, json_type_null))
		return NULL;
	return v;
}

static double jnumv(struct json_object *v)
{
	if (!v)
		return NAN;
	if (json_object_is_type(v, json_type_double) ||
	    json_object_is_type(v, json_type_int))
		return json_object_get_double(v);
	return NAN;
}

static double jnum(struct json_object *o, const char *key)
{
	return jnumv(jget(o, key));
}

static int jint(struct json_object *o, const char *key, int def)
{
	double d = jnum(o, key);

	if (isnan(d) || d > 2e9 || d < -2e9)
		return def;
	return (int)d;
}

static const char *jstr(struct arena *a, struct json_object *o,
			const char *key)
{
	struct json_object *v = jget(o, key);

	if (!v)
		return NULL;
	if (json_object_is_type(v, json_type_string))
		return arena_strdup(a, json_object_get_string(v));
	/* numbers, booleans: their JSON text ("300", "true") */
	return arena_strdup(a, json_object_to_json_string_ext(v,
				JSON_C_TO_STRING_PLAIN));
}

static int jarray_len(struct json_object *o, const char *key,
		      struct json_object **arr)
{
	struct json_object *v = jget(o, key);
	size_t n;

	*arr = NULL;
	if (!v || !json_object_is_type(v, json_type_array))
		return 0;
	*arr = v;
	n = json_object_array_length(v);
	return n > 1000000 ? 1000000 : (int)n;
}

static double *jnum_array(struct arena *a, struct json_object *o,
			  const char *key, int *n)
{
	struct json_object *arr;
	int len = jarray_len(o, key, &arr), i;
	double *d;

	*n = 0;
	if (!len)
		return NULL;
	d = arena_alloc(a, sizeof(*d) * (size_t)len);
	if (!d)
		return NULL;
	for (i = 0; i < len; i++)
		d[i] = jnumv(json_object_array_get_idx(arr, (size_t)i));
	*n = len;
	return d;
}

/* ---- growing arrays inside the arena ---- */

static void *grow(struct arena *a, void *old, int n, int *cap, size_t size)
{
	void *p;
	int ncap;

	if (n < *cap)
		return old;
	ncap = *cap ? *cap * 2 : 8;
	p = arena_alloc(a, size * (size_t)ncap);
	if (!p)
		return NULL;
	if (old && n)
		memcpy(p, old, size * (size_t)n);
	*cap = ncap;
	return p;
}

static void problem(struct rep_run *run, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void problem(struct rep_run *run, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	const char **p;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	p = grow(&run->arena, run->problems, run->n_problems,
		 &run->problems_cap, sizeof(*p));
	if (!p)
		return;
	run->problems = p;
	p[run->n_problems] = arena_strdup(&run->arena, buf);
	if (p[run->n_problems])
		run->n_problems++;
}

/* ---- verdicts ---- */

int verdict_rank(enum verdict v)
{
	switch (v) {
	case V_INCOMPLETE:
		return 0;
	case V_ERROR:
		return 1;
	case V_FAIL:
		return 2;
	case V_INCONCLUSIVE:
		return 3;
	case V_UNKNOWN:
		return 4;
	case V_SKIP:
		return 5;
	case V_XFAIL:
		return 6;
	case V_PASS:
		return 7;
	default:
		return 4;
	}
}

/* ---- scenarios ---- */

struct rep_scenario *results_find(const struct rep_run *run,
				  const char *name)
{
	int i;

	if (!name)
		return NULL;
	for (i = 0; i < run->n_scen; i++)
		if (run->scen[i].name && !strcmp(run->scen[i].name, name))
			return &run->scen[i];
	return NULL;
}

static struct rep_scenario *scenario_get(struct rep_run *run,
					 const char *name)
{
	struct rep_scenario *s = results_find(run, name), *arr;

	if (s)
		return s;
	arr = grow(&run->arena, run->scen, run->n_scen, &run->scen_cap,
		   sizeof(*arr));
	if (!arr)
		return NULL;
	run->scen = arr;
	s = &arr[run->n_scen++];
	memset(s, 0, sizeof(*s));
	s->name = name ? arena_strdup(&run->arena, name) : "(unnamed)";
	s->index = -1;
	s->verdict = V_UNKNOWN;
	s->ktap_verdict = V_UNKNOWN;
	s->aggregation_ok = -1;
	s->tolerance = s->confidence = s->warmup_us = s->measure_us = NAN;
	s->duration_us = s->win_start_us = s->win_length_us = NAN;
	s->model_disagreement = s->sampler_overhead = NAN;
	s->se_disagreement = NAN;
	s->time_to_verdict_us = s->max_measure_us = NAN;
	s->ci_confidence = s->ci_inflation = NAN;
	return s;
}

static void load_run_start(struct rep_run *run, struct json_object *o)
{
	struct arena *a = &run->arena;

	run->has_run_start = true;
	run->schema_version = jint(o, RK_SCHEMA_VERSION, 0);
	if (run->schema_version > RESULTS_SCHEMA_VERSION)
		problem(run, "results schema version %d is newer than this cfsreport's (%d): fields may be misread",
			run->schema_version, RESULTS_SCHEMA_VERSION);
	run->runner_version = jstr(a, o, RK_RUNNER_VERSION);
	if (!run->kernel_release)
		run->kernel_release = jstr(a, o, RK_KERNEL_RELEASE);
	run->kernel_version = jstr(a, o, RK_KERNEL_VERSION);
	run->pelt_source = jstr(a, o, RK_PELT_SOURCE);
	run->clocksource = jstr(a, o, RK_CLOCKSOURCE);
	run->cpus_online = jint(o, RK_CPUS_ONLINE, 0);
	run->scenarios_planned = jint(o, RK_SCENARIOS, -1);
	/* a runner from before cgroup_mode has none of the three keys */
	run->has_cgroup_mode = json_object_object_get_ex(o, RK_CGROUP_MODE,
							 NULL);
	run->cgroup_mode = jstr(a, o, RK_CGROUP_MODE);
	run->cgroup_mode_kernel = jstr(a, o, RK_CGROUP_MODE_KERNEL);
	run->cgroup_mode_set = jget(o, RK_CGROUP_MODE_SET) &&
		json_object_get_boolean(jget(o, RK_CGROUP_MODE_SET));
}

const char *results_share_function(const struct rep_run *run, char *buf,
				   size_t len)
{
	if (!run->has_cgroup_mode)
		return NULL;
	if (!run->cgroup_mode)
		snprintf(buf, len, "unknown (sched/cgroup_mode %s): every "
			 "scenario skipped", run->cgroup_mode_kernel ?
			 run->cgroup_mode_kernel : "unreadable");
	else if (run->cgroup_mode_set)
		snprintf(buf, len, "%s, set for the run (the kernel's %s is "
			 "not modelled; restored after)", run->cgroup_mode,
			 run->cgroup_mode_kernel ? run->cgroup_mode_kernel :
			 "?");
	else if (run->cgroup_mode_kernel)
		snprintf(buf, len, "%s (sched/cgroup_mode, the kernel's)",
			 run->cgroup_mode);
	else
		snprintf(buf, len, "%s (no sched/cgroup_mode)",
			 run->cgroup_mode);
	return buf;
}

/* what a phase does, from whichever fields it has */
static const char *phase_desc(struct arena *a, struct json_object *e)
{
	const char *act = jstr(a, e, RK_ACTION), *grp = jstr(a, e, RK_GROUP);
	const char *task = jstr(a, e, RK_TASK), *cpu = jstr(a, e, RK_CPU);
	const char *cpus = jstr(a, e, RK_CPUS), *val = jstr(a, e, RK_VALUE);
	const char *q = jstr(a, e, RK_QUOTA_US), *per = jstr(a, e, RK_PERIOD_US);

	return arena_printf(a, "%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s",
			    act ? act : "phase",
			    grp ? " " : "", grp ? grp : "",
			    val ? "=" : "", val ? val : "",
			    task ? " task " : "", task ? task : "",
			    cpu ? " cpu " : "", cpu ? cpu : "",
			    cpus ? " cpus " : "", cpus ? cpus : "",
			    q ? " quota " : "", q ? q : "",
			    per ? "/" : "", per ? per : "");
}

static void load_scenario_start(struct rep_run *run, struct json_object *o)
{
	struct arena *a = &run->arena;
	struct json_object *arr, *params = jget(o, RK_PARAMS), *e;
	struct rep_scenario *s;
	const char *name = jstr(a, o, RK_NAME);
	int n, i;

	s = scenario_get(run, name);
	if (!s)
		return;
	if (s->has_start)
		problem(run, "scenario '%s' started twice", s->name);
	s->has_start = true;
	s->index = jint(o, RK_INDEX, s->index);
	s->file = jstr(a, o, RK_FILE);
	s->description = jstr(a, o, RK_DESCRIPTION);
	s->hierarchy = jstr(a, o, RK_HIERARCHY);
	s->cpus = jint(o, RK_CPUS, 0);
	s->tolerance = jnum(params, RK_TOLERANCE);
	s->confidence = jnum(params, RK_CONFIDENCE);
	s->warmup_us = jnum(params, RK_WARMUP_US);
	s->measure_us = jnum(params, RK_MEASURE_US);

	n = jarray_len(o, RK_GROUPS, &arr);
	s->defs = n ? arena_alloc(a, sizeof(*s->defs) * (size_t)n) : NULL;
	for (i = 0; s->defs && i < n; i++) {
		e = json_object_array_get_idx(arr, (size_t)i);
		s->defs[i].path = jstr(a, e, RK_PATH);
		s->defs[i].parent = jstr(a, e, RK_PARENT);
		s->defs[i].cpuset = jstr(a, e, RK_CPUSET);
		s->defs[i].max = jstr(a, e, RK_MAX);
		s->defs[i].weight = jnum(e, RK_WEIGHT);
		s->n_defs++;
	}
	n = jarray_len(o, RK_PHASES, &arr);
	s->phases = n ? arena_alloc(a, sizeof(*s->phases) * (size_t)n) : NULL;
	for (i = 0; s->phases && i < n; i++) {
		e = json_object_array_get_idx(arr, (size_t)i);
		s->phases[i].at_us = jnum(e, RK_AT_US);
		s->phases[i].action = jstr(a, e, RK_ACTION);
		s->phases[i].group = jstr(a, e, RK_GROUP);
		s->phases[i].value = jstr(a, e, RK_VALUE);
		s->phases[i].desc = phase_desc(a, e);
		s->n_phases++;
	}
}

static void load_series(struct rep_run *run, struct json_object *o)
{
	struct arena *a = &run->arena;
	struct rep_scenario *s = scenario_get(run, jstr(a, o, RK_SCENARIO));
	struct rep_series *arr, *se;
	int n, m;

	if (!s)
		return;
	arr = grow(a, s->series, s->n_series, &s->series_cap, sizeof(*arr));
	if (!arr)
		return;
	s->series = arr;
	se = &arr[s->n_series];
	memset(se, 0, sizeof(*se));
	se->group = jstr(a, o, RK_GROUP);
	se->cpu = jint(o, RK_CPU, -1);
	se->t_us = jnum_array(a, o, RK_T_US, &n);
	if (!se->t_us || !n)
		return;		/* a series without a time axis is useless */
	se->n = n;
	/* each value array is cut to the time axis (or dropped if short) */
#define SERIES_ARR(field, key)						\
	do {								\
		se->field = jnum_array(a, o, key, &m);			\
		if (m < n)						\
			se->field = NULL;				\
	} while (0)
	SERIES_ARR(tg_load_avg, RK_TG_LOAD_AVG);
	SERIES_ARR(contrib, RK_CONTRIB);
	SERIES_ARR(load_avg, RK_LOAD_AVG);
	SERIES_ARR(cfs_load_weight, RK_CFS_LOAD_WEIGHT);
	SERIES_ARR(se_weight, RK_SE_WEIGHT);
#undef SERIES_ARR
	s->n_series++;
}

static const char **str_array(struct arena *a, struct json_object *o,
			      const char *key, int *n)
{
	struct json_object *arr, *e;
	int len = jarray_len(o, key, &arr), i;
	const char **p;

	*n = 0;
	if (!len)
		return NULL;
	p = arena_alloc(a, sizeof(*p) * (size_t)len);
	if (!p)
		return NULL;
	for (i = 0; i < len; i++) {
		e = json_object_array_get_idx(arr, (size_t)i);
		if (!e)
			continue;
		p[*n] = arena_strdup(a, json_object_is_type(e,
				json_type_string) ?
				json_object_get_string(e) :
				json_object_to_json_string_ext(e,
					JSON_C_TO_STRING_PLAIN));
		if (p[*n])
			(*n)++;
	}
	return p;
}

static void load_group(struct arena *a, struct json_object *e,
		       struct rep_group *g)
{
	struct json_object *ci = jget(e, RK_CI), *arr, *pc;
	int n, i;

	g->path = jstr(a, e, RK_PATH);
	if (!g->path)
		g->path = "(unnamed)";
	g->verdict = verdict_parse(jstr(a, e, RK_VERDICT));
	g->measured = jnum(e, RK_MEASURED);
	g->measured_cpu = jnum(e, RK_MEASURED_CPU);
	/* the model of the verdict; runs before the "model" key: defined */
	g->model_defined = jnum(e, RK_MODEL);
	if (isnan(g->model_defined))
		g->model_defined = jnum(e, RK_MODEL_DEFINED);
	g->model_computed = jnum(e, RK_MODEL_COMPUTED);
	g->model_se = jnum(e, RK_MODEL_SE);
	g->ideal = jnum(e, RK_IDEAL);
	g->expected = jnum(e, RK_EXPECTED);
	g->error = jnum(e, RK_ERROR);
	g->tolerance = jnum(e, RK_TOLERANCE);
	g->intent_deviation = jnum(e, RK_INTENT_DEVIATION);
	g->usage_cpu = jnum(e, RK_USAGE_CPU);
	g->usage_task_cpu = jnum(e, RK_USAGE_TASK_CPU);
	g->exp_ci_lo = g->exp_ci_hi = NAN;
	ci = jget(e, RK_EXPECTED_CI);
	if (ci && json_object_is_type(ci, json_type_array) &&
	    json_object_array_length(ci) >= 2) {
		g->exp_ci_lo = jnumv(json_object_array_get_idx(ci, 0));
		g->exp_ci_hi = jnumv(json_object_array_get_idx(ci, 1));
	}
	ci = jget(e, RK_CI);
	g->ci_lo = g->ci_hi = NAN;
	if (ci && json_object_is_type(ci, json_type_array) &&
	    json_object_array_length(ci) >= 2) {
		g->ci_lo = jnumv(json_object_array_get_idx(ci, 0));
		g->ci_hi = jnumv(json_object_array_get_idx(ci, 1));
	}
	n = jarray_len(e, RK_PER_CPU, &arr);
	g->per_cpu = n ? arena_alloc(a, sizeof(*g->per_cpu) * (size_t)n) :
			 NULL;
	for (i = 0; g->per_cpu && i < n; i++) {
		pc = json_object_array_get_idx(arr, (size_t)i);
		g->per_cpu[i].cpu = jint(pc, RK_CPU, i);
		g->per_cpu[i].measured = jnum(pc, RK_MEASURED);
		g->per_cpu[i].model_defined = jnum(pc, RK_MODEL_DEFINED);
		g->per_cpu[i].ideal = jnum(pc, RK_IDEAL);
		g->n_per_cpu++;
	}
}

/* The sequential verdict's keys (schema 2). */
static void load_looks(struct rep_scenario *s, struct json_object *o)
{
	s->sequential = json_object_get_boolean(jget(o, RK_SEQUENTIAL));
	s->look = jint(o, RK_LOOK, 0);
	s->looks = jint(o, RK_LOOKS, 0);
	s->time_to_verdict_us = jnum(o, RK_TIME_TO_VERDICT_US);
	s->max_measure_us = jnum(o, RK_MAX_MEASURE_US);
	s->ci_confidence = jnum(o, RK_CI_CONFIDENCE);
	s->ci_inflation = jnum(o, RK_CI_INFLATION);
}

static void load_result(struct rep_run *run, struct json_object *o)
{
	struct arena *a = &run->arena;
	struct json_object *arr, *e, *win = jget(o, RK_WINDOW);
	struct json_object *agg = jget(o, RK_AGGREGATION), *v;
	struct json_object *sampler = jget(o, RK_SAMPLER);
	struct rep_scenario *s = scenario_get(run, jstr(a, o, RK_NAME));
	int n, i;

	if (!s)
		return;
	if (s->has_result)
		problem(run, "scenario '%s' has two results; the last is shown",
			s->name);
	s->has_result = true;
	s->index = jint(o, RK_INDEX, s->index);
	s->verdict = verdict_parse(jstr(a, o, RK_VERDICT));
	s->reason = jstr(a, o, RK_REASON);
	s->source = jstr(a, o, RK_SOURCE);
	s->duration_us = jnum(o, RK_DURATION_US);
	s->win_start_us = jnum(win, RK_START_US);
	s->win_length_us = jnum(win, RK_LENGTH_US);
	s->subwindows = jint(win, RK_SUBWINDOWS, 0);
	load_looks(s, o);
	s->cpu_capacity = jnum_array(a, o, RK_CPU_CAPACITY, &s->n_capacity);

	n = jarray_len(o, RK_GROUPS, &arr);
	s->groups = n ? arena_alloc(a, sizeof(*s->groups) * (size_t)n) : NULL;
	for (i = 0; s->groups && i < n; i++) {
		load_group(a, json_object_array_get_idx(arr, (size_t)i),
			   &s->groups[i]);
		s->n_groups++;
	}

	v = jget(agg, RK_OK);
	if (v && json_object_is_type(v, json_type_boolean))
		s->aggregation_ok = json_object_get_boolean(v) ? 1 : 0;
	s->checked_samples = jint(agg, RK_CHECKED_SAMPLES, 0);
	n = jarray_len(agg, RK_ISSUES, &arr);
	s->issues = n ? arena_alloc(a, sizeof(*s->issues) * (size_t)n) : NULL;
	for (i = 0; s->issues && i < n; i++) {
		e = json_object_array_get_idx(arr, (size_t)i);
		s->issues[i].group = jstr(a, e, RK_GROUP);
		s->issues[i].kind = jstr(a, e, RK_KIND);
		s->issues[i].detail = jstr(a, e, RK_DETAIL);
		s->issues[i].cpu = jint(e, RK_CPU, -1);
		s->issues[i].amount = jnum(e, RK_AMOUNT);
		s->n_issues++;
	}
	s->model_disagreement = jnum(o, RK_MODEL_DISAGREEMENT);
	s->se_disagreement = jnum(o, RK_SE_DISAGREEMENT);

	n = jarray_len(o, RK_CONVERGENCE, &arr);
	s->convergence = n ? arena_alloc(a, sizeof(*s->convergence) *
					 (size_t)n) : NULL;
	for (i = 0; s->convergence && i < n; i++) {
		e = json_object_array_get_idx(arr, (size_t)i);
		s->convergence[i].phase = jint(e, RK_PHASE, i);
		s->convergence[i].at_us = jnum(e, RK_AT_US);
		s->convergence[i].converged_after_us =
			jnum(e, RK_CONVERGED_AFTER_US);
		s->n_convergence++;
	}
	s->sampler_samples = jint(sampler, RK_SAMPLES, 0);
	s->sampler_overhead = jnum(sampler, RK_OVERHEAD);
	s->host_contention = json_object_get_boolean(jget(sampler,
							  RK_HOST_CONTENTION));
	s->warnings = str_array(a, o, RK_KERNEL_WARNINGS, &s->n_warnings);
	s->diagnostics = str_array(a, o, RK_DIAGNOSTICS, &s->n_diagnostics);
}

static void load_run_end(struct rep_run *run, struct json_object *o)
{
	struct json_object *t = jget(o, RK_TOTALS);

	run->has_run_end = true;
	run->totals[V_PASS] = jint(t, RK_PASS, 0);
	run->totals[V_FAIL] = jint(t, RK_FAIL, 0);
	run->totals[V_SKIP] = jint(t, RK_SKIP, 0);
	run->totals[V_ERROR] = jint(t, RK_ERROR, 0);
	run->totals[V_INCONCLUSIVE] = jint(t, RK_INCONCLUSIVE, 0);
	run->totals[V_XFAIL] = jint(t, RK_XFAIL, 0);
	run->run_exit = jint(o, RK_EXIT, -1);
	run->run_duration_us = jnum(o, RK_DURATION_US);
}

/* ---- files ---- */

static char *path_join(struct arena *a, const char *dir, const char *name)
{
	return arena_printf(a, "%s/%s", dir, name);
}

static struct json_object *parse_json(const char *buf)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *o;

	if (!tok)
		return NULL;
	o = json_tokener_parse_ex(tok, buf, (int)strlen(buf));
	if (json_tokener_get_error(tok) != json_tokener_success) {
		if (o)
			json_object_put(o);
		o = NULL;
	} else if (o && json_tokener_get_parse_end(tok) < strlen(buf)) {
		/* trailing text after the object: only whitespace allowed */
		const char *p = buf + json_tokener_get_parse_end(tok);

		while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
			p++;
		if (*p) {
			json_object_put(o);
			o = NULL;
		}
	}
	json_tokener_free(tok);
	return o;
}

static void load_meta(struct rep_run *run)
{
	struct arena *a = &run->arena;
	const char *path = path_join(a, run->dir, "meta.json");
	struct json_object *o, *kb;

	if (!path)
		return;
	o = json_object_from_file(path);
	if (!o) {
		struct stat st;

		if (stat(path, &st))
			problem(run, "meta.json is missing");
		else
			problem(run, "meta.json is not valid JSON");
		return;
	}
	run->has_meta = true;
	kb = jget(o, "kernel_build");
	run->run_id = jstr(a, o, "run_id");
	run->label = jstr(a, o, "label");
	run->accel = jstr(a, o, "accel");
	run->guest_cpus = jint(o, "guest_cpus", 0);
	run->guest_mem = jstr(a, o, "guest_mem");
	run->kernel_image = jstr(a, o, "kernel_image");
	run->kernel_release = jstr(a, o, RK_KERNEL_RELEASE);
	if (!run->kernel_release || !*run->kernel_release)
		run->kernel_release = jstr(a, kb, RK_KERNEL_RELEASE);
	run->config_hash = jstr(a, o, "config_hash");
	if (!run->config_hash)
		run->config_hash = jstr(a, kb, "config_hash");
	run->series_hash = jstr(a, o, "series_hash");
	if (!run->series_hash)
		run->series_hash = jstr(a, kb, "series_hash");
	run->n_patches = jint(kb, "patches", -1);
	run->kernel_source = jstr(a, kb, RK_SOURCE);
	run->kernel_hz = jstr(a, kb, "hz");
	run->runner_exit = jint(o, "runner_exit", -1);
	run->host_status = jstr(a, o, "host_status");
	run->last_scenario = jstr(a, o, "last_scenario");
	run->emulator_faults = str_array(a, o, "emulator_faults",
					 &run->n_emulator_faults);
	run->started = jstr(a, o, "started");
	run->duration_s = jnum(o, "duration_s");
	json_object_put(o);
}

static void dispatch(struct rep_run *run, struct json_object *o)
{
	struct json_object *t = jget(o, RK_TYPE);
	const char *type;

	if (!t || !json_object_is_type(t, json_type_string)) {
		run->jsonl_bad++;
		return;
	}
	type = json_object_get_string(t);
	if (!strcmp(type, RT_RUN_START))
		load_run_start(run, o);
	else if (!strcmp(type, RT_SCENARIO_START))
		load_scenario_start(run, o);
	else if (!strcmp(type, RT_SERIES))
		load_series(run, o);
	else if (!strcmp(type, RT_RESULT))
		load_result(run, o);
	else if (!strcmp(type, RT_RUN_END))
		load_run_end(run, o);
	/* unknown record types are ignored: the contract may grow */
}

static void load_jsonl(struct rep_run *run)
{
	const char *path = path_join(&run->arena, run->dir, "results.jsonl");
	FILE *f = path ? fopen(path, "r") : NULL;
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, last_bad = 0;
	bool last_had_nl = true;

	if (!f) {
		problem(run, "results.jsonl is missing");
		return;
	}
	while ((len = getline(&line, &cap, f)) > 0) {
		struct json_object *o;
		char *p = line;

		lineno++;
		last_had_nl = line[len - 1] == '\n';
		while (*p && *p != '{' && *p != '\n')
			p++;	/* serial noise before the object */
		if (*p != '{') {
			continue;
		}
		run->jsonl_lines++;
		o = parse_json(p);
		if (!o) {
			run->jsonl_bad++;
			last_bad = lineno;
			continue;
		}
		dispatch(run, o);
		json_object_put(o);
	}
	free(line);
	fclose(f);
	if (!lineno)
		problem(run, "results.jsonl is empty");
	if (last_bad && last_bad == lineno && !last_had_nl)
		problem(run, "results.jsonl: last line (%d) is truncated",
			lineno);
	if (run->jsonl_bad > (last_bad == lineno && !last_had_nl ? 1 : 0))
		problem(run, "results.jsonl: %d line(s) are not valid records",
			run->jsonl_bad);
}

static void load_ktap(struct rep_run *run)
{
	const char *path = path_join(&run->arena, run->dir, "results.ktap");
	FILE *f = path ? fopen(path, "r") : NULL;
	char *line = NULL;
	size_t cap = 0;
	struct ktap_result r;
	int p, fl, sk;

	if (!f) {
		problem(run, "results.ktap is missing");
		return;
	}
	while (getline(&line, &cap, f) > 0) {
		struct rep_scenario *s;
		int k = ktap_parse_line(line, &r, &p, &fl, &sk);

		if (k == 2) {
			run->ktap_pass = p;
			run->ktap_fail = fl;
			run->ktap_skip = sk;
			continue;
		}
		if (k != 1)
			continue;
		s = results_find(run, r.name);
		if (!s) {
			s = scenario_get(run, r.name);
			if (!s)
				break;
			s->from_ktap_only = true;
			s->kernel_test = run->scenarios_planned > 0 &&
					 r.index > run->scenarios_planned;
			s->index = r.index;
			s->verdict = r.verdict;
			s->reason = arena_strdup(&run->arena, r.why);
		}
		s->ktap_verdict = r.verdict;
	}
	free(line);
	fclose(f);
}

static bool host_ok(const struct rep_run *run)
{
	return !run->host_status || !strcmp(run->host_status, "ok");
}

/* Did the emulator kill the guest in scenario s (meta emulator_faults)? */
static bool emulator_killed(const struct rep_run *run,
			    const struct rep_scenario *s)
{
	if (!s->has_start || s->has_result)
		return false;
	for (int i = 0; i < run->n_emulator_faults; i++)
		if (!strcmp(run->emulator_faults[i], s->name))
			return true;
	return false;
}

static void finish(struct rep_run *run)
{
	struct rep_scenario *last_open = NULL;
	int i, started = 0;

	for (i = 0; i < run->n_scen; i++) {
		struct rep_scenario *s = &run->scen[i];

		if (s->has_start)
			started++;
		if (s->has_start && !s->has_result) {
			s->verdict = V_INCOMPLETE;
			last_open = s;
		}
		if (run->last_scenario && !strcmp(run->last_scenario, s->name))
			s->died_here = true;
		s->emulator_fault = emulator_killed(run, s);
		if (s->emulator_fault)
			s->died_here = true;
		if (s->has_result && s->ktap_verdict != V_UNKNOWN &&
		    s->ktap_verdict != s->verdict &&
		    !(s->verdict == V_ERROR && s->ktap_verdict == V_FAIL))
			problem(run, "scenario '%s': KTAP says %s, JSON says %s",
				s->name, verdict_name(s->ktap_verdict),
				verdict_name(s->verdict));
		if (s->from_ktap_only && !s->kernel_test)
			problem(run, "scenario '%s' is in results.ktap only (no JSON record)",
				s->name);
	}
	if (last_open && !host_ok(run) && !run->last_scenario)
		last_open->died_here = true;
	if (run->has_meta && !host_ok(run))
		problem(run, "guest did not finish: host status '%s'%s%s",
			run->host_status,
			run->last_scenario ? " during scenario " : "",
			run->last_scenario ? run->last_scenario : "");
	if (!run->has_run_start && run->jsonl_lines)
		problem(run, "no run_start record");
	if (!run->has_run_end && run->jsonl_lines)
		problem(run, "no run_end record: the runner did not finish");
	if (run->scenarios_planned > started)
		problem(run, "%d of %d planned scenario(s) never started",
			run->scenarios_planned - started,
			run->scenarios_planned);
}

int results_load(const char *dir, struct rep_run *run)
{
	struct stat st;

	memset(run, 0, sizeof(*run));
	run->runner_exit = -1;
	run->run_exit = -1;
	run->duration_s = NAN;
	run->run_duration_us = NAN;
	run->ktap_pass = run->ktap_fail = run->ktap_skip = -1;
	run->scenarios_planned = -1;
	run->dir = arena_strdup(&run->arena, dir);
	if (!run->dir)
		return -ENOMEM;
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		problem(run, "%s is not a results directory", dir);
		return 0;
	}
	load_meta(run);
	load_jsonl(run);
	load_ktap(run);
	finish(run);
	return 0;
}

void results_free(struct rep_run *run)
{
	arena_free(&run->arena);
	memset(run, 0, sizeof(*run));
}

void results_count(const struct rep_run *run, int counts[V_COUNT])
{
	int i;

	memset(counts, 0, sizeof(int) * V_COUNT);
	for (i = 0; i < run->n_scen; i++)
		counts[run->scen[i].verdict]++;
}

bool results_run_broken(const struct rep_run *run)
{
	int i;

	if (!host_ok(run) || !run->has_run_end)
		return true;
	for (i = 0; i < run->n_scen; i++)
		if (run->scen[i].verdict == V_INCOMPLETE)
			return true;
	return false;
}

static int cmp_scen(const void *a, const void *b)
{
	const struct rep_scenario *x = *(const struct rep_scenario *const *)a;
	const struct rep_scenario *y = *(const struct rep_scenario *const *)b;
	int rx = verdict_rank(x->verdict), ry = verdict_rank(y->verdict);

	if (x->died_here != y->died_here)
		return x->died_here ? -1 : 1;
	if (rx != ry)
		return rx - ry;
	if (x->index != y->index)
		return x->index < y->index ? -1 : 1;
	return x < y ? -1 : (x > y);
}

struct rep_scenario **results_sorted(const struct rep_run *run)
{
	struct rep_scenario **v;
	int i;

	v = calloc((size_t)run->n_scen + 1, sizeof(*v));
	if (!v)
		return NULL;
	for (i = 0; i < run->n_scen; i++)
		v[i] = &run->scen[i];
	qsort(v, (size_t)run->n_scen, sizeof(*v), cmp_scen);
	return v;
}

static double bound(const struct rep_group *g)
{
	double b = fabs(g->error);

	if (!isnan(g->ci_lo) && fabs(g->ci_lo) > b)
		b = fabs(g->ci_lo);
	if (!isnan(g->ci_hi) && fabs(g->ci_hi) > b)
		b = fabs(g->ci_hi);
	return b;
}

const struct rep_group *results_worst_group(const struct rep_scenario *s)
{
	const struct rep_group *w = NULL;
	int i;

	for (i = 0; i < s->n_groups; i++) {
		const struct rep_group *g = &s->groups[i];

		if (isnan(bound(g)))
			continue;
		/* a failing group outranks a larger passing one */
		if (!w || (g->verdict == V_FAIL && w->verdict != V_FAIL) ||
		    ((g->verdict == V_FAIL) == (w->verdict == V_FAIL) &&
		     bound(g) > bound(w)))
			w = g;
	}
	return w;
}

int results_worst_cpu(const struct rep_group *g, double *delta)
{
	int i, cpu = -1;
	double best = -1;

	for (i = 0; i < g->n_per_cpu; i++) {
		double d = g->per_cpu[i].measured - g->per_cpu[i].model_defined;

		if (isnan(d))
			continue;
		if (fabs(d) > best) {
			best = fabs(d);
			cpu = g->per_cpu[i].cpu;
			if (delta)
				*delta = d;
		}
	}
	return cpu;
}
