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

#include "jsonout.h"

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

	add(o, "type", js("run_start"));
	add(o, "runner_version", js(ri->runner_version));
	add(o, "kernel_release", js(ri->kernel_release));
	add(o, "kernel_version", js(ri->kernel_version));
	add(o, "cmdline", js(ri->cmdline));
	add(o, "cpus_online", json_object_new_int(ri->cpus_online));
	add(o, "cpus_possible", json_object_new_int(ri->cpus_possible));
	add(o, "pelt_source", js(ri->pelt_source));
	add(o, "clocksource", js(ri->clocksource));
	add(o, "scenarios", json_object_new_int(ri->scenarios));
	add(o, "sample_ms_override", ri->sample_ms ?
	    json_object_new_int(ri->sample_ms) : NULL);
	add(o, "slices", !ri->slices_known ? json_object_new_string("unknown") :
	    json_object_new_string(ri->slices_set ? "runner" : "kernel"));
	add(o, "sched_base_slice_ns", ri->slices_known && ri->sched_eevdf ?
	    json_object_new_int64((int64_t)ri->sched_base_slice_ns) : NULL);
	add(o, "sched_latency_ns", ri->slices_known && !ri->sched_eevdf ?
	    json_object_new_int64((int64_t)ri->sched_latency_ns) : NULL);
	add(o, "sched_min_granularity_ns", ri->slices_known && !ri->sched_eevdf ?
	    json_object_new_int64((int64_t)ri->sched_min_granularity_ns) : NULL);
	add(o, "sched_wakeup_granularity_ns", ri->slices_known && !ri->sched_eevdf ?
	    json_object_new_int64((int64_t)ri->sched_wakeup_granularity_ns) :
	    NULL);
	jout_emit(o);
}

static const char *hier_name(enum scn_hierarchy h)
{
	return h == SCN_V1 ? "v1" : "v2";
}

static struct json_object *group_path(const struct scenario *s, int g)
{
	return g >= 0 && g < s->ngroups ? js(s->groups[g].path) : NULL;
}

void jout_scenario_start(int index, const struct scenario *s)
{
	struct json_object *o = json_object_new_object(), *p, *a;
	int i;

	add(o, "type", js("scenario_start"));
	add(o, "index", json_object_new_int(index));
	add(o, "name", js(s->name));
	add(o, "file", js(s->file));
	add(o, "description", js(s->description));
	add(o, "cpus", json_object_new_int(s->cpus));
	add(o, "hierarchy", js(hier_name(s->hierarchy)));
	p = json_object_new_object();
	add(p, "warmup_us", json_object_new_int64(s->warmup_us));
	add(p, "measure_us", json_object_new_int64(s->measure_us));
	add(p, "sample_us", json_object_new_int64(s->sample_us));
	add(p, "pelt_sample_us", s->pelt_sample_us ?
	    json_object_new_int64(s->pelt_sample_us) : NULL);
	add(p, "windows", json_object_new_int(s->windows));
	add(p, "model", js(km_kind_name((enum km_kind)s->model)));
	add(p, "tolerance", jd(s->tolerance));
	add(p, "confidence", jd(s->confidence));
	add(p, "timeout_us", json_object_new_int64(s->timeout_us));
	add(p, "agg_tolerance", jd(s->agg_tolerance));
	add(p, "measure_start_us",
	    json_object_new_int64(scn_measure_start_us(s)));
	add(p, "duration_us", json_object_new_int64(scn_duration_us(s)));
	add(o, "params", p);

	a = json_object_new_array();
	for (i = 0; i < s->ngroups; i++) {
		const struct scn_group *g = &s->groups[i];
		struct json_object *go = json_object_new_object();
		char mx[64];

		add(go, "path", js(g->path));
		add(go, "parent", group_path(s, g->parent));
		add(go, "weight", json_object_new_int64(g->weight));
		add(go, "weight_set", json_object_new_boolean(g->weight_set));
		add(go, "cpuset", jmask(g->cpuset));
		if (!g->has_max)
			add(go, "max", NULL);
		else if (g->max_quota_us < 0)
			add(go, "max", js("max"));
		else {
			snprintf(mx, sizeof(mx), "%lld %llu",
				 (long long)g->max_quota_us,
				 (unsigned long long)g->max_period_us);
			add(go, "max", js(mx));
		}
		add(go, "idle", g->idle < 0 ? NULL :
		    json_object_new_int(g->idle));
		json_object_array_add(a, go);
	}
	add(o, "groups", a);

	a = json_object_new_array();
	for (i = 0; i < s->ntasks; i++) {
		const struct scn_task *t = &s->tasks[i];
		struct json_object *to = json_object_new_object();

		add(to, "name", js(t->name));
		add(to, "group", group_path(s, t->group));
		add(to, "count", json_object_new_int(t->count));
		add(to, "cpus", jmask(t->cpus));
		add(to, "kind", js(scn_kind_name(t->kind)));
		if (t->kind != SCN_TASK_HOG)
			add(to, "run_us", json_object_new_int64(t->run_us));
		if (t->kind == SCN_TASK_DUTY)
			add(to, "sleep_us",
			    json_object_new_int64(t->sleep_us));
		json_object_array_add(a, to);
	}
	add(o, "tasks", a);

	a = json_object_new_array();
	for (i = 0; i < s->nphases; i++) {
		const struct scn_phase *ph = &s->phases[i];
		struct json_object *po = json_object_new_object();

		add(po, "at_us", json_object_new_int64(ph->at_us));
		add(po, "action", js(scn_action_name(ph->action)));
		if (ph->group >= 0)
			add(po, "group", group_path(s, ph->group));
		if (ph->task >= 0)
			add(po, "task", js(s->tasks[ph->task].name));
		if (ph->cpu >= 0)
			add(po, "cpu", json_object_new_int(ph->cpu));
		if (ph->action == SCN_ACT_AFFINITY)
			add(po, "cpus", jmask(ph->cpus));
		if (ph->action == SCN_ACT_WEIGHT)
			add(po, "value", json_object_new_int64(ph->value));
		if (ph->action == SCN_ACT_MAX) {
			add(po, "quota_us", json_object_new_int64(ph->quota_us));
			add(po, "period_us",
			    json_object_new_int64(ph->period_us));
		}
		json_object_array_add(a, po);
	}
	add(o, "phases", a);
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
			struct json_object *o, *t, *tg, *co, *la, *lw, *sw;
			bool any = false;

			for (k = 0; k < ss->n && !any; k++)
				any = ss->v[k].pelt_ok &&
				      pelt_at(&ss->v[k].pelt, g, c)->present;
			if (!any)
				continue;
			o = json_object_new_object();
			add(o, "type", js("series"));
			add(o, "scenario", js(s->name));
			add(o, "group", js(s->groups[g].path));
			add(o, "cpu", json_object_new_int(c));
			t = json_object_new_array();
			tg = json_object_new_array();
			co = json_object_new_array();
			la = json_object_new_array();
			lw = json_object_new_array();
			sw = json_object_new_array();
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
			}
			add(o, "t_us", t);
			add(o, "tg_load_avg", tg);
			add(o, "contrib", co);
			add(o, "load_avg", la);
			add(o, "cfs_load_weight", lw);
			add(o, "se_weight", sw);
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

