// SPDX-License-Identifier: GPL-2.0
/*
 * sampler.c - one snapshot of a running scenario.
 *
 * What does not change is not read again: the placement of a pinned hog
 * (struct task_hold), the online CPUs between events, and the PELT state
 * of a group that is steady while nothing moves (struct grp_hold). Each
 * is read again now and then, and what was held, checked and found
 * changed is counted in the sample set (sampler_note()).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "run/run.h"

int sset_init(struct sample_set *ss, int cap, int ninst, int ngroups,
	      int ncpus)
{
	int i, r;

	memset(ss, 0, sizeof(*ss));
	ss->v = calloc(cap, sizeof(*ss->v));
	if (!ss->v)
		return -ENOMEM;
	ss->cap = cap;
	ss->ninst = ninst;
	ss->ngroups = ngroups;
	ss->ncpus = ncpus;
	for (i = 0; i < cap; i++) {
		struct sample *sm = &ss->v[i];

		sm->ts = calloc(ninst ? ninst : 1, sizeof(*sm->ts));
		sm->usage_us = calloc(ngroups ? ngroups : 1,
				      sizeof(*sm->usage_us));
		r = pelt_snap_alloc(&sm->pelt, ngroups, ncpus);
		if (!sm->ts || !sm->usage_us || r) {
			sset_free(ss);
			return -ENOMEM;
		}
	}
	return 0;
}

void sset_free(struct sample_set *ss)
{
	int i;

	if (!ss->v)
		return;
	wl_hop_free(ss);
	for (i = 0; i < ss->cap; i++) {
		free(ss->v[i].ts);
		free(ss->v[i].usage_us);
		pelt_snap_free(&ss->v[i].pelt);
	}
	free(ss->v);
	ss->v = NULL;
}

/*
 * A held task placement is read again at least this often (and on every
 * event). The check costs one /proc/<pid>/stat read.
 */
#define SAMPLER_VERIFY_US	2000000ull
/* A steady group's cpu.pelt is read on every this many PELT reads. */
#define SAMPLER_PELT_HOLD	8
/*
 * Two reads of a group agree when every flag and count is equal and
 * every load within 1/256 (or 2 units, 2/1024 of a nice-0 task) of the
 * other: a share off by 0.4 % of itself, under what a 1 % tolerance can
 * see. util_avg is not compared: no model reads it.
 */
#define SAMPLER_PELT_REL	(1.0 / 256)
#define SAMPLER_PELT_ABS	2.0

int sampler_init(struct sampler *sp, const struct scenario *s,
		 struct workload *w, const struct cg_ctx *cg,
		 enum pelt_source src)
{
	int g, n = s->ngroups ? s->ngroups : 1;

	memset(sp, 0, sizeof(*sp));
	sp->s = s;
	sp->w = w;
	sp->cg = cg;
	sp->src = src;
	sp->last_events = -1;
	sp->verify_every = (int)(SAMPLER_VERIFY_US /
				 (s->sample_us ? s->sample_us : 1));
	if (sp->verify_every < 2)
		sp->verify_every = 2;
	cg_debugfs_root(cg, sp->debugfs_root, sizeof(sp->debugfs_root));
	sp->pelt_rf = calloc(n, sizeof(*sp->pelt_rf));
	sp->usage_rf = calloc(n, sizeof(*sp->usage_rf));
	sp->th = calloc(w->ninst ? w->ninst : 1, sizeof(*sp->th));
	sp->gh = calloc(n, sizeof(*sp->gh));
	sp->dcap = 65536;
	sp->dbuf = malloc(sp->dcap);
	if (!sp->pelt_rf || !sp->usage_rf || !sp->dbuf || !sp->th || !sp->gh)
		return -ENOMEM;
	for (g = 0; g < s->ngroups; g++) {
		char dir[PATH_MAX], path[PATH_MAX + 16];

		cg_group_dir(cg, g, dir, sizeof(dir));
		snprintf(path, sizeof(path), "%s/cpu.pelt", dir);
		refile_init(&sp->pelt_rf[g], path, true);
		cg_usage_path(cg, g, path, sizeof(path));
		refile_init(&sp->usage_rf[g], path, true);
	}
	refile_init(&sp->online_rf, "/sys/devices/system/cpu/online", true);
	refile_init(&sp->debugfs_rf, PELT_DEBUGFS_PATH, false);
	return 0;
}

