// SPDX-License-Identifier: GPL-2.0
/*
 * forest.c - every scenario on one screen: a row per scenario with its
 * worst group's error against the kernel model, the interval, and the
 * scenario's +-tolerance band, as one self-contained inline SVG.
 */
#include "forest.h"

#include <math.h>
#include <string.h>

#include "escape.h"
#include "svg.h"

#define FW		1180
#define F_TOP		70	/* title, legend, panel titles, ticks */
#define F_BOTTOM	20
#define F_VALUES	300	/* one panel: the numbers column's width */
#define F_GAP		36	/* between two panels */

struct fs_style {
	const char *bg, *ink, *name;
	int severity;
};

static const struct fs_style style[FS_COUNT] = {
	[FS_PASS] = { NULL, "#222", "pass", 0 },
	[FS_NEAR] = { "#fff0c2", "#a05a00", "near tolerance", 1 },
	[FS_INCONCLUSIVE] = { "#ece0f7", "#6a3d9a", "inconclusive", 2 },
	[FS_FAIL] = { "#ffd6d6", "#c00000", "failing", 3 },
	[FS_SKIP] = { NULL, "#888", "skip", 0 },
	[FS_ABSENT] = { NULL, "#999", "not in this run", 0 },
	[FS_XFAIL] = { "#dbeafe", "#1d4ed8", "departure (xfail)", 1 },
	[FS_EMULATOR] = { "#e0f2f1", "#00695c", "emulator fault", 2 },
};

void forest_status_style(enum forest_status st, const char **bg,
			 const char **ink, const char **name)
{
	const struct fs_style *f = &style[(int)st >= 0 && st < FS_COUNT ?
					  st : FS_FAIL];

	*bg = f->bg;
	*ink = f->ink;
	*name = f->name;
}

struct geo {
	int n, panels, row_h, h;
	double lab_w, lim;
	double p0[FOREST_PANELS], p1[FOREST_PANELS];
};

static bool fin(double v)
{
	return !isnan(v) && !isinf(v);
}

static double bound(double e, double lo, double hi)
{
	double b = fin(e) ? fabs(e) : 0;

	if (fin(lo) && fabs(lo) > b)
		b = fabs(lo);
	if (fin(hi) && fabs(hi) > b)
		b = fabs(hi);
	return b;
}

enum forest_status forest_status(enum verdict v, double lo, double hi,
				 double tolerance)
{
	switch (v) {
	case V_PASS:
		if (fin(tolerance) && tolerance > 0 &&
		    bound(NAN, lo, hi) >= FOREST_NEAR * tolerance)
			return FS_NEAR;
		return FS_PASS;
	case V_SKIP:
		return FS_SKIP;
	case V_INCONCLUSIVE:
		return FS_INCONCLUSIVE;
	case V_XFAIL:
		return FS_XFAIL;
	default:
		return FS_FAIL;
	}
}

void forest_cell_of(const struct rep_scenario *s, struct forest_cell *c)
{
	const struct rep_group *g = s ? results_worst_group(s) : NULL;

	c->group = g ? g->path : NULL;
	c->error = g ? g->error : NAN;
	c->lo = g ? g->ci_lo : NAN;
	c->hi = g ? g->ci_hi : NAN;
	c->tolerance = g ? g->tolerance : s ? s->tolerance : NAN;
	c->verdict = s ? s->verdict : V_UNKNOWN;
	c->died_here = s && s->died_here;
	c->kunit = s && s->kernel_test;
	c->status = s ? forest_status(s->verdict, c->lo, c->hi,
				      c->tolerance) : FS_ABSENT;
	if (s && s->emulator_fault)
		c->status = FS_EMULATOR;
}

/* Rows, panels and a common axis: +-lim, at least 1.25 tolerances, at
 * most 4 of the largest (an interval beyond is clipped, with an arrow). */
static void geometry(const struct forest_row *rows, int n, int panels,
		     struct geo *g)
{
	double tmax = 0, emax = 0, w;
	int i, p;

