// SPDX-License-Identifier: GPL-2.0
/*
 * jsonout.c - JSON Lines writer (json-c).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "output/output.h"

#define SERIES_MAX_POINTS 200

static int out_fd = -1;

void jout_set_fd(int fd)
{
	out_fd = fd;
}

int jout_fd(void)
{
	return out_fd;
}

int jout_emit(struct json_object *obj)
{
	const char *str;
	size_t len, off = 0;
	char *line;
	int ret = 0;

	if (out_fd < 0 || !obj) {
		json_object_put(obj);
		return 0;
	}
	str = json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN |
					     JSON_C_TO_STRING_NOSLASHESCAPE);
	len = strlen(str);
	line = malloc(len + 1);
	if (!line) {
		json_object_put(obj);
		return -ENOMEM;
	}
	memcpy(line, str, len);
	line[len++] = '\n';
	while (off < len) {
		ssize_t n = write(out_fd, line + off, len - off);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			ret = -errno;
			break;
		}
		off += n;
	}
	free(line);
	json_object_put(obj);
	return ret;
}

/* NaN and infinities are not JSON: null. */
static struct json_object *jd(double v)
{
	if (!isfinite(v))
		return NULL;
	return json_object_new_double(v);
}

static void add(struct json_object *o, const char *k, struct json_object *v)
{
	json_object_object_add(o, k, v);
}

static struct json_object *js(const char *s)
{
	return json_object_new_string(s ? s : "");
}

static struct json_object *jmask(scn_cpumask_t m)
{
	char buf[256];

	if (!m)
		return NULL;
	scn_cpumask_format(m, buf, sizeof(buf));
	return js(buf);
}

void jout_run_start(const struct run_info *ri)
{
	struct json_object *o = json_object_new_object();
	bool cfs = ri->slices_known && !ri->sched_eevdf;

	add(o, RK_TYPE, js(RT_RUN_START));
	add(o, RK_SCHEMA_VERSION, json_object_new_int(RESULTS_SCHEMA_VERSION));
	add(o, RK_RUNNER_VERSION, js(ri->runner_version));
	add(o, RK_KERNEL_RELEASE, js(ri->kernel_release));
	add(o, RK_KERNEL_VERSION, js(ri->kernel_version));
	add(o, RK_CMDLINE, js(ri->cmdline));
	add(o, RK_CPUS_ONLINE, json_object_new_int(ri->cpus_online));
	add(o, RK_CPUS_POSSIBLE, json_object_new_int(ri->cpus_possible));
	add(o, RK_PELT_SOURCE, js(ri->pelt_source));
	add(o, RK_CLOCKSOURCE, js(ri->clocksource));
	add(o, RK_SCENARIOS, json_object_new_int(ri->scenarios));
	add(o, RK_SAMPLE_MS_OVERRIDE, ri->sample_ms ?
	    json_object_new_int(ri->sample_ms) : NULL);
	add(o, RK_SLICES, !ri->slices_known ? json_object_new_string("unknown") :
	    json_object_new_string(ri->slices_set ? "runner" : "kernel"));
	add(o, RK_SCHED_BASE_SLICE_NS, ri->slices_known && ri->sched_eevdf ?
	    json_object_new_int64((int64_t)ri->sched_base_slice_ns) : NULL);
	add(o, RK_SCHED_LATENCY_NS, cfs ?
	    json_object_new_int64((int64_t)ri->sched_latency_ns) : NULL);
	add(o, RK_SCHED_MIN_GRANULARITY_NS, cfs ?
	    json_object_new_int64((int64_t)ri->sched_min_granularity_ns) : NULL);
	add(o, RK_SCHED_WAKEUP_GRANULARITY_NS, cfs ?
	    json_object_new_int64((int64_t)ri->sched_wakeup_granularity_ns) :
	    NULL);
	add(o, RK_CGROUP_MODE, ri->cgroup_mode ? js(ri->cgroup_mode) : NULL);
	add(o, RK_CGROUP_MODE_KERNEL, ri->cgroup_mode_kernel ?
	    js(ri->cgroup_mode_kernel) : NULL);
	add(o, RK_CGROUP_MODE_SET, json_object_new_boolean(ri->cgroup_mode_set));
	jout_emit(o);
}

