// SPDX-License-Identifier: GPL-2.0
/*
 * bench_out.c - the bench summary as Markdown, an SVG plot and HTML.
 */
#include "bench.h"

#include <math.h>
#include <stdio.h>

#include "escape.h"
#include "svg.h"

static void md_table(FILE *f, const struct bench_table *t)
{
	if (!t->n)
		return;
	fprintf(f, "\n%s\n\n| figure | median | range (min..max) | rounds |\n"
		"|---|---|---|---|\n", t->title);
	for (int i = 0; i < t->n; i++) {
		const struct bench_fig *r = &t->rows[i];

		fprintf(f, "| %s | %.3g %s | %.3g..%.3g | %d |\n", r->label,
			r->median, r->unit, r->lo, r->hi, r->n);
	}
}

static void md_suite(FILE *f, const struct bench_summary *s)
{
	if (!s->nscen)
		return;
	fprintf(f, "\nTime to a verdict (one boot of the patched kernel)\n\n"
		"| scenario | verdict | time to verdict | kselftest counterpart | its hog time | ratio |\n"
		"|---|---|---|---|---|---|\n");
	for (int i = 0; i < s->nscen; i++) {
		const struct bench_scen *c = &s->scen[i];

		if (c->ks_test[0])
			fprintf(f, "| %s | %s | %.2f s | %s | %.0f s | %.2f |\n",
				c->name, c->verdict, c->seconds, c->ks_test,
				c->ks_seconds, c->seconds / c->ks_seconds);
		else
			fprintf(f, "| %s | %s | %.2f s | - | - | - |\n",
				c->name, c->verdict, c->seconds);
	}
}

void bench_write_md(FILE *f, const struct bench_summary *s)
{
	fprintf(f, "make bench: %d stock and %d patched boots, %s, %d vCPUs, "
		"%.3g s per load", s->rounds_stock, s->rounds_patched, s->accel,
		s->cpus, s->seconds);
	if (s->elapsed > 0)
		fprintf(f, ", %.0f s in all", s->elapsed);
	fprintf(f, "\n");
	md_table(f, &s->hot);
	md_table(f, &s->prop_rate);
	md_table(f, &s->prop_rl);
	md_table(f, &s->prop_folds);
	md_table(f, &s->blocked);
	md_suite(f, s);
	for (int i = 0; i < s->nproblems; i++)
		fprintf(f, "\nproblem: %s\n", s->problems[i]);
}

#define PW	720
#define PH	360
#define ML	70
#define MB	50

static double lx(double v, double lo, double hi)
{
	return ML + (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) *
		(PW - ML - 20);
}

static double ly(double v, double lo, double hi)
{
	return PH - MB - (log10(v) - log10(lo)) / (log10(hi) - log10(lo)) *
		(PH - MB - 20);
}

static void decade_bounds(double lo, double hi, double *dlo, double *dhi)
{
	*dlo = pow(10, floor(log10(lo)));
	*dhi = pow(10, ceil(log10(hi)));
	if (*dhi <= *dlo)
		*dhi = *dlo * 10;
}

static void plot_line(FILE *f, const struct bench_summary *s,
		      const struct bench_fig *figs, int ci, const char *name,
		      double xlo, double xhi, double ylo, double yhi)
{
	const char *col = svg_color(ci);

	fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" "
		"points=\"", col);
	for (int k = 0; k < s->blk_n; k++)
		if (figs[k].n && figs[k].median > 0)
			fprintf(f, "%.1f,%.1f ",
				lx(s->blk_cgroups[k], xlo, xhi),
				ly(figs[k].median, ylo, yhi));
	fprintf(f, "\"/>\n");
	for (int k = 0; k < s->blk_n; k++) {
		double x = lx(s->blk_cgroups[k], xlo, xhi);

		if (!figs[k].n || figs[k].lo <= 0)
			continue;
		fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"%s\"/>", x, x, ly(figs[k].lo, ylo, yhi),
			ly(figs[k].hi, ylo, yhi), col);
		fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\">"
			"<title>%d cgroups: %s median %.1f us (%.1f..%.1f)</title>"
			"</circle>\n", x, ly(figs[k].median, ylo, yhi), col,
			s->blk_cgroups[k], name, figs[k].median, figs[k].lo,
			figs[k].hi);
	}
}

