// SPDX-License-Identifier: GPL-2.0
/*
 * runner.c - the life of one scenario, the parent's side.
 *
 * parent (the runner)               scenario process (own pgid)
 *   hierarchy setup / SKIP checks
 *   scenario_start record
 *   fork ------------------------->  kmsg mark, cgroups, workers,
 *   wait with deadline                sample + phases, kill workers,
 *                                     remove cgroups, restore CPUs,
 *                                     analyse, KTAP subtests, JSON
 *   <--------- verdict over a pipe    exit
 *   kill(-pgid), remove leftovers,
 *   restore CPUs, hierarchy teardown,
 *   top-level KTAP line
 *
 * The scenario process: child_setup.c (setup, teardown), sampling.c (the
 * sample loop), child_report.c (its verdict and report).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "kernel/kernel.h"
#include "output/output.h"
#include "run/child.h"
#include "run/run.h"
#include "verdict/sequential.h"

/* conform --fixed-window, --lag-inflation (runner_set_seq_opts()) */
static struct seq_opts runner_seq = { .lag_inflation = SEQ_LAG_INFLATION };

void runner_set_seq_opts(const struct seq_opts *o)
{
	runner_seq = *o;
}

enum pelt_source runner_probe_source(void)
{
	static struct scenario probe;
	static struct cg_ctx cg;
	enum pelt_source src = PELT_SRC_NONE;
	char why[256], err[256];

	memset(&probe, 0, sizeof(probe));
	probe.hierarchy = SCN_V2;
	if (!cg_hier_setup(SCN_V2, false, why, sizeof(why)) &&
	    !cg_create_tree(&cg, &probe, 0, err, sizeof(err))) {
		if (cg_has_cpu_pelt(&cg))
			src = PELT_SRC_CPU_PELT;
	}
	if (cg.s)
		cg_remove_tree(&cg);
	cg_remove_root(SCN_V2, 0);
	if (src == PELT_SRC_NONE && !access(PELT_DEBUGFS_PATH, R_OK))
		src = PELT_SRC_DEBUGFS;
	return src;
}

static bool cpus_available(const struct scenario *s, char *why, size_t len)
{
	scn_cpumask_t on = 0, need = scn_all_cpus(s);

	if (hotplug_online_mask(&on)) {
		snprintf(why, len, "cannot read online CPUs");
		return false;
	}
	if ((on & need) != need) {
		snprintf(why, len, "needs CPUs 0-%d online, %d online",
			 s->cpus - 1, scn_cpumask_count(on));
		return false;
	}
	return true;
}

/*
 * The SKIP or ERROR a scenario ends with before its scenario process
 * (child_verdict() decides every other): KTAP and JSON.
 */
static enum verdict runner_report_early(const struct scenario *s, int index,
					enum verdict v, const char *why)
{
	ktap_result(stdout, index, s->name, v, why, 0);
	jout_result_bare(index, s->name, v, why, 0);
	return v;
}

/*
 * CPUs, knobs, cgroup hierarchy. Returns 0, or the SKIP or ERROR the
 * scenario ends with (reported, nothing left to undo).
 */
static int runner_prepare(const struct scenario *s, int index,
			  struct knob_saved *kn, enum verdict *v)
{
	char why[256] = "";
	int r;

	if (!cpus_available(s, why, sizeof(why))) {
		*v = runner_report_early(s, index, V_SKIP, why);
		return -1;
	}
	r = knobs_apply(s, kn, why, sizeof(why));
	if (r) {
		*v = runner_report_early(s, index,
					 r == -ENOENT ? V_SKIP : V_ERROR, why);
		return -1;
	}
	r = cg_hier_setup(s->hierarchy, scn_uses_cpuset(s), why, sizeof(why));
	if (r) {
		knobs_restore(kn);
		cg_hier_teardown(s->hierarchy);
		*v = runner_report_early(s, index,
					 r == -EOPNOTSUPP ? V_SKIP : V_ERROR,
					 why);
		return -1;
	}
	return 0;
}

/*
 * Fork the scenario process (its own process group) with SIGCHLD
 * blocked (*old: the mask to restore); fds[0] gets its verdict.
 * Returns its pid or -1 (why set, SIGCHLD unblocked).
 */
static pid_t runner_fork(const struct scenario *s, int index, int fds[2],
			 sigset_t *set, sigset_t *old, char *why, size_t len)
{
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC)) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		return -1;
	}
	sigemptyset(set);
	sigaddset(set, SIGCHLD);
	sigprocmask(SIG_BLOCK, set, old);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		snprintf(why, len, "fork: %s", strerror(errno));
		sigprocmask(SIG_SETMASK, old, NULL);
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		setpgid(0, 0);
		sigprocmask(SIG_SETMASK, old, NULL);
		close(fds[0]);
		child_main(s, index, fds[1], &runner_seq);
	}
	setpgid(pid, pid);
	close(fds[1]);
	return pid;
}

