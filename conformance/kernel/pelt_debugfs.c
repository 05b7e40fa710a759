// SPDX-License-Identifier: GPL-2.0
/*
 * pelt_debugfs.c - parse cfs_rq blocks of /sys/kernel/debug/sched/debug:
 *
 *   cfs_rq[1]:/conform.1/A
 *     .exec_clock                    : 0.000000
 *     .load                          : 1048576
 *     .load_avg                      : 1023
 *     ...
 *     .se->load.weight               : 349525
 *     .se->avg.load_avg              : 341
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kernel.h"

/* SCHED_FIXEDPOINT_SHIFT scaling of load.weight on 64-bit kernels. */
#define DEBUGFS_LOAD_SCALE 1024.0

static int block_group(const char *path, size_t n, const char *root,
		       const struct scenario *s)
{
	size_t rl = strlen(root);
	char rel[SCN_PATH_MAX];

	if (n <= rl + 1 || strncmp(path, root, rl) || path[rl] != '/')
		return -1;
	n -= rl + 1;
	if (n >= sizeof(rel))
		return -1;
	memcpy(rel, path + rl + 1, n);
	rel[n] = '\0';
	return scn_find_group(s, rel);
}

static void set_key(struct pelt_cpu *pc, const char *key, size_t klen,
		    double v)
{
#define K(str) (klen == sizeof(str) - 1 && !memcmp(key, str, klen))
	if (K("load"))
		pc->weight = v / DEBUGFS_LOAD_SCALE;
	else if (K("load_avg"))
		pc->load_avg = v;
	else if (K("runnable_avg"))
		pc->runnable_avg = v;
	else if (K("util_avg"))
		pc->util_avg = v;
	else if (K("removed.load_avg"))
		pc->removed_load_avg = v;
	else if (K("tg_load_avg_contrib"))
		pc->contrib = v;
	else if (K("tg_load_avg")) {
		pc->tg_load_avg = v;
		pc->has_tg = true;
	} else if (K("nr_running"))
		pc->nr_running = (int)v;
	else if (K("h_nr_running"))
		pc->h_nr_running = (int)v;
	else if (K("throttled"))
		pc->throttled = v != 0;
	else if (K("se->load.weight")) {
		pc->se_weight = v / DEBUGFS_LOAD_SCALE;
		pc->has_se = true;
	} else if (K("se->avg.load_avg"))
		pc->se_load_avg = v;
#undef K
}

int pelt_parse_debugfs(const char *buf, size_t len, const char *root,
		       const struct scenario *s, struct pelt_snap *p)
{
	const char *l = buf, *end = buf + len;
	struct pelt_cpu *cur = NULL;
	int used = 0;

	while (l < end) {
		const char *eol = memchr(l, '\n', end - l);

		if (!eol)
			eol = end;
		if (eol - l > 7 && !memcmp(l, "cfs_rq[", 7)) {
			const char *ne = l + 7;
			long c = -1;
			int g;

			cur = NULL;
			if (!kparse_int(l + 7, eol, &c, &ne) && ne + 2 <= eol &&
			    ne[0] == ']' && ne[1] == ':') {
				g = block_group(ne + 2, eol - (ne + 2), root, s);
				if (g >= 0 && g < p->ngroups && c >= 0 &&
				    c < p->ncpus) {
					cur = pelt_at(p, g, (int)c);
					memset(cur, 0, sizeof(*cur));
					cur->present = true;
					cur->online = true;
					cur->on_list = true;
					p->grp[g].present = true;
					used++;
				}
			}
		} else if (cur && eol - l > 3 && l[0] == ' ' && l[1] == ' ' &&
			   l[2] == '.') {
			const char *k = l + 3, *ke, *colon;
			double v;

			colon = memchr(k, ':', eol - k);
			if (colon) {
				ke = colon;
				while (ke > k && ke[-1] == ' ')
					ke--;
				colon++;
				while (colon < eol && *colon == ' ')
					colon++;
				if (!kparse_num(colon, eol, &v, NULL))
					set_key(cur, k, ke - k, v);
			}
		} else if (eol - l > 0 && l[0] != ' ') {
			/* Any other unindented line ends a cfs_rq block. */
			cur = NULL;
		}
		l = eol + 1;
	}
	return used;
}

int pelt_read_debugfs(const char *path, char **bufp, size_t *cap,
		      const char *root, const struct scenario *s,
		      struct pelt_snap *p)
{
	size_t tot = 0;
	ssize_t n;
	int fd = open(path ? path : PELT_DEBUGFS_PATH, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	for (;;) {
		if (*cap - tot < 4096) {
			size_t nc = *cap ? *cap * 2 : 65536;
			char *nb = realloc(*bufp, nc);

			if (!nb) {
				close(fd);
				return -ENOMEM;
			}
			*bufp = nb;
			*cap = nc;
		}
		n = read(fd, *bufp + tot, *cap - tot);
		if (n < 0) {
			n = -errno;
			close(fd);
			return (int)n;
		}
		if (n == 0)
			break;
		tot += n;
	}
	close(fd);
	return pelt_parse_debugfs(*bufp, tot, root, s, p);
}
