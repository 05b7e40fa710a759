// SPDX-License-Identifier: GPL-2.0
/*
 * svg.c - bar, interval and line charts as inline SVG. No scripts, no
 * external references: everything a browser needs is in the element.
 */
#include "svg.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "escape.h"

#define W		900
#define FONT		"font-family=\"sans-serif\""

static const char *const palette[] = {
	"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2",
	"#edc948", "#ff9da7", "#9c755f", "#e15759", "#bab0ac",
};

static const char *const dashes[] = { "", "6 3", "2 2", "8 2 2 2" };
static const char *const contrib_dashes[] = { "6 3", "2 2", "8 2 2 2",
					      "4 1 1 1" };

const char *svg_color(int i)
{
	if (i < 0)
		i = 0;
	return palette[i % (int)(sizeof(palette) / sizeof(palette[0]))];
}

static const char *cpu_dash(int cpu)
{
	if (cpu < 0)
		cpu = 0;
	return dashes[cpu % 4];
}

int svg_group_index(const struct rep_scenario *s, const char *path)
{
	int i;

	if (!path)
		return 0;
	for (i = 0; i < s->n_defs; i++)
		if (s->defs[i].path && !strcmp(s->defs[i].path, path))
			return i;
	for (i = 0; i < s->n_groups; i++)
		if (!strcmp(s->groups[i].path, path))
			return s->n_defs + i;
	return s->n_defs + s->n_groups;
}

struct axis {
	double lo, hi, p0, p1;
};

static double map(const struct axis *a, double v)
{
	if (a->hi == a->lo)
		return a->p0;
	return a->p0 + (v - a->lo) / (a->hi - a->lo) * (a->p1 - a->p0);
}

static double nice_step(double range, int want)
{
	double raw = range / (want > 0 ? want : 1), mag, r;

	if (!(raw > 0) || isinf(raw))
		return 1;
	mag = pow(10, floor(log10(raw)));
	r = raw / mag;
	if (r <= 1.5)
		return mag;
	if (r <= 3)
		return 2 * mag;
	if (r <= 7)
		return 5 * mag;
	return 10 * mag;
}

static bool ok(double v)
{
	return !isnan(v) && !isinf(v);
}

static double maxd(double a, double b)
{
	if (!ok(a))
		return b;
	if (!ok(b))
		return a;
	return a > b ? a : b;
}

static void svg_open(FILE *f, int h, const char *label)
{
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		"class=\"chart\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"", W, h, W, h);
	xml_puts(f, label);
	fputs("\">\n", f);
}

static void text(FILE *f, double x, double y, const char *anchor,
		 const char *extra, const char *s)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" " FONT
		"%s %s>", x, y, anchor, extra && strstr(extra, "font-size") ?
		"" : " font-size=\"11\"", extra ? extra : "");
	xml_puts(f, s);
	fputs("</text>\n", f);
}

/* ticks on a horizontal axis at y, labels formatted with fmt * scale */
static void x_ticks(FILE *f, const struct axis *a, double y0, double y1,
		    int want, double scale, const char *fmt)
{
	double step = nice_step(a->hi - a->lo, want), v;
	char buf[64];

	for (v = ceil(a->lo / step) * step; v <= a->hi + step * 1e-9;
	     v += step) {
		double x = map(a, v);

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"#ddd\"/>\n", x, y0, x, y1);
		snprintf(buf, sizeof(buf), fmt, fabs(v) < step * 1e-9 ?
			 0.0 : v * scale);
		text(f, x, y1 + 12, "middle", "fill=\"#555\"", buf);
	}
}

static void y_ticks(FILE *f, const struct axis *a, double x0, double x1,
		    int want, const char *fmt)
{
	double step = nice_step(a->hi - a->lo, want), v;
	char buf[64];

	for (v = ceil(a->lo / step) * step; v <= a->hi + step * 1e-9;
	     v += step) {
		double y = map(a, v);

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"#e4e4e4\"/>\n", x0, y, x1, y);
		snprintf(buf, sizeof(buf), fmt, v);
		text(f, x0 - 4, y + 4, "end", "fill=\"#555\"", buf);
	}
}

