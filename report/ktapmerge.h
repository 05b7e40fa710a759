/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktapmerge.h - KTAP streams put together on the host, in C rather than
 * awk (cfsreport subcommands, called by initramfs/qemu-run.sh and
 * initramfs/shard-merge.sh):
 *
 *   splice     the guest console -> results.ktap: the runner's KTAP lines,
 *              then each KUnit suite /init copied between "[init] kunit:"
 *              markers as one more top-level test, numbered after the
 *              runner's plan (which grows by their number), the totals
 *              line counting them; other console lines are dropped
 *   failed     the KUnit suites of the console that failed
 *   shard      JOBS shards' results.ktap -> one stream: one plan, results
 *              renumbered in shard order, the KUnit suites once (from the
 *              first shard where one failed, else the first), one totals
 *
 * Lines are kept as they are (the console's '\r' dropped); a result line
 * that is renumbered is re-spaced with single spaces, as awk did.
 */
#ifndef REPORT_KTAPMERGE_H
#define REPORT_KTAPMERGE_H

#include <stdbool.h>
#include <stdio.h>

struct lines {
	char **v;
	int n, cap;
};

/* Read f into l, one entry per line, without '\n' and '\r'. 0 or -errno. */
int lines_read(FILE *f, struct lines *l);
int lines_add(struct lines *l, const char *s);
void lines_free(struct lines *l);

/*
 * The n-th (0-based) field of s, fields split by runs of blanks (awk's
 * $(n + 1)), into buf; "" when s has fewer.
 */
void ktap_field(const char *s, int n, char *buf, size_t len);

/* The spliced KTAP of console (see above) to out. 0 or -errno. */
int ktap_splice(const struct lines *console, FILE *out);

/* The failed KUnit suites' names, space-separated, to out. */
void ktap_kunit_failed(const struct lines *console, FILE *out);

/*
 * The runner's own stream in a shard's results.ktap: from the last
 * "KTAP version" whose plan is followed by "# conform " to the end.
 * Returns its first line's index, or -1.
 */
int ktap_runner_start(const struct lines *ktap);

/* A shard: its results.ktap, scenarios (its run_start's), host CPUs. */
struct ktap_shard {
	const char *name;		/* results directory's base name */
	struct lines ktap;
	int nscen;
	int span;			/* the run's scenarios it accounts for:
					 * nscen, or fewer for a boot that the
					 * next boot continued (continue.sh) */
	const char *hostcpus;
	int present;			/* 0: the shard left no results */
};

/* The scenarios of a shard: run_start's "scenarios", else its plan, else 0. */
int ktap_shard_nscen(const char *jsonl_path, const struct lines *ktap);

/* The merged KTAP of the jobs shards of a make run JOBS=jobs, to out. */
int ktap_shard_merge(const struct ktap_shard *sh, int jobs, FILE *out);

#endif /* REPORT_KTAPMERGE_H */
