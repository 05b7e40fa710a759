// SPDX-License-Identifier: GPL-2.0
/*
 * runner.c - the life of one scenario.
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
#include "run/run.h"
#include "verdict/sequential.h"
#include "verdict/verdict.h"

/* conform --fixed-window, --lag-inflation (runner_set_seq_opts()) */
static struct seq_opts runner_seq = { .lag_inflation = SEQ_LAG_INFLATION };

void runner_set_seq_opts(const struct seq_opts *o)
{
	runner_seq = *o;
}

struct child_msg {
	int verdict;
	int emitted;		/* the child wrote the result record */
	char reason[256];
};

static int attach_cb(void *ctx, int g, pid_t pid)
{
	return cg_attach(ctx, g, pid);
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

static void sleep_until(uint64_t t_us)
{
	struct timespec ts = { t_us / 1000000, (t_us % 1000000) * 1000 };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) ==
	       EINTR)
		;
}

static int do_phase(const struct scenario *s, struct scn_state *st,
		    const struct scn_phase *p, struct cg_ctx *cg,
		    struct workload *w)
{
	int r = 0, fd;

	switch (p->action) {
	case SCN_ACT_WEIGHT:
		r = cg_set_weight(cg, p->group, p->value);
		break;
	case SCN_ACT_MOVE:
		r = wl_move(w, p->task, p->group, attach_cb, cg);
		break;
	case SCN_ACT_AFFINITY:
		r = wl_set_affinity(w, p->task, p->cpus);
		break;
	case SCN_ACT_OFFLINE:
		r = hotplug_set(p->cpu, false);
		break;
	case SCN_ACT_ONLINE:
		r = hotplug_set(p->cpu, true);
		break;
	case SCN_ACT_STOP:
		r = wl_signal(w, p->task, SIGSTOP);
		break;
	case SCN_ACT_CONT:
		r = wl_signal(w, p->task, SIGCONT);
		break;
	case SCN_ACT_MAX:
		r = cg_set_max(cg, p->group, p->quota_us, p->period_us);
		break;
	case SCN_ACT_PANIC:
		fd = open("/proc/sysrq-trigger", O_WRONLY);
		if (fd >= 0) {
			if (write(fd, "c", 1) < 0)
				r = -errno;
			close(fd);
		} else {
			r = -errno;
		}
		break;
	}
	scn_state_apply(s, st, p);
	/* Joining a group with a cpuset resets the affinity: re-apply. */
	if (!r && p->action == SCN_ACT_MOVE)
		r = wl_set_affinity(w, p->task, st->task_cpus[p->task]);
	return r;
}

static void __attribute__((noreturn)) child_exit(int fd,
						 const struct child_msg *m)
{
	fflush(stdout);
	if (write(fd, m, sizeof(*m)) < 0)
		_exit(3);
	_exit(0);
}

/*
 * The series' own interfaces, checked on every scenario of a patched
 * kernel: cpu.pelt must agree with sched/debug, and the fold and reweight
 * trace events must have fired. A mismatch fails the scenario.
 */
/*
 * Did a sampled group entity weight change during the run (the trace ran
 * the whole time)? Then sched_group_reweight must have fired. Weights set
 * when the cgroups were configured, before tracing, do not count: a group
 * alone on its CPUs keeps them and legitimately never reweights.
 */
static bool se_weight_moved(const struct sample_set *ss)
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

