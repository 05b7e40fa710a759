// SPDX-License-Identifier: GPL-2.0
/*
 * ktap.c - KTAP v1 writer.
 */
#include <stdarg.h>
#include <string.h>

#include "output/output.h"

void ktap_header(FILE *f, int n)
{
	fprintf(f, "KTAP version 1\n1..%d\n", n);
	fflush(f);
}

void ktap_diag(FILE *f, int level, const char *fmt, ...)
{
	va_list ap;

	fprintf(f, "%s# ", level ? "    " : "");
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fputc('\n', f);
}

/* KTAP descriptions must not contain '#' or newlines. */
static void clean(char *dst, size_t len, const char *src)
{
	size_t i;

	for (i = 0; src[i] && i + 1 < len; i++)
		dst[i] = (src[i] == '#' || src[i] == '\n') ? ' ' : src[i];
	dst[i] = '\0';
}

/* Which look decided, at what confidence. */
static void ktap_looks(FILE *f, const struct seq_outcome *sq)
{
	if (!sq)
		return;
	if (!sq->sequential) {
		ktap_diag(f, 1, "fixed window (--fixed-window)");
		return;
	}
	ktap_diag(f, 1, "sequential: look %d of %d, window %.1f s of at most "
		  "%.1f s, confidence %.5f per look, lag SE x %.2f", sq->look,
		  sq->looks, sq->time_to_verdict_us / 1e6,
		  sq->max_measure_us / 1e6, sq->ci_confidence,
		  sq->ci_inflation);
}

/* A group's subtest: not ok with INCONCLUSIVE when it decided nothing. */
static void ktap_group(FILE *f, const struct scenario *s,
		       const struct scn_result *r, int g)
{
	enum verdict v = seq_group_verdict(s, r, g);
	char name[SCN_PATH_MAX];

	clean(name, sizeof(name), s->groups[g].path);
	fprintf(f, "    %sok %d %s%s\n",
		v == V_PASS || v == V_XFAIL ? "" : "not ", g + 1, name,
		v == V_INCONCLUSIVE ? " # INCONCLUSIVE" :
		v == V_XFAIL ? " # XFAIL" : "");
}

void ktap_subtests(FILE *f, const struct scenario *s,
		   const struct scn_result *r, const struct seq_outcome *sq)
{
	int g, i;

	/* As KUnit: version line, then the name, then the plan. */
	fprintf(f, "    KTAP version 1\n    # Subtest: %s\n    1..%d\n",
		s->name, s->ngroups);
	ktap_diag(f, 1, "source %s, window %llu+%llu us, %d sub-windows of "
		  "%d intervals, confidence %.2f, tolerance %.4f",
		  pelt_source_name(r->src),
		  (unsigned long long)r->win_start_us,
		  (unsigned long long)r->win_len_us, r->subwindows,
		  r->intervals, s->confidence, s->tolerance);
	ktap_looks(f, sq);
	for (i = 0; i < r->ncpus && i < SCN_MAX_CPUS; i++)
		if (r->cpu_capacity[i] > 0)
			ktap_diag(f, 1, "cpu%d capacity %.4f", i,
				  r->cpu_capacity[i]);
	for (g = 0; g < s->ngroups; g++) {
		const struct grp_result *gr = &r->g[g];

		ktap_diag(f, 1, "%s: measured %.4f (%.4f CPUs) model %.4f "
			  "(computed %.4f, se %.4f) ideal %.4f",
			  s->groups[g].path, gr->measured, gr->measured_cpu,
			  gr->model[KM_DEFINED], gr->model[KM_COMPUTED],
			  gr->model[KM_SE], gr->ideal);
		ktap_diag(f, 1, "%s: error %+.4f CI [%+.4f, %+.4f] "
			  "(+-%.4f, %s) intent deviation %+.4f",
			  s->groups[g].path, gr->err.mean, gr->err.lo,
			  gr->err.hi, gr->err.half_width,
			  r->ci_method == VD_CI_LAG ? "lag" : "sub-windows",
			  gr->intent_dev);
		if (gr->has_expected)
			ktap_diag(f, 1, "%s: expected %.4f, measured - "
				  "expected CI [%+.4f, %+.4f]",
				  s->groups[g].path, gr->expected,
				  gr->exp_err.lo, gr->exp_err.hi);
		ktap_group(f, s, r, g);
	}
	ktap_diag(f, 1, "aggregation %s (%d samples checked), model "
		  "disagreement computed %.4f se %.4f",
		  r->agg_ok ? "ok" : "BROKEN", r->agg_checked,
		  r->model_disagreement, r->se_disagreement);
	ktap_diag(f, 1, "sampler: %d samples, %llu us CPU, overhead %.3f%% "
		  "of one CPU", r->samples,
		  (unsigned long long)r->sampler_cpu_us,
		  100.0 * r->sampler_overhead);
	for (i = 0; i < r->ndiag; i++)
		ktap_diag(f, 1, "%s", r->diag[i]);
	fflush(f);
}

void ktap_result(FILE *f, int n, const char *name, enum verdict v,
		 const char *reason, int timeout)
{
	char cn[SCN_NAME_MAX], cr[256];

	clean(cn, sizeof(cn), name);
	clean(cr, sizeof(cr), reason ? reason : "");
	switch (v) {
	case V_PASS:
		fprintf(f, "ok %d %s\n", n, cn);
		break;
	case V_SKIP:
		fprintf(f, "ok %d %s # SKIP %s\n", n, cn, cr);
		break;
	case V_FAIL:
		if (cr[0])
			ktap_diag(f, 0, "%s: %s", cn, cr);
		fprintf(f, "not ok %d %s\n", n, cn);
		break;
	case V_INCONCLUSIVE:
		fprintf(f, "not ok %d %s # INCONCLUSIVE %s\n", n, cn, cr);
		break;
	case V_XFAIL:	/* kselftest's: ok, the directive says why */
		fprintf(f, "ok %d %s # XFAIL %s\n", n, cn, cr);
		break;
	default:
		fprintf(f, "not ok %d %s # %s %s\n", n, cn,
			timeout ? "TIMEOUT" : "ERROR", cr);
		break;
	}
	fflush(f);
}

void ktap_totals(FILE *f, const struct totals *t)
{
	fprintf(f, "# Totals: pass:%d fail:%d xfail:%d xpass:0 skip:%d "
		"error:%d inconclusive:%d\n", t->pass, t->fail, t->xfail,
		t->skip, t->error, t->inconclusive);
	fflush(f);
}