static void rect(FILE *f, double x, double y, double w, double h,
		 const char *style, const char *title)
{
	if (w < 0) {
		x += w;
		w = -w;
	}
	fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		"height=\"%.1f\" %s>", x, y, w, h, style);
	if (title) {
		fputs("<title>", f);
		xml_puts(f, title);
		fputs("</title>", f);
	}
	fputs("</rect>\n", f);
}

void svg_text(FILE *f, double x, double y, const char *anchor,
	      const char *extra, const char *s)
{
	text(f, x, y, anchor, extra, s);
}

void svg_rect(FILE *f, double x, double y, double w, double h,
	      const char *style, const char *title)
{
	rect(f, x, y, w, h, style, title);
}

double svg_nice_step(double range, int want)
{
	return nice_step(range, want);
}

/* ---- groups: shares and error ---- */

#define G_LABEL		150
#define G_SPLIT0	(G_LABEL + 10)
#define G_SPLIT1	520
#define G_ERR0		560
#define G_ERR1		800
#define G_ROW		42
#define G_TOP		34

static double group_bound(const struct rep_group *g)
{
	double b = fabs(g->error);

	b = maxd(b, fabs(g->ci_lo));
	b = maxd(b, fabs(g->ci_hi));
	return b;
}

static bool group_bad(const struct rep_group *g)
{
	if (g->verdict == V_FAIL || g->verdict == V_ERROR)
		return true;
	if (ok(g->tolerance) && ok(group_bound(g)) &&
	    group_bound(g) > g->tolerance)
		return true;
	return false;
}

static void split_bar(FILE *f, const struct axis *ax, double y, double h,
		      double v, const char *style, const char *what,
		      const char *group)
{
	char title[256];

	if (!ok(v))
		return;
	snprintf(title, sizeof(title), "%s %s: %.2f %%", group, what,
		 v * 100);
	rect(f, ax->p0, y, map(ax, v) - ax->p0, h, style, title);
}

/* The axes of the groups chart: shares, and errors around 0. */
static void groups_axes(const struct rep_scenario *s, struct axis *sx,
			struct axis *ex)
{
	double vmax = 0, emax = 0;

	for (int i = 0; i < s->n_groups; i++) {
		const struct rep_group *g = &s->groups[i];

		vmax = maxd(vmax, g->measured);
		vmax = maxd(vmax, g->model_defined);
		vmax = maxd(vmax, g->model_computed);
		vmax = maxd(vmax, g->ideal);
		vmax = maxd(vmax, g->expected);
		emax = maxd(emax, group_bound(g));
		emax = maxd(emax, g->tolerance * 1.5);
	}
	if (!(vmax > 0))
		vmax = 1;
	sx->hi = vmax > 0.9 ? 1 : vmax * 1.1;
	if (!(emax > 0))
		emax = 0.01;
	ex->lo = -emax * 1.1;
	ex->hi = emax * 1.1;
}

static void groups_legend(FILE *f)
{
	rect(f, G_SPLIT0, 6, 5, 8, "fill=\"#4e79a7\"", NULL);
	rect(f, G_SPLIT0 + 5, 6, 5, 8, "fill=\"#f28e2b\"", NULL);
	text(f, G_SPLIT0 + 14, 14, "start", NULL, "measured");
	rect(f, G_SPLIT0 + 80, 6, 10, 8, "fill=\"#555\"", NULL);
	text(f, G_SPLIT0 + 94, 14, "start", NULL, "kernel model");
	rect(f, G_SPLIT0 + 180, 6, 10, 8,
	     "fill=\"none\" stroke=\"#888\" stroke-dasharray=\"2 1\"", NULL);
	text(f, G_SPLIT0 + 194, 14, "start", NULL, "ideal");
	text(f, G_SPLIT0 + 240, 14, "start", NULL, "\xe2\x97\x86 expected");
	text(f, G_SPLIT0, 28, "start", "fill=\"#555\"",
	     "share of the scenario's CPU time (%)");
	text(f, (G_ERR0 + G_ERR1) / 2.0, 14, "middle", NULL,
	     "error vs kernel model (pp), CI");
	text(f, (G_ERR0 + G_ERR1) / 2.0, 28, "middle", "fill=\"#2a7\"",
	     "green band: tolerance");
}

