// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - read the bench boots' results.jsonl and meta.json and turn
 * them into per-round ratios.
 */
#include "bench.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CFG		8
#define NLOADS		2

static const char *const loads[NLOADS] = { "pingpong", "hackbench" };
static const char *const cfgs[] = {
	"rl=on,shift=6", "rl=on,shift=3", "rl=on,shift=10",
	"rl=off,shift=6", "rl=off,shift=3", "rl=off,shift=10",
};
#define NCFGS	((int)(sizeof(cfgs) / sizeof(*cfgs)))
#define MAX_BLK	16

/* What one boot measured. NAN: not measured. */
struct boot {
	int round;
	double hot[NLOADS];
	double rate[NCFGS][NLOADS];
	double folds_s[NCFGS][NLOADS], folds_kop[NCFGS][NLOADS];
	int blk_cg[MAX_BLK], nblk;
	double blk_mean_us[MAX_BLK], blk_max_us[MAX_BLK], blk_rqs[MAX_BLK];
};

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void bench_fig_summarize(struct bench_fig *f)
{
	double s[BENCH_MAX_ROUNDS];
	int n = 0;

	for (int i = 0; i < f->n; i++)
		if (isfinite(f->v[i]))
			s[n++] = f->v[i];
	f->n = n;
	memcpy(f->v, s, sizeof(double) * (size_t)n);
	if (!n) {
		f->median = f->lo = f->hi = NAN;
		return;
	}
	qsort(s, (size_t)n, sizeof(double), cmp_d);
	f->median = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	f->lo = s[0];
	f->hi = s[n - 1];
}

static void problem(struct bench_summary *s, const char *fmt, const char *a)
{
	if (s->nproblems < 8)
		snprintf(s->problems[s->nproblems++], sizeof(s->problems[0]),
			 fmt, a);
}

static int index_of(const char *const *v, int n, const char *x)
{
	for (int i = 0; x && i < n; i++)
		if (!strcmp(v[i], x))
			return i;
	return -1;
}

static const char *jstr(struct json_object *o, const char *k)
{
	struct json_object *v;

	return json_object_object_get_ex(o, k, &v) ? json_object_get_string(v) :
		NULL;
}

static double jnum(struct json_object *o, const char *k)
{
	struct json_object *v;

	return json_object_object_get_ex(o, k, &v) ? json_object_get_double(v) :
		NAN;
}

static void boot_init(struct boot *b, int round)
{
	memset(b, 0, sizeof(*b));
	b->round = round;
	for (int l = 0; l < NLOADS; l++) {
		b->hot[l] = NAN;
		for (int c = 0; c < NCFGS; c++)
			b->rate[c][l] = b->folds_s[c][l] =
				b->folds_kop[c][l] = NAN;
	}
}

static void take_bench(struct boot *b, struct json_object *o)
{
	const char *sec = jstr(o, "section");
	int l = index_of(loads, NLOADS, jstr(o, "load"));
	int c = index_of(cfgs, NCFGS, jstr(o, "config"));

	if (!sec)
		return;
	if (!strcmp(sec, "hot") && l >= 0) {
		/* several reps: their mean is the boot's figure */
		double r = jnum(o, "rate"), rep = jnum(o, "rep");

		b->hot[l] = isfinite(b->hot[l]) && rep > 0 ?
			(b->hot[l] * rep + r) / (rep + 1) : r;
	} else if (!strcmp(sec, "prop") && l >= 0 && c >= 0) {
		double folds = jnum(o, "folds"), ts = jnum(o, "traced_seconds");
		double tops = jnum(o, "traced_ops");

		b->rate[c][l] = jnum(o, "rate");
		b->folds_s[c][l] = ts > 0 ? folds / ts : NAN;
		b->folds_kop[c][l] = tops > 0 ? 1000 * folds / tops : NAN;
	} else if (!strcmp(sec, "blocked") && b->nblk < MAX_BLK) {
		double calls = jnum(o, "calls");
		int i = b->nblk++;

		b->blk_cg[i] = (int)jnum(o, "cgroups");
		b->blk_mean_us[i] = calls > 0 ?
			jnum(o, "lock_ns_total") / calls / 1000 : NAN;
		b->blk_max_us[i] = jnum(o, "lock_ns_max") / 1000;
		b->blk_rqs[i] = calls > 0 ? jnum(o, "cfs_rqs") / calls : NAN;
	}
}

