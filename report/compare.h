/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compare.h - baseline vs candidate: per scenario, the verdict change and
 * per group the change of the error against the kernel model, with a
 * Welch t test on the two runs' sub-window statistics.
 *
 * A group's error change is significant when Welch's test rejects "no
 * change" at the scenario's confidence level AND the change is at least
 * min_effect (default: half the group's tolerance). The test alone is not
 * enough: sub-windows of one run share that run's task placement, so their
 * spread understates run-to-run noise, and two runs of the same kernel
 * would otherwise "differ significantly" by a few hundredths of a point.
 */
#ifndef REPORT_COMPARE_H
#define REPORT_COMPARE_H

#include <stdbool.h>
#include <stdio.h>

#include "results.h"
#include "stats.h"

enum cmp_kind {
	CMP_REGRESSED,		/* candidate worse: fails now, or error grew */
	CMP_MISSING,		/* in baseline, not in candidate (counts as a
				 * regression when it ran in the baseline:
				 * a result other than skip) */
	CMP_NEW,		/* only in candidate */
	CMP_IMPROVED,
	CMP_STILL_FAILING,	/* failing in both, not significantly worse */
	CMP_CHANGED,		/* e.g. pass <-> skip */
	CMP_SAME,
	CMP_KIND_COUNT,
};

struct cmp_group {
	const char *path;
	const struct rep_group *base, *cand;
	struct welch w;
	bool tested;		/* Welch test possible */
	bool overlap;		/* the two CIs overlap */
	bool significant;	/* p < 1 - confidence and |diff| >= effect */
	bool worse, better;	/* significant and |error| grew / shrank */
	double min_effect;
};

struct cmp_scenario {
	const char *name;
	const struct rep_scenario *base, *cand;
	enum verdict vb, vc;	/* V_UNKNOWN when absent */
	enum cmp_kind kind;
	bool verdict_worse;
	struct cmp_group *groups;
	int n_groups;
	const char *why;	/* one line: what changed */
};

struct cmp_options {
	double min_effect;	/* fraction; <= 0: half the tolerance */
	double confidence;	/* <= 0: the scenario's, else 0.95 */
};

struct cmp_result {
	const struct rep_run *base, *cand;
	struct cmp_scenario *scen;	/* sorted: regressions first */
	int n;
	int counts[CMP_KIND_COUNT];
	bool run_worse;			/* candidate guest/runner broke */
	const char *run_why;
	struct arena arena;
};

int compare_runs(const struct rep_run *base, const struct rep_run *cand,
		 const struct cmp_options *opt, struct cmp_result *out);
void compare_free(struct cmp_result *r);

/* true when the candidate regresses (exit status of `compare`) */
bool compare_regressed(const struct cmp_result *r);

const char *cmp_kind_name(enum cmp_kind k);
/* a CMP_MISSING scenario that makes the comparison a regression */
bool cmp_missing_counts(const struct cmp_scenario *cs);

/* Terminal summary, and the HTML page (0 or -EIO). */
void compare_print(FILE *f, const struct cmp_result *r);
int compare_html(FILE *f, const struct cmp_result *r);

#endif /* REPORT_COMPARE_H */
