// SPDX-License-Identifier: GPL-2.0
/*
 * flake.c - the `make flake` summary: per scenario over N runs, the
 * verdict counts and the distribution of its worst group's |error|
 * (measured - kernel model, fraction of the total) and CI half-width.
 * Skips are counted apart: a skipped scenario is neither flaky nor stable.
 *
 * Two columns say how near a scenario runs to a false failure and whether
 * its intervals are honest:
 *  - "bnd/tol": per run, the largest |CI bound| of any group over its
 *    tolerance (the verdict passes while this is <= 1), median and max;
 *  - "SE c/o": per group, the standard error its CIs claim (median
 *    half-width / t quantile) over the standard deviation of its error
 *    across the runs; the smallest over the groups. Near 1: calibrated;
 *    above 1: the CI is wider than the run-to-run spread (conservative);
 *    below 1: narrower (the interval overstates what one run shows).
 *    The claimed SE is the interval's before the sequential verdict's
 *    lag inflation (ci_inflation) at its confidence (ci_confidence): the
 *    quantity the inflation is measured from. "used" is the same ratio
 *    with the SE the verdict used (times the inflation): the one the
 *    chance-band lines test, as it is what a verdict's error rate rests
 *    on. Runs of the sequential
 *    verdict stop at different windows, which widens the run-to-run
 *    spread; calibrate with RUNNER_OPTS=--fixed-window.
 *
 * The sequential verdict adds two: "incl", the runs that reached no
 * verdict (INCONCLUSIVE), and the time to a verdict (the deciding look's
 * window, after the warm-up) over the runs, p50, p90 and max.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flake.h"
#include "stats.h"

/*
 * a group's errors and claimed standard errors across the runs: as the
 * interval's own (se) and as the verdict used it, times the lag
 * inflation (se_used)
 */
struct flake_group {
	const char *path;
	double *err, *se, *se_used;
	int n;
};

/*
 * a row's SE c/o: its smallest group's, with that group's run count;
 * ratio from the intervals' own SE, used from the SE the verdict used
 */
struct se_claim {
	double ratio, used;
	int n, n_used, groups;
};