/* Left panel: the group's name and its shares (measured, model, ideal). */
static void group_split_row(FILE *f, const struct rep_scenario *s,
			    const struct rep_group *g, const struct axis *sx,
			    double y, bool bad)
{
	char style[128], buf[256];

	if (bad)
		rect(f, 2, y - 3, W - 4, G_ROW - 2, "fill=\"#fde8e8\"", NULL);
	text(f, G_LABEL, y + 16, "end",
	     bad ? "font-weight=\"bold\" fill=\"#b00\"" : NULL, g->path);
	snprintf(buf, sizeof(buf), "%s", verdict_name(g->verdict));
	text(f, G_LABEL, y + 29, "end", "fill=\"#777\"", buf);
	snprintf(style, sizeof(style), "fill=\"%s\"",
		 svg_color(svg_group_index(s, g->path)));
	split_bar(f, sx, y, 10, g->measured, style, "measured", g->path);
	split_bar(f, sx, y + 12, 10, g->model_defined, "fill=\"#555\"",
		  "kernel model", g->path);
	split_bar(f, sx, y + 24, 10, g->ideal,
		  "fill=\"none\" stroke=\"#888\" stroke-dasharray=\"2 1\"",
		  "ideal", g->path);
	if (ok(g->expected)) {
		double x = map(sx, g->expected);

		fprintf(f, "<path d=\"M%.1f %.1f l5 6 l-5 6 l-5 -6 z\" "
			"fill=\"#000\"><title>", x, y + 11);
		xml_printf(f, "%s expected: %.2f %%", g->path,
			   g->expected * 100);
		fputs("</title></path>\n", f);
	}
}

/* The error's point and CI, in the error panel. */
static void group_error_mark(FILE *f, const struct rep_group *g,
			     const struct axis *ex, double y, bool bad)
{
	const char *col = bad ? "#c00" : "#222";
	double cy = y + (G_ROW - 8) / 2.0;
	char buf[256];

	if (ok(g->ci_lo) && ok(g->ci_hi)) {
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" "
			"x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" "
			"stroke-width=\"2\"/>\n",
			map(ex, g->ci_lo), cy, map(ex, g->ci_hi), cy, col);
		fprintf(f, "<path d=\"M%.1f %.1f v10 M%.1f %.1f "
			"v10\" stroke=\"%s\" stroke-width=\"2\"/>\n",
			map(ex, g->ci_lo), cy - 5, map(ex, g->ci_hi), cy - 5,
			col);
	}
	fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" "
		"fill=\"%s\"><title>", map(ex, g->error), cy, col);
	xml_printf(f, "%s error %+.3f pp, CI [%+.3f, %+.3f], "
		   "tolerance \xc2\xb1%.3f", g->path, g->error * 100,
		   g->ci_lo * 100, g->ci_hi * 100, g->tolerance * 100);
	fputs("</title></circle>\n", f);
	snprintf(buf, sizeof(buf), "%+.2f pp", g->error * 100);
	text(f, G_ERR1 + 8, cy + 4, "start",
	     bad ? "fill=\"#c00\" font-weight=\"bold\"" : NULL, buf);
}

/* Right panel: tolerance band, zero line, the error. */
static void group_error_row(FILE *f, const struct rep_group *g,
			    const struct axis *ex, double y, bool bad)
{
	if (ok(g->tolerance))
		rect(f, map(ex, -g->tolerance), y, 
		     map(ex, g->tolerance) - map(ex, -g->tolerance),
		     G_ROW - 8, "fill=\"#dff3e4\"", NULL);
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		"y2=\"%.1f\" stroke=\"#999\"/>\n", map(ex, 0), y,
		map(ex, 0), y + G_ROW - 8);
	if (ok(g->error))
		group_error_mark(f, g, ex, y, bad);
	else
		text(f, G_ERR0 + 4, y + 18, "start", "fill=\"#777\"",
		     "no error reported");
}

