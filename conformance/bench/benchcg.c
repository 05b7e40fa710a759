// SPDX-License-Identifier: GPL-2.0
/*
 * benchcg.c - mkdir/rmdir cgroup v2 directories for the benchmark.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "benchcg.h"
#include "kernel/kernel.h"

static int enable_cpu(const char *dir)
{
	char path[600];

	if (snprintf(path, sizeof(path), "%s/cgroup.subtree_control", dir) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	return kfile_write(path, "+cpu");
}

int bcg_make(const char *rel, char *err, size_t len)
{
	char todo[400], cur[512], *comp, *save = NULL;
	int r;

	if (snprintf(todo, sizeof(todo), "%s/%s", BCG_ROOT + strlen(BCG_MNT) + 1,
		     rel) >= (int)sizeof(todo))
		return -ENAMETOOLONG;
	snprintf(cur, sizeof(cur), "%s", BCG_MNT);
	/* walk down from the mount root: enable +cpu, then mkdir the child */
	for (comp = strtok_r(todo, "/", &save); comp;
	     comp = strtok_r(NULL, "/", &save)) {
		size_t n = strlen(cur);

		r = enable_cpu(cur);
		if (r && r != -EBUSY) {
			snprintf(err, len, "enabling +cpu in %s: %s", cur,
				 strerror(-r));
			return r;
		}
		if (snprintf(cur + n, sizeof(cur) - n, "/%s", comp) >=
		    (int)(sizeof(cur) - n))
			return -ENAMETOOLONG;
		r = mkdir(cur, 0755) ? -errno : 0;
		if (r && r != -EEXIST) {
			snprintf(err, len, "mkdir %s: %s", cur, strerror(-r));
			return r;
		}
	}
	return 0;
}

int bcg_mkdir(const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", BCG_ROOT, rel);
	return mkdir(path, 0755) && errno != EEXIST ? -errno : 0;
}

int bcg_move(const char *rel, pid_t pid)
{
	char path[512], val[24];

	snprintf(path, sizeof(path), "%s%s%s/cgroup.procs",
		 *rel ? BCG_ROOT : BCG_MNT, *rel ? "/" : "", rel);
	snprintf(val, sizeof(val), "%d", (int)pid);
	return kfile_write(path, val);
}

static int remove_tree(const char *path)
{
	struct dirent *de;
	DIR *d = opendir(path);
	int r = 0;

	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		char sub[512];
		struct stat st;

		if (de->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", path, de->d_name);
		if (!lstat(sub, &st) && S_ISDIR(st.st_mode)) {
			int e = remove_tree(sub);

			if (e && !r)
				r = e;
		}
	}
	closedir(d);
	if (rmdir(path) && !r)
		r = -errno;
	return r;
}

int bcg_remove(const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s%s%s", BCG_ROOT, *rel ? "/" : "", rel);
	return remove_tree(path);
}
