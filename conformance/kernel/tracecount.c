// SPDX-License-Identifier: GPL-2.0
/*
 * tracecount.c - enable, then count, the fold and reweight trace events.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kernel.h"

static const char *const tracefs_dirs[] = {
	"/sys/kernel/tracing",
	"/sys/kernel/debug/tracing",
};

static int write_str(const char *dir, const char *file, const char *val)
{
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return kfile_write(path, val);
}

static int enable(const struct tracecount *tc, const char *on)
{
	int r = write_str(tc->dir, "events/sched/sched_tg_load_avg_fold/enable",
			  on);

	if (!r)
		r = write_str(tc->dir, "events/sched/sched_group_reweight/enable",
			      on);
	return r;
}

int trc_begin(struct tracecount *tc)
{
	memset(tc, 0, sizeof(*tc));
	for (size_t i = 0; i < sizeof(tracefs_dirs) / sizeof(*tracefs_dirs);
	     i++) {
		char path[160];

		snprintf(path, sizeof(path),
			 "%s/events/sched/sched_group_reweight", tracefs_dirs[i]);
		if (!access(path, F_OK)) {
			snprintf(tc->dir, sizeof(tc->dir), "%s", tracefs_dirs[i]);
			tc->available = true;
			break;
		}
	}
	if (!tc->available)
		return 0;
	/* an empty write to trace clears the ring buffer */
	if (write_str(tc->dir, "trace", "") || enable(tc, "1")) {
		enable(tc, "0");
		return -EIO;
	}
	tc->started = true;
	tc->t0_us = measure_now_us();
	return 0;
}

static long count_lost(const char *dir)
{
	char path[160], line[128];
	long lost = 0, v;

	for (int c = 0; c < 64; c++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", dir, c);
		f = fopen(path, "re");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "overrun: %ld", &v) == 1)
				lost += v;
		fclose(f);
	}
	return lost;
}

int trc_end(struct tracecount *tc)
{
	char path[160], line[512];
	FILE *f;

	if (!tc->started)
		return 0;
	tc->t1_us = measure_now_us();
	enable(tc, "0");
	tc->started = false;
	snprintf(path, sizeof(path), "%s/trace", tc->dir);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#')
			continue;
		if (strstr(line, "sched_tg_load_avg_fold:"))
			tc->folds++;
		else if (strstr(line, "sched_group_reweight:"))
			tc->reweights++;
	}
	fclose(f);
	tc->lost = count_lost(tc->dir);
	return 0;
}