int svg_groups_chart(FILE *f, const struct rep_scenario *s)
{
	struct axis sx = { 0, 0, G_SPLIT0, G_SPLIT1 };
	struct axis ex = { 0, 0, G_ERR0, G_ERR1 };
	int i, h;

	if (!s->n_groups)
		return 0;
	groups_axes(s, &sx, &ex);
	h = G_TOP + s->n_groups * G_ROW + 24;
	svg_open(f, h, "share per group and error against the kernel model");
	groups_legend(f);
	x_ticks(f, &sx, G_TOP, h - 22, 5, 100, "%.0f");
	x_ticks(f, &ex, G_TOP, h - 22, 5, 100, "%+.1f");
	for (i = 0; i < s->n_groups; i++) {
		const struct rep_group *g = &s->groups[i];
		double y = G_TOP + i * G_ROW + 4;
		bool bad = group_bad(g);

		group_split_row(f, s, g, &sx, y, bad);
		group_error_row(f, g, &ex, y, bad);
	}
	fputs("</svg>\n", f);
	return 1;
}

/* ---- per CPU ---- */

/* The CPUs any group has a value on, sorted; the largest value. */
static int percpu_cpus(const struct rep_scenario *s, int *cpus,
		       double *vmax)
{
	int ncpu = 0, i, j, k;

	for (i = 0; i < s->n_groups; i++)
		for (j = 0; j < s->groups[i].n_per_cpu; j++) {
			const struct rep_percpu *p = &s->groups[i].per_cpu[j];

			for (k = 0; k < ncpu && cpus[k] != p->cpu; k++)
				;
			if (k == ncpu && ncpu < 64)
				cpus[ncpu++] = p->cpu;
			*vmax = maxd(*vmax, p->measured);
			*vmax = maxd(*vmax, p->model_defined);
			*vmax = maxd(*vmax, p->ideal);
		}
	for (i = 1; i < ncpu; i++)
		for (j = i; j > 0 && cpus[j - 1] > cpus[j]; j--) {
			k = cpus[j];
			cpus[j] = cpus[j - 1];
			cpus[j - 1] = k;
		}
	return ncpu;
}

/* CPU cpu's label and capacity line, its bars starting at x0. */
static void percpu_axis(FILE *f, const struct rep_scenario *s,
			const struct axis *ay, int cpu, double x0, double bw,
			int h)
{
	char buf[256];
	double cap;

	snprintf(buf, sizeof(buf), "CPU %d", cpu);
	text(f, x0 + bw * s->n_groups / 2, h - 24, "middle",
	     "font-weight=\"bold\"", buf);
	if (cpu < 0 || cpu >= s->n_capacity || !ok(s->cpu_capacity[cpu]))
		return;
	cap = s->cpu_capacity[cpu];
	snprintf(buf, sizeof(buf), "capacity %.3f", cap);
	text(f, x0 + bw * s->n_groups / 2, h - 10, "middle", "fill=\"#555\"",
	     buf);
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
		"y2=\"%.1f\" stroke=\"#aaa\" "
		"stroke-dasharray=\"4 2\"/>\n", x0 - 4, map(ay, cap),
		x0 + bw * s->n_groups + 4, map(ay, cap));
}

/* Group g's bar and ticks on one CPU, at x, bw wide. */
static void percpu_bar(FILE *f, const struct rep_scenario *s,
		       const struct rep_group *g, const struct rep_percpu *p,
		       const struct axis *ay, double x, double bw)
{
	char style[64], buf[256];
	double y;

	snprintf(style, sizeof(style), "fill=\"%s\"",
		 svg_color(svg_group_index(s, g->path)));
	if (ok(p->measured)) {
		y = map(ay, p->measured);
		snprintf(buf, sizeof(buf),
			 "%s on CPU %d: measured %.3f, kernel model %.3f, ideal %.3f (CPUs)",
			 g->path, p->cpu, p->measured, p->model_defined,
			 p->ideal);
		rect(f, x + 1, y, bw - 2, map(ay, 0) - y, style, buf);
	}
	if (ok(p->model_defined)) {
		y = map(ay, p->model_defined);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" "
			"x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" "
			"stroke-width=\"3\"/>\n", x, y, x + bw, y);
	}
	if (ok(p->ideal)) {
		y = map(ay, p->ideal);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" "
			"x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" "
			"stroke-dasharray=\"3 2\"/>\n", x, y, x + bw, y);
	}
	if (bw >= 24)
		text(f, x + bw / 2, map(ay, 0) + 11, "middle",
		     "fill=\"#333\" font-size=\"9\"", g->path);
}

