/* SPDX-License-Identifier: GPL-2.0 */
/*
 * svg.h - the report's inline SVG charts. Each function writes one
 * complete <svg> element (or nothing when there is no data) and returns
 * 1 if it wrote a chart, 0 if not. Hover titles carry exact numbers.
 */
#ifndef REPORT_SVG_H
#define REPORT_SVG_H

#include <stdio.h>

#include "results.h"

/* The drawing helpers the other charts (forest.c) share: a text label
 * (extra: more attributes, e.g. fill), a rectangle with an optional hover
 * title, and a round tick step giving about `want` steps over range. */
void svg_text(FILE *f, double x, double y, const char *anchor,
	      const char *extra, const char *s);
void svg_rect(FILE *f, double x, double y, double w, double h,
	      const char *style, const char *title);
double svg_nice_step(double range, int want);

/* Colour of group number i (stable across charts). */
const char *svg_color(int i);
/* Index of a group path in the scenario (definitions, then results). */
int svg_group_index(const struct rep_scenario *s, const char *path);

/* Per group: measured / kernel model / ideal share bars, and the error
 * against the kernel model with its CI inside the tolerance band. */
int svg_groups_chart(FILE *f, const struct rep_scenario *s);

/* Per CPU: each group's measured CPU with model and ideal ticks. */
int svg_percpu_chart(FILE *f, const struct rep_scenario *s);

enum svg_series_kind {
	SERIES_TG_LOAD,		/* tg_load_avg (solid) + contrib (dashed) */
	SERIES_SE_WEIGHT,	/* group entity weight per CPU */
	SERIES_LOAD_AVG,	/* cfs_rq avg.load_avg per CPU */
};

/* Time series over the run: measurement window shaded, phase changes and
 * convergence points marked. */
int svg_series_chart(FILE *f, const struct rep_scenario *s,
		     enum svg_series_kind kind);

/* One row of a comparison: two intervals (base, cand) and a tolerance. */
struct svg_cmp_row {
	const char *label;
	double base, base_lo, base_hi;
	double cand, cand_lo, cand_hi;
	double tolerance;
	int bad;		/* 1: regression (drawn red) */
};

int svg_compare_chart(FILE *f, const struct svg_cmp_row *rows, int n);

#endif /* REPORT_SVG_H */
