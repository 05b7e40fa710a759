/* SPDX-License-Identifier: GPL-2.0 */
/*
 * writefile.h - an output file written whole or not at all: through
 * PATH.tmp, renamed to PATH when the writer succeeded, so that a reader
 * never sees half a file.
 */
#ifndef REPORT_WRITEFILE_H
#define REPORT_WRITEFILE_H

#include <stdio.h>

typedef int (*writer_fn)(FILE *f, const void *arg);

/* fn(f, arg) into path. 0, or fn's -errno or the file's. */
int write_file(const char *path, writer_fn fn, const void *arg);

#endif /* REPORT_WRITEFILE_H */
