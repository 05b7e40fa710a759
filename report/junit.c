// SPDX-License-Identifier: GPL-2.0
/*
 * junit.c - JUnit XML in the common (Jenkins/Ant) dialect: a testsuite
 * per scenario holding a testcase per group and one for the scenario as a
 * whole, so a dashboard names the group that failed. The shape is checked
 * against report/tests/junit.xsd by make report-tests.
 */
#include "junit.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "escape.h"

#define CLASS "cfs-conformance"

enum jcase { JC_PASS, JC_FAIL, JC_ERROR, JC_SKIP, JC_N };

struct jcount {
	int n[JC_N];
	int tests;
	double time;
};

/* INCONCLUSIVE is a failure of type "inconclusive": a non-pass. */
static enum jcase verdict_case(enum verdict v)
{
	switch (v) {
	case V_PASS:
	case V_XFAIL:		/* kselftest's XFAIL: not a failure */
		return JC_PASS;
	case V_FAIL:
	case V_INCONCLUSIVE:
		return JC_FAIL;
	case V_SKIP:
		return JC_SKIP;
	default:
		return JC_ERROR;
	}
}

/* A group failed (or, in an inconclusive scenario, was inconclusive). */
static bool group_failed(const struct rep_scenario *s)
{
	int i;

	for (i = 0; i < s->n_groups; i++)
		if (s->groups[i].verdict == V_FAIL ||
		    (s->verdict == V_INCONCLUSIVE &&
		     s->groups[i].verdict == V_INCONCLUSIVE))
			return true;
	return false;
}

static bool scen_failed(const struct rep_scenario *s)
{
	return s->verdict == V_FAIL || s->verdict == V_INCONCLUSIVE;
}

/*
 * The scenario's own testcase: what no group testcase carries (setup,
 * skip, error, incomplete, the aggregation check, kernel warnings). A
 * failure its failing groups already show is not counted twice.
 */
static enum jcase scen_case(const struct rep_scenario *s)
{
	if (scen_failed(s) && group_failed(s) && !s->n_issues &&
	    !s->n_warnings)
		return JC_PASS;
	return verdict_case(s->verdict);
}

static void count_scenario(const struct rep_scenario *s, struct jcount *c)
{
	int i;

	memset(c, 0, sizeof(*c));
	c->n[scen_case(s)]++;
	for (i = 0; i < s->n_groups; i++)
		c->n[verdict_case(s->groups[i].verdict)]++;
	c->tests = 1 + s->n_groups;
	c->time = isnan(s->duration_us) ? 0 : s->duration_us / 1e6;
}

static void suite_open(FILE *f, const char *name, const struct jcount *c)
{
	fputs(" <testsuite name=\"", f);
	xml_puts(f, name);
	fprintf(f, "\" package=\"" CLASS "\" tests=\"%d\" failures=\"%d\" "
		"errors=\"%d\" skipped=\"%d\" time=\"%.3f\">\n", c->tests,
		c->n[JC_FAIL], c->n[JC_ERROR], c->n[JC_SKIP], c->time);
}

static void case_open(FILE *f, const char *scen, const char *name)
{
	fputs("  <testcase classname=\"" CLASS, f);
	if (scen) {
		fputs(".", f);
		xml_puts(f, scen);
	}
	fputs("\" name=\"", f);
	xml_puts(f, name);
	fputs("\"", f);
}

static const char *const case_tag[JC_N] = {
	[JC_FAIL] = "failure", [JC_ERROR] = "error", [JC_SKIP] = "skipped",
};

static void group_line(FILE *f, const struct rep_group *g)
{
	xml_printf(f, "%s %s: measured %.4f, kernel model %.4f, ideal %.4f, "
		   "error %+.4f CI [%+.4f, %+.4f], tolerance %.4f\n", g->path,
		   verdict_name(g->verdict), g->measured, g->model_defined,
		   g->ideal, g->error, g->ci_lo, g->ci_hi, g->tolerance);
	if (!isnan(g->expected) && !isnan(g->exp_ci_lo))
		xml_printf(f, "expected %.4f, measured - expected CI [%+.4f, "
			   "%+.4f]\n", g->expected, g->exp_ci_lo, g->exp_ci_hi);
}

