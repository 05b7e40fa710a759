// SPDX-License-Identifier: GPL-2.0
/*
 * slices.c - set and restore the CFS slice knobs in debugfs.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kernel/kernel.h"

#define SCHED_DBG "/sys/kernel/debug/sched/"

static int knob_read(const char *name, unsigned long *v)
{
	char path[128];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), SCHED_DBG "%s", name);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	ok = fscanf(f, "%lu", v) == 1;
	fclose(f);
	return ok ? 0 : -EINVAL;
}

static int knob_write(const char *name, unsigned long v)
{
	char path[128], val[32];

	snprintf(path, sizeof(path), SCHED_DBG "%s", name);
	snprintf(val, sizeof(val), "%lu\n", v);
	return kfile_write(path, val);
}

/* EEVDF: base_slice_ns is the only slice knob (see slices.h). */
static int slices_apply_eevdf(struct slices *sl, unsigned long latency_ns)
{
	int ret;

	ret = knob_read("base_slice_ns", &sl->old_base_slice);
	if (ret)
		return ret;
	sl->eevdf = true;
	sl->base_slice = sl->old_base_slice;
	if (!latency_ns)
		return 0;
	ret = knob_write("base_slice_ns", latency_ns / 8);
	if (ret)
		return ret;
	sl->applied = true;
	sl->base_slice = latency_ns / 8;
	return 0;
}

int slices_apply(struct slices *sl, unsigned long latency_ns)
{
	int ret;

	memset(sl, 0, sizeof(*sl));
	ret = knob_read("latency_ns", &sl->old_latency);
	if (ret == -ENOENT && slices_apply_eevdf(sl, latency_ns) == 0)
		return 0;
	if (!ret)
		ret = knob_read("min_granularity_ns", &sl->old_min_gran);
	if (!ret)
		ret = knob_read("wakeup_granularity_ns", &sl->old_wakeup);
	if (ret)
		return ret;
	sl->latency = sl->old_latency;
	sl->min_gran = sl->old_min_gran;
	sl->wakeup = sl->old_wakeup;
	if (!latency_ns)
		return 0;
	/* min_granularity first: the kernel keeps it <= latency */
	ret = knob_write("min_granularity_ns", latency_ns / 8);
	if (!ret)
		ret = knob_write("latency_ns", latency_ns);
	if (!ret)
		ret = knob_write("wakeup_granularity_ns", latency_ns / 6);
	sl->applied = true;	/* restore whatever was partly written */
	if (ret) {
		slices_restore(sl);
		sl->applied = false;
		return ret;
	}
	sl->latency = latency_ns;
	sl->min_gran = latency_ns / 8;
	sl->wakeup = latency_ns / 6;
	return 0;
}

void slices_restore(const struct slices *sl)
{
	if (!sl->applied)
		return;
	if (sl->eevdf) {
		knob_write("base_slice_ns", sl->old_base_slice);
		return;
	}
	knob_write("latency_ns", sl->old_latency);
	knob_write("min_granularity_ns", sl->old_min_gran);
	knob_write("wakeup_granularity_ns", sl->old_wakeup);
}
