/* SPDX-License-Identifier: GPL-2.0 */
/*
 * knobs.h - a scenario's "sched NAME VALUE" lines: scheduler debugfs
 * knobs (/sys/kernel/debug/sched/NAME) and sched_feat switches
 * (NAME "features"), set before the scenario and restored after it.
 */
#ifndef CONFORM_KNOBS_H
#define CONFORM_KNOBS_H

#include <stddef.h>

#include "scenario.h"

struct knob_saved {
	int n;
	char old[SCN_MAX_KNOBS][SCN_KNOB_MAX];	/* value to write back */
	const struct scn_knob *k[SCN_MAX_KNOBS];
};

/*
 * Apply every knob of s. Returns 0; -ENOENT when the kernel lacks one
 * (why says which: the scenario is then a SKIP); other -errno on a failed
 * write. What was applied is restored before an error return.
 */
int knobs_apply(const struct scenario *s, struct knob_saved *sv, char *why,
		size_t len);
void knobs_restore(struct knob_saved *sv);

#endif /* CONFORM_KNOBS_H */