	memset(g, 0, sizeof(*g));
	g->n = n;
	g->panels = panels;
	g->row_h = n <= 20 ? 20 : n <= 40 ? 15 : 13;
	g->h = F_TOP + n * g->row_h + F_BOTTOM;
	g->lab_w = panels == 1 ? 300 : 250;
	for (i = 0; i < n; i++)
		for (p = 0; p < panels; p++) {
			const struct forest_cell *c = &rows[i].cell[p];

			if (fin(c->tolerance) && c->tolerance > tmax)
				tmax = c->tolerance;
			emax = fmax(emax, bound(c->error, c->lo, c->hi));
		}
	if (!(tmax > 0))
		tmax = 0.01;
	g->lim = fmin(fmax(emax * 1.05, tmax * 1.25), tmax * 4);
	w = (FW - g->lab_w - 10 - (panels == 1 ? F_VALUES : 10) -
	     (panels - 1) * F_GAP) / panels;
	for (p = 0; p < panels; p++) {
		g->p0[p] = g->lab_w + 10 + p * (w + F_GAP);
		g->p1[p] = g->p0[p] + w;
	}
}

static double xmap(const struct geo *g, int p, double v)
{
	double x = g->p0[p] + (v + g->lim) / (2 * g->lim) *
		   (g->p1[p] - g->p0[p]);

	return fmin(fmax(x, g->p0[p]), g->p1[p]);
}

static void axis(FILE *f, const struct geo *g, int p)
{
	double step = svg_nice_step(2 * g->lim, 6), v;
	double y1 = g->h - F_BOTTOM;
	char buf[32];

	for (v = ceil(-g->lim / step) * step; v <= g->lim + step * 1e-9;
	     v += step) {
		double x = xmap(g, p, v);

		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" "
			"y2=\"%.1f\" stroke=\"%s\"/>\n", x, F_TOP - 2, x, y1,
			fabs(v) < step * 1e-9 ? "#888" : "#e2e2e2");
		snprintf(buf, sizeof(buf), "%+.1f",
			 fabs(v) < step * 1e-9 ? 0.0 : v * 100);
		svg_text(f, x, F_TOP - 5, "middle",
			 "fill=\"#555\" font-size=\"10\"", buf);
		svg_text(f, x, y1 + 13, "middle",
			 "fill=\"#555\" font-size=\"10\"", buf);
	}
}

static bool any_status(const struct forest_row *rows, const struct geo *g,
		       enum forest_status st)
{
	int i, p;

	for (i = 0; i < g->n; i++)
		for (p = 0; p < g->panels; p++)
			if (rows[i].cell[p].status == st)
				return true;
	return false;
}

/* Title line with the counts, and the legend of the highlights. */
static void header(FILE *f, const struct forest_row *rows,
		   const struct geo *g)
{
	static const enum forest_status shown[] = {
		FS_FAIL, FS_EMULATOR, FS_INCONCLUSIVE, FS_XFAIL, FS_NEAR,
		FS_PASS, FS_SKIP,
	};
	int cnt[FS_COUNT] = { 0 }, i, last = g->panels - 1;
	double x = 0;
	char buf[160], inc[32];

	for (i = 0; i < g->n; i++)
		cnt[rows[i].cell[last].status]++;
	snprintf(inc, sizeof(inc), "%d inconclusive, ", cnt[FS_INCONCLUSIVE]);
	snprintf(buf, sizeof(buf), "%d scenario(s)%s: %d failing, %s%d near "
		 "tolerance (interval \xe2\x89\xa5 %.0f %% of it)", g->n,
		 g->panels > 1 ? " in the candidate" : "", cnt[FS_FAIL],
		 cnt[FS_INCONCLUSIVE] ? inc : "", cnt[FS_NEAR],
		 FOREST_NEAR * 100);
	svg_text(f, 0, 14, "start", "font-size=\"13\" font-weight=\"bold\"",
		 "Worst group per scenario: error vs kernel model (pp), "
		 "interval, \xc2\xb1tolerance band");
	svg_text(f, FW, 14, "end", cnt[FS_FAIL] ?
		 "font-size=\"12\" fill=\"#c00000\" font-weight=\"bold\"" :
		 "font-size=\"12\"", buf);
	for (i = 0; i < (int)(sizeof(shown) / sizeof(shown[0])); i++) {
		const struct fs_style *st = &style[shown[i]];

		/* the slot is listed only once a verdict fills it */
		if ((shown[i] == FS_INCONCLUSIVE || shown[i] == FS_XFAIL ||
		     shown[i] == FS_EMULATOR) &&
		    !any_status(rows, g, shown[i]))
			continue;

		snprintf(buf, sizeof(buf), "fill=\"%s\" stroke=\"%s\"",
			 st->bg ? st->bg : "#fff", st->bg ? st->ink : "#999");
		svg_rect(f, x, 22, 12, 10, buf, NULL);
		svg_text(f, x + 16, 31, "start", NULL, st->name);
		x += 16 + 6.5 * strlen(st->name) + 16;
	}
	svg_rect(f, x, 22, 24, 10, "fill=\"#dff3e4\"", NULL);
	svg_text(f, x + 28, 31, "start", NULL,
		 "\xc2\xb1tolerance   \xe2\x97\x8f error  \xe2\x94\x80 "
		 "interval (\xe2\x96\xb8 beyond the axis)");
}