struct flake_row {
	const char *name;
	int counts[V_COUNT];
	int hc_fails;		/* failed under host contention */
	double *err;		/* worst |error| per run that had one */
	double *half;		/* its CI half-width */
	double *margin;		/* largest |CI bound| / tolerance of a run */
	double *ttv;		/* time to verdict, s, per run that had one */
	int n_err, n_margin, n_ttv;
	struct flake_group *grp;
	int n_grp;
	struct se_claim claim;	/* row_se_ratio(), once all runs are in */
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* nearest-rank percentile of sorted v[0..n) */
static double percentile(const double *v, int n, double p)
{
	int k;

	if (!n)
		return NAN;
	k = (int)ceil(p * n) - 1;
	if (k < 0)
		k = 0;
	if (k >= n)
		k = n - 1;
	return v[k];
}

static struct flake_row *row_for(struct flake_row *rows, int *nrows,
				 const char *name, int cap)
{
	int i;

	for (i = 0; i < *nrows; i++)
		if (!strcmp(rows[i].name, name))
			return &rows[i];
	if (*nrows >= cap)
		return NULL;
	rows[*nrows].name = name;
	return &rows[(*nrows)++];
}

static struct flake_group *group_for(struct flake_row *r, const char *path,
				     int nruns)
{
	struct flake_group *grp, *g;
	int i;

	for (i = 0; i < r->n_grp; i++)
		if (!strcmp(r->grp[i].path, path))
			return &r->grp[i];
	grp = realloc(r->grp, (r->n_grp + 1) * sizeof(*grp));
	if (!grp)
		return NULL;
	r->grp = grp;
	g = &grp[r->n_grp];
	g->path = path;
	g->n = 0;
	g->err = calloc(nruns, sizeof(double));
	g->se = calloc(nruns, sizeof(double));
	g->se_used = calloc(nruns, sizeof(double));
	if (!g->err || !g->se || !g->se_used) {
		free(g->err);
		free(g->se);
		free(g->se_used);
		return NULL;
	}
	r->n_grp++;
	return g;
}

static double tolerance_of(const struct rep_scenario *s,
			   const struct rep_group *g)
{
	return isnan(g->tolerance) ? s->tolerance : g->tolerance;
}

static void widen(double *b, double v)
{
	if (!isnan(v) && fabs(v) > *b)
		*b = fabs(v);
}

/* The largest |CI bound| over tolerance of any group: <= 1 passes. */
static double run_margin(const struct rep_scenario *s)
{
	double m = NAN;
	int i;

	for (i = 0; i < s->n_groups; i++) {
		const struct rep_group *g = &s->groups[i];
		double tol = tolerance_of(s, g), b = 0;

		if (isnan(g->ci_lo) || isnan(g->ci_hi) || !(tol > 0))
			continue;
		widen(&b, g->ci_lo);
		widen(&b, g->ci_hi);
		widen(&b, g->exp_ci_lo);
		widen(&b, g->exp_ci_hi);
		if (isnan(m) || b / tol > m)
			m = b / tol;
	}
	return m;
}

/* Every group's error and the standard error its CI claims. */
static void add_groups(struct flake_row *r, const struct rep_scenario *s,
		       int nruns)
{
	double conf = isnan(s->ci_confidence) ? s->confidence :
		      s->ci_confidence, q, infl = 1;
	int i;

	if (s->subwindows < 2 || isnan(conf))
		return;
	if (!isnan(s->ci_inflation) && s->ci_inflation > 0)
		infl = s->ci_inflation;
	q = stats_t_quantile(conf, s->subwindows - 1) * infl;
	if (!(q > 0))
		return;
	for (i = 0; i < s->n_groups; i++) {
		const struct rep_group *g = &s->groups[i];
		struct flake_group *fg;

		if (!g->path || isnan(g->error) || isnan(g->ci_lo) ||
		    isnan(g->ci_hi))
			continue;
		fg = group_for(r, g->path, nruns);
		if (!fg || fg->n >= nruns)
			continue;
		fg->err[fg->n] = g->error;
		fg->se[fg->n] = (g->ci_hi - g->ci_lo) / 2 / q;
		fg->se_used[fg->n] = fg->se[fg->n] * infl;
		fg->n++;
	}
}

#define FLAKE_MIN_RUNS	5
#define FLAKE_SE_ROUNDING	1e-12	/* of the total: no claim at all */
double flake_se_ratio(const double *err, double *se, int n)
{
	double mean = 0, ss = 0, sd;
	int i;

	if (n < FLAKE_MIN_RUNS)
		return NAN;
	for (i = 0; i < n; i++)
		mean += err[i];
	mean /= n;
	for (i = 0; i < n; i++)
		ss += (err[i] - mean) * (err[i] - mean);
	sd = sqrt(ss / (n - 1));
	if (!(sd > 0))
		return NAN;
	qsort(se, n, sizeof(double), cmp_double);
	/*
	 * A group whose time the model takes as measured (a throttled
	 * group under bandwidth control) has an interval of [e, e], e at
	 * the rounding level of a double (unthrottle-parent's X: 1e-18 in
	 * most runs), and an error that differs from 0 only by rounding or
	 * by the few intervals that were modelled: it claims nothing.
	 */
	if (!(percentile(se, n, 0.5) > FLAKE_SE_ROUNDING))
		return NAN;
	return percentile(se, n, 0.5) / sd;
}

static struct se_claim row_se_ratio(struct flake_row *r)
{
	struct se_claim c = { NAN, NAN, 0, 0, 0 };
	int i;