void sampler_free(struct sampler *sp)
{
	int g;

	for (g = 0; g < sp->s->ngroups; g++) {
		if (sp->pelt_rf)
			refile_close(&sp->pelt_rf[g]);
		if (sp->usage_rf)
			refile_close(&sp->usage_rf[g]);
	}
	for (g = 0; sp->gh && g < sp->s->ngroups; g++)
		free(sp->gh[g].cpu);
	refile_close(&sp->online_rf);
	refile_close(&sp->debugfs_rf);
	free(sp->th);
	free(sp->gh);
	sp->th = NULL;
	sp->gh = NULL;
	free(sp->pelt_rf);
	free(sp->usage_rf);
	free(sp->dbuf);
	sp->pelt_rf = sp->usage_rf = NULL;
	sp->dbuf = NULL;
}

/* Read a refile whole into sp->dbuf, growing it. */
static ssize_t read_all(struct sampler *sp, struct refile *rf)
{
	for (;;) {
		ssize_t n = refile_read(rf, sp->dbuf, sp->dcap);
		char *nb;

		if (n < 0 || (size_t)n + 1 < sp->dcap)
			return n;
		nb = realloc(sp->dbuf, sp->dcap * 2);
		if (!nb)
			return -ENOMEM;
		sp->dbuf = nb;
		sp->dcap *= 2;
	}
}

static void note(struct sample_set *ss, const char *what, int r)
{
	ss->errors++;
	snprintf(ss->last_error, sizeof(ss->last_error), "%s: %s", what,
		 strerror(-r));
}

const struct pelt_snap *sset_pelt(const struct sample_set *ss, int k)
{
	int ref;

	if (k < 0 || k >= ss->n)
		return NULL;
	ref = ss->v[k].pelt_ref;
	if (ref < 0 || ref >= ss->n || !ss->v[ref].pelt_ok)
		return NULL;
	return &ss->v[ref].pelt;
}

bool sampler_moved(const struct sample_set *ss, const struct sample *sm)
{
	const struct sample *ref;
	int i;

	if (sm->pelt_ref < 0 || sm->pelt_ref >= ss->n)
		return false;
	ref = &ss->v[sm->pelt_ref];
	for (i = 0; i < ss->ninst; i++)
		if (sm->ts[i].state == 'R' && sm->ts[i].cpu >= 0 &&
		    ref->ts[i].cpu >= 0 && sm->ts[i].cpu != ref->ts[i].cpu)
			return true;
	return false;
}


/* Is pid allowed to run on cpu only? */
static bool pinned_to(pid_t pid, int cpu)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE ||
	    sched_getaffinity(pid, sizeof(set), &set))
		return false;
	return CPU_COUNT(&set) == 1 && CPU_ISSET(cpu, &set);
}

/* A hog always runs, without children: its state is its placement's. */
static bool holdable(const struct workload *w, int i)
{
	const struct scn_kind *k = scn_kind(w->kind[i]);

	return k && k->steady && !k->forks && w->rd[i].pid == w->pid[i];
}

/*
 * A hog's published CPU time (wl_shared.self_ns) is evidence that it ran,
 * never its CPU time: a host stall of its vCPU is charged to it by the
 * kernel at once, but reaches its own clock only when its current chunk
 * of work ends, which for a hog preempted right after can be tens of ms
 * later (measured: cgroup usage and task sums then differed by up to 5 %
 * of a group's time, and many-tasks failed). CPU time is the kernel's.
 */
static uint64_t hog_progress(const struct sampler *sp, int i)
{
	return __atomic_load_n(&sp->w->sh[i].self_ns, __ATOMIC_RELAXED);
}

/*
 * Read instance i whole, then check, start or drop its hold. Before any
 * event a runnable hog is where wl_spawn() pinned it: one read starts
 * the hold. After one, two reads must agree: a stop signal may still be
 * pending at the first.
 */
static void task_full(struct sampler *sp, struct sample_set *ss,
		      struct sample *sm, int i)
{
	struct task_hold *th = &sp->th[i];
	struct task_sample *ts = &sm->ts[i];
	int r, need;
	bool same;