static void cell_title(FILE *f, const struct forest_row *r,
		       const struct forest_cell *c)
{
	fputs("<title>", f);
	xml_printf(f, "%s%s%s: %s", r->label, c->group ? " \xc2\xb7 " : "",
		   c->group ? c->group : "", verdict_name(c->verdict));
	if (fin(c->error))
		xml_printf(f, ", error %+.3f pp, interval [%+.3f, %+.3f], "
			   "tolerance \xc2\xb1%.3f pp", c->error * 100,
			   c->lo * 100, c->hi * 100, c->tolerance * 100);
	fputs("</title>", f);
}

/* An arrow at the panel's edge where the interval leaves the axis. */
static void clip_arrows(FILE *f, const struct geo *g, int p, double lo,
			double hi, double cy, const char *ink)
{
	if (lo < -g->lim)
		fprintf(f, "<path d=\"M%.1f %.1f l6 -4 v8 z\" fill=\"%s\"/>\n",
			g->p0[p] - 7, cy, ink);
	if (hi > g->lim)
		fprintf(f, "<path d=\"M%.1f %.1f l-6 -4 v8 z\" fill=\"%s\"/>\n",
			g->p1[p] + 7, cy, ink);
}

/* The band, the interval and the point of one cell, or why there is none. */
static void cell(FILE *f, const struct geo *g, int p, double y,
		 const struct forest_row *r, const struct forest_cell *c)
{
	const struct fs_style *st = &style[c->status];
	double cy = y + g->row_h / 2.0, bh = g->row_h - 4;
	const char *why = NULL;

	if (st->bg)
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%d\" fill=\"%s\"/>\n", g->p0[p] - 12, y,
			g->p1[p] - g->p0[p] + 24, g->row_h, st->bg);
	if (fin(c->tolerance))
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%.1f\" fill=\"#dff3e4\"/>\n",
			xmap(g, p, -c->tolerance), y + 2,
			xmap(g, p, c->tolerance) - xmap(g, p, -c->tolerance),
			bh);
	if (c->status == FS_ABSENT)
		why = "not in this run";
	else if (c->status == FS_SKIP)
		why = "skipped";
	else if (!fin(c->error))
		why = c->kunit ? (c->verdict == V_PASS ? "KUnit suite passed" :
				  "KUnit suite failed") :
		      c->status == FS_EMULATOR ?
		      "no verdict: the emulator killed the guest here" :
		      c->died_here ? "no result: the guest stopped here" :
		      c->verdict == V_INCOMPLETE ? "no result (incomplete)" :
		      c->verdict == V_PASS ? "passed (no group error)" :
		      verdict_name(c->verdict);
	if (why) {
		svg_text(f, g->p0[p] + 4, cy + 4, "start", c->status ==
			 FS_FAIL ? "fill=\"#c00000\" font-weight=\"bold\"" :
			 "fill=\"#777\"", why);
		return;
	}
	fprintf(f, "<g stroke=\"%s\" fill=\"%s\">", st->ink, st->ink);
	cell_title(f, r, c);
	if (fin(c->lo) && fin(c->hi))
		fprintf(f, "<path d=\"M%.1f %.1f H%.1f M%.1f %.1f v6 M%.1f "
			"%.1f v6\" stroke-width=\"2\" fill=\"none\"/>",
			xmap(g, p, c->lo), cy, xmap(g, p, c->hi),
			xmap(g, p, c->lo), cy - 3, xmap(g, p, c->hi), cy - 3);
	fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\"/></g>\n",
		xmap(g, p, c->error), cy);
	clip_arrows(f, g, p, fin(c->lo) ? c->lo : c->error,
		    fin(c->hi) ? c->hi : c->error, cy, st->ink);
}

