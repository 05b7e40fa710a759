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
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "run/run.h"

/*
 * Touch every page of a fresh allocation: calloc() of a large block maps
 * zero pages that fault on the first write, and under TCG a fault costs
 * tens of microseconds. The sample set is written while the workload runs
 * (2.2 MB at 208 groups); its faults belong to the setup.
 */
static void prefault(void *p, size_t len)
{
	volatile char *c = p;
	size_t off;

	for (off = 0; off < len; off += 4096)
		c[off] = 0;
}

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
		prefault(sm->ts, (ninst ? ninst : 1) * sizeof(*sm->ts));
		prefault(sm->usage_us, (ngroups ? ngroups : 1) *
			 sizeof(*sm->usage_us));
		prefault(sm->pelt.grp, (ngroups ? ngroups : 1) *
			 sizeof(*sm->pelt.grp));
		prefault(sm->pelt.cpu, (size_t)(ngroups ? ngroups : 1) * ncpus *
			 sizeof(*sm->pelt.cpu));
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
 * Open the files read while the workload runs, and read each once, before
 * it starts: a path lookup and a kernfs open cost 80-150 us each under
 * TCG (measured in the guest), and a first read (its seq_file buffer) more
 * than the next: 30-60 ms for the first round of 208 cpu.pelt or cpu.stat
 * files, which fell into the run's first samples. A file that cannot be
 * opened now is opened (and its error reported) at its first read.
 */
static void open_early(struct sampler *sp, struct refile *rf)
{
	if (rf->fd < 0)
		rf->fd = open(rf->path, O_RDONLY | O_CLOEXEC);
	if (rf->fd >= 0)
		refile_read(rf, sp->dbuf, sp->dcap);
}

static void sampler_open(struct sampler *sp)
{
	int g;

	for (g = 0; g < sp->s->ngroups; g++) {
		if (sp->src == PELT_SRC_CPU_PELT)
			open_early(sp, &sp->pelt_rf[g]);
		open_early(sp, &sp->usage_rf[g]);
	}
	open_early(sp, &sp->online_rf);
}

