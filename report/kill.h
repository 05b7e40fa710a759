/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kill.h - did a run kill its kernel's mutant (make mutants,
 * docs/mutants.md)? A mutant is killed when a scenario (or a KUnit
 * suite) of its run fails, or when its guest died (panic, hang, deadline,
 * QEMU or runner death: meta.json's host_status); it survives a run
 * that finished without a failure. A guest the emulator killed
 * (host_status "emulator-fault": TCG's int3, not the kernel) decides
 * nothing unless a scenario failed: the mutant is undecided, to boot
 * again.
 */
#ifndef REPORT_KILL_H
#define REPORT_KILL_H

#include <stdio.h>

#include "results.h"

enum kill_state { KILL_SURVIVED, KILL_FAILED, KILL_DIED, KILL_UNDECIDED };

/*
 * Judge run and write one line: "killed by 3 scenarios (a, b, c)",
 * "killed: guest hang in dynamic/x after 12 scenarios (a)", "survived
 * (58 pass, 2 skip)" or "undecided: emulator fault in x after 12
 * scenarios".
 */
enum kill_state kill_judge(FILE *f, const struct rep_run *run);

#endif /* REPORT_KILL_H */
