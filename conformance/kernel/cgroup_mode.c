// SPDX-License-Identifier: GPL-2.0
/*
 * cgroup_mode.c - which share function the kernel gives group entities:
 * debugfs sched/cgroup_mode (7.3), read; set for the run to the mode the
 * user asks for, or to smp when the model does not know the kernel's, and
 * restored afterwards.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/kernel.h"

int cgroup_mode_parse(const char *buf, char *mode, size_t len)
{
	const char *open = strchr(buf, '('), *close;
	size_t n;

	if (!open)
		return -EINVAL;
	close = strchr(open + 1, ')');
	if (!close || strchr(close + 1, '('))
		return -EINVAL;
	n = (size_t)(close - open - 1);
	if (!n || n >= len || n >= CGMODE_NAME_MAX)
		return -EINVAL;
	memcpy(mode, open + 1, n);
	mode[n] = '\0';
	return 0;
}

static const struct cgm_io kfile_io = { kfile_read, kfile_write };

static int mode_read(const struct cgm_io *io, const char *path, char *mode,
		     char *raw, size_t rlen)
{
	int r = io->read(path, raw, rlen);

	if (r < 0)
		return r;
	raw[strcspn(raw, "\n")] = '\0';
	return cgroup_mode_parse(raw, mode, CGMODE_NAME_MAX);
}

/* No cgroup_mode file: the kernel's one share function, if we can tell. */
static void no_file(struct cgroup_mode *cm, const char *dir,
		    const char *release)
{
	struct stat sb;

	if (!stat(dir, &sb) && S_ISDIR(sb.st_mode)) {
		cm->how = CGM_NO_FILE;
		strcpy(cm->run, "smp");
		snprintf(cm->why, sizeof(cm->why), "no sched/cgroup_mode: "
			 "calc_group_shares() (smp)");
	} else if (release && atoi(release) > 0 && atoi(release) < 7) {
		cm->how = CGM_NO_FILE;
		strcpy(cm->run, "smp");
		snprintf(cm->why, sizeof(cm->why), "no debugfs %s: kernel %s "
			 "predates cgroup_mode, smp", dir, release);
	} else {
		cm->how = CGM_UNKNOWN;
		snprintf(cm->why, sizeof(cm->why), "share function unknown: "
			 "no debugfs %s to read cgroup_mode on kernel %s", dir,
			 release ? release : "?");
	}
}

/*
 * Write @target, read it back; CGM_SET on success. @asked: the user asked
 * for @target (--cgroup-mode), else the kernel's mode is not modelled.
 */
static void set_to(struct cgroup_mode *cm, const struct cgm_io *io,
		   const char *path, const char *target, bool asked)
{
	char now[CGMODE_NAME_MAX], raw[256];
	int r = io->write(path, target);

	if (!r)
		r = mode_read(io, path, now, raw, sizeof(raw));
	if (!r && strcmp(now, target))
		r = -EIO;
	if (r) {
		/* undo whatever was partly done */
		io->write(path, cm->kernel);
		cm->how = CGM_UNKNOWN;
		snprintf(cm->why, sizeof(cm->why), "cgroup_mode %s %s and "
			 "could not be set to %s: %s", cm->kernel,
			 asked ? "is the kernel's" : "is not modelled",
			 target, strerror(-r));
		return;
	}
	cm->how = CGM_SET;
	snprintf(cm->run, sizeof(cm->run), "%s", target);
	if (asked)
		snprintf(cm->why, sizeof(cm->why), "cgroup_mode %s (asked "
			 "for; the kernel's %s restored after the run)",
			 target, cm->kernel);
	else
		snprintf(cm->why, sizeof(cm->why), "cgroup_mode %s is not "
			 "modelled: smp for the run, %s restored after it",
			 cm->kernel, cm->kernel);
}

void cgroup_mode_apply(struct cgroup_mode *cm, const char *dir,
		       const char *release, const char *want,
		       bool (*modelled)(const char *),
		       const struct cgm_io *io)
{
	char path[256], raw[256];
	int r;

	memset(cm, 0, sizeof(*cm));
	if (!io)
		io = &kfile_io;
	snprintf(path, sizeof(path), "%s/cgroup_mode", dir);
	r = mode_read(io, path, cm->kernel, raw, sizeof(raw));
	if (r == -ENOENT) {
		no_file(cm, dir, release);
		if (want && cm->how == CGM_NO_FILE && strcmp(want, "smp")) {
			cm->how = CGM_UNKNOWN;
			cm->run[0] = '\0';
			snprintf(cm->why, sizeof(cm->why), "cgroup_mode %s "
				 "asked for, but the kernel has no "
				 "sched/cgroup_mode (smp only)", want);
		}
		return;
	}
	if (r) {
		cm->kernel[0] = '\0';
		cm->how = CGM_UNKNOWN;
		snprintf(cm->why, sizeof(cm->why), "sched/cgroup_mode "
			 "unreadable (%s): \"%.60s\"", strerror(-r),
			 r == -EINVAL ? raw : "");
		return;
	}
	if (want && strcmp(want, cm->kernel)) {
		set_to(cm, io, path, want, true);
		return;
	}
	if (modelled(cm->kernel)) {
		cm->how = CGM_KERNEL;
		strcpy(cm->run, cm->kernel);
		snprintf(cm->why, sizeof(cm->why), "cgroup_mode %s (the "
			 "kernel's, modelled)", cm->kernel);
		return;
	}
	set_to(cm, io, path, "smp", false);
}

int cgroup_mode_restore(const struct cgroup_mode *cm, const char *dir,
			const struct cgm_io *io)
{
	char path[256];

	if (cm->how != CGM_SET)
		return 0;
	snprintf(path, sizeof(path), "%s/cgroup_mode", dir);
	return (io ? io : &kfile_io)->write(path, cm->kernel);
}