	for (i = 0; i < r->n_grp; i++) {
		struct flake_group *g = &r->grp[i];
		double v = flake_se_ratio(g->err, g->se, g->n);
		double u = flake_se_ratio(g->err, g->se_used, g->n);

		if (isnan(v))
			continue;
		c.groups++;
		if (isnan(c.ratio) || v < c.ratio) {
			c.ratio = v;
			c.n = g->n;
		}
		if (isnan(c.used) || u < c.used) {
			c.used = u;
			c.n_used = g->n;
		}
	}
	return c;
}

/*
 * Is a row's SE c/o outside what a calibrated interval gives by chance
 * over its runs? -1 narrower, +1 wider, 0 within. The 90 % band of one
 * group (5 % each side); the smallest of G groups is tested against a
 * lower end at 5 %/G (Bonferroni), as the minimum of G ratios runs low.
 */
int flake_se_outside(double ratio, int n, int groups)
{
	double lo, hi;

	stats_se_ratio_band(n, 0.05 / (groups > 1 ? groups : 1), 0.05,
			    &lo, &hi);
	if (isnan(ratio) || isnan(lo))
		return 0;
	return ratio < lo ? -1 : ratio > hi ? 1 : 0;
}

static void row_free(struct flake_row *r)
{
	int i;

	for (i = 0; i < r->n_grp; i++) {
		free(r->grp[i].err);
		free(r->grp[i].se);
		free(r->grp[i].se_used);
	}
	free(r->grp);
	free(r->err);
	free(r->half);
	free(r->margin);
	free(r->ttv);
}

static void add_run(struct flake_row *r, const struct rep_scenario *s,
		    int nruns)
{
	const struct rep_group *g;
	double m;

	r->counts[s->verdict]++;
	if (s->verdict == V_FAIL && s->host_contention)
		r->hc_fails++;
	g = results_worst_group(s);
	if (g && !isnan(g->error)) {
		r->err[r->n_err] = fabs(g->error);
		r->half[r->n_err] = isnan(g->ci_hi) ? NAN :
				    (g->ci_hi - g->ci_lo) / 2;
		r->n_err++;
	}
	m = run_margin(s);
	if (!isnan(m))
		r->margin[r->n_margin++] = m;
	if (!isnan(s->time_to_verdict_us) && r->n_ttv < nruns)
		r->ttv[r->n_ttv++] = s->time_to_verdict_us / 1e6;
	add_groups(r, s, nruns);
}

/* runs in which the scenario neither passed nor was skipped */
static int row_bad(const struct flake_row *r)
{
	return r->counts[V_FAIL] + r->counts[V_ERROR] +
	       r->counts[V_INCOMPLETE] + r->counts[V_UNKNOWN] +
	       r->counts[V_INCONCLUSIVE];
}

static void print_row(FILE *f, struct flake_row *r)
{
	struct se_claim c = r->claim;
	int bad = row_bad(r);

	qsort(r->err, r->n_err, sizeof(double), cmp_double);
	qsort(r->half, r->n_err, sizeof(double), cmp_double);
	qsort(r->margin, r->n_margin, sizeof(double), cmp_double);
	qsort(r->ttv, r->n_ttv, sizeof(double), cmp_double);
	fprintf(f, "%-34s %4d %4d %4d %4d %4d %4d %4d  %8.4f %8.4f %8.4f %8.4f  %7.2f %7.2f %7.2f %5.2f  %5.1f %5.1f %5.1f",
		r->name, r->counts[V_PASS], r->counts[V_FAIL], r->hc_fails,
		r->counts[V_INCONCLUSIVE], r->counts[V_ERROR],
		r->counts[V_SKIP], r->counts[V_INCOMPLETE],
		percentile(r->err, r->n_err, 0.5),
		percentile(r->err, r->n_err, 0.9),
		percentile(r->err, r->n_err, 1.0),
		percentile(r->half, r->n_err, 0.5),
		percentile(r->margin, r->n_margin, 0.5),
		percentile(r->margin, r->n_margin, 1.0), c.ratio, c.used,
		percentile(r->ttv, r->n_ttv, 0.5),
		percentile(r->ttv, r->n_ttv, 0.9),
		percentile(r->ttv, r->n_ttv, 1.0));
	if (bad)
		fprintf(f, "  <- not passed in %d of %d runs", bad,
			bad + r->counts[V_PASS] + r->counts[V_SKIP] +
			r->counts[V_XFAIL]);
	fputc('\n', f);
}

/* One line of the rows whose SE c/o lies beyond chance in direction @dir. */
static int print_se_outside(FILE *f, struct flake_row *rows, int nrows,
			    int dir, int *m)
{
	int i, k = 0;

	for (i = 0; i < nrows; i++) {
		struct se_claim c = rows[i].claim;

		if (row_bad(&rows[i]) || isnan(c.used))
			continue;
		(*m)++;
		if (flake_se_outside(c.used, c.n_used, c.groups) != dir)
			continue;
		fprintf(f, "%s %s %.2f", k++ ? "," : dir < 0 ?
			"used SE c/o below its chance band (interval too narrow):" :
			"used SE c/o above its chance band (interval too wide):",
			rows[i].name, c.used);
	}
	if (k)
		fputc('\n', f);
	return k;
}

/*
 * SE c/o is itself an estimate: over 10 runs a calibrated interval reads
 * anywhere in about 0.73-1.64 (90 %), so a few scenarios of a suite fall
 * outside any fixed band by chance. Name those beyond their own band and
 * say how many chance alone would put there.
 */
static void print_se_band(FILE *f, struct flake_row *rows, int nrows, int n)
{
	int m = 0, out;
	double lo, hi;

	out = print_se_outside(f, rows, nrows, -1, &m);
	m = 0;
	out += print_se_outside(f, rows, nrows, 1, &m);
	stats_se_ratio_band(n, 0.05, 0.05, &lo, &hi);
	fprintf(f, "used SE c/o chance band: %d of %d scenarios that always passed "
		"lie outside theirs (at most %.1f expected were every interval "
		"calibrated; %d runs, one group: %.2f-%.2f)\n", out, m,
		0.1 * m, n, lo, hi);
}

int flake_summarize(FILE *f, const struct rep_run *runs, int n)
{
	struct flake_row *rows;
	int cap = 0, nrows = 0, unstable = 0, i, j;

	for (i = 0; i < n; i++)
		cap += runs[i].n_scen;
	rows = calloc(cap ? cap : 1, sizeof(*rows));
	if (!rows)
		return -1;
	for (i = 0; i < cap; i++) {
		rows[i].err = calloc(n, sizeof(double));
		rows[i].half = calloc(n, sizeof(double));
		rows[i].margin = calloc(n, sizeof(double));
		rows[i].ttv = calloc(n, sizeof(double));
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < runs[i].n_scen; j++) {
			const struct rep_scenario *s = &runs[i].scen[j];
			struct flake_row *r;

			if (!s->name)
				continue;
			r = row_for(rows, &nrows, s->name, cap);
			if (!r || !r->err || !r->half || !r->margin || !r->ttv ||
			    r->n_err >= n || r->n_margin >= n)
				continue;
			add_run(r, s, n);
		}
	}

