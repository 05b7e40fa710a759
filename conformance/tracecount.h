/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracecount.h - count the series' trace events during a scenario:
 * sched_tg_load_avg_fold (a cfs_rq's change folded into tg->load_avg) and
 * sched_group_reweight (a group entity's weight changed).
 *
 * On a kernel without the series the events do not exist and nothing is
 * counted (available = false). With them, a scenario whose groups ran must
 * have folded and reweighted at least once: zero events mean a broken
 * tracepoint (or a broken fold path), and the runner says so.
 */
#ifndef CONFORM_TRACECOUNT_H
#define CONFORM_TRACECOUNT_H

#include <stdbool.h>
#include <stdint.h>

struct tracecount {
	bool available;		/* both events exist in tracefs */
	bool started;
	char dir[64];		/* tracefs mount */
	uint64_t t0_us, t1_us;
	long folds, reweights;
	long lost;		/* ring-buffer overruns: counts are lower bounds */
};

/* Clear the trace buffer and enable both events. Returns 0 or -errno. */
int trc_begin(struct tracecount *tc);
/* Disable them and count. Returns 0 or -errno. */
int trc_end(struct tracecount *tc);

#endif /* CONFORM_TRACECOUNT_H */
