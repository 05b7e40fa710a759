// SPDX-License-Identifier: GPL-2.0
/*
 * compare_out.c - a comparison as a terminal summary and as an HTML page
 * (first screen: the two runs' forest plots side by side).
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "compare.h"
#include "escape.h"
#include "forest.h"
#include "html.h"
#include "svg.h"

static const char *s_or(const char *s, const char *def)
{
	return s && *s ? s : def;
}

static void run_line(FILE *f, const char *what, const struct rep_run *r)
{
	int c[V_COUNT];

	results_count(r, c);
	fprintf(f, "  %s %s: kernel %s, series %s, %s, %d pass / %d fail / "
		"%d skip / %d error / %d incomplete / %d inconclusive, host "
		"%s\n", what, r->dir, s_or(r->kernel_release, "?"),
		s_or(r->series_hash, "-"), s_or(r->accel, "?"), c[V_PASS],
		c[V_FAIL], c[V_SKIP], c[V_ERROR], c[V_INCOMPLETE],
		c[V_INCONCLUSIVE], s_or(r->host_status, "?"));
}

static bool shown(const struct cmp_scenario *cs)
{
	return cs->kind != CMP_SAME;
}

void compare_print(FILE *f, const struct cmp_result *r)
{
	int i, j;

	fputs("compare: baseline -> candidate\n", f);
	run_line(f, "base", r->base);
	run_line(f, "cand", r->cand);
	if (r->run_worse)
		fprintf(f, "REGRESSED   run: %s\n", r->run_why);
	for (i = 0; i < r->n; i++) {
		const struct cmp_scenario *cs = &r->scen[i];

		if (!shown(cs))
			continue;
		fprintf(f, "%-13s %-28s %s -> %s%s%s\n", cmp_kind_name(cs->kind),
			cs->name, cs->base ? verdict_name(cs->vb) : "-",
			cs->cand ? verdict_name(cs->vc) : "-",
			cs->why && *cs->why ? ": " : "", s_or(cs->why, ""));
		for (j = 0; j < cs->n_groups; j++) {
			const struct cmp_group *g = &cs->groups[j];

			if (!g->significant && !(cs->kind == CMP_REGRESSED &&
						 g->cand && g->cand->verdict ==
						 V_FAIL))
				continue;
			fprintf(f, "    %-20s error %+.2f -> %+.2f pp "
				"(change %+.2f pp", g->path,
				g->base ? g->base->error * 100 : NAN,
				g->cand ? g->cand->error * 100 : NAN,
				g->w.diff * 100);
			if (!isnan(g->w.p))
				fprintf(f, ", Welch p=%.2g", g->w.p);
			fprintf(f, "%s)%s\n", g->overlap ? ", CIs overlap" : "",
				g->worse ? " WORSE" : g->better ? " better" : "");
		}
	}
	fprintf(f, "compare: %d scenario(s): %d regressed, %d missing, %d new, "
		"%d improved, %d still failing, %d changed, %d same -> %s\n",
		r->n, r->counts[CMP_REGRESSED], r->counts[CMP_MISSING],
		r->counts[CMP_NEW], r->counts[CMP_IMPROVED],
		r->counts[CMP_STILL_FAILING], r->counts[CMP_CHANGED],
		r->counts[CMP_SAME],
		compare_regressed(r) ? "REGRESSION" : "no regression");
}

/* ---- HTML ---- */

static void run_row(FILE *f, const char *key, const char *b, const char *c)
{
	bool diff = (b && c) ? strcmp(b, c) : b != c;

	fprintf(f, "<tr><th>%s</th><td>", key);
	xml_puts(f, s_or(b, "\xe2\x80\x94"));
	fprintf(f, "</td><td%s>", diff ? " class=\"bad\"" : "");
	xml_puts(f, s_or(c, "\xe2\x80\x94"));
	fputs("</td></tr>\n", f);
}

static void counts_cell(FILE *f, const struct rep_run *r)
{
	int c[V_COUNT], i;

	results_count(r, c);
	fputs("<td>", f);
	for (i = 0; i < V_COUNT; i++) {
		if (!c[i])
			continue;
		fprintf(f, "%d ", c[i]);
		html_verdict(f, (enum verdict)i);
		fputs(" ", f);
	}
	fputs("</td>", f);
}

