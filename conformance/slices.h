/* SPDX-License-Identifier: GPL-2.0 */
/*
 * slices.h - CFS slice length for the run (debugfs sched/latency_ns,
 * min_granularity_ns, wakeup_granularity_ns), set at start and restored
 * at the end.
 *
 * Why: the long-run split CFS gives groups does not depend on the slice
 * length, but how far a group's CPU time may lead or lag its share at any
 * instant does (about one slice per level of nesting). Shorter slices
 * make the split converge within the measurement's sub-windows, which
 * narrows the confidence interval without touching the tolerance
 * (measured under TCG: CI half-widths 2-4x narrower with 3 ms instead of
 * the 12 ms default of a 2-CPU guest). The values used are reported in
 * the results; --slice-latency-us 0 keeps the kernel's own.
 *
 * EEVDF kernels (6.6 and later) have none of the three knobs: their one
 * slice knob, sched/base_slice_ns, is what min_granularity_ns was renamed
 * to, so there the runner sets it to latency / 8 as it sets
 * min_granularity on CFS, and reports it.
 */
#ifndef CONFORM_SLICES_H
#define CONFORM_SLICES_H

#include <stdbool.h>

struct slices {
	bool applied;
	bool eevdf;		/* only sched/base_slice_ns exists */
	unsigned long old_latency, old_min_gran, old_wakeup;	/* ns */
	unsigned long latency, min_gran, wakeup;		/* ns, in effect */
	unsigned long old_base_slice, base_slice;		/* ns, EEVDF */
};

/*
 * latency_ns 0: only read the kernel's values. Otherwise set latency_ns,
 * min_granularity = latency / 8 and wakeup_granularity = latency / 6 (the
 * kernel's own default ratios); on EEVDF base_slice = latency / 8 and the
 * three CFS values stay 0. Returns 0, or -errno when the knobs are
 * missing (no debugfs, !SCHED_DEBUG): the run then goes on with the
 * kernel's values, which the caller reports.
 */
int slices_apply(struct slices *sl, unsigned long latency_ns);
void slices_restore(const struct slices *sl);

#endif /* CONFORM_SLICES_H */