int sampler_init(struct sampler *sp, const struct scenario *s,
		 struct workload *w, const struct cg_ctx *cg,
		 enum pelt_source src)
{
	int g, i, n = s->ngroups ? s->ngroups : 1;

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
	sampler_open(sp);
	/*
	 * The task readers (a CPU clock id each: one system call) and the
	 * affinity a start hold needs, here rather than at the first
	 * sample: at 208 groups that sample cost 4-5 ms, the run's largest
	 * task part.
	 */
	for (i = 0; i < w->ninst; i++) {
		if (w->rd[i].pid != w->pid[i])
			task_reader_init(&w->rd[i], w->pid[i]);
		sp->th[i].cpu = only_cpu(w->pid[i]);
	}
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

/*
 * The first read of a pinned hog before any event, without /proc: the
 * start barrier released it runnable (wl_start() wakes every instance,
 * and a waking task is placed within its affinity), on the one CPU its
 * affinity allows (th->cpu, read by sampler_init() after wl_spawn() set
 * it; only an event changes it, and there is none before this sample).
 * Held from here, tentatively: its progress confirms the hold
 * (task_confirm()), else the full read decides and counts a wrong hold.
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
	cpu = th->cpu;
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

/*
 * A tentative hold, at the next samples: confirmed once the hog made
 * progress. Until then it has not run since the start (or the sample
 * before it): a hog does not block or exit by itself and only an event
 * signals it, so it is still runnable where its affinity put it, and its
 * hold stays tentative, for at most verify_every samples from the first;
 * then the full read decides. (At 208 groups on 2 CPUs, 121 of 210 hogs
 * had not run 260 ms after the start, and their full reads - a first
 * /proc/<pid>/stat open each - cost 40 ms of the run's 90.)
 * The confirmation is the hold's first check: the next is verify_every
 * samples later, like any check's. (Its start's stagger would put it
 * 0-7 samples later, where at 208 groups on 2 CPUs a hog may not have
 * had a turn since, so the check found no progress and read /proc: 2-4
 * such reads in a run's first second, 1-3.6 ms each.)
 * Returns 1: confirmed, 0: still tentative, -1: read it whole.
 */
static int task_confirm(struct sampler *sp, struct sample_set *ss, int i)
{
	struct task_hold *th = &sp->th[i];
	uint64_t v = hog_progress(sp, i);

	if ((!v || v == th->check_ns) && ss->n < sp->verify_every)
		return 0;
	th->tentative = false;
	if (!v || v == th->check_ns)
		return -1;
	th->check_ns = v;
	th->since = 0;
	ss->quick_confirmed++;
	return 1;
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
		if (th->on && th->tentative) {
			/* a confirmation is a check: the next one is later */
			if (task_confirm(sp, ss, i) < 0)
				task_full(sp, ss, sm, i);
			else
				task_held(sp, ss, sm, i);
			continue;
		}
		if (th->on && th->since + 1 < sp->verify_every)
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

/* Did no event and no CPU hotplug happen since the latest PELT read? */
static bool inputs_same(const struct sample_set *ss, const struct sample *sm)
{
	const struct sample *ref;

	if (sm->pelt_ref < 0 || sm->pelt_ref >= ss->n)
		return false;
	ref = &ss->v[sm->pelt_ref];
	return ref->pelt_ok && ref->events_done == sm->events_done &&
	       ref->online == sm->online;
}

/* Can a task move to another group (a move phase or repeat)? */
static bool scn_moves(const struct scenario *s)
{
	int i;

	for (i = 0; i < s->nphases; i++)
		if (s->phases[i].action == SCN_ACT_MOVE)
			return true;
	for (i = 0; i < s->nrepeats; i++)
		if (s->repeats[i].action == SCN_ACT_MOVE)
			return true;
	return false;
}

/*
 * The groups whose PELT state a change of placement or state since the
 * latest read can have changed (chg[g] set): those on the path from each
 * such task's group to the root. A group's cpu.pelt shows its own
 * cfs_rqs (its tasks' and child groups' entities), its group entities and
 * its own tg load: nothing of a sibling's or a child's subtree changes
 * them (a sibling's load moves their common parent's cfs_rq, a child's
 * its own and its ancestors'). Every group when a task can have changed
 * group (a move) since the scenario's start: its group is not the one
 * the scenario gave it.
 */
static void groups_changed(const struct sampler *sp,
			   const struct sample_set *ss,
			   const struct sample *sm, bool *chg)
{
	const struct sample *ref = &ss->v[sm->pelt_ref];
	const struct scenario *s = sp->s;
	bool all = false;
	int i, g;

	memset(chg, 0, sizeof(*chg) * s->ngroups);
	for (i = 0; i < ss->ninst && !all; i++) {
		if (sm->ts[i].cpu == ref->ts[i].cpu &&
		    sm->ts[i].state == ref->ts[i].state)
			continue;
		all = sm->events_done > 0 && scn_moves(s);
		for (g = s->tasks[sp->w->task_of[i]].group; g >= 0 && !chg[g];
		     g = s->groups[g].parent)
			chg[g] = true;
	}
	if (all)
		memset(chg, 1, sizeof(*chg) * s->ngroups);
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

/*
 * Does group g keep blocked load on a CPU where none of its entities is
 * queued? Such a cfs_rq's sums only move at that CPU's next blocked load
 * update, which a nohz idle CPU may run hundreds of ms later (4 vCPUs,
 * load-sum-sync-7c7ad626d9a0: P/c's load_avg 570 read the same twice on
 * idle CPU1, was held for 1.2 s and meanwhile decayed to 0, and the model
 * from the held state put P 0.052 below its measured share). Two equal
 * reads of it say nothing about the next one: never hold it.
 */
static bool pelt_group_blocked(const struct pelt_snap *p, int g)
{
	int c;

	for (c = 0; c < p->ncpus; c++) {
		const struct pelt_cpu *pc = pelt_at(p, g, c);

		if (pc->present && !pc->nr_running &&
		    (pc->load_avg > 0 || pc->contrib > 0 ||
		     pc->removed_load_avg > 0 || pc->se_load_avg > 0))
			return true;
	}
	return false;
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
	close = close && !pelt_group_blocked(p, g);
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
	bool ready = grp_hold_ready(sp, ss->ncpus), chg[SCN_MAX_GROUPS];
	bool same = ready && inputs_same(ss, sm);
	const struct sample *ref = same ? &ss->v[sm->pelt_ref] : NULL;
	int g, r;

	if (same)
		groups_changed(sp, ss, sm, chg);
	sm->pelt_ok = true;
	for (g = 0; g < ss->ngroups; g++) {
		struct grp_hold *gh = &sp->gh[g];
		ssize_t n;

		if (!same || chg[g])
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
 * The cgroup usage cross-check (vd_usage_check()) takes two samples: the
 * window's first (t + sample/2 >= its start, as vd_window() counts; the
 * runner asks on the few samples around it), and the run's last, which
 * the runner takes after the deciding window (sp->usage_end): one round
 * of reads at each end whatever the look that decides (a round is 2-4 ms
 * of guest CPU at 208 groups), where a round at every look's end cost
 * one per look and missed when a late sample moved the window's end.
 */
static bool usage_needed(struct sampler *sp, uint64_t t_us)
{
	const struct scenario *s = sp->s;
	uint64_t half = (s->sample_us ? s->sample_us : 1) / 2;

	if (sp->usage_end)
		return true;
	if (sp->usage_start || t_us + half < scn_measure_start_us(s))
		return false;
	sp->usage_start = true;
	return true;
}

/*
 * The PELT read the runner asks at the very first sample is not taken
 * when that sample is not the window's first (t + sample/2 < its start,
 * as vd_window() counts): the workers were released a moment ago,
 * nothing has settled, no verdict reads that state, and the round falls
 * where every hog wakes (at 208 groups 5-28 ms of the run's ~50,
 * measured in the guest); the report's PELT series starts at the next
 * read. A sample inside the window with no read before it reads: the
 * runner asks for none before the window when nothing there needs it
 * (run_pre_window_idle()), and its asks go by the due time, this by the
 * time the sample was taken.
 */
static bool pelt_needed(const struct sampler *sp, const struct sample_set *ss,
			const struct sample *sm, bool want)
{
	const struct scenario *s = sp->s;
	uint64_t ws = scn_measure_start_us(s), per = s->sample_us;
	bool in_window = sm->t_us + per / 2 >= ws;

	if (want && ss->n == 0 && !in_window)
		return false;
	return want || (sm->pelt_ref < 0 && in_window &&
			sp->src != PELT_SRC_NONE);
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
	want_pelt = pelt_needed(sp, ss, sm, want_pelt | sm->pelt_moved);
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