static struct json_object *group_path(const struct scenario *s, int g)
{
	return g >= 0 && g < s->ngroups ? js(s->groups[g].path) : NULL;
}

static struct json_object *scenario_params(const struct scenario *s)
{
	struct json_object *p = json_object_new_object();

	add(p, RK_WARMUP_US, json_object_new_int64(s->warmup_us));
	add(p, RK_MEASURE_US, json_object_new_int64(s->measure_us));
	add(p, RK_SAMPLE_US, json_object_new_int64(s->sample_us));
	add(p, RK_PELT_SAMPLE_US, s->pelt_sample_us ?
	    json_object_new_int64(s->pelt_sample_us) : NULL);
	add(p, RK_WINDOWS, json_object_new_int(s->windows));
	add(p, RK_MODEL, js(km_kind_name((enum km_kind)s->model)));
	add(p, RK_TOLERANCE, jd(s->tolerance));
	add(p, RK_CONFIDENCE, jd(s->confidence));
	add(p, RK_TIMEOUT_US, json_object_new_int64(s->timeout_us));
	add(p, RK_AGG_TOLERANCE, jd(s->agg_tolerance));
	add(p, RK_MEASURE_START_US,
	    json_object_new_int64(scn_measure_start_us(s)));
	add(p, RK_DURATION_US, json_object_new_int64(scn_duration_us(s)));
	return p;
}

static struct json_object *scenario_group(const struct scenario *s, int i)
{
	const struct scn_group *g = &s->groups[i];
	struct json_object *go = json_object_new_object();
	char mx[64];

	add(go, RK_PATH, js(g->path));
	add(go, RK_PARENT, group_path(s, g->parent));
	add(go, RK_WEIGHT, json_object_new_int64(g->weight));
	add(go, RK_WEIGHT_SET, json_object_new_boolean(g->weight_set));
	add(go, RK_CPUSET, jmask(g->cpuset));
	if (!g->has_max) {
		add(go, RK_MAX, NULL);
	} else if (g->max_quota_us < 0) {
		add(go, RK_MAX, js("max"));
	} else {
		snprintf(mx, sizeof(mx), "%lld %llu",
			 (long long)g->max_quota_us,
			 (unsigned long long)g->max_period_us);
		add(go, RK_MAX, js(mx));
	}
	add(go, RK_IDLE, g->idle < 0 ? NULL : json_object_new_int(g->idle));
	return go;
}

static struct json_object *scenario_task(const struct scenario *s, int i)
{
	const struct scn_task *t = &s->tasks[i];
	struct json_object *to = json_object_new_object();

	add(to, RK_NAME, js(t->name));
	add(to, RK_GROUP, group_path(s, t->group));
	add(to, RK_COUNT, json_object_new_int(t->count));
	add(to, RK_CPUS, jmask(t->cpus));
	add(to, RK_KIND, js(scn_kind_name(t->kind)));
	if (scn_kind(t->kind)->keys & SCN_KIND_RUN)
		add(to, RK_RUN_US, json_object_new_int64(t->run_us));
	if (scn_kind(t->kind)->keys & SCN_KIND_SLEEP)
		add(to, RK_SLEEP_US, json_object_new_int64(t->sleep_us));
	return to;
}

static struct json_object *scenario_phase(const struct scenario *s, int i)
{
	const struct scn_phase *ph = &s->phases[i];
	struct json_object *po = json_object_new_object();

	add(po, RK_AT_US, json_object_new_int64(ph->at_us));
	add(po, RK_ACTION, js(scn_action_name(ph->action)));
	if (ph->group >= 0)
		add(po, RK_GROUP, group_path(s, ph->group));
	if (ph->task >= 0)
		add(po, RK_TASK, js(s->tasks[ph->task].name));
	if (ph->cpu >= 0)
		add(po, RK_CPU, json_object_new_int(ph->cpu));
	if (ph->action == SCN_ACT_AFFINITY || ph->action == SCN_ACT_CPUSET)
		add(po, RK_CPUS, jmask(ph->cpus));
	if (ph->action == SCN_ACT_WEIGHT)
		add(po, RK_VALUE, json_object_new_int64(ph->value));
	if (ph->action == SCN_ACT_MAX) {
		add(po, RK_QUOTA_US, json_object_new_int64(ph->quota_us));
		add(po, RK_PERIOD_US, json_object_new_int64(ph->period_us));
	}
	return po;
}

