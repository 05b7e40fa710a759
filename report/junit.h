/* SPDX-License-Identifier: GPL-2.0 */
/*
 * junit.h - the run as JUnit XML: one testcase per scenario (fail ->
 * <failure>, error and incomplete -> <error>, skip -> <skipped>), plus a
 * "run" testcase that fails when the guest or runner did not finish.
 */
#ifndef REPORT_JUNIT_H
#define REPORT_JUNIT_H

#include <stdio.h>

#include "results.h"

/* Returns 0 or -EIO. */
int junit_write(FILE *f, const struct rep_run *run);

#endif /* REPORT_JUNIT_H */