	th->seen = true;
	r = wl_sample(sp->w, i, ts);
	need = !sm->events_done && ts->state == 'R' ? 1 : 2;
	if (r)
		note(ss, "task sample", r);
	ss->task_reads++;
	same = !r && ts->cpu == th->cpu && ts->state == th->state;
	if (th->on) {
		ss->held_checks++;
		ss->held_wrong += !same;
	}
	th->on = th->on && same;
	th->since = 0;
	th->agree = same ? th->agree + 1 : !r;
	th->cpu = ts->cpu;
	th->state = ts->state;
	th->check_ns = hog_progress(sp, i);
	if (!th->on && th->agree >= need && holdable(sp->w, i) &&
	    pinned_to(sp->w->pid[i], ts->cpu)) {
		th->on = true;
		/* stagger the checks over the samples */
		th->since = i % sp->verify_every;
	}
}

/* A held sample of instance i: its stall charge, its placement as held. */
static void held_place(const struct sampler *sp, int i, struct task_sample *ts)
{
	ts->stall_ns = __atomic_load_n(&sp->w->sh[i].stall_ns,
				       __ATOMIC_RELAXED);
	ts->cpu = sp->th[i].cpu;
	ts->state = sp->th[i].state;
}

/* Instance i's CPU time; its placement as held. */
static void task_held(struct sampler *sp, struct sample_set *ss,
		      struct sample *sm, int i)
{
	struct task_hold *th = &sp->th[i];
	struct task_sample *ts = &sm->ts[i];
	int r = task_reader_ns(&sp->w->rd[i], &ts->ns);

	held_place(sp, i, ts);
	th->since++;
	ss->held++;
	if (r) {
		note(ss, "task CPU time", r);
		ts->ns = 0;
		ts->cpu = -1;
		ts->state = '?';
		th->on = false;
		th->agree = 0;
	}
}

/*
 * The check of a held hog without /proc/<pid>/stat, which costs several
 * system calls' worth under TCG (do_task_stat() formats 52 fields): the
 * hog is still allowed on the held CPU only (one sched_getaffinity(), so
 * that is where it is), and its published CPU time advanced since the
 * last check (it ran meanwhile: alive and runnable; a stopped or exited
 * hog publishes nothing). Its CPU time is read from the kernel as for
 * any held sample. Returns false when the evidence is missing: then the
 * full read decides.
 */
static bool task_check(struct sampler *sp, struct sample_set *ss,
		       struct sample *sm, int i)
{
	struct task_hold *th = &sp->th[i];
	struct task_sample *ts = &sm->ts[i];
	uint64_t v = hog_progress(sp, i);

	if (th->state != 'R' || !v || v == th->check_ns ||
	    !pinned_to(sp->w->pid[i], th->cpu) ||
	    task_reader_ns(&sp->w->rd[i], &ts->ns))
		return false;
	held_place(sp, i, ts);
	ss->held_checks++;
	ss->quick_checks++;
	th->since = 0;
	th->check_ns = v;
	return true;
}

/* The one CPU pid may run on, or -1. */
static int only_cpu(pid_t pid)
{
	cpu_set_t set;
	int c;

	if (sched_getaffinity(pid, sizeof(set), &set) || CPU_COUNT(&set) != 1)
		return -1;
	for (c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set))
			return c;
	return -1;
}

/*
 * The first read of a pinned hog before any event, without /proc: the
 * start barrier released it runnable (wl_start() wakes every instance,
 * and a waking task is placed within its affinity), on the one CPU its
 * affinity allows. Held from here, tentatively: its progress by the next
 * sample confirms the hold (take_tasks()), else the full read there
 * decides and counts a wrong hold.
 */
static bool task_start(struct sampler *sp, struct sample_set *ss,
		       struct sample *sm, int i)
{
	struct task_hold *th = &sp->th[i];
	struct task_sample *ts = &sm->ts[i];
	struct workload *w = sp->w;
	int cpu;

	if (sm->events_done || th->seen || !scn_kind(w->kind[i]) ||
	    !scn_kind(w->kind[i])->steady || scn_kind(w->kind[i])->forks)
		return false;
	if (w->rd[i].pid != w->pid[i])
		task_reader_init(&w->rd[i], w->pid[i]);
	cpu = only_cpu(w->pid[i]);
	if (cpu < 0 || task_reader_ns(&w->rd[i], &ts->ns))
		return false;
	th->seen = th->on = th->tentative = true;
	th->agree = 1;
	th->since = i % sp->verify_every;	/* stagger the checks */
	th->cpu = cpu;
	th->state = 'R';
	th->check_ns = hog_progress(sp, i);
	held_place(sp, i, ts);
	ss->quick_starts++;
	return true;
}

