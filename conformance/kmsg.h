/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kmsg.h - scheduler WARNINGs in the kernel log during a scenario.
 */
#ifndef CONFORM_KMSG_H
#define CONFORM_KMSG_H

#include <stddef.h>

#define KMSG_MAX_LINES	64
#define KMSG_LINE_MAX	200

struct kmsg_report {
	int warnings;			/* scheduler WARNING/BUG reports */
	int nlines;			/* the traces, truncated */
	char lines[KMSG_MAX_LINES][KMSG_LINE_MAX];
};

/*
 * Re-arm the kernel's WARN_ONCE sites (debugfs clear_warn_once), then open
 * /dev/kmsg positioned at its end. Returns an fd or -errno.
 */
int kmsg_begin(void);

/* Read everything logged since kmsg_begin(); close fd. */
void kmsg_end(int fd, struct kmsg_report *rep);

/*
 * Feed one message text (without the /dev/kmsg prefix). state is 0
 * initially; tracks whether we are inside a scheduler trace.
 */
void kmsg_feed(struct kmsg_report *rep, const char *msg, int *state);

#endif /* CONFORM_KMSG_H */
