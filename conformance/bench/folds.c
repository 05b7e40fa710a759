// SPDX-License-Identifier: GPL-2.0
/*
 * folds.c - fold events counted from the ring buffer's own statistics.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "folds.h"
#include "kernel/kernel.h"

static const char *const dirs[] = {
	"/sys/kernel/tracing",
	"/sys/kernel/debug/tracing",
};

const char *folds_tracefs(void)
{
	char path[160];

	for (size_t i = 0; i < sizeof(dirs) / sizeof(*dirs); i++) {
		snprintf(path, sizeof(path), "%s/" FOLD_EVENT, dirs[i]);
		if (!access(path, W_OK))
			return dirs[i];
	}
	return NULL;
}

static int tfs_write(const char *dir, const char *file, const char *val)
{
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return kfile_write(path, val);
}

int folds_start(const char *tracefs)
{
	int r = tfs_write(tracefs, "events/enable", "0");

	if (!r)
		r = tfs_write(tracefs, "trace", "");	/* clears all CPUs */
	if (!r)
		r = tfs_write(tracefs, FOLD_EVENT, "1");
	return r;
}

int folds_parse_stats(const char *text, long *n)
{
	const char *e = strstr(text, "entries:");
	const char *o = strstr(text, "\noverrun:");
	long entries, overrun;

	if (!e || !o || sscanf(e, "entries: %ld", &entries) != 1 ||
	    sscanf(o + 1, "overrun: %ld", &overrun) != 1)
		return -EINVAL;
	*n = entries + overrun;
	return 0;
}

int folds_stop(const char *tracefs, long *n)
{
	char path[160], buf[1024];
	int r = tfs_write(tracefs, FOLD_EVENT, "0"), cpus = 0;

	*n = 0;
	if (r)
		return r;
	for (int c = 0; c < 1024; c++) {
		long v;

		snprintf(path, sizeof(path), "%s/per_cpu/cpu%d/stats", tracefs,
			 c);
		r = kfile_read(path, buf, sizeof(buf));
		if (r == -ENOENT)
			break;
		if (r < 0)
			return r;
		if (folds_parse_stats(buf, &v))
			return -EINVAL;
		*n += v;
		cpus++;
	}
	return cpus ? 0 : -ENOENT;
}
