// SPDX-License-Identifier: GPL-2.0
/*
 * flake.c - the `make flake` summary: per scenario over N runs, the
 * verdict counts and the distribution of its worst group's |error|
 * (measured - kernel model, fraction of the total) and CI half-width.
 * Skips are counted apart: a skipped scenario is neither flaky nor stable.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "flake.h"

struct flake_row {
	const char *name;
	int counts[V_COUNT];
	double *err;		/* worst |error| per run that had one */
	double *half;		/* its CI half-width */
	int n_err;
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
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < runs[i].n_scen; j++) {
			const struct rep_scenario *s = &runs[i].scen[j];
			const struct rep_group *g;
			struct flake_row *r;

			if (!s->name)
				continue;
			r = row_for(rows, &nrows, s->name, cap);
			if (!r || !r->err || !r->half)
				continue;
			r->counts[s->verdict]++;
			g = results_worst_group(s);
			if (g && !isnan(g->error)) {
				r->err[r->n_err] = fabs(g->error);
				r->half[r->n_err] = isnan(g->ci_hi) ? NAN :
						    (g->ci_hi - g->ci_lo) / 2;
				r->n_err++;
			}
		}
	}

	fprintf(f, "%-34s %4s %4s %4s %4s %4s  %8s %8s %8s %8s\n", "scenario",
		"pass", "fail", "err", "skip", "inc", "|e| p50", "|e| p90",
		"|e| max", "CI p50");
	for (i = 0; i < nrows; i++) {
		struct flake_row *r = &rows[i];
		int bad = r->counts[V_FAIL] + r->counts[V_ERROR] +
			  r->counts[V_INCOMPLETE] + r->counts[V_UNKNOWN];

		qsort(r->err, r->n_err, sizeof(double), cmp_double);
		qsort(r->half, r->n_err, sizeof(double), cmp_double);
		fprintf(f, "%-34s %4d %4d %4d %4d %4d  %8.4f %8.4f %8.4f %8.4f",
			r->name, r->counts[V_PASS], r->counts[V_FAIL],
			r->counts[V_ERROR], r->counts[V_SKIP],
			r->counts[V_INCOMPLETE],
			percentile(r->err, r->n_err, 0.5),
			percentile(r->err, r->n_err, 0.9),
			percentile(r->err, r->n_err, 1.0),
			percentile(r->half, r->n_err, 0.5));
		if (bad)
			fprintf(f, "  <- failed in %d of %d runs", bad,
				bad + r->counts[V_PASS] + r->counts[V_SKIP]);
		fputc('\n', f);
		if (bad)
			unstable++;
	}
	fprintf(f, "flake: %d runs, %d scenarios, %d not stable\n", n, nrows,
		unstable);
	for (i = 0; i < cap; i++) {
		free(rows[i].err);
		free(rows[i].half);
	}
	free(rows);
	return unstable;
}