/* Wait for pid until deadline (then kill its group). 1: timed out. */
static int runner_wait(pid_t pid, uint64_t deadline, const sigset_t *set,
		       int *status)
{
	for (;;) {
		uint64_t now = measure_now_us();
		struct timespec to;
		siginfo_t info;

		if (waitpid(pid, status, WNOHANG) == pid)
			return 0;
		if (now >= deadline) {
			kill(-pid, SIGKILL);
			waitpid(pid, status, 0);
			return 1;
		}
		to.tv_sec = (deadline - now) / 1000000;
		to.tv_nsec = ((deadline - now) % 1000000) * 1000;
		sigtimedwait(set, &info, &to);
	}
}

/* The scenario process's verdict, or why there is none. */
static void runner_collect(int fd, int timeout, int status,
			   uint64_t deadline_us, struct child_msg *m)
{
	memset(m, 0, sizeof(*m));
	if (timeout) {
		m->verdict = V_ERROR;
		snprintf(m->reason, sizeof(m->reason),
			 "deadline of %llu us exceeded",
			 (unsigned long long)deadline_us);
	} else if (read(fd, m, sizeof(*m)) != sizeof(*m)) {
		memset(m, 0, sizeof(*m));
		m->verdict = V_ERROR;
		if (WIFSIGNALED(status))
			snprintf(m->reason, sizeof(m->reason),
				 "scenario process killed by signal %d",
				 WTERMSIG(status));
		else
			snprintf(m->reason, sizeof(m->reason),
				 "scenario process exited %d without a "
				 "result", WEXITSTATUS(status));
	}
}

/*
 * Undo what runner_prepare() and the scenario process left. A scenario
 * process that exited 0 reaped its workers (wl_kill()) and removed its
 * cgroups; one that was killed or crashed may have left workers, just
 * SIGKILLed: give them time to exit before the cgroups go.
 */
static void runner_cleanup(const struct scenario *s, int index, bool reaped,
			   scn_cpumask_t online0, struct knob_saved *kn)
{
	struct timespec ts = { 0, 50000000 };

	if (!reaped)
		nanosleep(&ts, NULL);
	hotplug_restore(online0);
	if (cg_remove_root(s->hierarchy, index))
		ktap_diag(stdout, 0, "%s: leftover cgroup conform.%d not "
			  "removed", s->name, index);
	cg_hier_teardown(s->hierarchy);
	knobs_restore(kn);
}

/*
 * The scenario's deadline from its start: its timeout, or its run time
 * and the slack; either longer by what the sequential verdict may add.
 */
static uint64_t runner_deadline_us(const struct scenario *s)
{
	struct seq_plan p;

	seq_plan_scenario(&p, &runner_seq, s);
	return (s->timeout_us ? s->timeout_us :
		scn_duration_us(s) + RUNNER_DEADLINE_SLACK_US) +
	       p.max_measure_us - s->measure_us;
}

enum verdict runner_run(const struct scenario *s, int index)
{
	struct child_msg m;
	char why[256] = "";
	uint64_t start = measure_now_us(), deadline;
	scn_cpumask_t online0 = 0;
	sigset_t set, old;
	int fds[2], status = 0, timeout;
	struct knob_saved kn;
	enum verdict v;
	pid_t pid;

	jout_scenario_start(index, s);
	if (runner_prepare(s, index, &kn, &v))
		return v;
	hotplug_online_mask(&online0);
	pid = runner_fork(s, index, fds, &set, &old, why, sizeof(why));
	if (pid < 0) {
		cg_hier_teardown(s->hierarchy);
		knobs_restore(&kn);
		return runner_report_early(s, index, V_ERROR, why);
	}
	deadline = start + runner_deadline_us(s);
	timeout = runner_wait(pid, deadline, &set, &status);
	sigprocmask(SIG_SETMASK, &old, NULL);
	/* Workers left behind by a crashed scenario process. */
	kill(-pid, SIGKILL);
	runner_collect(fds[0], timeout, status, deadline - start, &m);
	close(fds[0]);
	runner_cleanup(s, index, !timeout && WIFEXITED(status) &&
		       !WEXITSTATUS(status), online0, &kn);
	if (!m.emitted)
		jout_result_bare(index, s->name, m.verdict, m.reason,
				 measure_now_us() - start);
	ktap_result(stdout, index, s->name, m.verdict, m.reason, timeout);
	return m.verdict;
}