static void take_result(struct bench_summary *s, struct json_object *o,
			const struct bench_ks *ks, int nks)
{
	struct bench_scen *sc;
	const char *name = jstr(o, "name");

	if (!name || s->nscen >= BENCH_MAX_SCEN)
		return;
	sc = &s->scen[s->nscen++];
	snprintf(sc->name, sizeof(sc->name), "%s", name);
	snprintf(sc->verdict, sizeof(sc->verdict), "%s",
		 jstr(o, "verdict") ? jstr(o, "verdict") : "?");
	sc->seconds = jnum(o, "duration_us") / 1e6;
	for (int k = 0; k < nks; k++)
		if (!strcmp(ks[k].scen, name)) {
			snprintf(sc->ks_test, sizeof(sc->ks_test), "%s",
				 ks[k].test);
			sc->ks_seconds = ks[k].seconds;
		}
}

/* meta.json: label bench-KIND-ROUND, host status, accelerator. */
static int read_meta(const char *dir, char *kind, size_t klen, int *round,
		     struct bench_summary *s)
{
	char path[4096], k[32];
	struct json_object *m;
	const char *label, *hs;
	int r;

	snprintf(path, sizeof(path), "%s/meta.json", dir);
	m = json_object_from_file(path);
	if (!m)
		return -ENOENT;
	label = jstr(m, "label");
	hs = jstr(m, "host_status");
	if (!label || sscanf(label, "bench-%31[a-z]-%d", k, &r) != 2) {
		json_object_put(m);
		return -EINVAL;
	}
	if (!hs || strcmp(hs, "ok")) {
		s->failed_boots++;
		problem(s, "%s: the guest did not finish", dir);
	}
	snprintf(kind, klen, "%s", k);
	*round = r;
	snprintf(s->accel, sizeof(s->accel), "%s",
		 jstr(m, "accel") ? jstr(m, "accel") : "?");
	s->cpus = (int)jnum(m, "guest_cpus");
	json_object_put(m);
	return 0;
}

static int read_lines(const char *dir, struct boot *b, bool suite,
		      struct bench_summary *s, const struct bench_ks *ks,
		      int nks)
{
	char path[4096], *line = NULL;
	size_t cap = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/results.jsonl", dir);
	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (getline(&line, &cap, f) > 0) {
		struct json_object *o = json_tokener_parse(line);
		const char *t = o ? jstr(o, "type") : NULL;

		if (t && !suite && !strcmp(t, "bench"))
			take_bench(b, o);
		else if (t && !suite && !strcmp(t, "bench_start"))
			s->seconds = jnum(o, "seconds");
		else if (t && suite && !strcmp(t, "result"))
			take_result(s, o, ks, nks);
		json_object_put(o);
	}
	free(line);
	fclose(f);
	return 0;
}

static struct bench_fig *row(struct bench_table *t, const char *unit,
			     const char *fmt, const char *a, const char *b)
{
	struct bench_fig *f;

	for (int i = 0; i < t->n; i++) {
		char l[96];

		snprintf(l, sizeof(l), fmt, a, b);
		if (!strcmp(t->rows[i].label, l))
			return &t->rows[i];
	}
	if (t->n >= BENCH_MAX_ROWS)
		return NULL;
	f = &t->rows[t->n++];
	snprintf(f->label, sizeof(f->label), fmt, a, b);
	snprintf(f->unit, sizeof(f->unit), "%s", unit);
	return f;
}

static void add(struct bench_fig *f, double v)
{
	if (f && f->n < BENCH_MAX_ROUNDS)
		f->v[f->n++] = v;
}

static void aggregate_patched(struct bench_summary *s, const struct boot *p)
{
	for (int l = 0; l < NLOADS; l++) {
		for (int c = 0; c < NCFGS; c++) {
			add(row(&s->prop_folds, "folds/s", "%s %s: folds/s",
				loads[l], cfgs[c]), p->folds_s[c][l]);
			add(row(&s->prop_folds, "per 1000 ops",
				"%s %s: folds per 1000 ops", loads[l], cfgs[c]),
			    p->folds_kop[c][l]);
			if (c)
				add(row(&s->prop_rate, "ratio",
					"%s %s vs rl=on,shift=6", loads[l],
					cfgs[c]),
				    p->rate[c][l] / p->rate[0][l]);
		}
		for (int c = 0; c < NCFGS / 2; c++) {
			add(row(&s->prop_rl, "ratio",
				"%s shift=%s: folds per 1000 ops, rl on / off",
				loads[l], strrchr(cfgs[c], '=') + 1),
			    p->folds_kop[c][l] / p->folds_kop[c + 3][l]);
			add(row(&s->prop_rl, "ratio",
				"%s shift=%s: rate, rl on / off", loads[l],
				strrchr(cfgs[c], '=') + 1),
			    p->rate[c][l] / p->rate[c + 3][l]);
		}
	}
	for (int i = 0; i < p->nblk; i++) {
		int k;

		for (k = 0; k < s->blk_n && s->blk_cgroups[k] != p->blk_cg[i]; k++)
			;
		if (k == s->blk_n) {
			if (s->blk_n >= 16)
				continue;
			s->blk_cgroups[s->blk_n++] = p->blk_cg[i];
		}
		add(&s->blk_mean[k], p->blk_mean_us[i]);
		add(&s->blk_max[k], p->blk_max_us[i]);
		add(&s->blk_rqs[k], p->blk_rqs[i]);
	}
}