int svg_percpu_chart(FILE *f, const struct rep_scenario *s)
{
	int cpus[64], ncpu, i, j, k, h = 240;
	double vmax = 0, cw, bw;
	struct axis ay = { 0, 0, h - 40, 24 };

	ncpu = percpu_cpus(s, cpus, &vmax);
	if (!ncpu || !s->n_groups)
		return 0;
	for (i = 0; i < s->n_capacity; i++)
		vmax = maxd(vmax, s->cpu_capacity[i]);
	ay.hi = vmax > 0 ? vmax * 1.1 : 1;
	svg_open(f, h, "CPU time per group on each CPU");
	text(f, 60, 14, "start", NULL,
	     "CPU time per group on each CPU (CPUs): bar = measured, "
	     "black tick = kernel model, dashed tick = ideal");
	y_ticks(f, &ay, 60, W - 10, 4, "%.2f");
	cw = (W - 70.0) / ncpu;
	bw = (cw - 20) / s->n_groups;
	if (bw > 60)
		bw = 60;
	for (k = 0; k < ncpu; k++) {
		double x0 = 60 + k * cw + 10;

		percpu_axis(f, s, &ay, cpus[k], x0, bw, h);
		for (i = 0; i < s->n_groups; i++) {
			const struct rep_group *g = &s->groups[i];
			const struct rep_percpu *p = NULL;

			for (j = 0; j < g->n_per_cpu; j++)
				if (g->per_cpu[j].cpu == cpus[k])
					p = &g->per_cpu[j];
			if (p)
				percpu_bar(f, s, g, p, &ay, x0 + i * bw, bw);
		}
	}
	fputs("</svg>\n", f);
	return 1;
}

/* ---- time series ---- */

static const double *series_values(const struct rep_series *se,
				   enum svg_series_kind kind, bool second)
{
	switch (kind) {
	case SERIES_TG_LOAD:
		return second ? se->contrib : se->tg_load_avg;
	case SERIES_SE_WEIGHT:
		return second ? NULL : se->se_weight;
	case SERIES_LOAD_AVG:
		return second ? NULL : se->load_avg;
	}
	return NULL;
}

/* tg_load_avg is per group; draw it once per group */
static bool first_of_group(const struct rep_scenario *s, int idx,
			   enum svg_series_kind kind)
{
	int i;

	if (kind != SERIES_TG_LOAD)
		return true;
	for (i = 0; i < idx; i++)
		if (s->series[i].tg_load_avg && s->series[i].group &&
		    s->series[idx].group &&
		    !strcmp(s->series[i].group, s->series[idx].group))
			return false;
	return true;
}

static void polyline(FILE *f, const struct axis *ax, const struct axis *ay,
		     const double *t, const double *v, int n,
		     const char *color, const char *dash, double width,
		     const char *title)
{
	int i;
	bool open = false;

	for (i = 0; i <= n; i++) {
		bool good = i < n && ok(t[i]) && ok(v[i]);

		if (good && !open) {
			fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" "
				"stroke-width=\"%.1f\"%s%s%s points=\"",
				color, width, *dash ? " stroke-dasharray=\"" :
				"", dash, *dash ? "\"" : "");
			open = true;
		}
		if (good) {
			fprintf(f, "%.1f,%.1f ", map(ax, t[i]), map(ay, v[i]));
		} else if (open) {
			fputs("\"><title>", f);
			xml_puts(f, title);
			fputs("</title></polyline>\n", f);
			open = false;
		}
	}
}

/* Time and value ranges of the series of kind; how many lines. */
static int series_range(const struct rep_scenario *s,
			enum svg_series_kind kind, double *tmax,
			double *vmax)
{
	int nlines = 0;

	for (int i = 0; i < s->n_series; i++) {
		const struct rep_series *se = &s->series[i];

		for (int pass = 0; pass < 2; pass++) {
			const double *v = series_values(se, kind, pass);

			if (!v)
				continue;
			nlines++;
			for (int j = 0; j < se->n; j++) {
				*tmax = maxd(*tmax, se->t_us[j]);
				*vmax = maxd(*vmax, v[j]);
			}
		}
	}
	return nlines;
}

