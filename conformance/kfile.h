/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kfile.h - one read or one write of a kernel pseudo-file (cgroupfs,
 * sysfs, debugfs, tracefs, procfs): the value is whatever a single
 * read(2)/write(2) returns or takes, as with `cat` and `echo >`.
 */
#ifndef CONFORM_KFILE_H
#define CONFORM_KFILE_H

#include <stddef.h>

/* Read up to len - 1 bytes, NUL-terminated. Returns the length or -errno. */
int kfile_read(const char *path, char *buf, size_t len);

/* Write val in one write(2) (opened O_TRUNC, like `echo >`). 0 or -errno. */
int kfile_write(const char *path, const char *val);

#endif /* CONFORM_KFILE_H */
