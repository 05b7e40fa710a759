// SPDX-License-Identifier: GPL-2.0
/*
 * loads.c - pipe ping-pong and hackbench-like messaging for a fixed time.
 *
 * Every worker is forked, moves itself into its cgroup and waits on a
 * "go" pipe; the parent writes the deadline (CLOCK_MONOTONIC) into a
 * shared anonymous mapping and closes the pipe's write end to release
 * them all at once. Workers stop at that deadline and leave their counts
 * in the same mapping.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "benchcg.h"
#include "loads.h"
#include "kernel/kernel.h"
#include "marks.h"

#define HB_MSG		100
#define CHECK_EVERY	32	/* operations between clock reads */
#define MAX_WORKERS	(2 * HB_MAX_GROUPS * HB_MAX_PAIRS)

struct shared {
	uint64_t deadline_us;
	uint64_t ops_each;	/* > 0: each counting worker stops after so many */
	uint64_t counts[MAX_WORKERS];
};

struct workers {
	int go[2];		/* closing go[1] releases the workers */
	struct shared *sh;
	pid_t pids[MAX_WORKERS];
	int npids;
};

static int workers_init(struct workers *w)
{
	memset(w, 0, sizeof(*w));
	w->sh = mmap(NULL, sizeof(*w->sh), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (w->sh == MAP_FAILED)
		return -errno;
	if (pipe(w->go)) {
		munmap(w->sh, sizeof(*w->sh));
		return -errno;
	}
	return 0;
}

/* Fork a worker; in the child join cg and wait for the release. */
static pid_t worker_fork(struct workers *w, const char *cg)
{
	pid_t pid = fork();
	char c;

	if (pid < 0)
		return -errno;
	if (pid > 0) {
		w->pids[w->npids++] = pid;
		return pid;
	}
	close(w->go[1]);
	if (bcg_move(cg, 0)) {
		fprintf(stderr, "cfsbench: cannot move into %s\n", cg);
		_exit(3);
	}
	if (read(w->go[0], &c, 1) < 0)
		_exit(3);
	close(w->go[0]);
	return 0;
}

/* CLOCK_MONOTONIC in ns (under -icount: a function of instructions). */
int64_t loads_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Sum over CPUs of /proc/schedstat's task run time (ns), or -1. */
int64_t loads_busy_ns(void)
{
	char buf[16384];
	int64_t sum = 0;
	ssize_t n;
	int fd = open("/proc/schedstat", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	for (char *l = strtok(buf, "\n"); l; l = strtok(NULL, "\n")) {
		unsigned long long f[9];

		if (strncmp(l, "cpu", 3) || sscanf(l, "cpu%*d %llu %llu %llu "
			   "%llu %llu %llu %llu %llu %llu", &f[0], &f[1], &f[2],
			   &f[3], &f[4], &f[5], &f[6], &f[7], &f[8]) != 9)
			continue;
		sum += (int64_t)f[6];
	}
	return sum;
}

/* 0: run for a time; N: each counting worker does N / workers operations */
static uint64_t fixed_ops;

void loads_fixed_ops(uint64_t n)
{
	fixed_ops = n;
}

static int expired(const struct shared *sh, uint64_t *n)
{
	if (sh->ops_each)
		return ++*n >= sh->ops_each;
	return ++*n % CHECK_EVERY == 0 && measure_now_us() >= sh->deadline_us;
}

/*
 * Release the workers, wait for all of them. Returns 0, or -ECHILD when
 * one failed (after waiting for the rest).
 */
static int workers_run(struct workers *w, double seconds,
		       struct load_result *out)
{
	uint64_t t0 = measure_now_us();
	int st, bad = 0;

	w->sh->deadline_us = t0 + (uint64_t)(seconds * 1e6);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (w->sh->ops_each) {	/* the cost meter's window opens */
		out->busy0_ns = loads_busy_ns();
		out->t0_ns = loads_now_ns();
		mark_begin();
	}
	close(w->go[1]);
	close(w->go[0]);
	for (int i = 0; i < w->npids; i++)
		if (waitpid(w->pids[i], &st, 0) < 0 || !WIFEXITED(st) ||
		    WEXITSTATUS(st))
			bad = 1;
	if (w->sh->ops_each) {	/* ... and closes */
		mark_end();
		out->t1_ns = loads_now_ns();
		out->busy1_ns = loads_busy_ns();
	}
	out->seconds = (double)(measure_now_us() - t0) / 1e6;
	out->ops = 0;
	for (int i = 0; i < MAX_WORKERS; i++)
		out->ops += w->sh->counts[i];
	out->rate = out->seconds > 0 ? (double)out->ops / out->seconds : 0;
	munmap(w->sh, sizeof(*w->sh));
	return bad ? -ECHILD : 0;
}

/* A failed fork: release what was started (it exits on EOF) and reap. */
static int workers_abort(struct workers *w, int err)
{
	struct load_result ignored;

	w->sh->deadline_us = 0;
	w->sh->ops_each = 1;	/* the released workers stop at once */
	workers_run(w, 0, &ignored);
	return err;
}

int load_pingpong(const char *cg_a, const char *cg_b, double seconds,
		  struct load_result *out)
{
	int ab[2], ba[2], r;
	struct workers w;
	pid_t pid;
	char c = 'x';

	r = workers_init(&w);
	if (r)
		return r;
	w.sh->ops_each = fixed_ops;
	if (pipe(ab) || pipe(ba))
		return workers_abort(&w, -errno);
	pid = worker_fork(&w, cg_a);
	if (pid < 0)
		return workers_abort(&w, (int)pid);
	if (!pid) {		/* A: serves, counts round trips */
		uint64_t n = 0;

		close(ab[0]);
		close(ba[1]);
		do {
			if (write(ab[1], &c, 1) != 1 || read(ba[0], &c, 1) != 1)
				_exit(4);
		} while (!expired(w.sh, &n));
		w.sh->counts[0] = n;
		_exit(0);	/* closing ab[1] ends B */
	}
	pid = worker_fork(&w, cg_b);
	if (pid < 0)
		return workers_abort(&w, (int)pid);
	if (!pid) {		/* B: echoes until A closes its end */
		close(ab[1]);
		close(ba[0]);
		while (read(ab[0], &c, 1) == 1)
			if (write(ba[1], &c, 1) != 1)
				_exit(4);
		_exit(0);
	}
	close(ab[0]);
	close(ab[1]);
	close(ba[0]);
	close(ba[1]);
	return workers_run(&w, seconds, out);
}

static void sender(const struct workers *w, int slot, const int *fds,
		   int nfds)
{
	char msg[HB_MSG];
	uint64_t n = 0;

	memset(msg, 'm', sizeof(msg));
	do {
		if (write(fds[n % nfds], msg, sizeof(msg)) != sizeof(msg))
			_exit(4);
	} while (!expired(w->sh, &n));
	w->sh->counts[slot] = n;
	_exit(0);
}

static void receiver(int fd)
{
	char msg[HB_MSG];
	ssize_t r;

	/* pipe writes of <= PIPE_BUF bytes are atomic: whole messages */
	while ((r = read(fd, msg, sizeof(msg))) > 0)
		;
	_exit(r < 0 ? 4 : 0);
}

static int hb_abort(struct workers *w, int (*fds)[HB_MAX_PAIRS][2],
		    int groups, int pairs, int err)
{
	for (int g = 0; g < groups; g++)
		for (int p = 0; p < pairs; p++) {
			for (int e = 0; e < 2; e++)
				if (fds[g][p][e] >= 0)
					close(fds[g][p][e]);
		}
	return workers_abort(w, err);
}

int load_hackbench(const char *prefix, int groups, int pairs, double seconds,
		   struct load_result *out)
{
	int fds[HB_MAX_GROUPS][HB_MAX_PAIRS][2], r, slot = 0;
	char cg[128];
	struct workers w;

	if (groups < 1 || groups > HB_MAX_GROUPS || pairs < 1 ||
	    pairs > HB_MAX_PAIRS)
		return -EINVAL;
	memset(fds, 0xff, sizeof(fds));	/* every fd -1 */
	r = workers_init(&w);
	if (r)
		return r;
	if (fixed_ops)	/* rounded up: every sender sends the same number */
		w.sh->ops_each = (fixed_ops + (uint64_t)(groups * pairs) - 1) /
				 (uint64_t)(groups * pairs);
	for (int g = 0; g < groups; g++)
		for (int p = 0; p < pairs; p++)
			if (pipe(fds[g][p]))
				return hb_abort(&w, fds, groups, pairs,
						-errno);
	for (int g = 0; g < groups; g++) {
		int wr[HB_MAX_PAIRS];

		for (int p = 0; p < pairs; p++)
			wr[p] = fds[g][p][1];
		snprintf(cg, sizeof(cg), "%s%d/rcv", prefix, g);
		for (int p = 0; p < pairs; p++) {
			pid_t pid = worker_fork(&w, cg);

			if (pid < 0)
				return hb_abort(&w, fds, groups, pairs,
						(int)pid);
			if (!pid) {
				for (int q = 0; q < groups * pairs; q++)
					close(fds[q / pairs][q % pairs][1]);
				receiver(fds[g][p][0]);
			}
		}
		snprintf(cg, sizeof(cg), "%s%d/snd", prefix, g);
		for (int p = 0; p < pairs; p++, slot++) {
			pid_t pid = worker_fork(&w, cg);

			if (pid < 0)
				return hb_abort(&w, fds, groups, pairs,
						(int)pid);
			if (!pid)
				sender(&w, slot, wr, pairs);
		}
	}
	for (int g = 0; g < groups; g++)
		for (int p = 0; p < pairs; p++) {
			close(fds[g][p][0]);
			close(fds[g][p][1]);
		}
	return workers_run(&w, seconds, out);
}
