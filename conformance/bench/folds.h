/* SPDX-License-Identifier: GPL-2.0 */
/*
 * folds.h - count sched_tg_load_avg_fold events (patch 0003) without
 * reading them: with only that event enabled, every event written since
 * the buffer was cleared is either still in a per-CPU buffer ("entries")
 * or was overwritten ("overrun"), both in per_cpu/cpuN/stats. So the count
 * is exact however many folds there were, and nothing parses the trace.
 */
#ifndef CFSBENCH_FOLDS_H
#define CFSBENCH_FOLDS_H

#include <stdbool.h>

#define FOLD_EVENT	"events/sched/sched_tg_load_avg_fold/enable"

/* The tracefs directory with the fold event, or NULL (no series). */
const char *folds_tracefs(void);

/* Clear every buffer and enable only the fold event. 0 or -errno. */
int folds_start(const char *tracefs);

/* Disable it; *n = events written since folds_start. 0 or -errno. */
int folds_stop(const char *tracefs, long *n);

/* entries + overrun of one per_cpu/cpuN/stats text; -EINVAL if absent. */
int folds_parse_stats(const char *text, long *n);

#endif /* CFSBENCH_FOLDS_H */
