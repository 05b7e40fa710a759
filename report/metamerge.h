/* SPDX-License-Identifier: GPL-2.0 */
/*
 * metamerge.h - the exit code and meta.json of a `make run JOBS=N` from
 * its shards' (cfsreport shard-meta and shard-jsonl, called by
 * initramfs/shard-merge.sh).
 *
 * The same merge puts together the boots of a run that continued after
 * an emulator fault (initramfs/continue.sh): each boot is a shard, run
 * one after the other.
 *
 * Exit code: the first shard's guest-level code (2, 3, 10-20) if any
 * shard stopped other than by an emulator fault, else 15 if the emulator
 * killed a shard's guest, else the contract's rank over the shards
 * (exit.c): 1 if any failed, 5 if any was inconclusive, 4 if every shard
 * skipped all, else 0. A shard's code is RUN_DIR/shards/sK.rc (shard.sh
 * and continue.sh write it).
 *
 * meta.json: shard 0's (the first shard that left one), with run_id the
 * run directory's name, label without "-s0", jobs, runner_exit (null when
 * a shard's guest stopped), exit_code, host_status (the first shard's
 * that is not "ok", one that is not "emulator-fault" first),
 * last_scenario (that shard's, else the first shard's that has one),
 * duration_s, shards: one {run_id, host_cpus, runner_exit, host_status,
 * last_scenario, duration_s} a shard that left a meta.json, then
 * emulator_faults (every shard's, in order), last_scenario_index null
 * and guest_death (the stopped shard's).
 */
#ifndef REPORT_METAMERGE_H
#define REPORT_METAMERGE_H

#include <stdio.h>

/* The merged exit code of run_dir's jobs shards. */
int shard_exit_code(const char *run_dir, int jobs);

/*
 * The merged meta.json to out; shard_dirs[k] is shard k's results
 * directory, or "-" when it left none. 0 or -errno.
 */
int shard_meta_merge(const char *run_dir, int jobs, int duration,
		     char *const *shard_dirs, FILE *out);

#endif /* REPORT_METAMERGE_H */
