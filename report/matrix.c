// SPDX-License-Identifier: GPL-2.0
/*
 * matrix.c - kernel x scenario (matrix.h).
 */
#include <errno.h>
#include <string.h>

#include "escape.h"
#include "forest.h"
#include "matrix.h"

#define MX_MAX_ROWS	1024

/* Scenario names of every run, first seen first; returns how many. */
static int row_names(const struct rep_run *runs, int n, const char **rows)
{
	int r, i, k, nr = 0;

	for (r = 0; r < n; r++)
		for (i = 0; i < runs[r].n_scen && nr < MX_MAX_ROWS; i++) {
			const char *name = runs[r].scen[i].name;

			for (k = 0; k < nr && strcmp(rows[k], name); k++)
				;
			if (k == nr)
				rows[nr++] = name;
		}
	return nr;
}

/* A column's head: the label, or the package or tree, else the release. */
static const char *col_name(const struct rep_run *run, enum matrix_head head)
{
	if (head == MATRIX_BY_LABEL && run->label && run->label[0])
		return run->label;
	if (run->kernel_source && run->kernel_source[0])
		return run->kernel_source;
	if (run->kernel_release && run->kernel_release[0])
		return run->kernel_release;
	return run->dir;
}

/* The cell's word: its verdict, or why the run has none for it. */
static const char *cell_word(const struct rep_run *run, const char *name,
			     struct forest_cell *c)
{
	const struct rep_scenario *s = results_find(run, name);

	forest_cell_of(s, c);
	if (s && s->emulator_fault)
		return "emulator-fault";
	if (s)
		return verdict_name(s->verdict);
	/* "emulator-fault" names the scenario the emulator killed alone */
	if (results_run_broken(run))
		return run->host_status && run->host_status[0] &&
		       strcmp(run->host_status, "emulator-fault") ?
		       run->host_status : "not reached";
	return "-";
}

void matrix_write_text(FILE *f, const struct rep_run *runs, int n,
		       enum matrix_head head)
{
	static const char *rows[MX_MAX_ROWS];
	struct forest_cell c;
	int nr = row_names(runs, n, rows), r, k;

	for (k = 0; k < n; k++)
		fprintf(f, "[%d] %s, cgroup_mode %s: %s\n", k + 1,
			col_name(&runs[k], head), runs[k].cgroup_mode ?
			runs[k].cgroup_mode : "smp", runs[k].dir);
	fprintf(f, "%-40s", "scenario");
	for (k = 0; k < n; k++)
		fprintf(f, " %-14d", k + 1);
	fputc('\n', f);
	for (r = 0; r < nr; r++) {
		fprintf(f, "%-40.40s", rows[r]);
		for (k = 0; k < n; k++)
			fprintf(f, " %-14.14s", cell_word(&runs[k], rows[r], &c));
		fputc('\n', f);
	}
}

static void html_head(FILE *f, const struct rep_run *runs, int n,
		      enum matrix_head head)
{
	fprintf(f, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
	        "<title>cfs-conformance: %s matrix</title><style>"
	        "body{font-family:sans-serif;font-size:13px}"
	        "table{border-collapse:collapse}td,th{border:1px solid #ccc;"
	        "padding:3px 6px}th{background:#f4f4f4;font-weight:normal}"
	        "</style></head><body>\n<h1>%s matrix</h1>\n"
	        "<table>\n<tr><th>scenario</th>",
	        head == MATRIX_BY_LABEL ? "run" : "kernel",
	        head == MATRIX_BY_LABEL ? "Run" : "Kernel");
	for (int k = 0; k < n; k++) {
		fputs("<th><a href=\"", f);
		xml_printf(f, "%s/report.html", runs[k].dir);
		fputs("\">", f);
		xml_puts(f, col_name(&runs[k], head));
		fputs("</a><br>", f);
		xml_printf(f, "cgroup_mode %s", runs[k].cgroup_mode ?
			   runs[k].cgroup_mode : "smp");
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
}

int matrix_write_html(FILE *f, const struct rep_run *runs, int n,
		      enum matrix_head head)
{
	static const char *rows[MX_MAX_ROWS];
	const char *bg, *ink, *sname, *word;
	struct forest_cell c;
	int nr = row_names(runs, n, rows), r, k;

	html_head(f, runs, n, head);
	for (r = 0; r < nr; r++) {
		fputs("<tr><td>", f);
		xml_puts(f, rows[r]);
		fputs("</td>", f);
		for (k = 0; k < n; k++) {
			word = cell_word(&runs[k], rows[r], &c);
			forest_status_style(c.status, &bg, &ink, &sname);
			fprintf(f, "<td style=\"color:%s%s%s\" title=\"", ink,
				bg ? ";background:" : "", bg ? bg : "");
			xml_puts(f, sname);
			fputs("\">", f);
			xml_puts(f, word);
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n</body></html>\n", f);
	return ferror(f) ? -EIO : 0;
}