static void group_case(FILE *f, const struct rep_scenario *s,
		       const struct rep_group *g)
{
	enum jcase k = verdict_case(g->verdict);

	case_open(f, s->name, g->path);
	if (k == JC_PASS) {
		fputs(">\n   <system-out>", f);
		group_line(f, g);
		fputs("</system-out>\n  </testcase>\n", f);
		return;
	}
	fprintf(f, ">\n   <%s type=\"%s\" message=\"", case_tag[k],
		verdict_name(g->verdict));
	if (isnan(g->error))
		xml_printf(f, "group %s: %s", g->path,
			   verdict_name(g->verdict));
	else
		xml_printf(f, "group %s error %+.2f pp (CI %+.2f..%+.2f) vs "
			   "tolerance \xc2\xb1%.2f pp", g->path, g->error * 100,
			   g->ci_lo * 100, g->ci_hi * 100, g->tolerance * 100);
	fputs("\">", f);
	group_line(f, g);
	fprintf(f, "</%s>\n  </testcase>\n", case_tag[k]);
}

static void scen_message(FILE *f, const struct rep_run *run,
			 const struct rep_scenario *s)
{
	const struct rep_group *g = results_worst_group(s);

	if (s->emulator_fault) {
		xml_printf(f, "no verdict: emulator fault (an int3 in patched "
			   "kernel text run by QEMU's TCG), guest stopped here");
		return;
	}
	if (s->verdict == V_INCOMPLETE) {
		xml_printf(f, "scenario started but produced no result%s%s",
			   s->died_here ? ": guest stopped here, host status " :
			   "", s->died_here && run->host_status ?
			   run->host_status : "");
		return;
	}
	if (scen_failed(s) && group_failed(s))
		/* the groups' own testcases carry their failure */
		xml_printf(f, "%d aggregation issue(s), %d kernel warning(s)",
			   s->n_issues, s->n_warnings);
	else if (s->reason && *s->reason)
		xml_puts(f, s->reason);
	else if (g && !isnan(g->error))
		xml_printf(f, "group %s error %+.2f pp (CI %+.2f..%+.2f) vs "
			   "tolerance %.2f pp", g->path, g->error * 100,
			   g->ci_lo * 100, g->ci_hi * 100, g->tolerance * 100);
	else
		xml_printf(f, "verdict %s", verdict_name(s->verdict));
}

static void scen_details(FILE *f, const struct rep_scenario *s)
{
	int i;

	for (i = 0; i < s->n_issues; i++)
		xml_printf(f, "aggregation issue: %s cpu %d %s amount %.0f "
			   "%s\n",
			   s->issues[i].group ? s->issues[i].group : "?",
			   s->issues[i].cpu,
			   s->issues[i].kind ? s->issues[i].kind : "?",
			   s->issues[i].amount,
			   s->issues[i].detail ? s->issues[i].detail : "");
	for (i = 0; i < s->n_warnings; i++) {
		fputs("kernel warning: ", f);
		xml_puts(f, s->warnings[i]);
		fputs("\n", f);
	}
}

static void scen_case_write(FILE *f, const struct rep_run *run,
			    const struct rep_scenario *s, double time)
{
	enum jcase k = scen_case(s);
	int i;

	case_open(f, s->name, s->kernel_test ? "(kunit suite)" : "(scenario)");
	fprintf(f, " time=\"%.3f\">\n", time);
	if (k == JC_SKIP) {
		fputs("   <skipped message=\"", f);
		xml_puts(f, s->reason);
		fputs("\"/>\n", f);
	} else if (k != JC_PASS) {
		fprintf(f, "   <%s type=\"%s\" message=\"", case_tag[k],
			verdict_name(s->verdict));
		scen_message(f, run, s);
		fputs("\">", f);
		scen_details(f, s);
		fprintf(f, "</%s>\n", case_tag[k]);
	}
	if (s->n_diagnostics || (k == JC_PASS && s->n_warnings)) {
		fputs("   <system-out>", f);
		for (i = 0; i < s->n_diagnostics; i++) {
			xml_puts(f, s->diagnostics[i]);
			fputs("\n", f);
		}
		if (k == JC_PASS)
			scen_details(f, s);
		fputs("</system-out>\n", f);
	}
	fputs("  </testcase>\n", f);
}