static const char *const fs_class[FS_COUNT] = {
	"pass", "near", "inconclusive", "fail", "skip", "absent", "xfail",
	"emulator",
};

static enum forest_status worst(const struct forest_row *r, int panels)
{
	enum forest_status w = r->cell[0].status;
	int p;

	for (p = 1; p < panels; p++)
		if (style[r->cell[p].status].severity > style[w].severity)
			w = r->cell[p].status;
	return w;
}

/* One panel: the worst group's numbers right of the plot. */
static void values(FILE *f, const struct geo *g, double y,
		   const struct forest_cell *c)
{
	const struct fs_style *st = &style[c->status];
	char buf[160];

	if (!fin(c->error))
		return;
	snprintf(buf, sizeof(buf), "%s: %+.2f [%+.2f, %+.2f] of "
		 "\xc2\xb1%.2f pp", c->group ? c->group : "?", c->error * 100, c->lo * 100,
		 c->hi * 100, c->tolerance * 100);
	if (st->bg)
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%d\" fill=\"%s\"/>\n", g->p1[0] + 12, y,
			FW - g->p1[0] - 12, g->row_h, st->bg);
	svg_text(f, g->p1[0] + 18, y + g->row_h / 2.0 + 4, "start",
		 c->status == FS_FAIL ?
		 "fill=\"#c00000\" font-weight=\"bold\"" :
		 c->status == FS_PASS ? NULL : "fill=\"#a05a00\"", buf);
}

static void row(FILE *f, const struct geo *g, int i,
		const struct forest_row *r)
{
	enum forest_status w = worst(r, g->panels);
	double y = F_TOP + i * g->row_h;
	const char *ink = r->mark || w == FS_FAIL ?
			  "fill=\"#c00000\" font-weight=\"bold\"" : NULL;
	int p;

	fprintf(f, "<g class=\"fr fs-%s\">\n", fs_class[w]);
	if (style[w].bg)
		fprintf(f, "<rect x=\"0\" y=\"%.1f\" width=\"%.1f\" "
			"height=\"%d\" fill=\"%s\"/>\n", y, g->lab_w,
			g->row_h, style[w].bg);
	svg_text(f, g->lab_w - 6, y + g->row_h / 2.0 + 4, "end", ink,
		 r->label);
	for (p = 0; p < g->panels; p++)
		cell(f, g, p, y, r, &r->cell[p]);
	if (g->panels == 1)
		values(f, g, y, &r->cell[0]);
	fputs("</g>\n", f);
}

int forest_svg(FILE *f, const struct forest_row *rows, int n, int panels,
	       const char *const *titles)
{
	struct geo g;
	int i, p;

	if (n <= 0)
		return 0;
	if (panels < 1 || panels > FOREST_PANELS)
		panels = 1;
	geometry(rows, n, panels, &g);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart "
		"forest\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
		"role=\"img\" aria-label=\"forest plot: every scenario's "
		"worst group error and interval against its tolerance\">\n",
		FW, g.h, FW, g.h);
	header(f, rows, &g);
	for (p = 0; p < panels; p++) {
		if (titles && titles[p])
			svg_text(f, (g.p0[p] + g.p1[p]) / 2, F_TOP - 19,
				 "middle", "font-weight=\"bold\"", titles[p]);
		axis(f, &g, p);
	}
	for (i = 0; i < n; i++)
		row(f, &g, i, &rows[i]);
	fputs("</svg>\n", f);
	return 1;
}
