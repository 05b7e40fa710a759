// SPDX-License-Identifier: GPL-2.0
/*
 * child_report.c - the scenario process's verdict, decided in one place
 * (child_verdict()), and its report: the KTAP subtests, the JSON
 * records and the message to the parent.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "output/output.h"
#include "run/child.h"
#include "verdict/sequential.h"
#include "verdict/verdict.h"

void __attribute__((noreturn)) child_exit(int fd, const struct child_msg *m)
{
	fflush(stdout);
	if (write(fd, m, sizeof(*m)) < 0)
		_exit(3);
	_exit(0);
}

static uint64_t child_thread_cpu_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* What the analyses read of the samples (a look sets the window's length). */
static struct vd_input child_vd_input(const struct child *ch)
{
	return (struct vd_input){
		.s = ch->s, .st = &ch->st, .ss = &ch->smp.ss,
		.inst_task = ch->set.w.task_of, .src = ch->set.src,
		.win_start_us = ch->smp.ws,
	};
}

void child_look(struct child *ch)
{
	struct vd_input in = child_vd_input(ch);
	uint64_t c0 = child_thread_cpu_us();

	ch->vd.decided = seq_look(&ch->vd.plan, ch->vd.look, &in,
				  ch->vd.scratch, &ch->vd.res);
	ch->vd.sq.cost_us += child_thread_cpu_us() - c0;
	if (!ch->vd.decided)
		ch->vd.look++;
}

/*
 * Did a sampled group entity weight change during the run (the trace ran
 * the whole time)? Then sched_group_reweight must have fired. Weights set
 * when the cgroups were configured, before tracing, do not count: a group
 * alone on its CPUs keeps them and legitimately never reweights.
 */
static bool child_se_weight_moved(const struct sample_set *ss)
{
	const struct pelt_snap *first = NULL;

	for (int k = 0; k < ss->n; k++) {
		const struct pelt_snap *p = &ss->v[k].pelt;

		if (!ss->v[k].pelt_ok)
			continue;
		if (!first) {
			first = p;
			continue;
		}
		for (int g = 0; g < p->ngroups; g++)
			for (int c = 0; c < p->ncpus; c++) {
				const struct pelt_cpu *a = pelt_at(first, g, c);
				const struct pelt_cpu *b = pelt_at(p, g, c);

				if (a->present && b->present && a->has_se &&
				    b->has_se && a->se_weight != b->se_weight)
					return true;
			}
	}
	return false;
}

/*
 * The series' own interfaces, checked on every scenario of a patched
 * kernel: cpu.pelt must agree with sched/debug, and the fold and reweight
 * trace events must have fired. A mismatch fails the scenario.
 */
static void child_kernel_checks(const struct scenario *s,
				const struct sample_set *ss,
				struct scn_result *res, int tc_ret,
				const struct tracecount *tc, int xc_ret,
				const struct xcheck *xc)
{
	const char *why = NULL;
	char buf[256];

	if (tc_ret) {
		vd_diag(res, "trace events: %s", strerror(-tc_ret));
	} else if (tc->available) {
		double secs = (double)(tc->t1_us - tc->t0_us) / 1e6;

		vd_diag(res, "trace: %ld sched_tg_load_avg_fold (%.0f/s), %ld "
			"sched_group_reweight (%.0f/s), %ld lost", tc->folds,
			secs > 0 ? tc->folds / secs : 0, tc->reweights,
			secs > 0 ? tc->reweights / secs : 0, tc->lost);
		/* every group's load ramps up from 0: it must fold */
		if (s->ntasks && !tc->folds && !tc->lost) {
			snprintf(buf, sizeof(buf), "trace event "
				 "sched_tg_load_avg_fold never fired while "
				 "the groups ran");
			why = buf;
		} else if (!tc->reweights && !tc->lost &&
			   child_se_weight_moved(ss)) {
			snprintf(buf, sizeof(buf), "trace event "
				 "sched_group_reweight never fired although "
				 "sampled group entity weights changed");
			why = buf;
		}
	}
	if (xc_ret < 0) {
		vd_diag(res, "cpu.pelt vs sched/debug: %s", strerror(-xc_ret));
	} else if (!xc_ret) {
		vd_diag(res, "cpu.pelt vs sched/debug: %d values compared, %d "
			"differ, %d moved between reads (read sequence %d of "
			"up to %d)", xc->compared, xc->mismatches, xc->skipped,
			xc->attempts, XCHECK_ATTEMPTS);
		if (xc->mismatches) {
			snprintf(buf, sizeof(buf), "cpu.pelt disagrees with "
				 "sched/debug: %s", xc->first);
			why = buf;
		}
	}
	if (why && (res->v == V_PASS || res->v == V_FAIL ||
		    res->v == V_INCONCLUSIVE || res->v == V_XFAIL)) {
		if (res->v != V_FAIL)
			snprintf(res->reason, sizeof(res->reason), "%s", why);
		res->v = V_FAIL;
	}
}

