/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench.h - `cfsreport bench`: the boots of one `make bench` invocation
 * (conformance/bench/README.md) -> medians, spreads and ratios.
 *
 * Every figure is a ratio of two measurements of the same round (stock
 * and patched boots of round i; two configurations of one patched boot),
 * summarized over the rounds by its median and its range (min..max).
 */
#ifndef REPORT_BENCH_H
#define REPORT_BENCH_H

#include <stdio.h>

#define BENCH_MAX_ROUNDS	64
#define BENCH_MAX_ROWS		64
#define BENCH_MAX_SCEN		64
#define BENCH_MAX_KS		8

/* Per-round values of one figure and their summary. */
struct bench_fig {
	char label[96];
	char unit[24];		/* "ratio", "folds/s", "us", ... */
	double v[BENCH_MAX_ROUNDS];
	int n;
	double median, lo, hi;
};

struct bench_table {
	char title[96];
	struct bench_fig rows[BENCH_MAX_ROWS];
	int n;
};

struct bench_scen {
	char name[96];
	char verdict[16];
	double seconds;		/* time to the verdict */
	char ks_test[96];	/* kselftest counterpart, "" none */
	double ks_seconds;
};

struct bench_ks {		/* --kselftest SCENARIO=TEST=SECONDS */
	char scen[96], test[96];
	double seconds;
};

struct bench_summary {
	int rounds_stock, rounds_patched, failed_boots;
	char accel[16];
	int cpus;
	double seconds;		/* per load */
	double elapsed;		/* whole make bench, s; 0 unknown */
	struct bench_table hot;		/* patched / stock */
	struct bench_table prop_rate;	/* config / default, same boot */
	struct bench_table prop_folds;	/* folds/s, folds per 1000 ops */
	struct bench_table prop_rl;	/* folds: ratelimit on / off */
	struct bench_table blocked;	/* per cgroup count */
	/* for the plot: per cgroup count, mean and max hold (us) */
	int blk_n;
	int blk_cgroups[16];
	struct bench_fig blk_mean[16], blk_max[16], blk_rqs[16];
	struct bench_scen scen[BENCH_MAX_SCEN];
	int nscen;
	char problems[8][160];
	int nproblems;
};

/* Median and range of f->v[0..n). */
void bench_fig_summarize(struct bench_fig *f);

/* Load the run directories (their meta.json labels bench-KIND-ROUND). */
int bench_load(char *const *dirs, int ndirs, const struct bench_ks *ks,
	       int nks, struct bench_summary *s);

/* The tables as Markdown (also what the terminal shows). */
void bench_write_md(FILE *f, const struct bench_summary *s);
/* The blocked-averages plot: mean and max rq lock hold against cgroups. */
int bench_write_svg(FILE *f, const struct bench_summary *s);
int bench_write_html(FILE *f, const struct bench_summary *s);

#endif /* REPORT_BENCH_H */