static void scenario_suite(FILE *f, const struct rep_run *run,
			   const struct rep_scenario *s)
{
	struct jcount c;
	int i;

	count_scenario(s, &c);
	suite_open(f, s->name, &c);
	scen_case_write(f, run, s, c.time);
	for (i = 0; i < s->n_groups; i++)
		group_case(f, s, &s->groups[i]);
	fputs(" </testsuite>\n", f);
}

static void properties(FILE *f, const struct rep_run *run)
{
	char share[256];
	const char *const k[] = {
		"kernel_release", "series_hash", "config_hash", "accel",
		"pelt_source", "cgroup_mode", "host_status", "run_id",
	};
	const char *const v[] = {
		run->kernel_release, run->series_hash, run->config_hash,
		run->accel, run->pelt_source,
		results_share_function(run, share, sizeof(share)),
		run->host_status, run->run_id,
	};
	size_t i;

	fputs("  <properties>\n", f);
	for (i = 0; i < sizeof(k) / sizeof(k[0]); i++) {
		if (!v[i])
			continue;
		fprintf(f, "   <property name=\"%s\" value=\"", k[i]);
		xml_puts(f, v[i]);
		fputs("\"/>\n", f);
	}
	fputs("  </properties>\n", f);
}

/* The run itself: did the guest and the runner finish? */
static void run_suite(FILE *f, const struct rep_run *run, bool broken)
{
	struct jcount c = { .tests = 1 };
	int i;

	c.n[broken ? JC_ERROR : JC_PASS] = 1;
	suite_open(f, "run", &c);
	properties(f, run);
	case_open(f, NULL, "run");
	fputs(">\n", f);
	if (broken) {
		fputs("   <error type=\"incomplete\" message=\"", f);
		if (run->host_status && strcmp(run->host_status, "ok"))
			xml_printf(f, "guest stopped: %s%s%s", run->host_status,
				   run->last_scenario ? " during " : "",
				   run->last_scenario ?
				   run->last_scenario : "");
		else
			xml_puts(f, "the runner did not finish (no run_end)");
		fputs("\">", f);
		for (i = 0; i < run->n_problems; i++) {
			xml_puts(f, run->problems[i]);
			fputs("\n", f);
		}
		fputs("</error>\n", f);
	}
	fputs("  </testcase>\n </testsuite>\n", f);
}

int junit_write(FILE *f, const struct rep_run *run)
{
	bool broken = results_run_broken(run);
	struct jcount all = { .tests = 1 }, c;
	int i, k;

	all.n[broken ? JC_ERROR : JC_PASS] = 1;
	for (i = 0; i < run->n_scen; i++) {
		count_scenario(&run->scen[i], &c);
		for (k = 0; k < JC_N; k++)
			all.n[k] += c.n[k];
		all.tests += c.tests;
		all.time += c.time;
	}
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fputs("<testsuites name=\"" CLASS, f);
	if (run->kernel_release) {
		fputs(" ", f);
		xml_puts(f, run->kernel_release);
	}
	/* no "skipped" here: Jenkins' xunit schema has none on testsuites */
	fprintf(f, "\" tests=\"%d\" failures=\"%d\" errors=\"%d\" "
		"time=\"%.3f\">\n", all.tests, all.n[JC_FAIL],
		all.n[JC_ERROR], all.time);
	run_suite(f, run, broken);
	for (i = 0; i < run->n_scen; i++)
		scenario_suite(f, run, &run->scen[i]);
	fputs("</testsuites>\n", f);
	return ferror(f) ? -EIO : 0;
}
