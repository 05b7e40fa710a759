// SPDX-License-Identifier: GPL-2.0
/*
 * groups.c - "group PATH key=value...": a cgroup of the scenario. Parents
 * come before children; the keys are described once in group_keys[].
 */
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

/* Components: non-empty, [A-Za-z0-9_-], < SCN_NAME_MAX each. */
static int scn_group_path(struct scn_parser *p, const char *path,
			  int *depth, const char **last)
{
	*depth = 1;
	*last = path;
	for (const char *c = path;; c++) {
		if (*c == '/' || !*c) {
			size_t n = (size_t)(c - *last);

			if (!n)
				return scn_err(p, "group path '%s' has an empty component",
					       path);
			if (n >= SCN_NAME_MAX)
				return scn_err(p, "group path '%s': component longer than %d characters",
					       path, SCN_NAME_MAX - 1);
			if (!*c)
				break;
			(*depth)++;
			*last = c + 1;
		} else if (!scn_is_group_char(*c)) {
			return scn_err(p, "group path '%s' has an invalid character '%c' (use A-Z a-z 0-9 _ - and /)",
				       path, *c);
		}
	}
	if (*depth > SCN_MAX_DEPTH)
		return scn_err(p, "group '%s' nests %d levels deep (max %d)",
			       path, *depth, SCN_MAX_DEPTH);
	return 0;
}

/* The parent of path (its first depth - 1 components): defined, able to
 * have children. */
static int scn_group_parent(struct scn_parser *p, const char *path,
			    int depth, const char *last, int *pidx)
{
	const struct scenario *s = p->s;
	char parent[SCN_PATH_MAX];

	*pidx = -1;
	parent[0] = '\0';
	if (depth > 1) {
		size_t n = (size_t)(last - path - 1);

		memcpy(parent, path, n);
		parent[n] = '\0';
		*pidx = scn_find_group(s, parent);
		if (*pidx < 0)
			return scn_err(p, "parent group '%s' of '%s' is not defined (define parents first)",
				       parent, path);
	}
	if (s->ngroups >= SCN_MAX_GROUPS)
		return scn_err(p, "too many groups (max %d)", SCN_MAX_GROUPS);
	for (int t = 0; t < s->ntasks; t++)
		if (s->hierarchy == SCN_V2 && s->tasks[t].group == *pidx)
			return scn_err(p, "group '%s' under '%s', which has task '%s' (cgroup v2 allows tasks only in leaf groups)",
				       path, parent, s->tasks[t].name);
	return 0;
}

/* weight= (v2) and shares= (v1): the hierarchy's key only. */
static int set_weight(struct scn_parser *p, void *obj, const char *k,
		      const char *v)
{
	struct scn_group *g = obj;
	bool v1key = k[0] == 's';
	int ret;

	if (v1key != (p->s->hierarchy == SCN_V1))
		return scn_err(p, "%s= is for cgroup %s; with hierarchy %s use %s=",
			       k, v1key ? "v1" : "v2",
			       scn_hierarchy_name(p->s->hierarchy),
			       v1key ? "weight" : "shares");
	ret = scn_get_weight(p, v, &g->weight);
	if (ret)
		return ret;
	g->weight_set = true;
	return 0;
}

static int set_cpuset(struct scn_parser *p, void *obj, const char *k,
		      const char *v)
{
	struct scn_group *g = obj;
	scn_cpumask_t pm = scn_group_cpuset(p->s, g->parent);
	char m[SCN_MASK_TEXT];
	int ret;

	ret = scn_get_cpus(p, k, v, &g->cpuset);
	if (ret)
		return ret;
	if (g->cpuset & ~pm)
		return scn_err(p, "cpuset %s of '%s' is not within its parent's cpuset %s",
			       v, g->path, scn_fmt_mask(pm, m, sizeof(m)));
	return 0;
}

static int set_max(struct scn_parser *p, void *obj, const char *k,
		   const char *v)
{
	struct scn_group *g = obj;
	int ret;

	(void)k;
	ret = scn_get_max(p, v, &g->max_quota_us, &g->max_period_us);
	if (ret)
		return ret;
	if (scn_find_hopper(p->s, -1) >= 0)
		return scn_err(p, "max: cpu.max limits are not supported with a kind=hopper task ('%s')",
			       p->s->tasks[scn_find_hopper(p->s, -1)].name);
	g->has_max = true;
	return 0;
}

static int set_idle(struct scn_parser *p, void *obj, const char *k,
		    const char *v)
{
	struct scn_group *g = obj;

	(void)k;
	if (strcmp(v, "0") && strcmp(v, "1"))
		return scn_err(p, "idle '%s' must be 0 or 1", v);
	g->idle = v[0] - '0';
	return 0;
}

static const struct scn_keydef group_keys[] = {
	{ "weight", set_weight },
	{ "shares", set_weight },
	{ "cpuset", set_cpuset },
	{ "max", set_max },
	{ "idle", set_idle },
};

static int unknown_group_key(struct scn_parser *p, const char *k)
{
	return scn_err(p, "unknown group key '%s' (known: %s, cpuset, max, idle)",
		       k, p->s->hierarchy == SCN_V1 ? "shares" : "weight");
}

static void scn_group_init(struct scn_parser *p, struct scn_group *g,
			   const char *path, const char *last, int pidx,
			   int depth)
{
	memset(g, 0, sizeof(*g));
	snprintf(g->path, sizeof(g->path), "%s", path);
	snprintf(g->name, sizeof(g->name), "%s", last);
	g->parent = pidx;
	g->depth = depth;
	g->line = p->line;
	g->weight = p->s->hierarchy == SCN_V1 ? SCN_V1_DEFAULT_SHARES :
		    SCN_V2_DEFAULT_WEIGHT;
	g->idle = -1;
	g->max_quota_us = -1;
	g->max_period_us = SCN_DEFAULT_PERIOD_US;
}

int scn_group(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_group *g;
	const char *path, *last;
	int depth, pidx, dup, ret;
	unsigned int seen;

	if (p->phases)
		return scn_err(p, "group after the first phase (define all groups and tasks before 'at')");
	if (ntok < 2)
		return scn_err(p, "'group' needs a path (e.g. group A/B weight=200)");
	path = tok[1];
	if (strlen(path) >= SCN_PATH_MAX)
		return scn_err(p, "group path too long (max %d characters)",
			       SCN_PATH_MAX - 1);
	ret = scn_group_path(p, path, &depth, &last);
	if (ret)
		return ret;
	dup = scn_find_group(s, path);
	if (dup >= 0)
		return scn_err(p, "duplicate group '%s' (first defined at line %d)",
			       path, s->groups[dup].line);
	ret = scn_group_parent(p, path, depth, last, &pidx);
	if (ret)
		return ret;
	g = &s->groups[s->ngroups];
	scn_group_init(p, g, path, last, pidx, depth);
	ret = scn_parse_keys(p, tok, ntok, 2, group_keys,
			     (int)SCN_ARRAY_SIZE(group_keys), g, &seen,
			     unknown_group_key);
	if (ret)
		return ret;
	if (g->idle == 1 && g->weight_set)
		return scn_err(p, "%s= has no effect on an idle group (idle=1)",
			       s->hierarchy == SCN_V1 ? "shares" : "weight");
	s->ngroups++;
	return 0;
}
