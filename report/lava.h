/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lava.h - LAVA test cases from KTAP (cfsreport lava, run in the guest by
 * lava/guest/run.sh from a static cfsreport in the initramfs): every line
 * read is echoed, and each result becomes one call of the test-case
 * command (lava-test-case; LAVA_TEST_CASE names another, e.g. echo):
 *
 *   NAME --result pass|fail|skip                       a top-level result
 *   NAME.GROUP --result R [--measurement M --units share]   a subtest
 *
 * with '/' in the name as '.', NAME the last "    # Subtest: NAME", M the
 * group's "    # GROUP: measured M" in that subtest. "ok" is pass, "ok ...
 * # SKIP" skip, any "not ok" (INCONCLUSIVE too) fail.
 *
 * kmsg mode reads the kernel log (dmesg) for the KUnit suites: the
 * "[ seconds] " prefixes dropped, from the first "KTAP version 1" on, only
 * result and "# Subtest:" lines, at any indentation.
 */
#ifndef REPORT_LAVA_H
#define REPORT_LAVA_H

#include <stdbool.h>
#include <stdio.h>

/* in to out, running ltc (a command looked up in PATH) per case. */
int lava_cases(FILE *in, FILE *out, const char *ltc, bool kmsg);

#endif /* REPORT_LAVA_H */