/* A tentative hold, one sample on: confirmed if the hog made progress. */
static bool task_confirm(struct sampler *sp, struct sample_set *ss, int i)
{
	struct task_hold *th = &sp->th[i];
	uint64_t v = hog_progress(sp, i);

	th->tentative = false;
	if (!v || v == th->check_ns)
		return false;
	th->check_ns = v;
	ss->quick_confirmed++;
	return true;
}

static void take_tasks(struct sampler *sp, struct sample_set *ss,
		       struct sample *sm, bool changed)
{
	int i;

	for (i = 0; i < ss->ninst; i++) {
		struct task_hold *th = &sp->th[i];

		if (changed) {
			th->on = th->tentative = false;
			th->agree = 0;
		}
		if (!th->on && task_start(sp, ss, sm, i))
			continue;
		if (th->on && th->tentative && !task_confirm(sp, ss, i))
			task_full(sp, ss, sm, i);
		else if (th->on && th->since + 1 < sp->verify_every)
			task_held(sp, ss, sm, i);
		else if (!th->on || !task_check(sp, ss, sm, i))
			task_full(sp, ss, sm, i);
	}
}

/*
 * The online CPUs: read after an event (hotplug is one), else held and
 * read every verify_every samples. Returns whether they changed.
 */
static bool take_online(struct sampler *sp, struct sample_set *ss,
			struct sample *sm, bool event)
{
	scn_cpumask_t m = 0;

	if (!event && sp->online_since + 1 < sp->verify_every) {
		sp->online_since++;
		ss->online_held++;
		sm->online = sp->online;
		return false;
	}
	if (read_all(sp, &sp->online_rf) > 0) {
		sp->dbuf[strcspn(sp->dbuf, "\n")] = '\0';
		scn_cpumask_parse(sp->dbuf, &m);
	}
	ss->online_wrong += !event && m != sp->online;
	sp->online_since = 0;
	sm->online = m;
	if (m == sp->online)
		return false;
	sp->online = m;
	return true;
}

/* Did nothing the PELT state depends on change since sample ref? */
static bool inputs_same(const struct sample_set *ss, const struct sample *sm)
{
	const struct sample *ref;
	int i;

	if (sm->pelt_ref < 0 || sm->pelt_ref >= ss->n)
		return false;
	ref = &ss->v[sm->pelt_ref];
	if (!ref->pelt_ok || ref->events_done != sm->events_done ||
	    ref->online != sm->online)
		return false;
	for (i = 0; i < ss->ninst; i++)
		if (sm->ts[i].cpu != ref->ts[i].cpu ||
		    sm->ts[i].state != ref->ts[i].state)
			return false;
	return true;
}

static bool near(double a, double b)
{
	double d = a > b ? a - b : b - a, m = (a > 0 ? a : -a);

	return d <= SAMPLER_PELT_ABS || d <= m * SAMPLER_PELT_REL;
}

static bool pelt_cpu_close(const struct pelt_cpu *a, const struct pelt_cpu *b)
{
	return a->present == b->present && a->online == b->online &&
	       a->on_list == b->on_list && a->throttled == b->throttled &&
	       a->has_se == b->has_se && a->has_tg == b->has_tg &&
	       a->nr_running == b->nr_running &&
	       a->h_nr_running == b->h_nr_running &&
	       near(a->contrib, b->contrib) && near(a->weight, b->weight) &&
	       near(a->load_avg, b->load_avg) &&
	       near(a->runnable_avg, b->runnable_avg) &&
	       near(a->removed_load_avg, b->removed_load_avg) &&
	       near(a->se_weight, b->se_weight) &&
	       near(a->se_load_avg, b->se_load_avg) &&
	       near(a->tg_load_avg, b->tg_load_avg);
}

/* Does group g of p agree with its last fresh read? */
static bool pelt_group_close(const struct grp_hold *gh,
			     const struct pelt_snap *p, int g)
{
	const struct pelt_group *a = &gh->grp, *b = &p->grp[g];
	int c;

	if (a->present != b->present || a->has_tg != b->has_tg ||
	    a->has_shares != b->has_shares || !near(a->tg_load_avg,
	    b->tg_load_avg) || a->shares != b->shares)
		return false;
	for (c = 0; c < p->ncpus; c++)
		if (!pelt_cpu_close(&gh->cpu[c], pelt_at(p, g, c)))
			return false;
	return true;
}

