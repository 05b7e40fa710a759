/* SPDX-License-Identifier: GPL-2.0 */
/*
 * html.h - the single-file HTML report of one run, and the page frame and
 * cell helpers the comparison page shares.
 */
#ifndef REPORT_HTML_H
#define REPORT_HTML_H

#include <stdio.h>

#include "results.h"

/* Whole report of one run. Returns 0 or -EIO when writing failed. */
int html_write_report(FILE *f, const struct rep_run *run);

/* <!DOCTYPE ...><head> with the inline stylesheet, opening <body>. */
void html_page_begin(FILE *f, const char *title);
void html_page_end(FILE *f);

/* Number cells: NAN prints an em dash. */
void html_num(FILE *f, const char *fmt, double v);
/* Fraction as percent ("33.40 %"); error as signed pp ("+0.12 pp"). */
void html_pct(FILE *f, double v);
void html_pp(FILE *f, double v);
/* A verdict badge (<span class="v v-fail">fail</span>). */
void html_verdict(FILE *f, enum verdict v);

#endif /* REPORT_HTML_H */
