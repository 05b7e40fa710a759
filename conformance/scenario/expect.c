// SPDX-License-Identifier: GPL-2.0
/*
 * expect.c - "expect GROUP FRACTION": a golden share the verdict checks
 * the measured one against; the expectations must be consistent. The
 * fraction may be a formula of N (topology.c, formula.c).
 */
#include "scenario/parse.h"

/*
 * The expectations are consistent when, bottom up, each group's implied
 * share (its own expect, or the sum of its children's implied shares) is
 * at least the sum of its children's, and the top level sums to <= 1.
 */
static int scn_check_expect_sums(struct scn_parser *p)
{
	const struct scenario *s = p->s;
	double implied[SCN_MAX_GROUPS], own[SCN_MAX_GROUPS], top = 0;
	bool set[SCN_MAX_GROUPS];

	for (int g = 0; g < s->ngroups; g++) {
		implied[g] = 0;
		own[g] = 0;
		set[g] = false;
	}
	for (int e = 0; e < s->nexpect; e++) {
		own[s->expect[e].group] = s->expect[e].fraction;
		set[s->expect[e].group] = true;
	}
	/* Children come after parents, so a reverse walk is bottom up. */
	for (int g = s->ngroups - 1; g >= 0; g--) {
		int par = s->groups[g].parent;
		double v;

		if (set[g]) {
			if (implied[g] > own[g] + SCN_SUM_SLACK)
				return scn_err(p, "expectations below '%s' sum to %.6g, more than its own %.6g",
					       s->groups[g].path, implied[g],
					       own[g]);
			v = own[g];
		} else {
			v = implied[g];
		}
		if (par >= 0)
			implied[par] += v;
		else
			top += v;
	}
	if (top > 1 + SCN_SUM_SLACK)
		return scn_err(p, "expectations sum to %.6g, more than 1", top);
	return 0;
}

int scn_expect(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_expect *e;
	double f;
	int g, ret;

	if (ntok != 3)
		return scn_err(p, "'expect' takes a group and a fraction (e.g. expect A 1/3)");
	g = scn_find_group(s, tok[1]);
	if (g < 0)
		return scn_err(p, "expect: group '%s' is not defined", tok[1]);
	for (int i = 0; i < s->nexpect; i++)
		if (s->expect[i].group == g)
			return scn_err(p, "duplicate expect for '%s' (first at line %d)",
				       tok[1], s->expect[i].line);
	ret = scn_get_expect_value(p, tok[2], &f);
	if (ret)
		return ret;
	if (f > 1)
		return scn_err(p, "expect '%s' is more than the whole (max 1 or 100%%)",
			       tok[2]);
	if (s->nexpect >= SCN_MAX_EXPECT)
		return scn_err(p, "too many expects (max %d)", SCN_MAX_EXPECT);
	e = &s->expect[s->nexpect++];
	e->group = g;
	e->fraction = f;
	e->line = p->line;
	return scn_check_expect_sums(p);
}