/* After a fresh read of group g: check, start or end its hold. */
static void grp_hold_update(struct sampler *sp, struct sample_set *ss,
			    const struct pelt_snap *p, int g)
{
	struct grp_hold *gh = &sp->gh[g];
	bool close = gh->have && pelt_group_close(gh, p, g);

	if (gh->steady) {
		ss->pelt_checks++;
		ss->pelt_held_wrong += !close;
	}
	gh->age = 0;
	if (close && !gh->steady)
		gh->age = g % SAMPLER_PELT_HOLD;	/* stagger */
	gh->steady = close;
	gh->grp = p->grp[g];
	memcpy(gh->cpu, pelt_at(p, g, 0), sizeof(*gh->cpu) * p->ncpus);
	gh->have = true;
}

/* Group g of sample ref, carried into sm. */
static void pelt_group_copy(struct sample *sm, const struct sample *ref,
			    int g)
{
	const struct pelt_snap *p = &ref->pelt;

	sm->pelt.grp[g] = p->grp[g];
	memcpy(pelt_at(&sm->pelt, g, 0), pelt_at(p, g, 0),
	       sizeof(*p->cpu) * p->ncpus);
}

/* The per-CPU arrays of the group holds, once the width is known. */
static bool grp_hold_ready(struct sampler *sp, int ncpus)
{
	int g;

	if (sp->ncpus == ncpus)
		return true;
	if (sp->ncpus)
		return false;
	for (g = 0; g < sp->s->ngroups; g++) {
		sp->gh[g].cpu = calloc(ncpus, sizeof(*sp->gh[g].cpu));
		if (!sp->gh[g].cpu)
			return false;
	}
	sp->ncpus = ncpus;
	return true;
}

static void take_cpu_pelt(struct sampler *sp, struct sample_set *ss,
			  struct sample *sm)
{
	bool ready = grp_hold_ready(sp, ss->ncpus);
	bool same = ready && inputs_same(ss, sm);
	const struct sample *ref = same ? &ss->v[sm->pelt_ref] : NULL;
	int g, r;

	sm->pelt_ok = true;
	for (g = 0; g < ss->ngroups; g++) {
		struct grp_hold *gh = &sp->gh[g];
		ssize_t n;

		if (!same)
			gh->steady = gh->have = false;
		if (ref && gh->steady && gh->age + 1 < SAMPLER_PELT_HOLD &&
		    ref->pelt.grp[g].present) {
			pelt_group_copy(sm, ref, g);
			gh->age++;
			ss->pelt_held++;
			continue;
		}
		n = read_all(sp, &sp->pelt_rf[g]);
		r = n < 0 ? (int)n : pelt_parse_cpu_pelt(sp->dbuf, n,
							 &sm->pelt, g);
		ss->pelt_reads++;
		if (r) {
			sm->pelt_ok = false;
			gh->steady = gh->have = false;
			note(ss, "cpu.pelt", r);
		} else if (ready) {
			grp_hold_update(sp, ss, &sm->pelt, g);
		}
	}
}

static void take_debugfs(struct sampler *sp, struct sample_set *ss,
			 struct sample *sm)
{
	ssize_t n = read_all(sp, &sp->debugfs_rf);
	int r = n < 0 ? (int)n : pelt_parse_debugfs(sp->dbuf, n,
				sp->debugfs_root, sp->s, &sm->pelt);

	if (r < 0)
		note(ss, "sched/debug", r);
	sm->pelt_ok = r >= 0;
}

static void take_usage(struct sampler *sp, struct sample_set *ss,
		       struct sample *sm)
{
	int g, r;

	for (g = 0; g < ss->ngroups; g++) {
		ssize_t n = read_all(sp, &sp->usage_rf[g]);

		r = n < 0 ? (int)n : cg_parse_usage(sp->cg, sp->dbuf,
						     &sm->usage_us[g]);
		if (r) {
			sm->usage_ok = false;
			note(ss, "cgroup usage", r);
		}
	}
}

/*
 * The verdict takes the cgroup usage of two samples only: the first with
 * usage at or after the window's start (t + sample/2 >= start, as
 * vd_window() counts), and the last with usage up to its end. The runner
 * asks on the few samples around both ends (and around the end of every
 * look of the sequential verdict); of those, this reads the first at the
 * start; at the end of measure the one sample after which the next may
 * fall outside the window: samples are due at k * sample + a phase under
 * sample/2 (runner.c), so with an end at a whole number of periods that
 * is the last sample, and otherwise the last two (each round of reads
 * costs 10-20 ms of guest CPU at 208 groups); and beyond that end (looks
 * of a longer window) whatever the runner asks. A last sample so late
 * that it falls outside the window leaves the run without the
 * cross-check (usage_cpu null), never with a wrong one.
 */
