/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verdictline.h - a run's closing line, the same for one guest (make run)
 * and for JOBS=N guests (make run JOBS=N): from RUN_DIR/results.ktap the
 * top-level results counted (ktap.h), from RUN_DIR/meta.json the run's
 * exit code, duration and accelerator or number of guests:
 *
 *   [run] verdict: WORD (P passed, F failed, I inconclusive, S skipped;
 *         exit N) in Ds on ACCEL            (one guest)
 *         exit N) in Ds, J guests           (meta.json has "jobs")
 *
 * WORD is the exit code's (exit_code_verdict(): PASS, SKIP, INCONCLUSIVE,
 * else FAIL). "failed" counts "not ok" results that are not INCONCLUSIVE.
 */
#ifndef REPORT_VERDICTLINE_H
#define REPORT_VERDICTLINE_H

#include <stdio.h>

#include "ktapmerge.h"

struct totals;

/*
 * Count the top-level results of ktap (subtests and noise are not) with
 * the runner's totals_add(): a TIMEOUT or ERROR is an error, which the
 * verdict line counts as failed.
 */
void ktap_count(const struct lines *ktap, struct totals *t);

/*
 * Print dir's verdict line to out. Returns the run's exit code (meta.json
 * "exit_code"), or -errno when meta.json cannot be read.
 */
int verdict_line(const char *dir, FILE *out);

#endif /* REPORT_VERDICTLINE_H */