/* An array of n elements, element i from one(s, i). */
static struct json_object *
scenario_array(const struct scenario *s, int n,
	       struct json_object *(*one)(const struct scenario *s, int i))
{
	struct json_object *a = json_object_new_array();

	for (int i = 0; i < n; i++)
		json_object_array_add(a, one(s, i));
	return a;
}

void jout_scenario_start(int index, const struct scenario *s)
{
	struct json_object *o = json_object_new_object();

	add(o, RK_TYPE, js(RT_SCENARIO_START));
	add(o, RK_INDEX, json_object_new_int(index));
	add(o, RK_NAME, js(s->name));
	add(o, RK_FILE, js(s->file));
	add(o, RK_DESCRIPTION, js(s->description));
	add(o, RK_CPUS, json_object_new_int(s->cpus));
	add(o, RK_HIERARCHY, js(scn_hierarchy_name(s->hierarchy)));
	add(o, RK_PARAMS, scenario_params(s));
	add(o, RK_GROUPS, scenario_array(s, s->ngroups, scenario_group));
	add(o, RK_TASKS, scenario_array(s, s->ntasks, scenario_task));
	add(o, RK_PHASES, scenario_array(s, s->nphases, scenario_phase));
	jout_emit(o);
}

void jout_series(const struct scenario *s, const struct sample_set *ss)
{
	int g, c, k, step, npelt = 0;

	if (out_fd < 0 || ss->n == 0)
		return;
	for (k = 0; k < ss->n; k++)
		npelt += ss->v[k].pelt_ok;
	step = (npelt + SERIES_MAX_POINTS - 1) / SERIES_MAX_POINTS;
	if (step < 1)
		step = 1;
	for (g = 0; g < s->ngroups; g++)
		for (c = 0; c < ss->ncpus; c++) {
			struct json_object *o, *t, *tg, *co, *la, *lw, *sw, *ra;
			bool any = false;

			for (k = 0; k < ss->n && !any; k++)
				any = ss->v[k].pelt_ok &&
				      pelt_at(&ss->v[k].pelt, g, c)->present;
			if (!any)
				continue;
			o = json_object_new_object();
			add(o, RK_TYPE, js(RT_SERIES));
			add(o, RK_SCENARIO, js(s->name));
			add(o, RK_GROUP, js(s->groups[g].path));
			add(o, RK_CPU, json_object_new_int(c));
			t = json_object_new_array();
			tg = json_object_new_array();
			co = json_object_new_array();
			la = json_object_new_array();
			lw = json_object_new_array();
			sw = json_object_new_array();
			ra = json_object_new_array();
			for (k = 0, npelt = 0; k < ss->n; k++) {
				const struct sample *sm = &ss->v[k];
				const struct pelt_cpu *pc;
				bool ok = sm->pelt_ok;
				double tgl;

				if (!ok || npelt++ % step)
					continue;

				pc = pelt_at(&sm->pelt, g, c);
				ok = ok && pc->present;
				tgl = sm->pelt_ok ?
				      pelt_tg_load_avg(&sm->pelt, g) : -1;
				json_object_array_add(t,
					json_object_new_int64(sm->t_us));
				json_object_array_add(tg, tgl >= 0 ?
					jd(tgl) : NULL);
				json_object_array_add(co, ok ?
					jd(pc->contrib) : NULL);
				json_object_array_add(la, ok ?
					jd(pc->load_avg) : NULL);
				json_object_array_add(lw, ok ?
					jd(pc->weight) : NULL);
				json_object_array_add(sw, ok && pc->has_se ?
					jd(pc->se_weight) : NULL);
				json_object_array_add(ra, ok ?
					jd(pc->runnable_avg) : NULL);
			}
			add(o, RK_T_US, t);
			add(o, RK_TG_LOAD_AVG, tg);
			add(o, RK_CONTRIB, co);
			add(o, RK_LOAD_AVG, la);
			add(o, RK_CFS_LOAD_WEIGHT, lw);
			add(o, RK_SE_WEIGHT, sw);
			add(o, RK_RUNNABLE_AVG, ra);
			jout_emit(o);
		}
}

