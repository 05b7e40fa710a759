// SPDX-License-Identifier: GPL-2.0
/*
 * blocked.c - make blocked load in many cgroups; read what
 * update_blocked_averages() spent on it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "benchcg.h"
#include "blocked.h"
#include "kernel/kernel.h"

int blocked_parse(const char *text, struct blocked_stats *out)
{
	const char *line = text;

	memset(out, 0, sizeof(*out));
	while (line && *line) {
		unsigned long long calls, rqs, tot, max;
		int cpu;

		if (sscanf(line, "cpu%d calls=%llu cfs_rqs=%llu lock_ns_total=%llu "
			   "lock_ns_max=%llu", &cpu, &calls, &rqs, &tot,
			   &max) != 5)
			return -EINVAL;
		out->calls += calls;
		out->cfs_rqs += rqs;
		out->lock_ns_total += tot;
		if (max > out->lock_ns_max)
			out->lock_ns_max = max;
		out->cpus++;
		line = strchr(line, '\n');
		if (line)
			line++;
	}
	return out->cpus ? 0 : -EINVAL;
}

int blocked_read(struct blocked_stats *out)
{
	char buf[8192];
	int r = kfile_read(BLOCKED_FILE, buf, sizeof(buf));

	return r < 0 ? r : blocked_parse(buf, out);
}

int blocked_reset(void)
{
	return kfile_write(BLOCKED_FILE, "0");
}

static void spin(int us)
{
	uint64_t end = measure_now_us() + (uint64_t)us;

	while (measure_now_us() < end)
		;
}

static volatile sig_atomic_t kicked;

static void on_kick(int sig)
{
	(void)sig;
	kicked = 1;
}

/*
 * A sleeper in its own cgroup: run spin_us per SIGUSR1, else sleep. It
 * writes one byte to ok_fd once it is in its cgroup; a failed move exits
 * without it.
 */
static void sleeper(const char *cg, int spin_us, int ok_fd)
{
	sigset_t none;

	sigemptyset(&none);
	if (bcg_move(cg, 0) || write(ok_fd, "", 1) != 1)
		_exit(4);
	close(ok_fd);
	for (;;) {
		while (!kicked)
			sigsuspend(&none);
		kicked = 0;
		spin(spin_us);
	}
}

int blocked_grow(struct blocked_pool *p, const char *prefix, int n,
		 int spin_us)
{
	struct sigaction sa = { .sa_handler = on_kick };
	sigset_t block, old;
	int fd[2], forked = 0, moved = 0, r = 0;
	char cg[128], c;

	if (pipe(fd))
		return -errno;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaction(SIGUSR1, &sa, NULL);
	/* children start with SIGUSR1 blocked: no kick is lost before
	 * sigsuspend() */
	sigprocmask(SIG_BLOCK, &block, &old);
	while (p->n < n && p->n < BLOCKED_MAX) {
		pid_t pid;

		snprintf(cg, sizeof(cg), "%s%d", prefix, p->n);
		pid = fork();
		if (pid < 0) {
			r = -errno;
			break;
		}
		if (!pid) {
			close(fd[0]);
			sleeper(cg, spin_us, fd[1]);
		}
		p->pids[p->n++] = pid;
		forked++;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(fd[1]);
	/* every sleeper confirms its cgroup; EOF: one or more exited first */
	while (moved < forked && read(fd[0], &c, 1) == 1)
		moved++;
	close(fd[0]);
	if (!r && moved < forked)
		r = -ECHILD;
	if (!r && p->n < n)
		r = -E2BIG;
	return r;
}

int blocked_kick(const struct blocked_pool *p, int n)
{
	for (int i = 0; i < n && i < p->n; i++)
		if (kill(p->pids[i], SIGUSR1))
			return -errno;
	return 0;
}

void blocked_release(struct blocked_pool *p)
{
	int st;

	for (int i = 0; i < p->n; i++)
		kill(p->pids[i], SIGKILL);
	for (int i = 0; i < p->n; i++)
		waitpid(p->pids[i], &st, 0);
	p->n = 0;
}