static void report_kernel_checks(const struct scenario *s,
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
		} else if (!tc->reweights && !tc->lost && se_weight_moved(ss)) {
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
static void note_contention(struct scn_result *res)
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
 * Samples to the next PELT sample: every/2 .. every + every/2, at random
 * (seeded per scenario, so a run's schedule is reproducible). A fixed
 * cadence can phase-lock with a periodic workload and catch its PELT
 * ripple at the same point every time: duty-blocked-load's duty cycle is
 * about 16.1 ms and debugfs was read every 500 ms (31 cycles), which
 * biased the model by up to 0.011 in one run, in every sub-window alike,
 * where the sub-window CI cannot see it.
 */
static int pelt_gap(int every, unsigned int *seed)
{
	return every - every / 2 + rand_r(seed) % (2 * (every / 2) + 1);
}

/*
 * Where in its period a sample is taken: at random in the first half
 * (seeded per scenario, like pelt_gap()). On a fixed grid the samples
 * can phase-lock with a workload whose cycle divides the period:
 * fork-exit-cross-cpu's churn (5 ms children) against the 50 ms period
 * caught its group entity weight at the same point of the fork/exit
 * cycle for seconds, a bias that drifted from run to run (run-to-run
 * spread of the error 1.7 times what the sub-window CI claimed). A
 * random phase spread over half a period (25 ms at 50 ms) samples
 * every point of such a cycle alike; consecutive samples stay 1/2 to
 * 3/2 periods apart.
 */
static uint64_t sample_phase_us(uint64_t period_us, unsigned int *seed)
{
	if (period_us < 2)
		return 0;
	return (uint64_t)rand_r(seed) % (period_us / 2);
}

/*
 * Lift the cpu.max limits in force before killing the workers: a killed
 * task in a throttled group exits only once the group may run again, so
 * a 1 ms/1 s group took 8-14 s of guest time to let its workers die.
 */
static void lift_limits(const struct scenario *s, const struct scn_state *st,
			struct cg_ctx *cg)
{
	int g;

	for (g = 0; g < s->ngroups; g++)
		if (st->group_quota_us[g] >= 0)
			cg_set_max(cg, g, -1, st->group_period_us[g]);
}

/* Everything the scenario process holds, from setup to its report. */
struct scn_run {
	const struct scenario *s;
	int index;
	struct cg_ctx cg;
	struct workload w;
	struct scn_state st;
	struct sample_set ss;
	struct sampler sp;
	struct scn_result res;
	struct kmsg_report km;
	enum pelt_source src;
	scn_cpumask_t online0;		/* to restore */
	int kfd;			/* kmsg_begin(), -1: ended */
	uint64_t t0;			/* workload start (monotonic) */
	/* process start, cgroups made, workers and sampler ready, tracing */
	uint64_t t_setup[4];
	uint64_t teardown_us;		/* run_teardown()'s */
	uint64_t dur;			/* window start + longest window */
	uint64_t ran_us;		/* the workload ran, up to teardown */
	uint64_t ws, we;		/* the (longest) window, from t0 */
	struct seq_plan plan;		/* the looks */
	struct seq_outcome sq;		/* ... and the deciding one */
	struct scenario *scratch;	/* s, confidence set per look */
	int look;			/* the next look */
	bool decided;
	int pelt_every;			/* samples per PELT read, mean */
	uint64_t max_late;		/* worst sampler wake-up lateness */
	int late;			/* ... samples late by > 5 ms */
	char phase_err[256];		/* the first phase that failed */
	struct tracecount tc;
	int tc_ret;
	struct xcheck xc;
	int xc_ret;			/* 1: not run */
	int usage_end_ret;		/* run_usage_end()'s sample */
};

/* The sampling loop's position. */
struct sample_clock {
	int k;				/* samples taken on the sample grid */
	struct scn_event_pos ev;	/* phases and firings applied */
	int pelt_next, pelt_pi;		/* next PELT read, events done at the last */
	unsigned int pelt_seed, phase_seed;
	uint64_t phase_us;		/* this sample's offset */
	bool first_late;		/* run_first_late(): the next read far */
};

/* The PELT source of this kernel, seen through the scenario's cgroups. */
static enum pelt_source scn_pelt_source(const struct cg_ctx *cg)
{
	if (cg_has_cpu_pelt(cg))
		return PELT_SRC_CPU_PELT;
	if (!access(PELT_DEBUGFS_PATH, R_OK))
		return PELT_SRC_DEBUGFS;
	return PELT_SRC_NONE;
}

/* Cgroups and the PELT source; ERROR or SKIP end the process here. */
static void run_cgroups(struct scn_run *run, int msg_fd)
{
	struct child_msg m;
	char err[256] = "";
	int r;

	memset(&m, 0, sizeof(m));
	r = cg_create_tree(&run->cg, run->s, run->index, err, sizeof(err));
	if (r) {
		cg_remove_tree(&run->cg);
		m.verdict = V_ERROR;
		snprintf(m.reason, sizeof(m.reason), "%s", err);
		child_exit(msg_fd, &m);
	}
	run->src = scn_pelt_source(&run->cg);
	if (run->src == PELT_SRC_NONE) {
		cg_remove_tree(&run->cg);
		m.verdict = V_SKIP;
		snprintf(m.reason, sizeof(m.reason),
			 "no PELT group state: no cpu.pelt and no "
			 PELT_DEBUGFS_PATH);
		child_exit(msg_fd, &m);
	}
}

/* Workers (waiting for wl_start()), the sample set and the sampler. */
static int run_workload(struct scn_run *run, char *err, size_t len)
{
	const struct scenario *s = run->s;
	int cap = (int)(run->dur / s->sample_us) + 16 + s->nphases +
		  scn_firings(s);
	int r;

	scn_state_init(s, &run->st);
	r = wl_spawn(&run->w, s, &run->st, attach_cb, &run->cg, err, len);
	if (!r)
		r = sset_init(&run->ss, cap, run->w.ninst, s->ngroups,
			      hotplug_possible() > 0 ? hotplug_possible() :
			      s->cpus);
	if (!r)
		r = sampler_init(&run->sp, s, &run->w, &run->cg, run->src);
	if (r && !err[0])
		snprintf(err, len, "setup: %s", strerror(-r));
	return r;
}

/* How often PELT is read: the scenario's pelt_sample or the source's. */
static void run_pelt_cadence(struct scn_run *run)
{
	const struct scenario *s = run->s;
	uint64_t period = s->pelt_sample_us ? s->pelt_sample_us :
			  run->src == PELT_SRC_DEBUGFS ?
			  RUNNER_DEBUGFS_PERIOD_US : RUNNER_PELT_PERIOD_US;

	run->pelt_every = (int)((period + s->sample_us / 2) / s->sample_us);
	if (run->pelt_every < 1)
		run->pelt_every = 1;
}

/*
 * A sample right before a repeat firing, so that no sample interval of
 * the window spans a change of the state: the model takes each interval
 * in the state its samples show (the interval ends at this sample, in
 * the state before the firing). Only the tasks are read, and the PELT
 * state when a task has moved since the last read (sampler_take()).
 */
static void run_firing_sample(struct scn_run *run, struct sample_clock *sc,
			      uint64_t now)
{
	uint64_t per = run->s->sample_us;

	if (now + per < run->t0 + run->ws || now > run->t0 + run->we + per)
		return;
	sampler_take(&run->sp, &run->ss, now - run->t0, sc->ev.done, false,
		     false);
}

/* Apply every phase and firing due by now. */
static void run_phases(struct scn_run *run, struct sample_clock *sc,
		       uint64_t now)
{
	const struct scenario *s = run->s;
	const struct scn_phase *ph;
	uint64_t at;
	int r, rep;

	while ((ph = scn_event_peek(s, &sc->ev, &at, &rep)) &&
	       run->t0 + at <= now) {
		if (rep >= 0)
			run_firing_sample(run, sc, measure_now_us());
		scn_event_next(s, &sc->ev, &at, &rep);
		r = do_phase(s, &run->st, ph, &run->cg, &run->w);
		if (r && !run->phase_err[0])
			snprintf(run->phase_err, sizeof(run->phase_err),
				 "%s %d (%s, line %d): %s",
				 rep < 0 ? "phase" : "firing", sc->ev.done - 1,
				 scn_action_name(ph->action), ph->line,
				 strerror(-r));
	}
}

bool runner_look_in_budget(uint64_t cost_us, uint64_t ws, uint64_t t)
{
	return cost_us <= SEQ_LOOK_BUDGET * (double)(t - ws);
}

/*
 * Does nothing before the window need what its samples read: no event
 * applied or due before the window's first sample, no hopper (whose log
 * counts from a sample)? vd_window() starts at the first sample with
 * t + sample/2 >= the window's start; nothing before it enters a verdict.
 */
static bool run_pre_window_idle(const struct scn_run *run,
				const struct sample_clock *sc)
{
	uint64_t at;
	int rep;

	if (sc->ev.done || wl_has_hopper(&run->w))
		return false;
	return !scn_event_peek(run->s, &sc->ev, &at, &rep) ||
	       at >= run->ws + run->s->sample_us;
}

/* The sample due at ts (from t0: t), taken at now. -ENOSPC: set full. */
static int run_sample(struct scn_run *run, struct sample_clock *sc,
		      uint64_t ts, uint64_t now)
{
	const struct scenario *s = run->s;
	uint64_t t = ts - run->t0, per = s->sample_us;
	bool usage, pelt;

	/*
	 * A late wake-up means this vCPU did not run: under TCG on a busy
	 * host, time the guest did not run is charged to whatever task was
	 * current.
	 */
	if (now - ts > run->max_late)
		run->max_late = now - ts;
	if (now - ts > 5000)
		run->late++;
	usage = t + per * 2 >= run->ws && t <= run->ws + per * 2;
	/*
	 * At random gaps, and at the window's first sample and the first
	 * after a phase or a repeat firing (pelt_pi: events done at the last
	 * read): the model holds the last PELT state until the next one. A
	 * move or a cpu.max write changes the group loads without moving a
	 * task to another CPU, so sampler_take() would not see it.
	 */
	if (sc->ev.done != sc->pelt_pi)
		sc->pelt_next = sc->k;
	pelt = sc->k >= sc->pelt_next || (t <= run->ws && t + per > run->ws);
	/*
	 * No PELT read before the window when nothing there needs it: no
	 * verdict reads that state, and at 208 groups a round is 210
	 * cpu.pelt reads (5-9 ms of guest CPU) taken while the hogs' loads
	 * still ramp, so it could not start a hold either. pelt_next stays:
	 * the window's first sample reads (and the sampler reads there
	 * anyway when it has no read yet, pelt_needed()).
	 */
	if (pelt && t + per / 2 < run->ws && run_pre_window_idle(run, sc))
		pelt = false;
	if (pelt) {
		sc->pelt_next = sc->k + pelt_gap(run->pelt_every,
						 &sc->pelt_seed);
		sc->pelt_pi = sc->ev.done;
	}
	if (pelt && sc->first_late) {
		/* the longest gap pelt_gap() draws: see run_first_late() */
		sc->pelt_next = sc->k + run->pelt_every + run->pelt_every / 2;
		sc->first_late = false;
	}
	return sampler_take(&run->sp, &run->ss, measure_now_us() - run->t0,
			    sc->ev.done, usage, pelt);
}

static uint64_t thread_cpu_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

/* What the analyses read of the run (a look sets the window's length). */
static struct vd_input run_vd_input(const struct scn_run *run)
{
	return (struct vd_input){
		.s = run->s, .st = &run->st, .ss = &run->ss,
		.inst_task = run->w.task_of, .src = run->src,
		.win_start_us = run->ws,
	};
}

/* The look at the window of run->look: the verdict, or another look. */
static void run_look(struct scn_run *run)
{
	struct vd_input in = run_vd_input(run);
	uint64_t c0 = thread_cpu_us();

	run->decided = seq_look(&run->plan, run->look, &in, run->scratch,
				&run->res);
	run->sq.cost_us += thread_cpu_us() - c0;
	if (!run->decided)
		run->look++;
}

/*
 * Before the longest window's end, after the sample at t: the look whose
 * window ends by now (half a sample's slack, as vd_window() takes it).
 * The scenario process analyses while the workload runs; the samples its
 * analysis delayed are skipped, not taken late (*k moves past now). A
 * look over the CPU budget (SEQ_LOOK_BUDGET) is skipped.
 */
static void run_look_due(struct scn_run *run, struct sample_clock *sc,
			 uint64_t t)
{
	uint64_t per = run->s->sample_us, now;

	if (!run->plan.sequential || run->look >= run->plan.nlooks - 1 ||
	    t + per / 2 < run->ws + run->plan.look_us[run->look])
		return;
	if (!runner_look_in_budget(run->sq.cost_us, run->ws, t)) {
		run->look++;
		run->sq.skipped++;
		return;
	}
	run_look(run);
	now = measure_now_us();
	while (run->t0 + (uint64_t)(sc->k + 1) * per + sc->phase_us <= now)
		sc->k++;
}

bool runner_skip_first(uint64_t ws, uint64_t per, int k, uint64_t t)
{
	uint64_t half = per / 2;

	return t + half < ws && (uint64_t)(k + 1) * per + half >= ws;
}

/*
 * Is the sample on the grid at k (taken at t from t0) outside the window
 * (t + sample/2 < its start, as vd_window() counts) with none taken yet,
 * and nothing before the window that needs it (run_pre_window_idle())?
 * Then it is not taken. Such a sample reads the tasks only (no PELT, no
 * usage there), no verdict reads it (vd_window() starts later), and the
 * first falls where every hog wakes: at 208 groups on 2 CPUs a round of
 * 210 task clocks there cost more than the next samples' (their start
 * holds are taken at the window's first sample instead). The last one
 * left out, whose next is surely inside the window (runner_skip_first()),
 * moves that next one late in its slot (run_first_late()).
 */
static bool run_pre_window_skipped(const struct scn_run *run,
				   const struct sample_clock *sc, uint64_t t)
{
	return !run->ss.n && t + run->s->sample_us / 2 < run->ws &&
	       run_pre_window_idle(run, sc);
}

/*
 * After a first sample skipped: the next one, the run's first and the
 * window's, is due at the end of its slot (the largest phase the draw
 * gives, just under half a period; the draw is made and dropped, so
 * that the later samples' phases are those of a run without the skip).
 * That sample reads the window's initial PELT state, and the later it
 * comes, the more that state has settled: a hog woken at the start
 * ramps its load as 1 - 2^(-t/32 ms) and a cfs_rq's stored state can be
 * one blocked-load update (tens of ms) old, so at scale/siblings-208's
 * 256 ms (the phase its seed gave) every group's state was still over
 * the sampler's 1/256 from the next read, and a third round of 210
 * cpu.pelt reads was needed before a group was held (two agreeing
 * reads); at 374 ms the first read can be the first of the two. The
 * second read then comes the longest PELT gap later (about 1 s in): two
 * reads 150 ms apart in the ramp's tail agreed, and 7 of the 68 holds
 * checked later in that run were found changed (none at 1 s).
 */
static void run_first_late(struct scn_run *run, struct sample_clock *sc)
{
	uint64_t per = run->s->sample_us;

	sample_phase_us(per, &sc->phase_seed);
	sc->phase_us = per / 2 ? per / 2 - 1 : 0;
	sc->first_late = true;
	sc->k++;
}

/*
 * The sample that ends the cgroup usage cross-check (vd_usage_check()):
 * the tasks and the usage, taken after the deciding look's window, or
 * past the end of the last look's when none decided (run_verdict()
 * analyses that one after the loop: no window may hold this sample).
 * Its CPU time counts in the sampler's cost, not in ran_us.
 */
static void run_usage_end(struct scn_run *run, const struct sample_clock *sc)
{
	if (!run->decided)
		sleep_until(run->t0 + run->we + run->s->sample_us / 2 + 1);
	run->sp.usage_end = true;
	run->usage_end_ret = sampler_take(&run->sp, &run->ss,
					  measure_now_us() - run->t0,
					  sc->ev.done, true, false);
}

/* A sample left out before the window, with the next not surely inside. */
static void run_skip_early(const struct scenario *s, struct sample_clock *sc)
{
	sc->phase_us = sample_phase_us(s->sample_us, &sc->phase_seed);
	sc->k++;
}

/* Start the workers; sample and apply the phases until the window ends. */
static void run_sample_loop(struct scn_run *run)
{
	const struct scenario *s = run->s;
	struct sample_clock sc = {
		.pelt_seed = (unsigned int)run->index + 1,
		.phase_seed = ~(unsigned int)run->index,
	};
	uint64_t t_end;

	wl_start(&run->w);
	run->t0 = measure_now_us();
	/* the sample due at the window's end may fall half a period later */
	t_end = run->t0 + run->dur + s->sample_us / 2;
	for (;;) {
		uint64_t ts = run->t0 + (uint64_t)sc.k * s->sample_us +
			      sc.phase_us;
		uint64_t tp = UINT64_MAX, now, at;
		int rep;

		if (scn_event_peek(s, &sc.ev, &at, &rep))
			tp = run->t0 + at;
		if (ts > t_end && tp > t_end)
			break;
		sleep_until(ts < tp ? ts : tp);
		now = measure_now_us();
		run_phases(run, &sc, now);
		if (ts > now || ts > t_end)
			continue;
		if (run_pre_window_skipped(run, &sc, now - run->t0)) {
			if (runner_skip_first(run->ws, s->sample_us, sc.k,
					      now - run->t0))
				run_first_late(run, &sc);
			else
				run_skip_early(s, &sc);
			continue;
		}
		if (run_sample(run, &sc, ts, now) == -ENOSPC)
			break;
		sc.phase_us = sample_phase_us(s->sample_us, &sc.phase_seed);
		run_look_due(run, &sc, ts - run->t0);
		sc.k++;
		if (run->decided)
			break;
	}
	run->ran_us = measure_now_us() - run->t0;
	run_usage_end(run, &sc);
}

/*
 * After the window, while the workload still runs: the trace counts and
 * the cross-check; then stop everything. Returns cg_remove_tree()'s.
 */
static int run_teardown(struct scn_run *run)
{
	int r;

	if (!run->tc_ret)
		run->tc_ret = trc_end(&run->tc);
	if (run->src == PELT_SRC_CPU_PELT)
		run->xc_ret = xcheck_pelt_debugfs(run->s, &run->cg, &run->xc);
	lift_limits(run->s, &run->st, &run->cg);
	wl_kill(&run->w);
	hotplug_restore(run->online0);
	r = cg_remove_tree(&run->cg);
	kmsg_end(run->kfd, &run->km);
	run->kfd = -1;
	return r;
}

/*
 * The verdict: of the look that decided while the workload ran, or of
 * the last look (the fixed window's only one), taken now.
 */
static void run_verdict(struct scn_run *run)
{
	const struct seq_plan *p = &run->plan;
	struct vd_input in;

	if (!run->decided) {
		run->look = p->nlooks - 1;
		run_look(run);
	}
	seq_outcome_fill(p, run->look, &run->res, &run->sq);
	in = run_vd_input(run);
	vd_departure(&in, &run->res);
	if (!p->sequential)
		return;
	vd_diag(&run->res, "sequential: look %d of %d (window %.1f s of at "
		"most %.1f s) decided %s; each look at confidence %.5f, lag "
		"SE x %.2f; the looks' analyses took %llu us CPU, %d looks "
		"skipped over the budget", run->sq.look, run->sq.looks,
		run->sq.time_to_verdict_us / 1e6, p->max_measure_us / 1e6,
		verdict_name(run->res.v), p->look_confidence,
		run->sq.ci_inflation, (unsigned long long)run->sq.cost_us,
		run->sq.skipped);
}

/* The cgroup usage cross-check, over the window's start to the last sample. */
static void run_usage_check(struct scn_run *run)
{
	struct vd_input in = run_vd_input(run);

	if (run->usage_end_ret)
		vd_diag(&run->res, "cgroup usage cross-check: not done (the last sample: %s); no group has usage_cpu",
			strerror(-run->usage_end_ret));
	else
		vd_usage_check(&in, &run->res);
}

/* The verdict, and what the sampler saw of itself. */
static void run_analyze(struct scn_run *run, int rm_ret)
{
	struct scn_result *res = &run->res;
	const struct sample_set *ss = &run->ss;
	char hold[VD_DIAG_LEN];
	int k;

	run_verdict(run);
	run_usage_check(run);
	if (rm_ret)
		vd_diag(res, "cgroup removal: %s", strerror(-rm_ret));
	res->sampler_cpu_us = ss->cost_ns / 1000;
	res->max_late_us = run->max_late;
	res->late_samples = run->late;
	if (run->late)
		vd_diag(res, "sampler woke up late by > 5 ms %d times (max "
			"%llu us): the vCPU did not run (host contention?)",
			run->late, (unsigned long long)run->max_late);
	note_contention(res);
	for (k = 0, res->pelt_samples = 0; k < ss->n; k++) {
		res->pelt_samples += ss->v[k].pelt_ok;
		res->pelt_moved += ss->v[k].pelt_ok && ss->v[k].pelt_moved;
	}
	res->sampler_overhead = run->ran_us ?
		(double)ss->cost_ns / 1000.0 / run->ran_us : 0;
	vd_diag(res, "sampler cost: tasks %llu us, cgroup usage %llu us, "
		"PELT (%s, every %d samples on average) %llu us",
		(unsigned long long)ss->cost_part_ns[0] / 1000,
		(unsigned long long)ss->cost_part_ns[1] / 1000,
		pelt_source_name(run->src), run->pelt_every,
		(unsigned long long)ss->cost_part_ns[2] / 1000);
	if (sampler_note(ss, hold, sizeof(hold)) > 0)
		vd_diag(res, "%s", hold);
	if (ss->errors)
		vd_diag(res, "%d failed reads, last: %s", ss->errors,
			ss->last_error);
}

/* Kernel warnings fail the scenario, a failed phase makes it an ERROR. */
static void run_kernel_verdict(struct scn_run *run)
{
	struct scn_result *res = &run->res;
	const struct kmsg_report *km = &run->km;

	report_kernel_checks(run->s, &run->ss, res, run->tc_ret, &run->tc,
			     run->xc_ret, &run->xc);
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
	if (run->phase_err[0]) {
		res->v = V_ERROR;
		snprintf(res->reason, sizeof(res->reason), "%s",
			 run->phase_err);
	}
}

/* KTAP subtests and the JSON records; the verdict to the parent. */
static void __attribute__((noreturn)) run_report(struct scn_run *run,
						 int msg_fd)
{
	struct scn_result *res = &run->res;
	struct child_msg m;

	vd_diag(res, "setup: %.1f ms before the workload started (cgroups "
		"%.1f, workers and sampler %.1f, tracing %.1f); teardown "
		"%.1f ms", (run->t0 - run->t_setup[0]) / 1e3,
		(run->t_setup[1] - run->t_setup[0]) / 1e3,
		(run->t_setup[2] - run->t_setup[1]) / 1e3,
		(run->t_setup[3] - run->t_setup[2]) / 1e3,
		run->teardown_us / 1e3);
	if (res->v != V_ERROR || res->intervals >= 2)
		ktap_subtests(stdout, run->s, res, &run->sq);
	jout_series(run->s, &run->ss);
	jout_result(run->index, run->s, res, &run->sq,
		    measure_now_us() - run->t0, &run->km);
	free(run->scratch);
	sampler_free(&run->sp);
	sset_free(&run->ss);
	memset(&m, 0, sizeof(m));
	m.verdict = res->v;
	m.emitted = 1;
	snprintf(m.reason, sizeof(m.reason), "%s", res->reason);
	child_exit(msg_fd, &m);
}

/* Setup failed: undo what was done, report an ERROR. */
static void __attribute__((noreturn)) run_fail(struct scn_run *run,
					       const char *err, int msg_fd)
{
	struct child_msg m;

	lift_limits(run->s, &run->st, &run->cg);
	wl_kill(&run->w);
	hotplug_restore(run->online0);
	cg_remove_tree(&run->cg);
	if (run->kfd >= 0)
		close(run->kfd);
	memset(&m, 0, sizeof(m));
	m.verdict = V_ERROR;
	snprintf(m.reason, sizeof(m.reason), "%s", err);
	child_exit(msg_fd, &m);
}

static void __attribute__((noreturn)) scenario_child(const struct scenario *s,
						     int index, int msg_fd)
{
	static struct scn_run run;
	char err[256] = "";
	int r;

	run.s = s;
	run.index = index;
	seq_plan_scenario(&run.plan, &runner_seq, s);
	run.dur = scn_measure_start_us(s) + run.plan.max_measure_us;
	run.xc_ret = 1;
	run.scratch = malloc(sizeof(*s));
	if (!run.scratch) {
		struct child_msg m = { .verdict = V_ERROR };

		snprintf(m.reason, sizeof(m.reason), "out of memory");
		child_exit(msg_fd, &m);
	}
	memcpy(run.scratch, s, sizeof(*s));
	hotplug_online_mask(&run.online0);
	run.kfd = kmsg_begin();
	run.t_setup[0] = measure_now_us();
	run_cgroups(&run, msg_fd);
	run.t_setup[1] = measure_now_us();
	if (run_workload(&run, err, sizeof(err)))
		run_fail(&run, err, msg_fd);
	run.t_setup[2] = measure_now_us();
	run.ws = scn_measure_start_us(s);
	run.we = run.ws + run.plan.max_measure_us;
	run_pelt_cadence(&run);
	run.tc_ret = trc_begin(&run.tc);
	run.t_setup[3] = measure_now_us();
	run_sample_loop(&run);
	run.teardown_us = measure_now_us();
	r = run_teardown(&run);
	run.teardown_us = measure_now_us() - run.teardown_us;
	run_analyze(&run, r);
	run_kernel_verdict(&run);
	run_report(&run, msg_fd);
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

/* A verdict reached without a scenario process: KTAP and JSON. */
static enum verdict runner_verdict(const struct scenario *s, int index,
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
		*v = runner_verdict(s, index, V_SKIP, why);
		return -1;
	}
	r = knobs_apply(s, kn, why, sizeof(why));
	if (r) {
		*v = runner_verdict(s, index, r == -ENOENT ? V_SKIP : V_ERROR,
				    why);
		return -1;
	}
	r = cg_hier_setup(s->hierarchy, scn_uses_cpuset(s), why, sizeof(why));
	if (r) {
		knobs_restore(kn);
		cg_hier_teardown(s->hierarchy);
		*v = runner_verdict(s, index,
				    r == -EOPNOTSUPP ? V_SKIP : V_ERROR, why);
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
		scenario_child(s, index, fds[1]);
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
		return runner_verdict(s, index, V_ERROR, why);
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