static struct json_object *jci(const struct stats_summary *st)
{
	struct json_object *a = json_object_new_array();

	json_object_array_add(a, jd(st->lo));
	json_object_array_add(a, jd(st->hi));
	return a;
}

static struct json_object *result_window(const struct scn_result *r)
{
	struct json_object *w = json_object_new_object();

	add(w, RK_START_US, json_object_new_int64(r->win_start_us));
	add(w, RK_LENGTH_US, json_object_new_int64(r->win_len_us));
	add(w, RK_SUBWINDOWS, json_object_new_int(r->subwindows));
	add(w, RK_INTERVALS, json_object_new_int(r->intervals));
	add(w, RK_CI_METHOD, js(r->ci_method == VD_CI_LAG ? "lag" :
				"subwindows"));
	return w;
}

static struct json_object *doubles(const double *v, int n)
{
	struct json_object *a = json_object_new_array();

	for (int i = 0; i < n; i++)
		json_object_array_add(a, jd(v[i]));
	return a;
}

/* The CPUs a group ran on or was modelled on. */
static struct json_object *result_per_cpu(const struct scn_result *r,
					  const struct grp_result *gr)
{
	struct json_object *pc = json_object_new_array(), *co;

	for (int c = 0; c < r->ncpus; c++) {
		if (gr->cpu_measured[c] <= 0 && gr->cpu_model[c] <= 0)
			continue;
		co = json_object_new_object();
		add(co, RK_CPU, json_object_new_int(c));
		add(co, RK_MEASURED, jd(gr->cpu_measured[c]));
		add(co, RK_MODEL_DEFINED, jd(gr->cpu_model[c]));
		add(co, RK_IDEAL, NULL);
		json_object_array_add(pc, co);
	}
	return pc;
}

static struct json_object *result_group(const struct scenario *s,
					const struct scn_result *r, int g)
{
	const struct grp_result *gr = &r->g[g];
	struct json_object *go = json_object_new_object();

	add(go, RK_PATH, js(s->groups[g].path));
	add(go, RK_VERDICT, js(verdict_name(seq_group_verdict(s, r, g))));
	add(go, RK_MEASURED, jd(gr->measured));
	add(go, RK_MEASURED_CPU, jd(gr->measured_cpu));
	add(go, RK_USAGE_CPU, jd(gr->usage_cpu));
	add(go, RK_USAGE_TASK_CPU, jd(gr->usage_task_cpu));
	add(go, RK_MODEL, jd(gr->model[r->verdict_kind]));
	add(go, RK_MODEL_DEFINED, jd(gr->model[KM_DEFINED]));
	add(go, RK_MODEL_COMPUTED, jd(gr->model[KM_COMPUTED]));
	add(go, RK_MODEL_SE, r->se_available ? jd(gr->model[KM_SE]) : NULL);
	add(go, RK_IDEAL, jd(gr->ideal));
	add(go, RK_EXPECTED, gr->has_expected ? jd(gr->expected) : NULL);
	add(go, RK_ERROR, jd(gr->err.mean));
	add(go, RK_CI, jci(&gr->err));
	add(go, RK_CI_HALF_WIDTH, jd(gr->err.half_width));
	add(go, RK_CI_HALF_WIDTH_SUBWINDOWS, jd(gr->sub_half_width));
	add(go, RK_ERROR_SD, jd(gr->err.sd));
	add(go, RK_ERROR_SUBWINDOWS, doubles(gr->err_w, r->subwindows));
	if (gr->has_expected)
		add(go, RK_EXPECTED_CI, jci(&gr->exp_err));
	if (gr->departure)	/* the share function's own (departure.c) */
		add(go, RK_MODE_EXPECTED, jd(gr->mode_expected));
	add(go, RK_TOLERANCE, jd(s->tolerance));
	add(go, RK_INTENT_DEVIATION, jd(gr->intent_dev));
	add(go, RK_PER_CPU, result_per_cpu(r, gr));
	return go;
}

