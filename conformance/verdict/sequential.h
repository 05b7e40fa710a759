/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sequential.h - the sequential verdict: look at the window as it grows
 * and stop as soon as the evidence is clear (docs/verdict.md).
 *
 * After the warm-up the runner analyses the window [start, start + L) at
 * L = 0.75 s, 1 s, 1.5 s, 2 s, ... (every SEQ_STEP_US), at most SEQ_MAX_LOOKS
 * looks, the last at max_measure (the scenario key, default
 * SCN_MAX_MEASURE_FACTOR x the scenario's measure). Each look takes its intervals at confidence
 * 1 - (1 - c) / K for K looks (Bonferroni: the chance that any look's
 * interval misses the truth stays <= 1 - c), and a lag interval's
 * standard error multiplied by the lag inflation (the run-to-run spread
 * `make flake` measured over the spread one run claims). Then:
 *
 *   every group's interval inside +-tolerance       PASS
 *   any group's interval entirely outside it,
 *   or the aggregation check failed                 FAIL
 *   otherwise                                       next look; after the
 *                                                   last: INCONCLUSIVE
 *
 * The fixed-window mode (runner --fixed-window) is one look at measure,
 * at confidence c, no inflation, and FAIL where the interval is not
 * inside: the verdict as it was before.
 */
#ifndef CONFORM_SEQUENTIAL_H
#define CONFORM_SEQUENTIAL_H

#include <stdbool.h>
#include <stdint.h>

#include "scenario/scenario.h"
#include "verdict/verdict.h"

#define SEQ_MAX_LOOKS		8
/*
 * An early look at 0.75 s, then 1 s and every 0.5 s. At 1 s, 40 of the
 * 57 results of a correct default-suite run (patched 6.1, 2 vCPUs)
 * passed with a bound (|error| + half-width) under 0.75 of the tolerance:
 * a lag interval narrows as 1 / window, so most of them pass at 0.75 s.
 * The look costs one Bonferroni share (7 -> 8 looks at max_measure 4 s).
 */
#define SEQ_EARLY_US		750000ull	/* the early look's window */
#define SEQ_FIRST_US		1000000ull	/* the first regular look's */
#define SEQ_STEP_US		500000ull	/* between looks */
/*
 * An aggregation finding ends the run before the last look only when its
 * group had this many PELT samples checked: what a fixed 2 s window has
 * with the debugfs source (a read every 250 ms). At the first look there
 * are 4, where two torn debugfs reads meet "half of them, twice"
 * (docs/lab/2026-12-07-runner-verdict-notes.md).
 */
#define SEQ_AGG_MIN_CHECKED	8
/*
 * 1 / 0.46: the steady (lag) interval's half-width is widened by this
 * factor, the inverse of the smallest ratio of the claimed to the
 * observed spread over a correct kernel's repeated runs
 * (docs/repeatability.md; docs/lab/2026-12-07-runner-verdict-notes.md).
 */
#define SEQ_LAG_INFLATION	2.2

/*
 * The looks' analyses run in the scenario process while the workload
 * runs, and take CPU from it (hundreds of ms a look for hundreds of
 * groups under TCG; docs/lab/2026-12-07-runner-verdict-notes.md). A
 * look is skipped while the analyses so far took more than this
 * fraction of the window: fewer looks than planned keep the Bonferroni
 * bound (it only gets more conservative).
 */
#define SEQ_LOOK_BUDGET		0.05

/* The runner's choices (conform --fixed-window, --lag-inflation=F). */
struct seq_opts {
	bool fixed_window;
	double lag_inflation;		/* >= 1 */
};

/* One scenario's looks. */
struct seq_plan {
	bool sequential;		/* false: the fixed window */
	int nlooks;
	uint64_t look_us[SEQ_MAX_LOOKS];	/* window lengths */
	uint64_t max_measure_us;
	double confidence;		/* the scenario's */
	double look_confidence;		/* each look's, before inflation */
	double inflation;		/* of lag intervals; 1: none */
};

/* What the result record and the KTAP block say about the looks. */
struct seq_outcome {
	bool sequential;
	int look;			/* the deciding look, 1-based */
	int looks;			/* planned */
	uint64_t time_to_verdict_us;	/* its window length */
	uint64_t max_measure_us;
	double ci_confidence;		/* each look's, Bonferroni */
	double ci_inflation;		/* applied: 1 unless a lag interval */
	uint64_t cost_us;		/* CPU time of the looks' analyses */
	int skipped;			/* looks over SEQ_LOOK_BUDGET */
};

/* How one interval lies against +-tol. */
enum seq_call {
	SEQ_INSIDE,
	SEQ_OUTSIDE,			/* entirely outside */
	SEQ_OPEN,			/* straddles a bound */
};

void seq_opts_default(struct seq_opts *o);

/*
 * Scenario s's looks, as the runner takes them and as the error-rate
 * simulation of test_sequential.c looks: no look shorter than windows x
 * sample but the last (see seq_plan_from()). The one place that turns a
 * scenario into its plan.
 */
void seq_plan_scenario(struct seq_plan *p, const struct seq_opts *o,
		       const struct scenario *s);

/*
 * The same, with no look shorter than min_look_us but the last: the
 * runner passes windows x sample, the shortest window with all its
 * sub-windows: a shorter look has too few intervals (degrees of
 * freedom) to pass, and its cost would make SEQ_LOOK_BUDGET skip the
 * looks after it (docs/lab/2026-12-07-runner-verdict-notes.md).
 */
void seq_plan_from(struct seq_plan *p, const struct seq_opts *o,
		   uint64_t measure_us, uint64_t max_measure_us,
		   double confidence, uint64_t min_look_us);

/*
 * The confidence to analyse a look with so that its intervals come out
 * at p->look_confidence with the standard error multiplied by p->inflation
 * (lag: the window's ci_method is VD_CI_LAG), for df degrees of freedom.
 * Both interval kinds scale one standard error by t(confidence, df).
 */
double seq_analysis_confidence(const struct seq_plan *p, bool lag, int df);

enum seq_call seq_classify(double lo, double hi, double tol);

/*
 * The verdict of look @look (0-based) on its analysed result @r (of
 * vd_analyze(), at seq_analysis_confidence()): true when it is final;
 * then r->v and r->reason are the scenario's (PASS, FAIL, ERROR, or at
 * the last look INCONCLUSIVE).
 */
bool seq_decide(const struct seq_plan *p, int look, const struct scenario *s,
		struct scn_result *r);

/*
 * vd_analyze() of the window [start, start + look_us[look]) of @in at
 * the look's confidence, then seq_decide(). @scratch is a copy of in->s
 * (its confidence is set per look). Returns seq_decide()'s.
 */
bool seq_look(const struct seq_plan *p, int look, const struct vd_input *in,
	      struct scenario *scratch, struct scn_result *r);

/*
 * Group g's own verdict in r: PASS, FAIL, or INCONCLUSIVE (r is, and g's
 * intervals are not entirely outside the tolerance).
 */
enum verdict seq_group_verdict(const struct scenario *s,
			       const struct scn_result *r, int g);

/* The outcome of plan p decided at look (0-based) with result r. */
void seq_outcome_fill(const struct seq_plan *p, int look,
		      const struct scn_result *r, struct seq_outcome *o);

#endif /* CONFORM_SEQUENTIAL_H */
