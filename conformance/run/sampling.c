// SPDX-License-Identifier: GPL-2.0
/*
 * sampling.c - the scenario process's sample loop: the workers started,
 * the samples on their grid, the phases and firings applied when due,
 * the sequential verdict's looks taken while the workload runs.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "run/child.h"
#include "run/run.h"

/* The sampling loop's position. */
struct sample_clock {
	int k;				/* samples taken on the sample grid */
	struct scn_event_pos ev;	/* phases and firings applied */
	int pelt_next, pelt_pi;		/* next PELT read, events done at the last */
	unsigned int pelt_seed, phase_seed;
	uint64_t phase_us;		/* this sample's offset */
	bool first_late;		/* child_first_late(): the next read far */
};

static void child_sleep_until(uint64_t t_us)
{
	struct timespec ts = { t_us / 1000000, (t_us % 1000000) * 1000 };

	while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) ==
	       EINTR)
		;
}

/*
 * A sample right before a repeat firing, so that no sample interval of
 * the window spans a change of the state: the model takes each interval
 * in the state its samples show (the interval ends at this sample, in
 * the state before the firing). Only the tasks are read, and the PELT
 * state when a task has moved since the last read (sampler_take()).
 */
static void child_firing_sample(struct child *ch, struct sample_clock *sc,
				uint64_t now)
{
	uint64_t per = ch->s->sample_us;

	if (now + per < ch->smp.t0 + ch->smp.ws ||
	    now > ch->smp.t0 + ch->smp.we + per)
		return;
	sampler_take(&ch->smp.sp, &ch->smp.ss, now - ch->smp.t0, sc->ev.done,
		     false, false);
}

/* Apply every phase and firing due by now. */
static void child_phases(struct child *ch, struct sample_clock *sc,
			 uint64_t now)
{
	const struct scenario *s = ch->s;
	const struct scn_phase *ph;
	uint64_t at;
	int r, rep;

	while ((ph = scn_event_peek(s, &sc->ev, &at, &rep)) &&
	       ch->smp.t0 + at <= now) {
		if (rep >= 0)
			child_firing_sample(ch, sc, measure_now_us());
		scn_event_next(s, &sc->ev, &at, &rep);
		r = child_do_phase(s, &ch->st, ph, &ch->set.cg, &ch->set.w);
		if (r && !ch->smp.phase_err[0])
			snprintf(ch->smp.phase_err, sizeof(ch->smp.phase_err),
				 "%s %d (%s, line %d): %s",
				 rep < 0 ? "phase" : "firing", sc->ev.done - 1,
				 scn_action_name(ph->action), ph->line,
				 strerror(-r));
	}
}

/*
 * Does nothing before the window need what its samples read: no event
 * applied or due before the window's first sample, no hopper (whose log
 * counts from a sample)? vd_window() starts at the first sample with
 * t + sample/2 >= the window's start; nothing before it enters a verdict.
 */
static bool child_pre_window_idle(const struct child *ch,
				  const struct sample_clock *sc)
{
	uint64_t at;
	int rep;

	if (sc->ev.done || wl_has_hopper(&ch->set.w))
		return false;
	return !scn_event_peek(ch->s, &sc->ev, &at, &rep) ||
	       at >= ch->smp.ws + ch->s->sample_us;
}