static struct json_object *result_coverage(const struct scn_result *r)
{
	struct json_object *o = json_object_new_object();

	add(o, RK_TESTED, jd(r->tested));
	add(o, RK_ALONE, jd(r->alone));
	add(o, RK_UNMODELLED, jd(r->unmodelled));
	return o;
}

static struct json_object *result_aggregation(const struct scenario *s,
					      const struct scn_result *r)
{
	struct json_object *ag = json_object_new_object();
	struct json_object *a = json_object_new_array();

	add(ag, RK_OK, json_object_new_boolean(r->agg_ok));
	add(ag, RK_CHECKED_SAMPLES, json_object_new_int(r->agg_checked));
	for (int i = 0; i < r->nissues; i++) {
		const struct agg_issue *is = &r->issues[i];
		struct json_object *io = json_object_new_object();

		add(io, RK_GROUP, js(s->groups[is->group].path));
		add(io, RK_CPU, is->cpu < 0 ? NULL :
		    json_object_new_int(is->cpu));
		add(io, RK_KIND, js(is->kind));
		add(io, RK_AMOUNT, jd(is->amount));
		add(io, RK_DETAIL, js(is->detail));
		json_object_array_add(a, io);
	}
	add(ag, RK_ISSUES, a);
	return ag;
}

static struct json_object *result_convergence(const struct scn_result *r)
{
	struct json_object *a = json_object_new_array();

	for (int i = 0; i < r->nconv; i++) {
		const struct convergence *cv = &r->conv[i];
		struct json_object *co = json_object_new_object();

		add(co, RK_PHASE, json_object_new_int(cv->phase));
		add(co, RK_AT_US, json_object_new_int64(cv->at_us));
		add(co, RK_CONVERGED_AFTER_US, cv->converged_after_us < 0 ?
		    NULL : json_object_new_int64(cv->converged_after_us));
		json_object_array_add(a, co);
	}
	return a;
}

static struct json_object *result_sampler(const struct scenario *s,
					  const struct scn_result *r)
{
	struct json_object *sp = json_object_new_object();

	add(sp, RK_SAMPLES, json_object_new_int(r->samples));
	add(sp, RK_PERIOD_US, json_object_new_int64(s->sample_us));
	add(sp, RK_CPU_US, json_object_new_int64(r->sampler_cpu_us));
	add(sp, RK_OVERHEAD, jd(r->sampler_overhead));
	add(sp, RK_PELT_SAMPLES, json_object_new_int(r->pelt_samples));
	add(sp, RK_PELT_SAMPLES_MOVED, json_object_new_int(r->pelt_moved));
	add(sp, RK_MAX_LATE_US, json_object_new_int64(r->max_late_us));
	add(sp, RK_CHARGE_EXCESS_US,
	    json_object_new_int64(r->charge_excess_us));
	add(sp, RK_STALL_CHARGED_US, json_object_new_int64(r->stall_us));
	add(sp, RK_STALL_MAX_US, json_object_new_int64(r->stall_max_us));
	add(sp, RK_STALL_MAX_AT_US, json_object_new_int64(r->stall_max_at_us));
	add(sp, RK_HOST_CONTENTION,
	    json_object_new_boolean(r->host_contention));
	add(sp, RK_LATE_SAMPLES, json_object_new_int(r->late_samples));
	return sp;
}

static struct json_object *strings(const char (*v)[VD_DIAG_LEN], int n)
{
	struct json_object *a = json_object_new_array();

	for (int i = 0; i < n; i++)
		json_object_array_add(a, js(v[i]));
	return a;
}

