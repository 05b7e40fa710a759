// SPDX-License-Identifier: GPL-2.0
/*
 * crosscheck.c - cpu.pelt vs sched/debug, see crosscheck.h.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel.h"
#include "verdict/verdict.h"

static int read_all_pelt(const struct scenario *s, const struct cg_ctx *cg,
			 struct pelt_snap *p)
{
	for (int g = 0; g < s->ngroups; g++) {
		char dir[PATH_MAX], path[PATH_MAX + 16];
		int r;

		cg_group_dir(cg, g, dir, sizeof(dir));
		snprintf(path, sizeof(path), "%s/cpu.pelt", dir);
		r = pelt_read_cpu_pelt(path, p, g);
		if (r)
			return r;
	}
	return 0;
}

/*
 * sched/debug prints weights scaled up; the parser divides them by 1024.
 * cpu.pelt prints scale_load_down(): 0 stays 0, any other weight is the
 * floor of that, at least 2 - a group entity's weight can be below 1024
 * scaled (calc_group_shares() clamps at MIN_SHARES unscaled), which the
 * floor alone made 0 where cpu.pelt says 2.
 */
double xcheck_scale_load_down(double w)
{
	if (w <= 0)
		return 0;
	return fmax(2, floor(w));
}

static void mismatch(struct xcheck *x, const char *what, const char *group,
		     int cpu, double pelt, double dbg)
{
	if (!x->mismatches++)
		snprintf(x->first, sizeof(x->first),
			 "%s cpu%d %s: cpu.pelt %.0f, sched/debug %.0f",
			 group, cpu, what, pelt, dbg);
}

static void compare(struct xcheck *x, const char *what, const char *group,
		    int cpu, double pelt, double dbg)
{
	x->compared++;
	if (pelt != dbg)
		mismatch(x, what, group, cpu, pelt, dbg);
}

double xcheck_load_avg_dither(double v)
{
	return 1 + floor(fabs(v) / 4096);
}

bool xcheck_load_avg_steady(double a, double b)
{
	return fabs(a - b) <= xcheck_load_avg_dither(a);
}

bool xcheck_load_avg_agrees(double a, double b, double dbg)
{
	return fabs(dbg - a) <= xcheck_load_avg_dither(a) ||
	       fabs(dbg - b) <= xcheck_load_avg_dither(b);
}

static int xcheck_once(const struct scenario *s, const struct cg_ctx *cg,
		       struct xcheck *x)
{
	struct pelt_snap a, d, b;
	char root[SCN_PATH_MAX], *buf = NULL;
	size_t cap = 0;
	int nc = hotplug_possible(), r;

	memset(x, 0, sizeof(*x));
	if (nc <= 0 || nc > SCN_MAX_CPUS)
		nc = SCN_MAX_CPUS;
	if (pelt_snap_alloc(&a, s->ngroups, nc) ||
	    pelt_snap_alloc(&d, s->ngroups, nc) ||
	    pelt_snap_alloc(&b, s->ngroups, nc))
		return -ENOMEM;
	cg_debugfs_root(cg, root, sizeof(root));
	r = read_all_pelt(s, cg, &a);
	if (!r) {
		r = pelt_read_debugfs(NULL, &buf, &cap, root, s, &d);
		r = r < 0 ? r : 0;
	}
	if (!r)
		r = read_all_pelt(s, cg, &b);
	for (int g = 0; !r && g < s->ngroups; g++) {
		const char *name = s->groups[g].path;
		double ta = pelt_tg_load_avg(&a, g);

		if (ta == pelt_tg_load_avg(&b, g) &&
		    pelt_tg_load_avg(&d, g) >= 0)
			compare(x, "tg_load_avg", name, -1, ta,
				pelt_tg_load_avg(&d, g));
		for (int c = 0; c < nc; c++) {
			const struct pelt_cpu *pa = pelt_at(&a, g, c);
			const struct pelt_cpu *pb = pelt_at(&b, g, c);
			const struct pelt_cpu *pd = pelt_at(&d, g, c);

			if (!pd->present || !pa->present || !pb->present)
				continue;
			if (pa->contrib != pb->contrib ||
			    pa->weight != pb->weight ||
			    pa->se_weight != pb->se_weight) {
				x->skipped++;
				continue;
			}
			compare(x, "contrib", name, c, pa->contrib,
				pd->contrib);
			compare(x, "load.weight", name, c, pa->weight,
				xcheck_scale_load_down(pd->weight));
			if (pd->has_se)
				compare(x, "se weight", name, c, pa->se_weight,
					xcheck_scale_load_down(pd->se_weight));
			if (!xcheck_load_avg_steady(pa->load_avg,
						    pb->load_avg)) {
				x->skipped++;
				continue;
			}
			x->compared++;
			if (!xcheck_load_avg_agrees(pa->load_avg,
						    pb->load_avg,
						    pd->load_avg))
				mismatch(x, "load_avg", name, c,
					 pa->load_avg, pd->load_avg);
		}
	}
	free(buf);
	pelt_snap_free(&a);
	pelt_snap_free(&d);
	pelt_snap_free(&b);
	return r;
}

int xcheck_pelt_debugfs(const struct scenario *s, const struct cg_ctx *cg,
			struct xcheck *x)
{
	int r, n;

	for (n = 1;; n++) {
		r = xcheck_once(s, cg, x);
		x->attempts = n;
		if (r || !x->mismatches || n == XCHECK_ATTEMPTS)
			return r;
	}
}