void jout_result(int index, const struct scenario *s,
		 const struct scn_result *r, uint64_t duration_us,
		 const struct kmsg_report *km)
{
	struct json_object *o = json_object_new_object(), *a, *w, *ag, *sp;
	int g, c, i;

	add(o, "type", js("result"));
	add(o, "index", json_object_new_int(index));
	add(o, "name", js(s->name));
	add(o, "verdict", js(vd_name(r->v)));
	add(o, "reason", js(r->reason));
	add(o, "source", js(pelt_source_name(r->src)));
	add(o, "duration_us", json_object_new_int64(duration_us));
	w = json_object_new_object();
	add(w, "start_us", json_object_new_int64(r->win_start_us));
	add(w, "length_us", json_object_new_int64(r->win_len_us));
	add(w, "subwindows", json_object_new_int(r->subwindows));
	add(w, "intervals", json_object_new_int(r->intervals));
	add(w, "ci_method", js(r->ci_method == VD_CI_LAG ? "lag" :
			       "subwindows"));
	add(o, "window", w);
	a = json_object_new_array();
	for (c = 0; c < r->ncpus; c++)
		json_object_array_add(a, jd(r->cpu_capacity[c]));
	add(o, "cpu_capacity", a);

	a = json_object_new_array();
	for (g = 0; g < s->ngroups; g++) {
		const struct grp_result *gr = &r->g[g];
		struct json_object *go = json_object_new_object(), *pc;

		add(go, "path", js(s->groups[g].path));
		add(go, "verdict", js(gr->pass ? "pass" : "fail"));
		add(go, "measured", jd(gr->measured));
		add(go, "measured_cpu", jd(gr->measured_cpu));
		add(go, "usage_cpu", jd(gr->usage_cpu));
		add(go, "model", jd(gr->model[r->verdict_kind]));
		add(go, "model_defined", jd(gr->model[KM_DEFINED]));
		add(go, "model_computed", jd(gr->model[KM_COMPUTED]));
		add(go, "model_se", r->se_available ?
		    jd(gr->model[KM_SE]) : NULL);
		add(go, "ideal", jd(gr->ideal));
		add(go, "expected", gr->has_expected ? jd(gr->expected) :
		    NULL);
		add(go, "error", jd(gr->err.mean));
		add(go, "ci", jci(&gr->err));
		add(go, "ci_half_width", jd(gr->err.half_width));
		add(go, "ci_half_width_subwindows", jd(gr->sub_half_width));
		add(go, "error_sd", jd(gr->err.sd));
		{
			struct json_object *ew = json_object_new_array();
			int w;

			for (w = 0; w < r->subwindows; w++)
				json_object_array_add(ew, jd(gr->err_w[w]));
			add(go, "error_subwindows", ew);
		}
		if (gr->has_expected)
			add(go, "expected_ci", jci(&gr->exp_err));
		add(go, "tolerance", jd(s->tolerance));
		add(go, "intent_deviation", jd(gr->intent_dev));
		pc = json_object_new_array();
		for (c = 0; c < r->ncpus; c++) {
			struct json_object *co;

			if (gr->cpu_measured[c] <= 0 && gr->cpu_model[c] <= 0)
				continue;
			co = json_object_new_object();
			add(co, "cpu", json_object_new_int(c));
			add(co, "measured", jd(gr->cpu_measured[c]));
			add(co, "model_defined", jd(gr->cpu_model[c]));
			add(co, "ideal", NULL);
			json_object_array_add(pc, co);
		}
		add(go, "per_cpu", pc);
		json_object_array_add(a, go);
	}
	add(o, "groups", a);

	ag = json_object_new_object();
	add(ag, "ok", json_object_new_boolean(r->agg_ok));
	add(ag, "checked_samples", json_object_new_int(r->agg_checked));
	a = json_object_new_array();
	for (i = 0; i < r->nissues; i++) {
		const struct agg_issue *is = &r->issues[i];
		struct json_object *io = json_object_new_object();

		add(io, "group", js(s->groups[is->group].path));
		add(io, "cpu", is->cpu < 0 ? NULL :
		    json_object_new_int(is->cpu));
		add(io, "kind", js(is->kind));
		add(io, "amount", jd(is->amount));
		add(io, "detail", js(is->detail));
		json_object_array_add(a, io);
	}
	add(ag, "issues", a);
	add(o, "aggregation", ag);
	add(o, "model_disagreement", jd(r->model_disagreement));
	add(o, "se_disagreement", r->se_available ?
	    jd(r->se_disagreement) : NULL);

	a = json_object_new_array();
	for (i = 0; i < r->nconv; i++) {
		struct json_object *co = json_object_new_object();

		add(co, "phase", json_object_new_int(r->conv[i].phase));
		add(co, "at_us", json_object_new_int64(r->conv[i].at_us));
		add(co, "converged_after_us",
		    r->conv[i].converged_after_us < 0 ? NULL :
		    json_object_new_int64(r->conv[i].converged_after_us));
		json_object_array_add(a, co);
	}
	add(o, "convergence", a);

	sp = json_object_new_object();
	add(sp, "samples", json_object_new_int(r->samples));
	add(sp, "period_us", json_object_new_int64(s->sample_us));
	add(sp, "cpu_us", json_object_new_int64(r->sampler_cpu_us));
	add(sp, "overhead", jd(r->sampler_overhead));
	add(sp, "pelt_samples", json_object_new_int(r->pelt_samples));
	add(sp, "pelt_samples_moved", json_object_new_int(r->pelt_moved));
	add(sp, "max_late_us", json_object_new_int64(r->max_late_us));
	add(sp, "charge_excess_us",
	    json_object_new_int64(r->charge_excess_us));
	add(sp, "stall_charged_us", json_object_new_int64(r->stall_us));
	add(sp, "stall_max_us", json_object_new_int64(r->stall_max_us));
	add(sp, "stall_max_at_us", json_object_new_int64(r->stall_max_at_us));
	add(sp, "host_contention",
	    json_object_new_boolean(r->host_contention));
	add(sp, "late_samples", json_object_new_int(r->late_samples));
	add(o, "sampler", sp);

	a = json_object_new_array();
	for (i = 0; km && i < km->nlines; i++)
		json_object_array_add(a, js(km->lines[i]));
	add(o, "kernel_warnings", a);
	a = json_object_new_array();
	for (i = 0; i < r->ndiag; i++)
		json_object_array_add(a, js(r->diag[i]));
	add(o, "diagnostics", a);
	jout_emit(o);
}

void jout_result_bare(int index, const char *name, enum verdict v,
		      const char *reason, uint64_t duration_us)
{
	struct json_object *o = json_object_new_object();

	add(o, "type", js("result"));
	add(o, "index", json_object_new_int(index));
	add(o, "name", js(name));
	add(o, "verdict", js(vd_name(v)));
	add(o, "reason", js(reason));
	add(o, "source", js("none"));
	add(o, "duration_us", json_object_new_int64(duration_us));
	add(o, "groups", json_object_new_array());
	add(o, "kernel_warnings", json_object_new_array());
	add(o, "diagnostics", json_object_new_array());
	jout_emit(o);
}

void jout_run_end(const struct totals *t, int exit_code, uint64_t duration_us)
{
	struct json_object *o = json_object_new_object(), *to;

	add(o, "type", js("run_end"));
	to = json_object_new_object();
	add(to, "pass", json_object_new_int(t->pass));
	add(to, "fail", json_object_new_int(t->fail));
	add(to, "skip", json_object_new_int(t->skip));
	add(to, "error", json_object_new_int(t->error));
	add(o, "totals", to);
	add(o, "exit", json_object_new_int(exit_code));
	add(o, "duration_us", json_object_new_int64(duration_us));
	jout_emit(o);
}