static void group_rows(FILE *f, const struct cmp_scenario *cs)
{
	int j;

	for (j = 0; j < cs->n_groups; j++) {
		const struct cmp_group *g = &cs->groups[j];

		fprintf(f, "<tr%s><td></td><td>", g->worse ?
			" class=\"bad\"" : "");
		xml_puts(f, g->path);
		fputs("</td><td class=\"nw\">", f);
		if (g->base)
			html_verdict(f, g->base->verdict);
		fputs(" \xe2\x86\x92 ", f);
		if (g->cand)
			html_verdict(f, g->cand->verdict);
		fputs("</td><td class=\"n\">", f);
		html_pp(f, g->base ? g->base->error : NAN);
		fputs(" [", f);
		html_num(f, "%+.2f", g->base ? g->base->ci_lo * 100 : NAN);
		fputs(", ", f);
		html_num(f, "%+.2f", g->base ? g->base->ci_hi * 100 : NAN);
		fputs("]</td><td class=\"n\">", f);
		html_pp(f, g->cand ? g->cand->error : NAN);
		fputs(" [", f);
		html_num(f, "%+.2f", g->cand ? g->cand->ci_lo * 100 : NAN);
		fputs(", ", f);
		html_num(f, "%+.2f", g->cand ? g->cand->ci_hi * 100 : NAN);
		fputs("]</td><td class=\"n\">", f);
		html_pp(f, g->base && g->cand ? g->w.diff : NAN);
		fputs("</td><td class=\"n\">", f);
		html_num(f, "%.2g", g->w.p);
		fputs("</td><td>", f);
		if (!g->tested)
			fputs("<span class=\"muted\">not testable</span>", f);
		else if (g->worse)
			fputs("<b>worse</b>", f);
		else if (g->better)
			fputs("better", f);
		else
			fputs("no significant change", f);
		if (g->tested)
			fprintf(f, " <span class=\"muted\">(CIs %s; min "
				"effect %.2f pp)</span>", g->overlap ?
				"overlap" : "do not overlap",
				g->min_effect * 100);
		fputs("</td></tr>\n", f);
	}
}

static void chart(FILE *f, struct arena *a, const struct cmp_scenario *cs)
{
	struct svg_cmp_row *rows;
	int j, n = 0;

	if (!cs->n_groups)
		return;
	rows = arena_alloc(a, sizeof(*rows) * (size_t)cs->n_groups);
	if (!rows)
		return;
	for (j = 0; j < cs->n_groups; j++) {
		const struct cmp_group *g = &cs->groups[j];
		struct svg_cmp_row *r = &rows[n++];

		r->label = g->path;
		r->base = g->base ? g->base->error : NAN;
		r->base_lo = g->base ? g->base->ci_lo : NAN;
		r->base_hi = g->base ? g->base->ci_hi : NAN;
		r->cand = g->cand ? g->cand->error : NAN;
		r->cand_lo = g->cand ? g->cand->ci_lo : NAN;
		r->cand_hi = g->cand ? g->cand->ci_hi : NAN;
		r->tolerance = g->cand ? g->cand->tolerance :
			       g->base ? g->base->tolerance : NAN;
		r->bad = g->worse || (cs->verdict_worse && g->cand &&
				      g->cand->verdict == V_FAIL);
	}
	fputs("<tr><td></td><td colspan=\"7\">", f);
	svg_compare_chart(f, rows, n);
	fputs("</td></tr>\n", f);
}

/* The REGRESSION / no regression banner. */
static void compare_banner(FILE *f, const struct cmp_result *r, bool reg)
{
	fprintf(f, "<div class=\"banner %s\">", reg ? "bad" : "ok");
	if (reg)
		fprintf(f, "REGRESSION: %d scenario(s) regressed, %d missing%s",
			r->counts[CMP_REGRESSED], r->counts[CMP_MISSING],
			r->run_worse ? "; the candidate run did not finish" :
			"");
	else
		fprintf(f, "No regression (%d improved, %d still failing)",
			r->counts[CMP_IMPROVED], r->counts[CMP_STILL_FAILING]);
	fputs("</div>\n", f);
	if (r->run_worse) {
		fputs("<p class=\"reason\">", f);
		xml_puts(f, r->run_why);
		fputs("</p>\n", f);
	}
}