static bool usage_needed(struct sampler *sp, uint64_t t_us)
{
	const struct scenario *s = sp->s;
	uint64_t per = s->sample_us ? s->sample_us : 1, half = per / 2;
	uint64_t ws = scn_measure_start_us(s), end = ws + s->measure_us;

	if (!sp->usage_start && t_us + half >= ws) {
		sp->usage_start = true;
		return true;
	}
	if (t_us > end + half)
		return true;	/* asked for a look beyond measure (sequential) */
	return t_us + per + half >= end && (t_us / per + 1) * per > end;
}

/*
 * The PELT state: cpu.pelt or sched/debug when wanted (the caller has
 * set sm->pelt_ref to the latest read and sm->pelt_moved), else the
 * sample refers to the latest read.
 */
static void take_pelt(struct sampler *sp, struct sample_set *ss,
		      struct sample *sm, bool want_pelt)
{
	sm->pelt_ok = false;
	if (want_pelt)
		pelt_snap_clear(&sm->pelt);
	if (want_pelt && sp->src == PELT_SRC_CPU_PELT)
		take_cpu_pelt(sp, ss, sm);
	else if (want_pelt && sp->src == PELT_SRC_DEBUGFS)
		take_debugfs(sp, ss, sm);
	if (sm->pelt_ok)
		sm->pelt_ref = ss->n;
}

/*
 * Its own CPU time is read at the start and the end, and between the
 * parts only when a sample reads more than the tasks: each read is a
 * system call, and under TCG one costs about as much as a held task.
 */
int sampler_take(struct sampler *sp, struct sample_set *ss, uint64_t t_us,
		 int events_done, bool want_usage, bool want_pelt)
{
	uint64_t c0 = measure_self_ns(), c1 = 0, c2, c3;
	struct sample *sm;
	bool event, more;

	if (ss->n >= ss->cap)
		return -ENOSPC;
	sm = &ss->v[ss->n];
	sm->t_us = t_us;
	sm->events_done = events_done;
	event = events_done != sp->last_events;
	sp->last_events = events_done;
	event |= take_online(sp, ss, sm, event);
	if (wl_hop_take(sp->w, ss, false))
		note(ss, "hop log", -ENOMEM);
	take_tasks(sp, ss, sm, event);
	sm->usage_ok = want_usage && usage_needed(sp, t_us);
	sm->pelt_ref = ss->n > 0 ? ss->v[ss->n - 1].pelt_ref : -1;
	sm->pelt_moved = !want_pelt && sampler_moved(ss, sm);
	want_pelt |= sm->pelt_moved;
	more = sm->usage_ok || want_pelt;
	if (more)
		c1 = measure_self_ns();
	if (sm->usage_ok)
		take_usage(sp, ss, sm);
	c2 = sm->usage_ok ? measure_self_ns() : c1;
	take_pelt(sp, ss, sm, want_pelt);
	wl_hop_take(sp->w, ss, true);
	ss->n++;
	c3 = measure_self_ns();
	if (!more)
		c1 = c2 = c3;
	ss->cost_part_ns[0] += c1 - c0;
	ss->cost_part_ns[1] += c2 - c1;
	ss->cost_part_ns[2] += c3 - c2;
	ss->cost_ns += c3 - c0;
	return 0;
}

int sampler_note(const struct sample_set *ss, char *buf, size_t len)
{
	if (!ss->held && !ss->online_held && !ss->pelt_held)
		return 0;
	return snprintf(buf, len, "sampler held: placement %ld/%ld (%ld "
			"started without /proc, %ld confirmed by progress; "
			"checks %ld, %ld without /proc, wrong %ld), online %ld "
			"(wrong %ld), PELT groups %ld/%ld (checks %ld, wrong "
			"%ld)",
			ss->held, ss->held + ss->task_reads, ss->quick_starts,
			ss->quick_confirmed, ss->held_checks,
			ss->quick_checks, ss->held_wrong, ss->online_held,
			ss->online_wrong,
			ss->pelt_held, ss->pelt_held + ss->pelt_reads,
			ss->pelt_checks, ss->pelt_held_wrong);
}
