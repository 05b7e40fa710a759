/* SPDX-License-Identifier: GPL-2.0 */
/*
 * benchcg.h - the benchmark's cgroup v2 directories: made with mkdir(2),
 * the cpu controller enabled on the way down, tasks moved by writing to
 * cgroup.procs. Everything lives under BCG_ROOT so one walk removes it.
 */
#ifndef CFSBENCH_BENCHCG_H
#define CFSBENCH_BENCHCG_H

#include <stddef.h>
#include <sys/types.h>

#define BCG_MNT		"/sys/fs/cgroup"
#define BCG_ROOT	BCG_MNT "/cfsbench"

/*
 * Create BCG_ROOT/rel (rel: "a/b/c") and every missing parent, enabling
 * +cpu in the subtree_control of each parent (the mount root included).
 * Returns 0 or -errno; err names the path that failed.
 */
int bcg_make(const char *rel, char *err, size_t len);

/* mkdir BCG_ROOT/rel only (its parent made by bcg_make). 0 or -errno. */
int bcg_mkdir(const char *rel);

/* Move pid (0: the caller) into BCG_ROOT/rel ("" = the mount root). */
int bcg_move(const char *rel, pid_t pid);

/* Remove BCG_ROOT/rel and, deepest first, what is below it. */
int bcg_remove(const char *rel);

#endif /* CFSBENCH_BENCHCG_H */