int bench_write_svg(FILE *f, const struct bench_summary *s)
{
	double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;

	for (int k = 0; k < s->blk_n; k++) {
		xlo = fmin(xlo, s->blk_cgroups[k]);
		xhi = fmax(xhi, s->blk_cgroups[k]);
		if (s->blk_mean[k].n && s->blk_mean[k].lo > 0)
			ylo = fmin(ylo, s->blk_mean[k].lo);
		if (s->blk_max[k].n)
			yhi = fmax(yhi, s->blk_max[k].hi);
	}
	if (!s->blk_n || !(yhi > 0) || !isfinite(ylo))
		return 0;
	decade_bounds(xlo, xhi, &xlo, &xhi);
	decade_bounds(ylo, yhi, &ylo, &yhi);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" font-family=\"sans-serif\" font-size=\"12\" "
		"role=\"img\" aria-label=\"update_blocked_averages rq lock hold "
		"time against cgroups\">\n<rect width=\"100%%\" height=\"100%%\" "
		"fill=\"white\"/>\n", PW, PH);
	for (double x = xlo; x <= xhi * 1.01; x *= 10)
		fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"20\" y2=\"%d\" "
			"stroke=\"#ddd\"/><text x=\"%.1f\" y=\"%d\" "
			"text-anchor=\"middle\">%g</text>\n", lx(x, xlo, xhi),
			lx(x, xlo, xhi), PH - MB, lx(x, xlo, xhi), PH - MB + 16, x);
	for (double y = ylo; y <= yhi * 1.01; y *= 10)
		fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" "
			"stroke=\"#ddd\"/><text x=\"%d\" y=\"%.1f\" "
			"text-anchor=\"end\">%g</text>\n", ML, PW - 20,
			ly(y, ylo, yhi), ly(y, ylo, yhi), ML - 6,
			ly(y, ylo, yhi) + 4, y);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">cgroups "
		"with blocked load (log)</text>\n", (PW + ML) / 2, PH - 12);
	fprintf(f, "<text x=\"16\" y=\"%d\" text-anchor=\"middle\" "
		"transform=\"rotate(-90 16 %d)\">rq lock held per call, us "
		"(log)</text>\n", (PH - MB) / 2, (PH - MB) / 2);
	plot_line(f, s, s->blk_mean, 0, "mean", xlo, xhi, ylo, yhi);
	plot_line(f, s, s->blk_max, 1, "max", xlo, xhi, ylo, yhi);
	fprintf(f, "<text x=\"%d\" y=\"34\" fill=\"%s\">mean (median over "
		"rounds, bar: range)</text><text x=\"%d\" y=\"50\" fill=\"%s\">"
		"max</text>\n</svg>\n", ML + 10, svg_color(0), ML + 10,
		svg_color(1));
	return 1;
}

static void html_table(FILE *f, const struct bench_table *t)
{
	if (!t->n)
		return;
	fprintf(f, "<h2>");
	xml_puts(f, t->title);
	fprintf(f, "</h2>\n<table><tr><th>figure</th><th>median</th>"
		"<th>range</th><th>rounds</th></tr>\n");
	for (int i = 0; i < t->n; i++) {
		const struct bench_fig *r = &t->rows[i];

		fprintf(f, "<tr><td>");
		xml_puts(f, r->label);
		fprintf(f, "</td><td>%.3g %s</td><td>%.3g..%.3g</td><td>%d"
			"</td></tr>\n", r->median, r->unit, r->lo, r->hi, r->n);
	}
	fprintf(f, "</table>\n");
}

int bench_write_html(FILE *f, const struct bench_summary *s)
{
	fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
		"<title>make bench</title><style>body{font-family:sans-serif;"
		"margin:2em}table{border-collapse:collapse}td,th{border:1px "
		"solid #ccc;padding:2px 8px;text-align:right}td:first-child"
		"{text-align:left}</style></head><body>\n<h1>make bench</h1>\n"
		"<p>%d stock and %d patched boots, %s, %d vCPUs, %.3g s per "
		"load. Every figure: median over rounds of a ratio or value "
		"measured in one round, range min..max.</p>\n",
		s->rounds_stock, s->rounds_patched, s->accel, s->cpus,
		s->seconds);
	html_table(f, &s->hot);
	html_table(f, &s->prop_rate);
	html_table(f, &s->prop_rl);
	html_table(f, &s->prop_folds);
	fprintf(f, "<h2>update_blocked_averages()</h2>\n");
	bench_write_svg(f, s);
	html_table(f, &s->blocked);
	if (s->nscen) {
		fprintf(f, "<h2>Time to a verdict</h2>\n<table><tr><th>scenario"
			"</th><th>verdict</th><th>seconds</th><th>kselftest</th>"
			"<th>its seconds</th><th>ratio</th></tr>\n");
		for (int i = 0; i < s->nscen; i++) {
			const struct bench_scen *c = &s->scen[i];

			fprintf(f, "<tr><td>");
			xml_puts(f, c->name);
			fprintf(f, "</td><td>");
			xml_puts(f, c->verdict);
			fprintf(f, "</td><td>%.2f</td><td>", c->seconds);
			xml_puts(f, c->ks_test[0] ? c->ks_test : "-");
			if (c->ks_test[0])
				fprintf(f, "</td><td>%.0f</td><td>%.2f</td></tr>\n",
					c->ks_seconds, c->seconds / c->ks_seconds);
			else
				fprintf(f, "</td><td>-</td><td>-</td></tr>\n");
		}
		fprintf(f, "</table>\n");
	}
	for (int i = 0; i < s->nproblems; i++) {
		fprintf(f, "<p>problem: ");
		xml_puts(f, s->problems[i]);
		fprintf(f, "</p>\n");
	}
	fprintf(f, "</body></html>\n");
	return ferror(f) ? -5 : 0;
}