/* Phase changes (red dashed) and convergence points (orange). */
static void series_markers(FILE *f, const struct rep_scenario *s,
			   const struct axis *ax, const struct axis *ay,
			   double tmax)
{
	char buf[256];
	double x;
	int i;

	for (i = 0; i < s->n_phases; i++) {
		const struct rep_phase *p = &s->phases[i];

		if (!ok(p->at_us) || p->at_us > tmax)
			continue;
		x = map(ax, p->at_us);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"#c00\" stroke-dasharray=\"5 3\">"
			"<title>", x, ay->p1, x, ay->p0);
		xml_printf(f, "phase %d at %.3f s: %s", i + 1,
			   p->at_us / 1e6, p->desc ? p->desc : "");
		fputs("</title></line>\n", f);
		snprintf(buf, sizeof(buf), "%s", p->desc ? p->desc : "phase");
		text(f, x + 3, ay->p1 + 10 + 11 * (i % 3), "start",
		     "fill=\"#c00\"", buf);
	}
	for (i = 0; i < s->n_convergence; i++) {
		const struct rep_convergence *c = &s->convergence[i];

		if (!ok(c->at_us) || !ok(c->converged_after_us))
			continue;
		x = map(ax, c->at_us + c->converged_after_us);
		fprintf(f, "<path d=\"M%.1f %.1f l-5 -8 h10 z\" fill=\"#c60\">"
			"<title>", x, ay->p0);
		xml_printf(f, "phase %d converged after %.0f ms", c->phase,
			   c->converged_after_us / 1e3);
		fputs("</title></path>\n", f);
	}
}

/* One line of series se (pass 1: tg_load's per-CPU contrib). */
static void series_line(FILE *f, const struct rep_scenario *s,
			const struct rep_series *se, enum svg_series_kind kind,
			int pass, const struct axis *ax, const struct axis *ay,
			int *legend)
{
	const double *v = series_values(se, kind, pass);
	const char *col = svg_color(svg_group_index(s, se->group)), *dash;
	const char *grp = se->group ? se->group : "?";
	char buf[256];
	double ly;

	if (kind == SERIES_TG_LOAD)
		dash = pass ? contrib_dashes[(se->cpu < 0 ? 0 : se->cpu) % 4] :
		       "";
	else
		dash = cpu_dash(se->cpu);
	if (kind == SERIES_TG_LOAD && !pass)
		snprintf(buf, sizeof(buf), "%s tg_load_avg", grp);
	else
		snprintf(buf, sizeof(buf), "%s CPU %d", grp, se->cpu);
	polyline(f, ax, ay, se->t_us, v, se->n, col, dash, pass ? 1.2 : 2,
		 buf);
	if (*legend >= 14)
		return;
	ly = ay->p1 + 6 + *legend * 14;
	fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
		"stroke=\"%s\" stroke-width=\"2\"%s%s%s/>\n", W - 160, ly,
		W - 135, ly, col, *dash ? " stroke-dasharray=\"" : "", dash,
		*dash ? "\"" : "");
	if (kind == SERIES_TG_LOAD && pass)
		snprintf(buf, sizeof(buf), "%s contrib CPU %d", grp, se->cpu);
	text(f, W - 130, ly + 4, "start", NULL, buf);
	(*legend)++;
}

int svg_series_chart(FILE *f, const struct rep_scenario *s,
		     enum svg_series_kind kind)
{
	static const char *const titles[] = {
		[SERIES_TG_LOAD] = "tg->load_avg per group (solid) and each CPU's tg_load_avg_contrib (dashed, per-CPU pattern)",
		[SERIES_SE_WEIGHT] = "group entity weight (se->load.weight) per group and CPU",
		[SERIES_LOAD_AVG] = "cfs_rq->avg.load_avg per group and CPU",
	};
	struct axis ax = { 0, 0, 70, W - 170 };
	struct axis ay = { 0, 0, 0, 30 };
	double tmax = 0, vmax = 0;
	int i, h = 260, legend = 0;

