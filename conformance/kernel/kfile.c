// SPDX-License-Identifier: GPL-2.0
/*
 * kfile.c - single-shot reads and writes of kernel pseudo-files.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kernel.h"

int kfile_read(const char *path, char *buf, size_t len)
{
	ssize_t n;
	int fd, err;

	if (!len)
		return -EINVAL;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	err = errno;
	close(fd);
	if (n < 0)
		return -err;
	buf[n] = '\0';
	return (int)n;
}

int kfile_read_line(const char *path, char *buf, size_t len)
{
	int n = kfile_read(path, buf, len);

	if (n < 0) {
		if (len)
			buf[0] = '\0';
		return n;
	}
	buf[strcspn(buf, "\n")] = '\0';
	return (int)strlen(buf);
}

int kfile_write(const char *path, const char *val)
{
	ssize_t n;
	int fd, err;

	fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, val, strlen(val));
	err = errno;
	close(fd);
	return n < 0 ? -err : 0;
}
