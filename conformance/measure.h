/* SPDX-License-Identifier: GPL-2.0 */
/*
 * measure.h - per-task CPU time and placement, read from /proc.
 *
 * CPU time is sum_exec_runtime from /proc/<pid>/schedstat (ns, exact);
 * the CPU a task last ran on is field 39 of /proc/<pid>/stat, its state
 * field 3 ('R' = runnable or running).
 */
#ifndef CONFORM_MEASURE_H
#define CONFORM_MEASURE_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct task_sample {
	uint64_t ns;		/* cumulative CPU time */
	int cpu;		/* CPU it ran on last; -1 unknown */
	char state;		/* 'R', 'S', 'T', ...; '?' unknown */
	uint64_t stall_ns;	/* CPU time charged while it ran none of its
				 * code (see workload.c); 0: not probed */
};

/*
 * A file read again and again: opened once, then pread() from offset 0
 * (seq_file and kernfs regenerate the content at offset 0). Under TCG a
 * path lookup costs as much as the read, and the sampler reads these
 * files 10-20 times a second.
 */
struct refile {
	int fd;				/* -1: not open */
	bool single;			/* one seq_file record (see below) */
	char path[320];
};

/*
 * single: the file is one seq_file record (a show() function: /proc/<pid>
 * stat and schedstat, cgroup files), delivered whole by one read when the
 * buffer is large enough, so a short read is its end. Not sched/debug,
 * whose reads stop at record boundaries.
 */
void refile_init(struct refile *rf, const char *path, bool single);
/* Read the whole file into buf (NUL-terminated). Returns length or -errno. */
ssize_t refile_read(struct refile *rf, char *buf, size_t len);
void refile_close(struct refile *rf);

/* Per-task reader of schedstat and stat. */
struct task_reader {
	pid_t pid;
	struct refile schedstat, stat;
};

void task_reader_init(struct task_reader *tr, pid_t pid);
int task_reader_read(struct task_reader *tr, struct task_sample *ts);
void task_reader_close(struct task_reader *tr);

/* Parse the first field of a schedstat line. Returns 0 or -EINVAL. */
int measure_parse_schedstat(const char *buf, uint64_t *ns);

/* Parse state (field 3) and processor (field 39) of a stat line. */
int measure_parse_stat(const char *buf, char *state, int *cpu);

/* Read both for pid. Returns 0 or -errno (-ESRCH: gone). */
int measure_read_task(pid_t pid, struct task_sample *ts);

/* CPU time of the calling thread, ns (CLOCK_THREAD_CPUTIME_ID). */
uint64_t measure_self_ns(void);

/* CLOCK_MONOTONIC in microseconds. */
uint64_t measure_now_us(void);

#endif /* CONFORM_MEASURE_H */
