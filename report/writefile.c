// SPDX-License-Identifier: GPL-2.0
/*
 * writefile.c - whole output files (writefile.h).
 */
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "writefile.h"

int write_file(const char *path, writer_fn fn, const void *arg)
{
	char tmp[4096];
	FILE *f;
	int ret;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp", path) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	ret = fn(f, arg);
	if (fclose(f) && !ret)
		ret = -EIO;
	if (!ret && rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
	return ret;
}
