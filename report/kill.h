/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kill.h - did a run kill its kernel's mutant (make mutants,
 * docs/mutants.md)? A mutant is killed when a scenario (or a KUnit
 * suite) of its run fails, or when its guest died (panic, hang, deadline,
 * emulator or runner death: meta.json's host_status); it survives a run
 * that finished without a failure.
 */
#ifndef REPORT_KILL_H
#define REPORT_KILL_H

#include <stdio.h>

#include "results.h"

enum kill_state { KILL_SURVIVED, KILL_FAILED, KILL_DIED };

/*
 * Judge run and write one line: "killed by 3 scenarios (a, b, c)",
 * "killed: guest hang in dynamic/x after 12 scenarios (a)" or "survived
 * (58 pass, 2 skip)".
 */
enum kill_state kill_judge(FILE *f, const struct rep_run *run);

#endif /* REPORT_KILL_H */
