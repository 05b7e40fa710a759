/* SPDX-License-Identifier: GPL-2.0 */
/*
 * output.h - the output room: KTAP on stdout and JSON Lines for the host.
 *
 */
#ifndef CONFORM_OUTPUT_H
#define CONFORM_OUTPUT_H

#include <stdint.h>
#include <stdio.h>

#include "contract/contract.h"
#include "kernel/kernel.h"
#include "sample/sample.h"
#include "scenario/scenario.h"
#include "verdict/sequential.h"
#include "verdict/verdict.h"

/*
 * ktap.c - KTAP v1 on stdout: one result per scenario, one subtest per
 * group, "# " diagnostics. stdout must be line-buffered (main does it).
 */

void ktap_header(FILE *f, int n);

/* "# " diagnostic at the given nesting level (0 top, 1 subtest). */
void ktap_diag(FILE *f, int level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* The indented subtest block of one analysed scenario (sq: NULL, none). */
void ktap_subtests(FILE *f, const struct scenario *s,
		   const struct scn_result *r, const struct seq_outcome *sq);

/*
 * "ok N name" / "not ok N name # SKIP|TIMEOUT|ERROR|INCONCLUSIVE reason".
 * INCONCLUSIVE is not a KTAP directive: to a KTAP consumer the line is a
 * "not ok", a non-pass (kselftest and KUnit parsers count it failed).
 */
void ktap_result(FILE *f, int n, const char *name, enum verdict v,
		 const char *reason, int timeout);

/* "# Totals: pass:N fail:N xfail:0 xpass:0 skip:N error:N inconclusive:N" */
void ktap_totals(FILE *f, const struct totals *t);

/*
 * jsonout.c - the JSON Lines results stream (docs/results-schema.md):
 * one object per line, each written with a single write(2) as soon as it
 * is complete.
 */

struct json_object;

struct run_info {
	const char *runner_version;
	char kernel_release[128];
	char kernel_version[256];
	char cmdline[1024];
	int cpus_online;
	int cpus_possible;
	const char *pelt_source;
	char clocksource[64];
	int scenarios;
	int sample_ms;			/* --sample-ms override, 0: none */
	bool slices_known;		/* the slice knobs could be read */
	bool slices_set;		/* the runner set them (else kernel's) */
	unsigned long sched_latency_ns, sched_min_granularity_ns;
	unsigned long sched_wakeup_granularity_ns;
	bool sched_eevdf;		/* EEVDF: only base_slice_ns exists */
	unsigned long sched_base_slice_ns;
	/* sched/cgroup_mode: in effect (NULL: unknown), the kernel's (NULL:
	 * no such file), whether the runner set it for the run */
	const char *cgroup_mode, *cgroup_mode_kernel;
	bool cgroup_mode_set;
};

/* struct totals, totals_add() and totals_exit_code(): contract.h */

/* fd < 0: every call is a no-op. */
void jout_set_fd(int fd);
int jout_fd(void);

/* Write obj as one line and release it. Returns 0 or -errno. */
int jout_emit(struct json_object *obj);

void jout_run_start(const struct run_info *ri);
void jout_scenario_start(int index, const struct scenario *s);
/* Per group and CPU: the thinned PELT time series. */
void jout_series(const struct scenario *s, const struct sample_set *ss);
void jout_result(int index, const struct scenario *s,
		 const struct scn_result *r, const struct seq_outcome *sq,
		 uint64_t duration_us, const struct kmsg_report *km);
/* A result without analysis (skip, error, timeout). */
void jout_result_bare(int index, const char *name, enum verdict v,
		      const char *reason, uint64_t duration_us);
void jout_run_end(const struct totals *t, int exit_code,
		  uint64_t duration_us);

#endif /* CONFORM_OUTPUT_H */
