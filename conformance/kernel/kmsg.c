// SPDX-License-Identifier: GPL-2.0
/*
 * kmsg.c - scan /dev/kmsg for scheduler WARNINGs.
 *
 * A scheduler warning starts with "WARNING: CPU: n PID: p at
 * kernel/sched/..." (or a "BUG:" line naming the scheduler) and its trace
 * runs to "---[ end trace ...". Records read from /dev/kmsg look like
 * "prio,seq,usec,flags;text"; continuation lines start with a space.
 *
 * Most scheduler checks are SCHED_WARN_ON(), i.e. WARN_ONCE(): a site
 * reports once per boot. A scenario would then miss a warning an earlier
 * scenario of the same boot already triggered, so kmsg_begin() re-arms
 * every WARN_ONCE site through debugfs' clear_warn_once first.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kernel.h"

#define CLEAR_WARN_ONCE	"/sys/kernel/debug/clear_warn_once"

int kmsg_begin(void)
{
	int fd;

	/* absent without debugfs: warnings are then once per boot */
	kfile_write(CLEAR_WARN_ONCE, "1");
	fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	lseek(fd, 0, SEEK_END);
	return fd;
}

static void add_line(struct kmsg_report *rep, const char *msg)
{
	size_t n;

	if (rep->nlines >= KMSG_MAX_LINES)
		return;
	n = strcspn(msg, "\n");
	if (n >= KMSG_LINE_MAX)
		n = KMSG_LINE_MAX - 1;
	memcpy(rep->lines[rep->nlines], msg, n);
	rep->lines[rep->nlines][n] = '\0';
	rep->nlines++;
}

static int is_sched_report(const char *msg)
{
	if (!strncmp(msg, "WARNING:", 8))
		return strstr(msg, "kernel/sched/") != NULL;
	if (!strncmp(msg, "BUG:", 4))
		return strstr(msg, "sched") != NULL ||
		       strstr(msg, "kernel/sched/") != NULL;
	return 0;
}

void kmsg_feed(struct kmsg_report *rep, const char *msg, int *state)
{
	if (is_sched_report(msg)) {
		rep->warnings++;
		*state = 1;
		add_line(rep, msg);
		return;
	}
	if (*state) {
		add_line(rep, msg);
		if (strstr(msg, "---[ end trace"))
			*state = 0;
	}
}

void kmsg_end(int fd, struct kmsg_report *rep)
{
	char buf[8192];
	int state = 0;

	memset(rep, 0, sizeof(*rep));
	if (fd < 0)
		return;
	for (;;) {
		ssize_t n = read(fd, buf, sizeof(buf) - 1);
		char *text;

		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten records: go on */
		if (n <= 0)
			break;
		buf[n] = '\0';
		text = strchr(buf, ';');
		if (!text)
			continue;
		text++;
		/* Only the first line: continuation "KEY=val" lines follow. */
		text[strcspn(text, "\n")] = '\0';
		kmsg_feed(rep, text, &state);
	}
	close(fd);
}
