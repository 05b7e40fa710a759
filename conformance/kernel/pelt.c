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
#include <stdint.h>
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

/* A key of a cpu.pelt line, in place: not NUL-terminated. */
struct kkey {
	const char *s;
	size_t n;
};

/*
 * A value of at most 15 digits and no fraction, as the series prints them
 * all (%lu, %d), at p: true and *val, *next set. Else (a sign, a fraction,
 * more digits) false, for kparse_num(). Cheaper than kparse_num(): no
 * overflow test per digit (a 64-bit division each, a helper call under
 * TCG), and the conversion to double once.
 */
static bool plain_uint(const char *p, const char *end, double *val,
		       const char **next)
{
	const char *q = p;
	uint64_t x = 0;

	while (q < end && q - p < 15 && *q >= '0' && *q <= '9')
		x = x * 10 + (unsigned int)(*q++ - '0');
	if (q == p || (q < end && (*q == '.' || (*q >= '0' && *q <= '9'))))
		return false;
	*val = (double)x;
	*next = q;
	return true;
}

/* Parse "key=value" at *s (value a decimal); advance past it. */
static int next_kv(const char **s, const char *end, struct kkey *key,
		   double *val)
{
	const char *p = *s, *k, *ne;

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p >= end)
		return 0;
	k = p;
	while (p < end && *p != '=' && *p != ' ' && *p != '\t')
		p++;
	if (p >= end || *p != '=' || p == k)
		return -EINVAL;
	key->s = k;
	key->n = p - k;
	p++;
	if ((!plain_uint(p, end, val, &ne) && kparse_num(p, end, val, &ne)) ||
	    (ne < end && *ne != ' ' && *ne != '\t'))
		return -EINVAL;
	*s = ne;
	return 1;
}

enum pkey_type { PK_BOOL, PK_INT, PK_DBL };

struct pkey {
	const char *name;
	size_t len;
	enum pkey_type type;
	size_t off;
};

#define PK(n, t) { #n, sizeof(#n) - 1, t, offsetof(struct pelt_cpu, n) }

/* The keys of a cpu line, sorted by strcmp() for bsearch(). */
static const struct pkey pelt_keys[] = {
	PK(contrib, PK_DBL),
	PK(h_nr_running, PK_INT),
	PK(load_avg, PK_DBL),
	PK(nr_running, PK_INT),
	PK(on_list, PK_BOOL),
	PK(online, PK_BOOL),
	PK(removed_load_avg, PK_DBL),
	PK(runnable_avg, PK_DBL),
	PK(se_load_avg, PK_DBL),
	PK(se_weight, PK_DBL),
	PK(throttled, PK_BOOL),
	PK(util_avg, PK_DBL),
	PK(weight, PK_DBL),
};

#undef PK

static int pkey_cmp(const void *key, const void *elem)
{
	const struct kkey *k = key;
	const struct pkey *pk = elem;
	size_t n = pk->len;
	int r = memcmp(k->s, pk->name, k->n < n ? k->n : n);

	if (r)
		return r;
	return k->n < n ? -1 : k->n > n;
}

/*
 * The keys in the order the series prints them (indices into pelt_keys):
 * online on_list throttled nr_running h_nr_running contrib weight
 * load_avg runnable_avg util_avg removed_load_avg se_weight se_load_avg.
 */
static const unsigned char pelt_key_order[] = {
	5, 4, 10, 3, 1, 0, 12, 2, 7, 11, 6, 9, 8,
};

#define PELT_NKEYS	(sizeof(pelt_keys) / sizeof(*pelt_keys))

/*
 * The table entry of a key: the one after the previous key in the
 * printed order (*next, one compare), else by bsearch() (another order,
 * a key of another version of the file). The bsearch and its calls
 * through a pointer were a third of a parse under TCG.
 */
static const struct pkey *find_key(const struct kkey *key, unsigned int *next)
{
	const struct pkey *pk;

	if (*next < sizeof(pelt_key_order)) {
		pk = &pelt_keys[pelt_key_order[*next]];
		if (pk->len == key->n && !memcmp(pk->name, key->s, key->n)) {
			(*next)++;
			return pk;
		}
	}
	pk = bsearch(key, pelt_keys, PELT_NKEYS, sizeof(*pelt_keys), pkey_cmp);
	for (*next = 0; pk && *next < sizeof(pelt_key_order); (*next)++)
		if (&pelt_keys[pelt_key_order[*next]] == pk) {
			(*next)++;
			break;
		}
	return pk;
}

static void set_cpu_key(struct pelt_cpu *pc, const struct kkey *key,
			double v, unsigned int *next)
{
	const struct pkey *pk = find_key(key, next);
	char *f;

	if (!pk)
		return;		/* a key of a later version of the file */
	f = (char *)pc + pk->off;
	if (pk->type == PK_BOOL)
		*(bool *)f = v != 0;
	else if (pk->type == PK_INT)
		*(int *)f = (int)v;
	else
		*(double *)f = v;
	if (pk->off == offsetof(struct pelt_cpu, se_weight))
		pc->has_se = true;
}

static bool kkey_is(const struct kkey *k, const char *name)
{
	return k->n == strlen(name) && !memcmp(k->s, name, k->n);
}

int pelt_parse_cpu_pelt(const char *buf, size_t len, struct pelt_snap *p,
			int g)
{
	const char *s = buf, *end = buf + len;
	bool seen_tg = false;

	if (g < 0 || g >= p->ngroups)
		return -EINVAL;
	p->grp[g].tg_tasks = 0;
	while (s < end) {
		const char *eol = memchr(s, '\n', end - s);
		const char *q;
		struct pelt_cpu *pc = NULL;
		struct pelt_cpu dummy;
		unsigned int next = 0;
		struct kkey key;
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
			const char *ne;
			long c;

			if (kparse_int(q + 3, eol, &c, &ne) ||
			    (ne < eol && *ne != ' '))
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
		while ((r = next_kv(&q, eol, &key, &v)) > 0) {
			if (pc) {
				set_cpu_key(pc, &key, v, &next);
			} else if (kkey_is(&key, "load_avg")) {
				p->grp[g].tg_load_avg = v;
				p->grp[g].has_tg = true;
			} else if (kkey_is(&key, "shares")) {
				p->grp[g].shares = v;
				p->grp[g].has_shares = true;
			} else if (kkey_is(&key, "tasks")) {
				p->grp[g].tg_tasks = v >= 1 ? (int)v : 0;
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
