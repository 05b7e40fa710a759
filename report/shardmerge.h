/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shardmerge.h - the results.jsonl of a `make run JOBS=N` from its shards'
 * (cfsreport shard-jsonl, called by initramfs/shard-merge.sh): every
 * record of every shard in shard order, scenario indices offset by the
 * scenarios of the shards before, shard 0's run_start alone (its
 * "scenarios" the total, "shards": 1), and one run_end summing the
 * shards' totals (only when every shard wrote one; a cut boot, which
 * died, has none and its results count in no totals), with the merged exit
 * code, the longest duration and "shards": JOBS. Lines that are not JSON
 * objects (a shard's truncated last line) are left out.
 */
#ifndef REPORT_SHARDMERGE_H
#define REPORT_SHARDMERGE_H

#include <stdio.h>

struct jsonl_shard {
	const char *dir;		/* NULL: the shard left no results */
	int nscen;			/* the run's scenarios it accounts for
					 * (ktap_shard's span) */
	int cut;			/* 1: a boot the next one continued
					 * (span < its own): no run_end */
};

int jsonl_shard_merge(const struct jsonl_shard *sh, int jobs, int exit_code,
		      FILE *out);

#endif /* REPORT_SHARDMERGE_H */
