// SPDX-License-Identifier: GPL-2.0
/*
 * workload.c - fork, release, steer and kill the scenario's workers.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run/run.h"

/* reads of a churn instance before a torn one is taken as it is */
#define WL_CHURN_TRIES 8

static uint64_t cpu_ns(clockid_t clk)
{
	struct timespec t;

	clock_gettime(clk, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + t.tv_nsec;
}

/*
 * One chunk of work (microseconds: 1000 increments and a clock read),
 * returning the thread's CPU time after it. A step of the CPU time of
 * more than WL_STALL_NS over one chunk is time the task was charged while
 * it ran none of its code: the host did not run its vCPU while it was
 * current (TCG), or a long interrupt. A task preempted by another one is
 * not charged meanwhile, so that never counts. Added to sh->stall_ns.
 */
#define WL_STALL_NS	1000000ull

static uint64_t spin_chunk(struct wl_shared *sh, uint64_t last)
{
	volatile unsigned long x = 0;
	uint64_t now;
	int i;

	for (i = 0; i < 1000; i++)
		x++;
	now = cpu_ns(CLOCK_THREAD_CPUTIME_ID);
	if (now - last > WL_STALL_NS)
		__atomic_add_fetch(&sh->stall_ns, now - last, __ATOMIC_RELAXED);
	return now;
}

static void spin_cpu(struct wl_shared *sh, uint64_t ns)
{
	uint64_t now = cpu_ns(CLOCK_THREAD_CPUTIME_ID), end = now + ns;

	while (now < end)
		now = spin_chunk(sh, now);
}

static void sleep_us(uint64_t us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/*
 * A hog publishes its CPU time after every chunk (wl_shared.self_ns): the
 * sampler takes its progress as evidence that it ran (sampler.c).
 */
static void __attribute__((noreturn)) run_hog(const struct scn_task *t,
					      struct wl_shared *sh)
{
	(void)t;
	for (uint64_t now = cpu_ns(CLOCK_THREAD_CPUTIME_ID);;) {
		now = spin_chunk(sh, now);
		__atomic_store_n(&sh->self_ns, now, __ATOMIC_RELAXED);
	}
}

static void __attribute__((noreturn)) run_duty(const struct scn_task *t,
					       struct wl_shared *sh)
{
	for (;;) {
		spin_cpu(sh, t->run_us * 1000);
		sleep_us(t->sleep_us);
	}
}

/* The sequence count of a hopper's published state (struct wl_hop). */
static void hop_write_begin(struct wl_hop *h)
{
	__atomic_store_n(&h->seq, h->seq + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
}

static void hop_write_end(struct wl_hop *h)
{
	__atomic_store_n(&h->seq, h->seq + 1, __ATOMIC_RELEASE);
}

/*
 * Set the hopper's affinity to @cpu alone and log it. The CPU time up to
 * the return of sched_setaffinity() counts for the CPU it left; sched_
 * getcpu() right after says whether the kernel put it where it asked
 * (it must: the affinity allows that CPU only).
 */
static void hop_to(struct wl_hop *h, int cpu, uint64_t *last)
{
	cpu_set_t set;
	uint64_t now, t;
	bool miss;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	miss = sched_setaffinity(0, sizeof(set), &set) != 0;
	now = cpu_ns(CLOCK_THREAD_CPUTIME_ID);
	t = cpu_ns(CLOCK_MONOTONIC);
	miss |= sched_getcpu() != cpu;
	hop_write_begin(h);
	h->cpu_ns[h->cpu] += now - *last;
	h->log[h->hops % WL_HOP_RING] = (struct wl_hop_ev){ t, cpu };
	h->cpu = cpu;
	h->hops++;
	h->misses += miss;
	hop_write_end(h);
	*last = now;
}

/*
 * hopper: spins in chunks, each chunk's CPU time counted for the CPU it
 * is set to; every hop_us of wall time (a fixed grid; hops a preemption
 * made it miss are skipped) it moves to the next CPU of its cpus.
 */
static void __attribute__((noreturn)) run_hopper(const struct scn_task *t,
						 struct wl_shared *sh)
{
	struct wl_hop *h = &sh->hop;
	uint64_t hop_ns = t->hop_us * 1000, last, next, now;
	int cpus[SCN_MAX_CPUS], n = 0, k = 0;

	for (int c = 0; c < SCN_MAX_CPUS; c++)
		if (t->cpus & (1ull << c))
			cpus[n++] = c;
	if (!n)
		_exit(1);
	h->cpu = cpus[0];
	last = cpu_ns(CLOCK_THREAD_CPUTIME_ID);
	hop_to(h, cpus[0], &last);
	next = cpu_ns(CLOCK_MONOTONIC) + hop_ns;
	for (;;) {
		now = spin_chunk(sh, last);
		hop_write_begin(h);
		h->cpu_ns[h->cpu] += now - last;
		hop_write_end(h);
		last = now;
		__atomic_store_n(&sh->self_ns, now, __ATOMIC_RELAXED);
		now = cpu_ns(CLOCK_MONOTONIC);
		if (now < next)
			continue;
		k = (k + 1) % n;
		hop_to(h, cpus[k], &last);
		next += hop_ns;
		if (next <= now)
			next = now + hop_ns;
	}
}

/* user + system time of a reaped child */
static uint64_t rusage_ns(const struct rusage *ru)
{
	return (uint64_t)ru->ru_utime.tv_sec * 1000000000ull +
	       (uint64_t)ru->ru_utime.tv_usec * 1000ull +
	       (uint64_t)ru->ru_stime.tv_sec * 1000000000ull +
	       (uint64_t)ru->ru_stime.tv_usec * 1000ull;
}

static void __attribute__((noreturn)) run_churn(const struct scn_task *t,
						struct wl_shared *sh)
{
	for (;;) {
		pid_t p = fork();
		struct rusage ru;

		if (p == 0) {
			/*
			 * Published by the child itself too: the parent may
			 * be preempted before it sets it, and until then the
			 * sampler would miss the child's time (lost for good
			 * at the window's last sample).
			 */
			sh->child = getpid();
			spin_cpu(&(struct wl_shared){ 0 }, t->run_us * 1000);
			_exit(0);
		}
		if (p < 0) {
			sleep_us(1000);
			continue;
		}
		sh->child = p;
		/*
		 * The child's whole CPU time, exit path included, is in its
		 * rusage once reaped (a self-report before _exit() missed
		 * ~23 % of a churn group's time).
		 */
		while (wait4(p, NULL, 0, &ru) < 0 && errno == EINTR)
			;
		__atomic_add_fetch(&sh->done_ns, rusage_ns(&ru),
				   __ATOMIC_SEQ_CST);
		sh->child = 0;
	}
}

/* How each workload kind runs (the rest of a kind: scenario/kinds.c). */
static void (*const wl_kind_run[SCN_NKINDS])(const struct scn_task *t,
					      struct wl_shared *sh) = {
	[SCN_TASK_HOG] = run_hog,
	[SCN_TASK_DUTY] = run_duty,
	[SCN_TASK_CHURN] = run_churn,
	[SCN_TASK_HOPPER] = run_hopper,
};

/* What a new worker tells wl_spawn(): its instance and attach result. */
struct wl_ready {
	int inst;
	int err;			/* 0 or -errno */
};

/* The worker's side of wl_spawn(): see wl_spawn_one(). */
struct wl_birth {
	wl_attach_fn attach;
	void *ctx;
	int group;
	int inst;
	int start_rd;			/* the start barrier */
	int ready_wr;			/* struct wl_ready records */
	int ready_rd;			/* wl_spawn()'s end */
	int go_rd, go_wr;		/* the attach barrier */
	int nready;			/* workers that report (wl_spawn's) */
};

/*
 * The worker joins its group itself, while it runs. 6.1's
 * vruntime_normalized() takes a sleeping task with sum_exec_runtime == 0
 * for a fork child not yet woken, so a cgroup move of such a task keeps
 * its absolute vruntime of the old cfs_rq, and the task then starves
 * behind its new siblings (seen: a v1 task with vruntime 168604 ms in a
 * cfs_rq at 343 ms, no CPU for the whole scenario). A running task is
 * dequeued and normalized by the move. Joining from inside also spares
 * the setup a wait per worker for its first CPU time (a whole tick with
 * TCG's tick-granular sched_clock;
 * docs/lab/2026-12-07-runner-verdict-notes.md).
 */
static void worker_join(const struct wl_birth *b)
{
	struct wl_ready m = { b->inst, 0 };
	char c;

	/* wl_fork_all() releases the attaches once all are forked */
	while (read(b->go_rd, &c, 1) < 0 && errno == EINTR)
		;
	close(b->go_rd);
	m.err = b->attach(b->ctx, b->group, getpid());
	while (write(b->ready_wr, &m, sizeof(m)) < 0 && errno == EINTR)
		;
	close(b->ready_wr);
	if (m.err)
		_exit(1);
}

/* The runner attaches this one (wl_throttled()): run before sleeping. */
static void worker_joined(const struct wl_birth *b)
{
	volatile unsigned long x = 0;

	close(b->go_rd);
	close(b->ready_wr);
	while (!cpu_ns(CLOCK_THREAD_CPUTIME_ID))
		x++;
}

static void __attribute__((noreturn)) worker(const struct scn_task *t,
					     struct wl_shared *sh,
					     const struct wl_birth *b)
{
	char c;

	close(b->go_wr);
	if (b->attach)
		worker_join(b);
	else
		worker_joined(b);
	/* The barrier: returns 0 (EOF) when the runner closes the pipe. */
	while (read(b->start_rd, &c, 1) < 0 && errno == EINTR)
		;
	close(b->start_rd);
	if ((int)t->kind >= 0 && t->kind < SCN_NKINDS)
		wl_kind_run[t->kind](t, sh);
	_exit(0);
}

static int apply_affinity(pid_t pid, scn_cpumask_t mask)
{
	cpu_set_t set;
	int c;

	CPU_ZERO(&set);
	for (c = 0; c < SCN_MAX_CPUS; c++)
		if (mask & (1ull << c))
			CPU_SET(c, &set);
	return sched_setaffinity(pid, sizeof(set), &set) ? -errno : 0;
}

static const struct scenario *wl_scn;

/*
 * Instance i's running churn child, or 0. sh->child is read once: the
 * worker clears it when it reaps the child, so a second read may see 0
 * after the first saw the child, and pid 0 means the caller itself to
 * kill() (its whole process group), sched_setaffinity() and cgroup.procs.
 * (wl_kill() read it twice and a scenario process SIGKILLed its own
 * group, itself included, once in 20 runs of the default suite.)
 */
static pid_t churn_child(const struct workload *w, int i)
{
	pid_t c;

	if (!w->sh)
		return 0;
	c = w->sh[i].child;
	return c > 0 ? c : 0;
}

/*
 * A started hopper sets its own affinity: a move into a group with a
 * cpuset resets it, and the runner puts it back on the CPU the hopper
 * last set (a hop that races with this keeps the runner's CPU until the
 * next hop while the log says the hop's: the move's interval is off by
 * that much, for at most hop_us).
 */
static scn_cpumask_t hopper_mask(const struct workload *w, int i,
				 scn_cpumask_t mask)
{
	const struct wl_hop *h;

	if (w->kind[i] != SCN_TASK_HOPPER || !w->sh)
		return mask;
	h = &w->sh[i].hop;
	if (!__atomic_load_n(&h->hops, __ATOMIC_ACQUIRE))
		return mask;
	return 1ull << h->cpu;
}

int wl_set_affinity(struct workload *w, int t, scn_cpumask_t mask)
{
	int i, r, ret = 0;
	pid_t c;

	if (!mask)
		mask = scn_all_cpus(wl_scn);
	for (i = 0; i < w->ninst; i++) {
		if (w->task_of[i] != t)
			continue;
		r = apply_affinity(w->pid[i], hopper_mask(w, i, mask));
		if (r && !ret)
			ret = r;
		c = churn_child(w, i);
		if (c)
			apply_affinity(c, mask);
	}
	return ret;
}

/* The message of instance i's failed attach, as "task[k] to group". */
static void wl_attach_err(const struct workload *w, const struct scenario *s,
			  const struct scn_state *st, int i, int e, char *err,
			  size_t len)
{
	int t = w->task_of[i], k = 0;

	for (int j = 0; j < i; j++)
		k += w->task_of[j] == t;
	snprintf(err, len, "attach %s[%d] to %s: %s", s->tasks[t].name, k,
		 s->groups[st->task_group[t]].path, strerror(-e));
}

/*
 * Is group g or a group above it under a bandwidth limit? A worker that
 * attached itself there would report from inside the limit: with
 * throttled-sibling's 1 ms/1 s, the rest of the attach and the report
 * took two workers 4 s. Its runner attaches it (round trip, as before).
 */
static bool wl_throttled(const struct scenario *s, const struct scn_state *st,
			 int g)
{
	for (; g >= 0; g = s->groups[g].parent)
		if (st->group_quota_us[g] >= 0)
			return true;
	return false;
}

/* Fork instance i (of task t); the child attaches itself (worker()). */
static int wl_spawn_one(struct workload *w, const struct scenario *s,
			const struct scn_state *st, int t, int i,
			struct wl_birth *b, char *err, size_t len)
{
	bool limited = wl_throttled(s, st, st->task_group[t]);
	pid_t p;
	int r;

	fflush(NULL);
	p = fork();
	if (p < 0) {
		snprintf(err, len, "fork: %s", strerror(errno));
		return -errno;
	}
	if (p == 0) {
		close(w->start_wr);
		close(b->ready_rd);
		b->group = st->task_group[t];
		b->inst = i;
		if (limited)
			b->attach = NULL;
		worker(&s->tasks[t], &w->sh[i], b);
	}
	w->pid[i] = p;
	w->task_of[i] = t;
	w->kind[i] = s->tasks[t].kind;
	w->ninst = i + 1;
	if (!limited) {
		b->nready++;
		return 0;
	}
	r = b->attach(b->ctx, st->task_group[t], p);
	if (r)
		wl_attach_err(w, s, st, i, r, err, len);
	return r;
}

/*
 * Every worker's attach result, read from rd (the write ends closed):
 * the first failure in err, -EIO if a worker died before it reported.
 */
static int wl_wait_ready(struct workload *w, const struct scenario *s,
			 const struct scn_state *st, int rd, int want,
			 char *err, size_t len)
{
	struct wl_ready m;
	int got = 0, ret = 0;
	ssize_t n;

	while (got < want) {
		n = read(rd, &m, sizeof(m));
		if (n < 0 && errno == EINTR)
			continue;
		if (n != (ssize_t)sizeof(m))
			break;
		got++;
		if (!m.err || ret || m.inst < 0 || m.inst >= w->ninst)
			continue;
		ret = m.err;
		wl_attach_err(w, s, st, m.inst, m.err, err, len);
	}
	if (!ret && got < want) {
		snprintf(err, len, "%d of %d workers did not start",
			 want - got, want);
		ret = -EIO;
	}
	return ret;
}

/* pipe2(O_CLOEXEC) with its error in @err: 0 or -errno */
static int wl_pipe(int fds[2], char *err, size_t len)
{
	int e;

	if (!pipe2(fds, O_CLOEXEC))
		return 0;
	e = errno;
	snprintf(err, len, "pipe: %s", strerror(e));
	return -e;
}

/*
 * Fork every instance, then let them all attach themselves (worker())
 * and report on one pipe: no round trip per worker. The attaches wait
 * for the last fork: an attach takes cgroup_threadgroup_rwsem for
 * writing and a fork for reading, and attaches among the forks made each
 * fork wait (siblings-208, 210 workers: forks 2.5 s; forked first,
 * 0.31 s of forks and 0.33 s of attaches, against 0.85 s before for
 * fork, attach and the worker's spin each in turn).
 */
static int wl_fork_all(struct workload *w, const struct scenario *s,
		       const struct scn_state *st, wl_attach_fn attach,
		       void *ctx, char *err, size_t len)
{
	struct wl_birth b = { attach, ctx, -1, -1, w->start_rd, -1, -1,
			      -1, -1, 0 };
	int fds[2], go[2], n = w->ninst, i = 0, t, k, r = 0;

	r = wl_pipe(fds, err, len);
	if (r)
		return r;
	r = wl_pipe(go, err, len);
	if (r) {
		close(fds[0]);
		close(fds[1]);
		return r;
	}
	b.go_rd = go[0];
	b.go_wr = go[1];
	b.ready_rd = fds[0];
	b.ready_wr = fds[1];
	w->ninst = 0;
	for (t = 0; t < s->ntasks && i < n && !r; t++)
		for (k = 0; k < s->tasks[t].count && !r; k++, i++)
			r = wl_spawn_one(w, s, st, t, i, &b, err, len);
	close(fds[1]);
	close(go[1]);
	close(go[0]);
	if (!r)
		r = wl_wait_ready(w, s, st, fds[0], b.nready, err, len);
	close(fds[0]);
	return r;
}

int wl_spawn(struct workload *w, const struct scenario *s,
	     const struct scn_state *st, wl_attach_fn attach, void *ctx,
	     char *err, size_t len)
{
	int fds[2], t, r;

	memset(w, 0, sizeof(*w));
	wl_scn = s;
	w->start_rd = w->start_wr = -1;
	for (t = 0; t < s->ntasks; t++)
		w->ninst += s->tasks[t].count;
	if (w->ninst > WL_MAX_INST) {
		snprintf(err, len, "too many task instances (%d > %d)",
			 w->ninst, WL_MAX_INST);
		w->ninst = 0;
		return -E2BIG;
	}
	w->sh = mmap(NULL, sizeof(*w->sh) * (w->ninst ? w->ninst : 1),
		     PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (w->sh == MAP_FAILED) {
		w->sh = NULL;
		snprintf(err, len, "mmap: %s", strerror(errno));
		return -ENOMEM;
	}
	r = wl_pipe(fds, err, len);
	if (r)
		return r;
	w->start_rd = fds[0];
	w->start_wr = fds[1];
	r = wl_fork_all(w, s, st, attach, ctx, err, len);
	if (r)
		return r;
	/* After attaching: joining a cpuset resets the affinity. */
	for (t = 0; t < s->ntasks; t++) {
		r = wl_set_affinity(w, t, st->task_cpus[t]);
		if (r) {
			snprintf(err, len, "affinity of %s: %s",
				 s->tasks[t].name, strerror(-r));
			return r;
		}
	}
	return 0;
}

void wl_start(struct workload *w)
{
	if (w->start_wr >= 0)
		close(w->start_wr);
	if (w->start_rd >= 0)
		close(w->start_rd);
	w->start_wr = w->start_rd = -1;
}

int wl_signal(struct workload *w, int t, int sig)
{
	int i, ret = 0;
	pid_t c;

	for (i = 0; i < w->ninst; i++) {
		if (w->task_of[i] != t)
			continue;
		if (kill(w->pid[i], sig) && !ret)
			ret = -errno;
		c = churn_child(w, i);
		if (c)
			kill(c, sig);
	}
	return ret;
}

int wl_move(struct workload *w, int t, int g, wl_attach_fn attach, void *ctx)
{
	int i, r, ret = 0;
	pid_t c;

	for (i = 0; i < w->ninst; i++) {
		if (w->task_of[i] != t)
			continue;
		r = attach(ctx, g, w->pid[i]);
		if (r && !ret)
			ret = r;
		c = churn_child(w, i);
		if (c)
			attach(ctx, g, c);
	}
	return ret;
}

/*
 * The runnable one of a churn instance's tasks, read after the child was
 * seen exiting or gone: by then the parent has been woken to reap it
 * (exit_notify() wakes the parent before the child turns zombie), or has
 * reaped it and forked the next child, which is then the runnable one.
 */
static void churn_runnable(struct workload *w, int i, pid_t gone,
			   struct task_sample *ts)
{
	struct task_sample ps;
	pid_t next;

	if (task_reader_read(&w->rd[i], &ps))
		return;
	if (ps.state != 'R') {
		next = w->sh[i].child;
		if (next <= 0 || next == gone || measure_read_task(next, &ps) ||
		    ps.state != 'R')
			return;
	}
	ts->cpu = ps.cpu;
	ts->state = ps.state;
}

/*
 * One read of a churn instance: its own time, its reaped children's and
 * the running child's, and the state of the runnable one. Returns 1 if the
 * read may be torn: the parent reaped or forked meanwhile, or the child is
 * reaped but maybe not yet in done_ns (then one child's time is missing or
 * counted twice); 0 if consistent; or -errno.
 */
static int churn_read(struct workload *w, int i, struct task_sample *ts)
{
	struct wl_shared *sh = &w->sh[i];
	struct task_sample cs;
	uint64_t done = __atomic_load_n(&sh->done_ns, __ATOMIC_SEQ_CST);
	pid_t child = sh->child;
	bool child_ok;
	int r;

	r = task_reader_read(&w->rd[i], ts);
	if (r)
		return r;
	child_ok = child > 0 && !measure_read_task(child, &cs);
	ts->ns += done + (child_ok ? cs.ns : 0);
	if (child_ok && cs.state == 'R') {
		ts->cpu = cs.cpu;
		ts->state = cs.state;
	} else if (ts->state != 'R') {
		/*
		 * No child, or it sleeps or exited: the parent is forking
		 * or reaping, unless it forked the next child and sleeps in
		 * wait4() by the time its state is read; then the new child
		 * is the runnable one.
		 */
		churn_runnable(w, i, child, ts);
	}
	/*
	 * Still no runnable one, but the child is a zombie or being reaped:
	 * the parent was not yet woken (exit_notify() sets EXIT_ZOMBIE and
	 * then wakes it, and under TCG the vCPU may stop in between; the
	 * zombie runs on its CPU until its last schedule()), or it scans
	 * and reaps its children in do_wait() with its state already set
	 * to TASK_INTERRUPTIBLE: it runs, but reads as 'S'. Either way the
	 * instance is runnable. (Read as idle, the interval's model gave
	 * the group nothing: +0.10 in one sub-window, 1 run in 6.)
	 */
	if (ts->state != 'R' && child_ok &&
	    (cs.state == 'Z' || cs.state == 'X')) {
		if (cs.state == 'Z' || ts->cpu < 0)
			ts->cpu = cs.cpu;
		ts->state = 'R';
	}
	return __atomic_load_n(&sh->done_ns, __ATOMIC_SEQ_CST) != done ||
	       sh->child != child || (child > 0 && !child_ok);
}

int wl_sample(struct workload *w, int i, struct task_sample *ts)
{
	int r, tries;

	if (w->rd[i].pid != w->pid[i])
		task_reader_init(&w->rd[i], w->pid[i]);
	if (!scn_kind(w->kind[i])->forks) {
		ts->stall_ns = __atomic_load_n(&w->sh[i].stall_ns,
					       __ATOMIC_RELAXED);
		return task_reader_read(&w->rd[i], ts);
	}
	ts->stall_ns = 0;	/* not probed */
	/*
	 * Churn: a torn read is retried; the parent needs a few
	 * microseconds to account a reaped child, more if preempted. After
	 * the last try the torn read stands: at most one child's time is
	 * off, and the next cumulative sample makes it up.
	 */
	for (tries = 0;; tries++) {
		r = churn_read(w, i, ts);
		if (r <= 0 || tries == WL_CHURN_TRIES)
			return r < 0 ? r : 0;
		if (tries)
			sleep_us(20);
	}
}

void wl_kill(struct workload *w)
{
	int i;

	for (i = 0; i < w->ninst; i++) {
		pid_t c = churn_child(w, i);

		if (c)
			kill(c, SIGKILL);
		if (w->pid[i] > 0)
			kill(w->pid[i], SIGKILL);
	}
	for (i = 0; i < w->ninst; i++)
		if (w->rd[i].pid)
			task_reader_close(&w->rd[i]);
	for (i = 0; i < w->ninst; i++)
		if (w->pid[i] > 0)
			while (waitpid(w->pid[i], NULL, 0) < 0 &&
			       errno == EINTR)
				;
	if (w->sh)
		munmap(w->sh, sizeof(*w->sh) * (w->ninst ? w->ninst : 1));
	w->sh = NULL;
	wl_start(w);
	w->ninst = 0;
}

/* Reads of a hopper's state before one is given up as torn. */
#define WL_HOP_TRIES	64

/*
 * One consistent read of hopper state @h into @r, and the hops since
 * @from (at most WL_HOP_RING back) appended to @hl->ev. The hopper writes
 * for a few instructions at a time; a reader that finds it mid-write
 * yields (they may share a CPU). false: torn every time.
 */
static bool hop_read_one(const struct wl_hop *h, uint64_t from,
			 struct hop_log *hl, struct hop_read *r)
{
	for (int tries = 0; tries < WL_HOP_TRIES; tries++) {
		uint32_t s0 = __atomic_load_n(&h->seq, __ATOMIC_ACQUIRE);
		uint64_t n, first;

		if (s0 & 1) {
			sched_yield();
			continue;
		}
		r->cpu = h->cpu;
		r->hops = n = h->hops;
		r->misses = h->misses;
		memcpy(r->cpu_ns, h->cpu_ns, sizeof(r->cpu_ns));
		first = n - from > WL_HOP_RING ? n - WL_HOP_RING : from;
		r->nev = (int)(n - first);
		for (uint64_t j = first; j < n; j++)
			hl->ev[r->ev0 + (j - first)] = h->log[j % WL_HOP_RING];
		__atomic_thread_fence(__ATOMIC_ACQUIRE);
		if (__atomic_load_n(&h->seq, __ATOMIC_RELAXED) != s0)
			continue;
		r->ok = n >= from && n - from <= WL_HOP_RING;
		hl->lost += r->ok ? 0 : (long)(n - from - WL_HOP_RING);
		return true;
	}
	return false;
}

static int hop_log_init(struct workload *w, struct sample_set *ss)
{
	struct hop_log *hl = calloc(1, sizeof(*hl));
	int i;

	if (!hl)
		return -ENOMEM;
	for (i = 0; i < w->ninst; i++)
		if (w->kind[i] == SCN_TASK_HOPPER && hl->n < SCN_MAX_HOPPERS)
			hl->inst[hl->n++] = i;
	hl->rd = calloc((size_t)ss->cap * (hl->n ? hl->n : 1),
			sizeof(*hl->rd));
	if (!hl->rd) {
		free(hl);
		return -ENOMEM;
	}
	ss->hop = hl;
	return 0;
}

/* Room for another WL_HOP_RING hops in hl->ev. */
static int hop_log_room(struct hop_log *hl)
{
	struct wl_hop_ev *ev;
	int cap;

	if (hl->nev + WL_HOP_RING <= hl->evcap)
		return 0;
	cap = hl->evcap ? hl->evcap * 2 : 4 * WL_HOP_RING;
	ev = realloc(hl->ev, sizeof(*ev) * cap);
	if (!ev)
		return -ENOMEM;
	hl->ev = ev;
	hl->evcap = cap;
	return 0;
}

bool wl_has_hopper(const struct workload *w)
{
	int i;

	for (i = 0; i < w->ninst; i++)
		if (w->kind[i] == SCN_TASK_HOPPER)
			return true;
	return false;
}

int wl_hop_take(struct workload *w, struct sample_set *ss, bool pelt_done)
{
	int k = ss->n, h, r;
	struct hop_log *hl;

	if (!ss->hop) {
		if (!wl_has_hopper(w))
			return 0;
		r = hop_log_init(w, ss);
		if (r)
			return r;
	}
	hl = ss->hop;
	if (k >= ss->cap)
		return 0;
	for (h = 0; h < hl->n; h++) {
		const struct wl_hop *wh = &w->sh[hl->inst[h]].hop;
		struct hop_read *rd = hop_at(hl, k, h);
		uint64_t from = k ? hop_at(hl, k - 1, h)->hops : 0;

		if (pelt_done) {
			rd->moved = __atomic_load_n(&wh->hops,
						    __ATOMIC_ACQUIRE) != rd->hops;
			continue;
		}
		if ((r = hop_log_room(hl)))
			return r;
		memset(rd, 0, sizeof(*rd));
		rd->ev0 = hl->nev;
		rd->t_ns = cpu_ns(CLOCK_MONOTONIC);
		if (!hop_read_one(wh, from, hl, rd)) {
			hl->torn++;
			rd->hops = from;
			rd->nev = 0;
			continue;
		}
		hl->nev += rd->nev;
	}
	return 0;
}

void wl_hop_free(struct sample_set *ss)
{
	if (!ss->hop)
		return;
	free(ss->hop->rd);
	free(ss->hop->ev);
	free(ss->hop);
	ss->hop = NULL;
}