static void summarize_table(struct bench_table *t)
{
	for (int i = 0; i < t->n; i++)
		bench_fig_summarize(&t->rows[i]);
}

int bench_load(char *const *dirs, int ndirs, const struct bench_ks *ks,
	       int nks, struct bench_summary *s)
{
	static struct boot stock[BENCH_MAX_ROUNDS], patched[BENCH_MAX_ROUNDS];
	char kind[32];
	int round, ns = 0, np = 0;

	memset(s, 0, sizeof(*s));
	snprintf(s->hot.title, sizeof(s->hot.title),
		 "Hot path, patched / stock (same round)");
	snprintf(s->prop_rate.title, sizeof(s->prop_rate.title),
		 "Hot path per configuration / defaults (same boot)");
	snprintf(s->prop_folds.title, sizeof(s->prop_folds.title),
		 "Folds into tg->load_avg (traced runs)");
	snprintf(s->prop_rl.title, sizeof(s->prop_rl.title),
		 "Rate limit on / off (same boot)");
	snprintf(s->blocked.title, sizeof(s->blocked.title),
		 "update_blocked_averages() per call");
	for (int i = 0; i < ndirs; i++) {
		struct boot *b;
		bool suite;

		if (read_meta(dirs[i], kind, sizeof(kind), &round, s))
			continue;
		suite = !strcmp(kind, "suite");
		if (!strcmp(kind, "stock") && ns < BENCH_MAX_ROUNDS)
			b = &stock[ns++];
		else if (!strcmp(kind, "patched") && np < BENCH_MAX_ROUNDS)
			b = &patched[np++];
		else if (suite)
			b = NULL;
		else
			continue;
		if (b)
			boot_init(b, round);
		if (read_lines(dirs[i], b, suite, s, ks, nks))
			problem(s, "%s: no results.jsonl", dirs[i]);
	}
	s->rounds_stock = ns;
	s->rounds_patched = np;
	for (int i = 0; i < np; i++) {
		for (int j = 0; j < ns; j++) {
			if (stock[j].round != patched[i].round)
				continue;
			for (int l = 0; l < NLOADS; l++)
				add(row(&s->hot, "ratio", "%s%s: rate", loads[l],
					""), patched[i].hot[l] / stock[j].hot[l]);
		}
		aggregate_patched(s, &patched[i]);
	}
	summarize_table(&s->hot);
	summarize_table(&s->prop_rate);
	summarize_table(&s->prop_folds);
	summarize_table(&s->prop_rl);
	for (int k = 0; k < s->blk_n; k++) {
		struct bench_fig *figs[3] = { &s->blk_mean[k], &s->blk_max[k],
					      &s->blk_rqs[k] };
		static const char *const what[3][2] = {
			{ "mean rq lock hold", "us" },
			{ "max rq lock hold", "us" },
			{ "cfs_rqs visited", "per call" },
		};

		for (int i = 0; i < 3; i++) {
			bench_fig_summarize(figs[i]);
			if (s->blocked.n >= BENCH_MAX_ROWS)
				continue;
			s->blocked.rows[s->blocked.n] = *figs[i];
			snprintf(s->blocked.rows[s->blocked.n].label,
				 sizeof(s->blocked.rows[0].label),
				 "%d cgroups: %s", s->blk_cgroups[k], what[i][0]);
			snprintf(s->blocked.rows[s->blocked.n].unit,
				 sizeof(s->blocked.rows[0].unit), "%s",
				 what[i][1]);
			s->blocked.n++;
		}
	}
	if (!ns || !np)
		problem(s, "%s", "no stock/patched pair: no ratios");
	return 0;
}