	fprintf(f, "%-34s %4s %4s %4s %4s %4s %4s %4s  %8s %8s %8s %8s  %7s %7s %7s %5s  %5s %5s %5s\n",
		"scenario", "pass", "fail", "f@hc", "incl", "err", "skip",
		"died", "|e| p50", "|e| p90", "|e| max", "CI p50", "bnd/tol",
		"b/t max", "SE c/o", "used", "ttv50", "ttv90", "ttvmx");
	for (i = 0; i < nrows; i++) {
		struct flake_row *r = &rows[i];

		r->claim = row_se_ratio(r);
		print_row(f, r);
		if (row_bad(r))
			unstable++;
	}
	fprintf(f, "flake: %d runs, %d scenarios, %d not stable\n", n, nrows,
		unstable);
	fprintf(f, "f@hc: failures under host contention (sampler > 30 ms "
		"late, > 30 ms charged beyond the CPUs in one interval, or "
		"the excess within what the workers measured charged to them "
		"while their vCPU did not run, late in the window)\n");
	fprintf(f, "bnd/tol: largest |CI bound| over tolerance (passes <= 1); "
		"SE c/o: claimed (before the lag inflation) / run-to-run "
		"standard error, smallest group (1 = calibrated, > 1 "
		"conservative); used: the same with the SE the verdict used "
		"(times the lag inflation)\n");
	print_se_band(f, rows, nrows, n);
	fprintf(f, "incl: inconclusive (no verdict within the longest "
		"window); died: incomplete (the guest stopped in it); ttv: "
		"time to a verdict after the warm-up, s (p50, p90, max)\n");
	for (i = 0; i < cap; i++)
		row_free(&rows[i]);
	free(rows);
	return unstable;
}
