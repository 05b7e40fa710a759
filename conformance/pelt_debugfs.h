/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pelt_debugfs.h - PELT group state from /sys/kernel/debug/sched/debug,
 * the fallback for kernels without the series' cpu.pelt file.
 *
 * sched/debug prints one "cfs_rq[N]:/path" block per cfs_rq on the leaf
 * list of each online CPU: offline CPUs and cfs_rqs removed from the leaf
 * list (exactly the stale ones) are absent. load and se->load.weight are
 * printed scaled (<< SCHED_FIXEDPOINT_SHIFT on 64-bit); they are scaled
 * down here.
 */
#ifndef CONFORM_PELT_DEBUGFS_H
#define CONFORM_PELT_DEBUGFS_H

#include <stddef.h>

#include "pelt.h"
#include "scenario.h"

#define PELT_DEBUGFS_PATH "/sys/kernel/debug/sched/debug"

/*
 * Parse a sched/debug dump. root is the scenario root as sched/debug
 * prints it (e.g. "/conform.1"); blocks "root/<group path>" fill the
 * group of that path. Other blocks are skipped. Returns the number of
 * blocks used, or -EINVAL.
 */
int pelt_parse_debugfs(const char *buf, size_t len, const char *root,
		       const struct scenario *s, struct pelt_snap *p);

/*
 * Read PELT_DEBUGFS_PATH (or path) into *bufp (grown as needed) and parse
 * it. Returns blocks used, or -errno.
 */
int pelt_read_debugfs(const char *path, char **bufp, size_t *cap,
		      const char *root, const struct scenario *s,
		      struct pelt_snap *p);

#endif /* CONFORM_PELT_DEBUGFS_H */
