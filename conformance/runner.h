/* SPDX-License-Identifier: GPL-2.0 */
/*
 * runner.h - run one scenario: set up its hierarchy, fork the scenario
 * process (its own process group, with a deadline), which builds the
 * cgroups, runs the workload and the sampler, analyses and reports; then
 * clean up whatever it left behind.
 */
#ifndef CONFORM_RUNNER_H
#define CONFORM_RUNNER_H

#include "pelt.h"
#include "scenario.h"
#include "verdict.h"

/* Extra time over the scenario's duration for setup, analysis, cleanup. */
#define RUNNER_DEADLINE_SLACK_US	30000000ull

/*
 * sched/debug prints every task and cfs_rq of the machine: reading it is
 * expensive (several ms of CPU per read under TCG, measured in the guest),
 * so it is read at most this often;
 * samples in between refer to the latest read. cpu.pelt is read on
 * every sample.
 */
#define RUNNER_DEBUGFS_PERIOD_US	500000ull
/*
 * cpu.pelt is cheaper but not free under TCG (~0.9 ms per sample for 8
 * groups); PELT moves with a 32 ms half-life, so every 150 ms is enough
 * and halves the sampler's bursts that take CPU from the hogs.
 */
#define RUNNER_PELT_PERIOD_US		150000ull

/*
 * A sampler wake-up this late means the host did not run its vCPU for
 * that long (CFS wakes a sleeper within a 3 ms slice), and tasks charged
 * this much beyond the CPUs in one interval mean a vCPU's stall landed:
 * host contention, named in a failure's reason.
 */
#define RUNNER_CONTENTION_US		30000ull

/* PELT source of this kernel (probes a scratch cgroup). */
enum pelt_source runner_probe_source(void);

/* Runs s as scenario number index; prints KTAP, streams JSON. */
enum verdict runner_run(const struct scenario *s, int index);

#endif /* CONFORM_RUNNER_H */