/* The looks of the sequential verdict (all null without them). */
static void result_looks(struct json_object *o, const struct seq_outcome *sq)
{
	add(o, RK_SEQUENTIAL, sq ? json_object_new_boolean(sq->sequential) :
	    NULL);
	add(o, RK_LOOK, sq ? json_object_new_int(sq->look) : NULL);
	add(o, RK_LOOKS, sq ? json_object_new_int(sq->looks) : NULL);
	add(o, RK_TIME_TO_VERDICT_US, sq ?
	    json_object_new_int64(sq->time_to_verdict_us) : NULL);
	add(o, RK_MAX_MEASURE_US, sq ?
	    json_object_new_int64(sq->max_measure_us) : NULL);
	add(o, RK_CI_CONFIDENCE, sq ? jd(sq->ci_confidence) : NULL);
	add(o, RK_CI_INFLATION, sq ? jd(sq->ci_inflation) : NULL);
}

void jout_result(int index, const struct scenario *s,
		 const struct scn_result *r, const struct seq_outcome *sq,
		 uint64_t duration_us, const struct kmsg_report *km)
{
	struct json_object *o = json_object_new_object(), *a;
	int g, i;

	add(o, RK_TYPE, js(RT_RESULT));
	add(o, RK_INDEX, json_object_new_int(index));
	add(o, RK_NAME, js(s->name));
	add(o, RK_VERDICT, js(verdict_name(r->v)));
	add(o, RK_REASON, js(r->reason));
	add(o, RK_SOURCE, js(pelt_source_name(r->src)));
	add(o, RK_DURATION_US, json_object_new_int64(duration_us));
	add(o, RK_WINDOW, result_window(r));
	result_looks(o, sq);
	add(o, RK_CPU_CAPACITY, doubles(r->cpu_capacity, r->ncpus));
	a = json_object_new_array();
	for (g = 0; g < s->ngroups; g++)
		json_object_array_add(a, result_group(s, r, g));
	add(o, RK_GROUPS, a);
	add(o, RK_AGGREGATION, result_aggregation(s, r));
	add(o, RK_MODEL_DISAGREEMENT, jd(r->model_disagreement));
	add(o, RK_COVERAGE, result_coverage(r));
	add(o, RK_SE_DISAGREEMENT, r->se_available ?
	    jd(r->se_disagreement) : NULL);
	add(o, RK_CONVERGENCE, result_convergence(r));
	add(o, RK_SAMPLER, result_sampler(s, r));
	a = json_object_new_array();
	for (i = 0; km && i < km->nlines; i++)
		json_object_array_add(a, js(km->lines[i]));
	add(o, RK_KERNEL_WARNINGS, a);
	add(o, RK_DIAGNOSTICS, strings(r->diag, r->ndiag));
	jout_emit(o);
}

void jout_result_bare(int index, const char *name, enum verdict v,
		      const char *reason, uint64_t duration_us)
{
	struct json_object *o = json_object_new_object();

	add(o, RK_TYPE, js(RT_RESULT));
	add(o, RK_INDEX, json_object_new_int(index));
	add(o, RK_NAME, js(name));
	add(o, RK_VERDICT, js(verdict_name(v)));
	add(o, RK_REASON, js(reason));
	add(o, RK_SOURCE, js("none"));
	add(o, RK_DURATION_US, json_object_new_int64(duration_us));
	add(o, RK_GROUPS, json_object_new_array());
	add(o, RK_KERNEL_WARNINGS, json_object_new_array());
	add(o, RK_DIAGNOSTICS, json_object_new_array());
	jout_emit(o);
}

void jout_run_end(const struct totals *t, int exit_code, uint64_t duration_us)
{
	struct json_object *o = json_object_new_object(), *to;

	add(o, RK_TYPE, js(RT_RUN_END));
	to = json_object_new_object();
	add(to, RK_PASS, json_object_new_int(t->pass));
	add(to, RK_FAIL, json_object_new_int(t->fail));
	add(to, RK_SKIP, json_object_new_int(t->skip));
	add(to, RK_ERROR, json_object_new_int(t->error));
	add(to, RK_INCONCLUSIVE, json_object_new_int(t->inconclusive));
	if (t->xfail)
		add(to, RK_XFAIL, json_object_new_int(t->xfail));
	add(o, RK_TOTALS, to);
	add(o, RK_EXIT, json_object_new_int(exit_code));
	add(o, RK_DURATION_US, json_object_new_int64(duration_us));
	jout_emit(o);
}