/* The first screen: both runs' forest plots side by side, same rows. */
static void compare_forest(FILE *f, struct arena *a,
			   const struct cmp_result *r)
{
	static const char *const titles[] = { "baseline", "candidate" };
	struct forest_row *rows;
	int i;

	if (!r->n)
		return;
	rows = arena_alloc(a, sizeof(*rows) * (size_t)r->n);
	if (!rows)
		return;
	for (i = 0; i < r->n; i++) {
		const struct cmp_scenario *cs = &r->scen[i];

		rows[i].label = cs->name;
		rows[i].mark = cs->kind == CMP_REGRESSED ||
			       cmp_missing_counts(cs);
		forest_cell_of(cs->base, &rows[i].cell[0]);
		forest_cell_of(cs->cand, &rows[i].cell[1]);
	}
	forest_svg(f, rows, r->n, 2, titles);
}

/* The two runs side by side. */
static void compare_run_table(FILE *f, const struct cmp_result *r)
{
	char bs[256], cs[256];

	fputs("<table><tr><th></th><th>baseline</th><th>candidate</th></tr>\n",
	      f);
	run_row(f, "results", r->base->dir, r->cand->dir);
	run_row(f, "kernel release", r->base->kernel_release,
		r->cand->kernel_release);
	run_row(f, "patch series hash", r->base->series_hash,
		r->cand->series_hash);
	run_row(f, "config hash", r->base->config_hash, r->cand->config_hash);
	run_row(f, "accelerator", r->base->accel, r->cand->accel);
	run_row(f, "PELT source", r->base->pelt_source, r->cand->pelt_source);
	run_row(f, "share function",
		results_share_function(r->base, bs, sizeof(bs)),
		results_share_function(r->cand, cs, sizeof(cs)));
	run_row(f, "host status", r->base->host_status, r->cand->host_status);
	fputs("<tr><th>scenarios</th>", f);
	counts_cell(f, r->base);
	counts_cell(f, r->cand);
	fputs("</tr>\n</table>\n", f);
}

/* One scenario's row: change, name, verdicts, why. */
static void compare_scenario_row(FILE *f, const struct cmp_scenario *cs)
{
	bool bad = cs->kind == CMP_REGRESSED || cmp_missing_counts(cs);

	fprintf(f, "<tr%s><td><b>%s</b></td><td><b>", bad ?
		" class=\"bad\"" : "", cmp_kind_name(cs->kind));
	xml_puts(f, cs->name);
	fputs("</b></td><td class=\"nw\">", f);
	if (cs->base)
		html_verdict(f, cs->vb);
	else
		fputs("\xe2\x80\x94", f);
	fputs(" \xe2\x86\x92 ", f);
	if (cs->cand)
		html_verdict(f, cs->vc);
	else
		fputs("\xe2\x80\x94", f);
	fputs("</td><td colspan=\"5\">", f);
	xml_puts(f, cs->why);
	fputs("</td></tr>\n", f);
}

int compare_html(FILE *f, const struct cmp_result *r)
{
	struct arena a = { 0 };
	bool reg = compare_regressed(r);
	char buf[256];
	int i;

	snprintf(buf, sizeof(buf), "CFS conformance compare: %s",
		 reg ? "REGRESSION" : "no regression");
	html_page_begin(f, buf);
	fputs("<h1>cgroup CPU fairness: baseline vs candidate</h1>\n", f);
	compare_banner(f, r, reg);
	compare_forest(f, &a, r);
	compare_run_table(f, r);
	fputs("<p class=\"muted\">A group's error (measured &minus; kernel "
	      "model) changed significantly when Welch's t test on the two "
	      "runs' sub-window statistics rejects no-change at the "
	      "scenario's confidence level <i>and</i> the change is at "
	      "least the minimum effect (half the tolerance unless set with "
	      "--min-effect). Worse means |error| grew.</p>\n", f);
	fputs("<h2>Scenarios (regressions first)</h2>\n<table>"
	      "<tr><th>change</th><th>scenario / group</th><th>verdict</th>"
	      "<th>baseline error [CI]</th><th>candidate error [CI]</th>"
	      "<th>change</th><th>Welch p</th><th>significance</th></tr>\n",
	      f);
	for (i = 0; i < r->n; i++) {
		const struct cmp_scenario *cs = &r->scen[i];

		compare_scenario_row(f, cs);
		group_rows(f, cs);
		if (cs->kind != CMP_SAME)
			chart(f, &a, cs);
	}
	fputs("</table>\n", f);
	html_page_end(f);
	arena_free(&a);
	return ferror(f) ? -EIO : 0;
}
