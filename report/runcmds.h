/* SPDX-License-Identifier: GPL-2.0 */
/*
 * runcmds.h - the cfsreport subcommands the run scripts call for every
 * verdict-level fact, so that no script parses results itself:
 *
 *   run-meta RUN_DIR --label L --accel A --cpus N --mem M --kernel K
 *            [--kernel-meta F] [--watchdog hang|deadline] --qemu-exit N
 *            --started T --duration S --deadline S --idle S
 *            [--qemu-version V] [--tcg-thread multi|single]
 *                             meta.json of one guest, and what became of
 *                             the guest (qemu-run.sh; runfacts.h)
 *   died-in RUN_DIR           "INDEX NAME" of the scenario one guest's
 *                             boot stopped in; exit 1 when none
 *                             (continue.sh)
 *   guest-death [--accel tcg|kvm] CONSOLE_LOG
 *                             why the guest died (guestdeath.h), one
 *                             line; exit 30 emulator fault, 31 kernel
 *                             oops, 0 none (tools/jl-repro/jl-run.sh)
 *   shard-meta RUN_DIR JOBS DURATION SHARD_DIR|-...
 *                             meta.json of JOBS shards (metamerge.h)
 *   verdict RUN_DIR           the verdict line; exits with the run's
 *                             exit code (verdictline.h)
 *   ktap-counts KTAP          "PASS FAIL INCONCLUSIVE SKIP" counts
 *   lava [--kmsg]             stdin's KTAP to LAVA test cases (lava.h)
 *
 * Exit: verdict the run's code, guest-death its class's; the others 0, 2
 * on bad usage, 3 when a file cannot be read or written.
 */
#ifndef REPORT_RUNCMDS_H
#define REPORT_RUNCMDS_H

/* Run argv[0]'s subcommand; -1 when argv[0] is none of the above. */
int runcmd(int argc, char **argv);

#endif /* REPORT_RUNCMDS_H */
