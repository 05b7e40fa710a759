// SPDX-License-Identifier: GPL-2.0
/*
 * pelt.c - snapshots of PELT group state; the cpu.pelt parser.
 *
 * cpu.pelt (patches/, one file in every non-root cpu cgroup):
 *
 *   tg load_avg=<tg->load_avg> shares=<scale_load_down(tg->shares)>
 *   cpu0 online=1 on_list=1 throttled=0 nr_running=1 ... se_load_avg=339
 *   cpu1 ...
 *
 * one line per possible CPU, keys in any order, unknown keys ignored.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kernel.h"

int pelt_snap_alloc(struct pelt_snap *p, int ngroups, int ncpus)
{
	p->ngroups = ngroups;
	p->ncpus = ncpus;
	p->grp = calloc(ngroups ? ngroups : 1, sizeof(*p->grp));
	p->cpu = calloc((size_t)(ngroups ? ngroups : 1) * ncpus,
			sizeof(*p->cpu));
	if (!p->grp || !p->cpu) {
		pelt_snap_free(p);
		return -ENOMEM;
	}
	return 0;
}

void pelt_snap_free(struct pelt_snap *p)
{
	free(p->grp);
	free(p->cpu);
	p->grp = NULL;
	p->cpu = NULL;
}

void pelt_snap_clear(struct pelt_snap *p)
{
	memset(p->grp, 0, sizeof(*p->grp) * p->ngroups);
	memset(p->cpu, 0, sizeof(*p->cpu) * (size_t)p->ngroups * p->ncpus);
}

double pelt_tg_load_avg(const struct pelt_snap *p, int g)
{
	int c;

	if (p->grp[g].has_tg)
		return p->grp[g].tg_load_avg;
	for (c = 0; c < p->ncpus; c++)
		if (pelt_at(p, g, c)->has_tg)
			return pelt_at(p, g, c)->tg_load_avg;
	return -1;
}

const char *pelt_source_name(enum pelt_source src)
{
	static const char *const names[] = {
		[PELT_SRC_NONE] = "none",
		[PELT_SRC_CPU_PELT] = "cpu.pelt",
		[PELT_SRC_DEBUGFS] = "debugfs",
	};

	return (int)src >= 0 && src <= PELT_SRC_DEBUGFS ? names[src] : "none";
}

/* Parse "key=value" at *s (value a signed decimal); advance past it. */
static int next_kv(const char **s, const char *end, char *key, size_t klen,
		   double *val)
{
	const char *p = *s, *k;
	char *num_end;
	char num[32];
	size_t n;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end)
		return 0;
	k = p;
	while (p < end && *p != '=' && *p != ' ' && *p != '\t')
		p++;
	if (p >= end || *p != '=' || p == k)
		return -EINVAL;
	n = p - k;
	if (n >= klen)
		n = klen - 1;
	memcpy(key, k, n);
	key[n] = '\0';
	p++;
	k = p;
	while (p < end && *p != ' ' && *p != '\t')
		p++;
	n = p - k;
	if (n == 0 || n >= sizeof(num))
		return -EINVAL;
	memcpy(num, k, n);
	num[n] = '\0';
	*val = strtod(num, &num_end);
	if (*num_end != '\0')
		return -EINVAL;
	*s = p;
	return 1;
}

static void set_cpu_key(struct pelt_cpu *pc, const char *key, double v)
{
	static const struct {
		const char *name;
		size_t off;
	} dbl[] = {
		{ "contrib", offsetof(struct pelt_cpu, contrib) },
		{ "weight", offsetof(struct pelt_cpu, weight) },
		{ "load_avg", offsetof(struct pelt_cpu, load_avg) },
		{ "runnable_avg", offsetof(struct pelt_cpu, runnable_avg) },
		{ "util_avg", offsetof(struct pelt_cpu, util_avg) },
		{ "removed_load_avg",
		  offsetof(struct pelt_cpu, removed_load_avg) },
		{ "se_weight", offsetof(struct pelt_cpu, se_weight) },
		{ "se_load_avg", offsetof(struct pelt_cpu, se_load_avg) },
	};
	size_t i;

	if (!strcmp(key, "online"))
		pc->online = v != 0;
	else if (!strcmp(key, "on_list"))
		pc->on_list = v != 0;
	else if (!strcmp(key, "throttled"))
		pc->throttled = v != 0;
	else if (!strcmp(key, "nr_running"))
		pc->nr_running = (int)v;
	else if (!strcmp(key, "h_nr_running"))
		pc->h_nr_running = (int)v;
	for (i = 0; i < sizeof(dbl) / sizeof(dbl[0]); i++)
		if (!strcmp(key, dbl[i].name))
			*(double *)((char *)pc + dbl[i].off) = v;
	if (!strcmp(key, "se_weight"))
		pc->has_se = true;
}

int pelt_parse_cpu_pelt(const char *buf, size_t len, struct pelt_snap *p,
			int g)
{
	const char *s = buf, *end = buf + len;
	bool seen_tg = false;

	if (g < 0 || g >= p->ngroups)
		return -EINVAL;
	while (s < end) {
		const char *eol = memchr(s, '\n', end - s);
		const char *q;
		struct pelt_cpu *pc = NULL;
		struct pelt_cpu dummy;
		char key[32];
		double v;
		int r;

		if (!eol)
			eol = end;
		q = s;
		if (eol - q >= 2 && !strncmp(q, "tg", 2) &&
		    (eol - q == 2 || q[2] == ' ')) {
			q += 2;
			seen_tg = true;
		} else if (eol - q > 3 && !strncmp(q, "cpu", 3) &&
			   q[3] >= '0' && q[3] <= '9') {
			char *ne;
			long c = strtol(q + 3, &ne, 10);

			if (ne > eol || (ne < eol && *ne != ' '))
				return -EINVAL;
			q = ne;
			if (c >= 0 && c < p->ncpus) {
				pc = pelt_at(p, g, (int)c);
				memset(pc, 0, sizeof(*pc));
				pc->present = true;
			} else {
				pc = &dummy;
			}
		} else if (eol == q) {
			s = eol + 1;
			continue;
		} else {
			/* An unknown line kind: tolerated, like unknown keys. */
			s = eol + 1;
			continue;
		}
		while ((r = next_kv(&q, eol, key, sizeof(key), &v)) > 0) {
			if (pc) {
				set_cpu_key(pc, key, v);
			} else if (!strcmp(key, "load_avg")) {
				p->grp[g].tg_load_avg = v;
				p->grp[g].has_tg = true;
			} else if (!strcmp(key, "shares")) {
				p->grp[g].shares = v;
				p->grp[g].has_shares = true;
			}
		}
		if (r < 0)
			return -EINVAL;
		s = eol + 1;
	}
	if (!seen_tg)
		return -EINVAL;
	p->grp[g].present = true;
	return 0;
}

int pelt_read_cpu_pelt(const char *path, struct pelt_snap *p, int g)
{
	static char buf[65536];
	ssize_t n, tot = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while ((n = read(fd, buf + tot, sizeof(buf) - 1 - tot)) > 0) {
		tot += n;
		if (tot >= (ssize_t)sizeof(buf) - 1)
			break;
	}
	if (n < 0) {
		n = -errno;
		close(fd);
		return (int)n;
	}
	close(fd);
	return pelt_parse_cpu_pelt(buf, tot, p, g);
}