	if (!series_range(s, kind, &tmax, &vmax) || !(tmax > 0))
		return 0;
	if (ok(s->win_start_us) && ok(s->win_length_us))
		tmax = maxd(tmax, s->win_start_us + s->win_length_us);
	ax.hi = tmax;
	ay.hi = vmax > 0 ? vmax * 1.08 : 1;
	ay.p0 = h - 36;
	svg_open(f, h, titles[kind]);
	text(f, 70, 14, "start", "font-weight=\"bold\"", titles[kind]);
	/* measurement window */
	if (ok(s->win_start_us) && ok(s->win_length_us))
		rect(f, map(&ax, s->win_start_us), ay.p1,
		     map(&ax, s->win_start_us + s->win_length_us) -
		     map(&ax, s->win_start_us), ay.p0 - ay.p1,
		     "fill=\"#eef4fb\"", "measurement window");
	y_ticks(f, &ay, 70, W - 170, 4, "%.0f");
	x_ticks(f, &ax, ay.p1, ay.p0, 8, 1e-6, "%.1f");
	text(f, (ax.p0 + ax.p1) / 2, h - 8, "middle", "fill=\"#555\"",
	     "time since workload start (s)");
	series_markers(f, s, &ax, &ay, tmax);
	for (i = 0; i < s->n_series; i++)
		for (int pass = 0; pass < 2; pass++)
			if (series_values(&s->series[i], kind, pass) &&
			    (pass || first_of_group(s, i, kind)))
				series_line(f, s, &s->series[i], kind, pass,
					    &ax, &ay, &legend);
	fputs("</svg>\n", f);
	return 1;
}

/* ---- compare ---- */

int svg_compare_chart(FILE *f, const struct svg_cmp_row *rows, int n)
{
	struct axis ex = { 0, 0, 200, W - 120 };
	double emax = 0;
	int i, h;
	char buf[128];

	if (n <= 0)
		return 0;
	for (i = 0; i < n; i++) {
		emax = maxd(emax, fabs(rows[i].base_lo));
		emax = maxd(emax, fabs(rows[i].base_hi));
		emax = maxd(emax, fabs(rows[i].cand_lo));
		emax = maxd(emax, fabs(rows[i].cand_hi));
		emax = maxd(emax, fabs(rows[i].base));
		emax = maxd(emax, fabs(rows[i].cand));
		emax = maxd(emax, rows[i].tolerance * 1.3);
	}
	if (!(emax > 0))
		emax = 0.01;
	ex.lo = -emax * 1.1;
	ex.hi = emax * 1.1;
	h = 30 + n * 30 + 20;
	svg_open(f, h, "error against the kernel model: baseline vs candidate");
	text(f, 200, 14, "start", NULL,
	     "error vs kernel model (pp): grey = baseline, blue/red = "
	     "candidate; green band = tolerance");
	x_ticks(f, &ex, 24, h - 18, 6, 100, "%+.1f");
	for (i = 0; i < n; i++) {
		const struct svg_cmp_row *r = &rows[i];
		double y = 30 + i * 30;
		const char *col = r->bad ? "#c00" : "#4e79a7";

		text(f, 190, y + 14, "end", r->bad ?
		     "fill=\"#b00\" font-weight=\"bold\"" : NULL, r->label);
		if (ok(r->tolerance))
			rect(f, map(&ex, -r->tolerance), y,
			     map(&ex, r->tolerance) - map(&ex, -r->tolerance),
			     24, "fill=\"#dff3e4\"", NULL);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"#999\"/>\n", map(&ex, 0), y,
			map(&ex, 0), y + 24);
		if (ok(r->base_lo) && ok(r->base_hi))
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
				"y2=\"%.1f\" stroke=\"#888\" "
				"stroke-width=\"4\"/>\n", map(&ex, r->base_lo),
				y + 7, map(&ex, r->base_hi), y + 7);
		if (ok(r->base))
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" "
				"fill=\"#666\"/>\n", map(&ex, r->base), y + 7);
		if (ok(r->cand_lo) && ok(r->cand_hi))
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
				"y2=\"%.1f\" stroke=\"%s\" "
				"stroke-width=\"4\"/>\n", map(&ex, r->cand_lo),
				y + 17, map(&ex, r->cand_hi), y + 17, col);
		if (ok(r->cand))
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" "
				"fill=\"%s\"/>\n", map(&ex, r->cand), y + 17,
				col);
		snprintf(buf, sizeof(buf), "%+.2f \xe2\x86\x92 %+.2f",
			 r->base * 100, r->cand * 100);
		text(f, W - 112, y + 16, "start", r->bad ?
		     "fill=\"#c00\"" : NULL, buf);
	}
	fputs("</svg>\n", f);
	return 1;
}