/*
 * A vCPU the host did not run is charged to its current task, and CFS
 * pays that back later: the split swings though the kernel is right. A
 * failure then still fails, but says so, and the flake summary counts
 * such failures apart. Seen three ways: the sampler woke up late (its own
 * vCPU stalled), the tasks were charged more time in an interval than the
 * CPUs had (a stall across a sample on any vCPU), or the workers' own
 * probe (workload.c) measured charges late in the window that cover the
 * failing groups' excess (vd: stall_explains). An inconclusive verdict
 * says so as well.
 */
static void child_note_contention(struct scn_result *res)
{
	size_t n;

	res->host_contention = res->max_late_us > RUNNER_CONTENTION_US ||
			       res->charge_excess_us > RUNNER_CONTENTION_US ||
			       res->stall_explains;
	if (res->charge_excess_us > RUNNER_CONTENTION_US)
		vd_diag(res, "host contention: tasks were charged %llu ms "
			"more in one interval than the CPUs had (a vCPU the "
			"host did not run; its task is charged the gap)",
			(unsigned long long)res->charge_excess_us / 1000);
	if (!res->host_contention ||
	    (res->v != V_FAIL && res->v != V_INCONCLUSIVE))
		return;
	n = strlen(res->reason);
	snprintf(res->reason + n, sizeof(res->reason) - n,
		 " [host contention: sampler %llu ms late, %llu ms overcharged,"
		 " %llu ms charged while not run]",
		 (unsigned long long)res->max_late_us / 1000,
		 (unsigned long long)res->charge_excess_us / 1000,
		 (unsigned long long)res->stall_us / 1000);
}

/*
 * The verdict: of the look that decided while the workload ran, or of
 * the last look (the fixed window's only one), taken now.
 */
static void child_looks_verdict(struct child *ch)
{
	const struct seq_plan *p = &ch->vd.plan;
	struct vd_input in;

	if (!ch->vd.decided) {
		ch->vd.look = p->nlooks - 1;
		child_look(ch);
	}
	seq_outcome_fill(p, ch->vd.look, &ch->vd.res, &ch->vd.sq);
	in = child_vd_input(ch);
	vd_departure(&in, &ch->vd.res);
	if (!p->sequential)
		return;
	vd_diag(&ch->vd.res, "sequential: look %d of %d (window %.1f s of at "
		"most %.1f s) decided %s; each look at confidence %.5f, lag "
		"SE x %.2f; the looks' analyses took %llu us CPU, %d looks "
		"skipped over the budget", ch->vd.sq.look, ch->vd.sq.looks,
		ch->vd.sq.time_to_verdict_us / 1e6, p->max_measure_us / 1e6,
		verdict_name(ch->vd.res.v), p->look_confidence,
		ch->vd.sq.ci_inflation, (unsigned long long)ch->vd.sq.cost_us,
		ch->vd.sq.skipped);
}

/* The cgroup usage cross-check, from the window's start to the last sample. */
static void child_usage_check(struct child *ch)
{
	struct vd_input in = child_vd_input(ch);

	if (ch->smp.usage_end_ret)
		vd_diag(&ch->vd.res, "cgroup usage cross-check: not done (the last sample: %s); no group has usage_cpu",
			strerror(-ch->smp.usage_end_ret));
	else
		vd_usage_check(&in, &ch->vd.res);
}

