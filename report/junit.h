/* SPDX-License-Identifier: GPL-2.0 */
/*
 * junit.h - the run as JUnit XML (Jenkins/Ant dialect, report/tests/
 * junit.xsd): a testsuite per scenario with a testcase per group and a
 * "(scenario)" testcase for what no group carries (fail -> <failure>,
 * error and incomplete -> <error>, skip -> <skipped>), plus a "run" suite
 * whose testcase errors when the guest or runner did not finish.
 */
#ifndef REPORT_JUNIT_H
#define REPORT_JUNIT_H

#include <stdio.h>

#include "results.h"

/* Returns 0 or -EIO. */
int junit_write(FILE *f, const struct rep_run *run);

#endif /* REPORT_JUNIT_H */
