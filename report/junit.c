// SPDX-License-Identifier: GPL-2.0
/*
 * junit.c - JUnit XML in the common (Jenkins/GitLab) dialect.
 */
#include "junit.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "escape.h"

static void group_lines(FILE *f, const struct rep_scenario *s)
{
	int i;

	for (i = 0; i < s->n_groups; i++) {
		const struct rep_group *g = &s->groups[i];

		xml_printf(f, "%s %s: measured %.4f, kernel model %.4f, ideal "
			   "%.4f, error %+.4f CI [%+.4f, %+.4f], tolerance "
			   "%.4f\n", g->path, verdict_name(g->verdict),
			   g->measured, g->model_defined, g->ideal, g->error,
			   g->ci_lo, g->ci_hi, g->tolerance);
	}
	for (i = 0; i < s->n_issues; i++)
		xml_printf(f, "aggregation issue: %s cpu %d %s amount %.0f %s\n",
			   s->issues[i].group ? s->issues[i].group : "?",
			   s->issues[i].cpu,
			   s->issues[i].kind ? s->issues[i].kind : "?",
			   s->issues[i].amount,
			   s->issues[i].detail ? s->issues[i].detail : "");
}

static void message(FILE *f, const struct rep_run *run,
		    const struct rep_scenario *s)
{
	const struct rep_group *g = results_worst_group(s);

	if (s->verdict == V_INCOMPLETE) {
		xml_printf(f, "scenario started but produced no result%s%s",
			   s->died_here ? ": guest stopped here, host status " :
			   "", s->died_here && run->host_status ?
			   run->host_status : "");
		return;
	}
	if (s->reason && *s->reason) {
		xml_puts(f, s->reason);
		return;
	}
	if (g && !isnan(g->error))
		xml_printf(f, "group %s error %+.2f pp (CI %+.2f..%+.2f) vs "
			   "tolerance %.2f pp", g->path, g->error * 100,
			   g->ci_lo * 100, g->ci_hi * 100, g->tolerance * 100);
	else
		xml_printf(f, "verdict %s", verdict_name(s->verdict));
}

static void testcase(FILE *f, const struct rep_run *run,
		     const struct rep_scenario *s)
{
	const char *tag = NULL;
	int i;

	fputs("  <testcase classname=\"cfs-conformance\" name=\"", f);
	xml_puts(f, s->name);
	fprintf(f, "\" time=\"%.3f\">\n", isnan(s->duration_us) ? 0 :
		s->duration_us / 1e6);
	switch (s->verdict) {
	case V_PASS:
		break;
	case V_SKIP:
		fputs("    <skipped message=\"", f);
		xml_puts(f, s->reason);
		fputs("\"/>\n", f);
		break;
	case V_FAIL:
		tag = "failure";
		break;
	default:
		tag = "error";
		break;
	}
	if (tag) {
		fprintf(f, "    <%s type=\"%s\" message=\"", tag,
			verdict_name(s->verdict));
		message(f, run, s);
		fputs("\">", f);
		group_lines(f, s);
		fprintf(f, "</%s>\n", tag);
	}
	if (s->n_diagnostics || s->n_warnings) {
		fputs("    <system-out>", f);
		for (i = 0; i < s->n_diagnostics; i++) {
			xml_puts(f, s->diagnostics[i]);
			fputs("\n", f);
		}
		for (i = 0; i < s->n_warnings; i++) {
			fputs("kernel warning: ", f);
			xml_puts(f, s->warnings[i]);
			fputs("\n", f);
		}
		fputs("</system-out>\n", f);
	}
	fputs("  </testcase>\n", f);
}

int junit_write(FILE *f, const struct rep_run *run)
{
	int c[V_COUNT], i, failures, errors;
	bool broken = results_run_broken(run);
	double t = 0;

	results_count(run, c);
	failures = c[V_FAIL];
	errors = c[V_ERROR] + c[V_INCOMPLETE] + c[V_UNKNOWN] + (broken ? 1 : 0);
	for (i = 0; i < run->n_scen; i++)
		if (!isnan(run->scen[i].duration_us))
			t += run->scen[i].duration_us / 1e6;
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f, "<testsuites tests=\"%d\" failures=\"%d\" errors=\"%d\" "
		"skipped=\"%d\" time=\"%.3f\">\n", run->n_scen + 1, failures,
		errors, c[V_SKIP], t);
	fputs(" <testsuite name=\"cfs-conformance", f);
	if (run->kernel_release) {
		fputs(" ", f);
		xml_puts(f, run->kernel_release);
	}
	fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
		"skipped=\"%d\" time=\"%.3f\"", run->n_scen + 1, failures,
		errors, c[V_SKIP], t);
	if (run->started) {
		fputs(" timestamp=\"", f);
		xml_puts(f, run->started);
		fputs("\"", f);
	}
	fputs(">\n  <properties>\n", f);
#define PROP(k, v)							\
	do {								\
		if (v) {						\
			fputs("   <property name=\"" k "\" value=\"", f); \
			xml_puts(f, v);					\
			fputs("\"/>\n", f);				\
		}							\
	} while (0)
	PROP("kernel_release", run->kernel_release);
	PROP("series_hash", run->series_hash);
	PROP("config_hash", run->config_hash);
	PROP("accel", run->accel);
	PROP("pelt_source", run->pelt_source);
	PROP("host_status", run->host_status);
	PROP("run_id", run->run_id);
#undef PROP
	fputs("  </properties>\n", f);

	/* the run itself: did the guest and the runner finish? */
	fputs("  <testcase classname=\"cfs-conformance\" name=\"run\">\n", f);
	if (broken) {
		fputs("    <error type=\"incomplete\" message=\"", f);
		if (run->host_status && strcmp(run->host_status, "ok"))
			xml_printf(f, "guest stopped: %s%s%s", run->host_status,
				   run->last_scenario ? " during " : "",
				   run->last_scenario ? run->last_scenario : "");
		else
			xml_puts(f, "the runner did not finish (no run_end)");
		fputs("\">", f);
		for (i = 0; i < run->n_problems; i++) {
			xml_puts(f, run->problems[i]);
			fputs("\n", f);
		}
		fputs("</error>\n", f);
	}
	fputs("  </testcase>\n", f);
	for (i = 0; i < run->n_scen; i++)
		testcase(f, run, &run->scen[i]);
	fputs(" </testsuite>\n</testsuites>\n", f);
	return ferror(f) ? -EIO : 0;
}