/* The sample due at ts (from t0: t), taken at now. -ENOSPC: set full. */
static int child_sample(struct child *ch, struct sample_clock *sc,
			uint64_t ts, uint64_t now)
{
	const struct scenario *s = ch->s;
	uint64_t t = ts - ch->smp.t0, per = s->sample_us;
	bool usage, pelt;

	/*
	 * A late wake-up means this vCPU did not run: under TCG on a busy
	 * host, time the guest did not run is charged to whatever task was
	 * current.
	 */
	if (now - ts > ch->smp.max_late)
		ch->smp.max_late = now - ts;
	if (now - ts > 5000)
		ch->smp.late++;
	usage = t + per * 2 >= ch->smp.ws && t <= ch->smp.ws + per * 2;
	/*
	 * At random gaps, and at the window's first sample and the first
	 * after a phase or a repeat firing (pelt_pi: events done at the last
	 * read): the model holds the last PELT state until the next one. A
	 * move or a cpu.max write changes the group loads without moving a
	 * task to another CPU, so sampler_take() would not see it.
	 */
	if (sc->ev.done != sc->pelt_pi)
		sc->pelt_next = sc->k;
	pelt = sc->k >= sc->pelt_next ||
	       (t <= ch->smp.ws && t + per > ch->smp.ws);
	/*
	 * No PELT read before the window when nothing there needs it: no
	 * verdict reads that state, a read costs a cpu.pelt read per group,
	 * and taken while the hogs' loads still ramp it could not start a
	 * hold either. pelt_next stays: the window's first sample reads (and
	 * the sampler reads there anyway when it has no read yet,
	 * pelt_needed()).
	 */
	if (pelt && t + per / 2 < ch->smp.ws && child_pre_window_idle(ch, sc))
		pelt = false;
	if (pelt) {
		sc->pelt_next = sc->k + pelt_gap(ch->smp.pelt_every,
						 &sc->pelt_seed);
		sc->pelt_pi = sc->ev.done;
	}
	if (pelt && sc->first_late) {
		/* the longest gap pelt_gap() draws: see child_first_late() */
		sc->pelt_next = sc->k + ch->smp.pelt_every +
				ch->smp.pelt_every / 2;
		sc->first_late = false;
	}
	return sampler_take(&ch->smp.sp, &ch->smp.ss,
			    measure_now_us() - ch->smp.t0, sc->ev.done, usage,
			    pelt);
}

/*
 * Before the longest window's end, after the sample at t: the look whose
 * window ends by now (half a sample's slack, as vd_window() takes it).
 * The scenario process analyses while the workload runs; the samples its
 * analysis delayed are skipped, not taken late (*k moves past now). A
 * look over the CPU budget (SEQ_LOOK_BUDGET) is skipped.
 */
static void child_look_due(struct child *ch, struct sample_clock *sc,
			   uint64_t t)
{
	uint64_t per = ch->s->sample_us, now;

	if (!ch->vd.plan.sequential ||
	    ch->vd.look >= ch->vd.plan.nlooks - 1 ||
	    t + per / 2 < ch->smp.ws + ch->vd.plan.look_us[ch->vd.look])
		return;
	if (!runner_look_in_budget(ch->vd.sq.cost_us, ch->smp.ws, t)) {
		ch->vd.look++;
		ch->vd.sq.skipped++;
		return;
	}
	child_look(ch);
	now = measure_now_us();
	while (ch->smp.t0 + (uint64_t)(sc->k + 1) * per + sc->phase_us <= now)
		sc->k++;
}

/*
 * Is the sample on the grid at k (taken at t from t0) outside the window
 * (t + sample/2 < its start, as vd_window() counts) with none taken yet,
 * and nothing before the window that needs it (child_pre_window_idle())?
 * Then it is not taken. Such a sample reads the tasks only (no PELT, no
 * usage there), no verdict reads it (vd_window() starts later), and the
 * first falls where every hog wakes, when a read of every task's clock
 * costs most (the holds start at the window's first sample instead;
 * the costs measured: docs/bench-cost.md). The last one left out,
 * whose next is surely inside the window (runner_skip_first()), moves
 * that next one late in its slot (child_first_late()).
 */
static bool child_pre_window_skipped(const struct child *ch,
				     const struct sample_clock *sc, uint64_t t)
{
	return !ch->smp.ss.n && t + ch->s->sample_us / 2 < ch->smp.ws &&
	       child_pre_window_idle(ch, sc);
}

