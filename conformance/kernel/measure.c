// SPDX-License-Identifier: GPL-2.0
/*
 * measure.c - per-task CPU time (its process CPU clock) and placement
 * (/proc).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kernel/kernel.h"

int measure_parse_schedstat(const char *buf, uint64_t *ns)
{
	const char *end;

	if (kparse_u64(buf, buf + strlen(buf), ns, &end) ||
	    (*end != ' ' && *end != '\n' && *end))
		return -EINVAL;
	return 0;
}

int measure_parse_stat(const char *buf, char *state, int *cpu)
{
	/* comm (field 2) may hold spaces and parens: skip to the last ')'. */
	const char *p = strrchr(buf, ')');
	int field;
	long c;

	if (!p || p[1] != ' ' || !p[2])
		return -EINVAL;
	p += 2;
	*state = *p;
	field = 3;
	while (*p && field < 39) {
		if (*p == ' ')
			field++;
		p++;
	}
	if (field != 39 || !*p || kparse_int(p, p + strlen(p), &c, NULL))
		return -EINVAL;
	*cpu = (int)c;
	return 0;
}

static int read_small(const char *path, char *buf, size_t len)
{
	int n = kfile_read(path, buf, len);

	return n < 0 ? n : n ? 0 : -ESRCH;
}

int measure_read_task(pid_t pid, struct task_sample *ts)
{
	char path[64], buf[1024];
	int r;

	ts->ns = 0;
	ts->cpu = -1;
	ts->state = '?';
	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	r = read_small(path, buf, sizeof(buf));
	if (r)
		return r == -ENOENT ? -ESRCH : r;
	r = measure_parse_schedstat(buf, &ts->ns);
	if (r)
		return r;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	r = read_small(path, buf, sizeof(buf));
	if (r)
		return r == -ENOENT ? -ESRCH : r;
	return measure_parse_stat(buf, &ts->state, &ts->cpu);
}

uint64_t measure_self_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	return (uint64_t)t.tv_sec * 1000000000ull + t.tv_nsec;
}

uint64_t measure_now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000ull + t.tv_nsec / 1000;
}

void refile_init(struct refile *rf, const char *path, bool single)
{
	rf->fd = -1;
	rf->single = single;
	snprintf(rf->path, sizeof(rf->path), "%s", path);
}

ssize_t refile_read(struct refile *rf, char *buf, size_t len)
{
	size_t tot = 0;
	ssize_t n;

	if (rf->fd < 0) {
		rf->fd = open(rf->path, O_RDONLY | O_CLOEXEC);
		if (rf->fd < 0)
			return -errno;
	}
	while (tot + 1 < len) {
		n = pread(rf->fd, buf + tot, len - 1 - tot, (off_t)tot);
		if (n < 0) {
			n = -errno;
			refile_close(rf);
			return n;
		}
		tot += n;
		/* A short read of a one-record file is its end. */
		if (n == 0 || (rf->single && tot + 1 < len))
			break;
	}
	buf[tot] = '\0';
	return (ssize_t)tot;
}

void refile_close(struct refile *rf)
{
	if (rf->fd >= 0)
		close(rf->fd);
	rf->fd = -1;
}

void task_reader_init(struct task_reader *tr, pid_t pid)
{
	char path[64];

	tr->pid = pid;
	tr->has_clk = !clock_getcpuclockid(pid, &tr->clk);
	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	refile_init(&tr->schedstat, path, true);
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	refile_init(&tr->stat, path, true);
}

int task_reader_ns(struct task_reader *tr, uint64_t *ns)
{
	struct timespec t;
	char buf[256];
	ssize_t n;

	if (tr->has_clk && !clock_gettime(tr->clk, &t)) {
		*ns = (uint64_t)t.tv_sec * 1000000000ull + t.tv_nsec;
		return 0;
	}
	/* The clock is gone with the process: let schedstat say how. */
	n = refile_read(&tr->schedstat, buf, sizeof(buf));
	if (n <= 0)
		return n == 0 || n == -ENOENT ? -ESRCH : (int)n;
	return measure_parse_schedstat(buf, ns);
}

int task_reader_read(struct task_reader *tr, struct task_sample *ts)
{
	char buf[1024];
	ssize_t n;
	int r;

	ts->ns = 0;
	ts->cpu = -1;
	ts->state = '?';
	r = task_reader_ns(tr, &ts->ns);
	if (r)
		return r;
	n = refile_read(&tr->stat, buf, sizeof(buf));
	if (n <= 0)
		return n == 0 || n == -ENOENT ? -ESRCH : (int)n;
	return measure_parse_stat(buf, &ts->state, &ts->cpu);
}

void task_reader_close(struct task_reader *tr)
{
	refile_close(&tr->schedstat);
	refile_close(&tr->stat);
}