/* What the sampler saw of itself, and the host contention it implies. */
static void child_sampler_notes(struct child *ch, int rm_ret)
{
	struct scn_result *res = &ch->vd.res;
	const struct sample_set *ss = &ch->smp.ss;
	char hold[VD_DIAG_LEN];
	int k;

	if (rm_ret)
		vd_diag(res, "cgroup removal: %s", strerror(-rm_ret));
	res->sampler_cpu_us = ss->cost_ns / 1000;
	res->max_late_us = ch->smp.max_late;
	res->late_samples = ch->smp.late;
	if (ch->smp.late)
		vd_diag(res, "sampler woke up late by > 5 ms %d times (max "
			"%llu us): the vCPU did not run (host contention?)",
			ch->smp.late, (unsigned long long)ch->smp.max_late);
	child_note_contention(res);
	for (k = 0, res->pelt_samples = 0; k < ss->n; k++) {
		res->pelt_samples += ss->v[k].pelt_ok;
		res->pelt_moved += ss->v[k].pelt_ok && ss->v[k].pelt_moved;
	}
	res->sampler_overhead = ch->smp.ran_us ?
		(double)ss->cost_ns / 1000.0 / ch->smp.ran_us : 0;
	vd_diag(res, "sampler cost: tasks %llu us, cgroup usage %llu us, "
		"PELT (%s, every %d samples on average) %llu us",
		(unsigned long long)ss->cost_part_ns[0] / 1000,
		(unsigned long long)ss->cost_part_ns[1] / 1000,
		pelt_source_name(ch->set.src), ch->smp.pelt_every,
		(unsigned long long)ss->cost_part_ns[2] / 1000);
	if (sampler_note(ss, hold, sizeof(hold)) > 0)
		vd_diag(res, "%s", hold);
	if (ss->errors)
		vd_diag(res, "%d failed reads, last: %s", ss->errors,
			ss->last_error);
}

/* Kernel warnings fail the scenario, a failed phase makes it an ERROR. */
static void child_kernel_verdict(struct child *ch)
{
	struct scn_result *res = &ch->vd.res;
	const struct kmsg_report *km = &ch->set.km;

	child_kernel_checks(ch->s, &ch->smp.ss, res, ch->set.tc_ret,
			    &ch->set.tc, ch->set.xc_ret, &ch->set.xc);
	if (km->warnings) {
		for (int i = 0; i < km->nlines; i++)
			vd_diag(res, "kmsg: %s", km->lines[i]);
		if (res->v == V_PASS || res->v == V_FAIL ||
		    res->v == V_INCONCLUSIVE || res->v == V_XFAIL) {
			res->v = V_FAIL;
			snprintf(res->reason, sizeof(res->reason),
				 "%d scheduler warning(s) in the kernel log: "
				 "%.180s", km->warnings, km->lines[0]);
		}
	}
	if (ch->smp.phase_err[0]) {
		res->v = V_ERROR;
		snprintf(res->reason, sizeof(res->reason), "%s",
			 ch->smp.phase_err);
	}
}

void child_verdict(struct child *ch, int rm_ret)
{
	child_looks_verdict(ch);
	child_usage_check(ch);
	child_sampler_notes(ch, rm_ret);
	child_kernel_verdict(ch);
}

void __attribute__((noreturn)) child_report(struct child *ch, int msg_fd)
{
	struct scn_result *res = &ch->vd.res;
	struct child_msg m;

	vd_diag(res, "setup: %.1f ms before the workload started (cgroups "
		"%.1f, workers and sampler %.1f, tracing %.1f); teardown "
		"%.1f ms", (ch->smp.t0 - ch->set.t_setup[0]) / 1e3,
		(ch->set.t_setup[1] - ch->set.t_setup[0]) / 1e3,
		(ch->set.t_setup[2] - ch->set.t_setup[1]) / 1e3,
		(ch->set.t_setup[3] - ch->set.t_setup[2]) / 1e3,
		ch->set.teardown_us / 1e3);
	if (res->v != V_ERROR || res->intervals >= 2)
		ktap_subtests(stdout, ch->s, res, &ch->vd.sq);
	jout_series(ch->s, &ch->smp.ss);
	jout_result(ch->index, ch->s, res, &ch->vd.sq,
		    measure_now_us() - ch->smp.t0, &ch->set.km);
	free(ch->vd.scratch);
	sampler_free(&ch->smp.sp);
	sset_free(&ch->smp.ss);
	memset(&m, 0, sizeof(m));
	m.verdict = res->v;
	m.emitted = 1;
	snprintf(m.reason, sizeof(m.reason), "%s", res->reason);
	child_exit(msg_fd, &m);
}