/*
 * After a first sample skipped: the next one, the run's first and the
 * window's, is due at the end of its slot (the largest phase the draw
 * gives, just under half a period; the draw is made and dropped, so
 * that the later samples' phases are those of a run without the skip).
 * That sample reads the window's initial PELT state, and the later it
 * comes, the more that state has settled: a hog woken at the start
 * ramps its load as 1 - 2^(-t/32 ms), and a cfs_rq's stored state can
 * be one blocked-load update (tens of ms) old. The rule: the window's
 * first PELT read as late in its slot as the draw allows, so that it
 * can be the first of the two agreeing reads a hold needs, and the
 * second read the longest PELT gap later, past the ramp's tail where
 * two close reads agree while the state still moves (the measurements:
 * docs/bench-cost.md, the window's first sample).
 */
static void child_first_late(struct child *ch, struct sample_clock *sc)
{
	uint64_t per = ch->s->sample_us;

	sample_phase_us(per, &sc->phase_seed);
	sc->phase_us = per / 2 ? per / 2 - 1 : 0;
	sc->first_late = true;
	sc->k++;
}

/*
 * The sample that ends the cgroup usage cross-check (vd_usage_check()):
 * the tasks and the usage, taken after the deciding look's window, or
 * past the end of the last look's when none decided (child_verdict()
 * analyses that one after the loop: no window may hold this sample).
 * Its CPU time counts in the sampler's cost, not in ran_us.
 */
static void child_usage_end(struct child *ch, const struct sample_clock *sc)
{
	if (!ch->vd.decided)
		child_sleep_until(ch->smp.t0 + ch->smp.we +
				  ch->s->sample_us / 2 + 1);
	ch->smp.sp.usage_end = true;
	ch->smp.usage_end_ret = sampler_take(&ch->smp.sp, &ch->smp.ss,
					     measure_now_us() - ch->smp.t0,
					     sc->ev.done, true, false);
}

/* A sample left out before the window, with the next not surely inside. */
static void child_skip_early(const struct scenario *s,
			     struct sample_clock *sc)
{
	sc->phase_us = sample_phase_us(s->sample_us, &sc->phase_seed);
	sc->k++;
}

/* Start the workers; sample and apply the phases until the window ends. */
void child_sample_loop(struct child *ch)
{
	const struct scenario *s = ch->s;
	struct sample_clock sc = {
		.pelt_seed = (unsigned int)ch->index + 1,
		.phase_seed = ~(unsigned int)ch->index,
	};
	uint64_t t_end;

	wl_start(&ch->set.w);
	ch->smp.t0 = measure_now_us();
	/* the sample due at the window's end may fall half a period later */
	t_end = ch->smp.t0 + ch->smp.dur + s->sample_us / 2;
	for (;;) {
		uint64_t ts = ch->smp.t0 + (uint64_t)sc.k * s->sample_us +
			      sc.phase_us;
		uint64_t tp = UINT64_MAX, now, at;
		int rep;

		if (scn_event_peek(s, &sc.ev, &at, &rep))
			tp = ch->smp.t0 + at;
		if (ts > t_end && tp > t_end)
			break;
		child_sleep_until(ts < tp ? ts : tp);
		now = measure_now_us();
		child_phases(ch, &sc, now);
		if (ts > now || ts > t_end)
			continue;
		if (child_pre_window_skipped(ch, &sc, now - ch->smp.t0)) {
			if (runner_skip_first(ch->smp.ws, s->sample_us, sc.k,
					      now - ch->smp.t0))
				child_first_late(ch, &sc);
			else
				child_skip_early(s, &sc);
			continue;
		}
		if (child_sample(ch, &sc, ts, now) == -ENOSPC)
			break;
		sc.phase_us = sample_phase_us(s->sample_us, &sc.phase_seed);
		child_look_due(ch, &sc, ts - ch->smp.t0);
		sc.k++;
		if (ch->vd.decided)
			break;
	}
	ch->smp.ran_us = measure_now_us() - ch->smp.t0;
	child_usage_end(ch, &sc);
}
