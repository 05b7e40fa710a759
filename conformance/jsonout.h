/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jsonout.h - the JSON Lines results stream (conformance/RESULTS.md):
 * one object per line, each written with a single write(2) as soon as it
 * is complete.
 */
#ifndef CONFORM_JSONOUT_H
#define CONFORM_JSONOUT_H

#include <stdint.h>

#include "kmsg.h"
#include "sampler.h"
#include "scenario.h"
#include "verdict.h"

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
};

struct totals {
	int pass, fail, skip, error;
};

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
		 const struct scn_result *r, uint64_t duration_us,
		 const struct kmsg_report *km);
/* A result without analysis (skip, error, timeout). */
void jout_result_bare(int index, const char *name, enum verdict v,
		      const char *reason, uint64_t duration_us);
void jout_run_end(const struct totals *t, int exit_code,
		  uint64_t duration_us);

#endif /* CONFORM_JSONOUT_H */
