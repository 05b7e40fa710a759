// SPDX-License-Identifier: GPL-2.0
/*
 * shardmerge.c - merge the shards' results.jsonl (shardmerge.h), with the
 * results schema's names from the contract.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "contract/contract.h"
#include "shardmerge.h"

#define JSON_OUT	(JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

static const char *jtype(struct json_object *o)
{
	struct json_object *t;

	if (!json_object_object_get_ex(o, RK_TYPE, &t) ||
	    !json_object_is_type(t, json_type_string))
		return "";
	return json_object_get_string(t);
}

static bool is_number(struct json_object *v)
{
	return json_object_is_type(v, json_type_int) ||
	       json_object_is_type(v, json_type_double);
}

/* a + b as a JSON number: an integer when both are. */
static struct json_object *jsum(struct json_object *a, struct json_object *b)
{
	if (!a)
		return json_object_get(b);
	if (json_object_is_type(a, json_type_int) &&
	    json_object_is_type(b, json_type_int))
		return json_object_new_int64(json_object_get_int64(a) +
					     json_object_get_int64(b));
	return json_object_new_double(json_object_get_double(a) +
				      json_object_get_double(b));
}

/*
 * One record of shard k, offset by off; returns it to print, or NULL to
 * leave it out.
 */
static struct json_object *shard_record(struct json_object *o, int k,
					int off, int total)
{
	struct json_object *idx;
	const char *type = jtype(o);

	if (!strcmp(type, RT_RUN_START)) {
		if (k)
			return NULL;
		json_object_object_add(o, RK_SCENARIOS,
				       json_object_new_int(total));
		json_object_object_add(o, RK_SHARDS, json_object_new_int(1));
		return o;
	}
	if (!strcmp(type, RT_RUN_END))
		return NULL;
	if (!json_object_object_get_ex(o, RK_INDEX, &idx))
		return o;
	if (idx && !is_number(idx))
		return NULL;		/* jq: cannot add a number to it */
	if (!idx)		/* jq: null + off = off */
		json_object_object_add(o, RK_INDEX, json_object_new_int(off));
	else if (json_object_is_type(idx, json_type_int))
		json_object_object_add(o, RK_INDEX, json_object_new_int64(
				json_object_get_int64(idx) + off));
	else
		json_object_object_add(o, RK_INDEX, json_object_new_double(
				json_object_get_double(idx) + off));
	return o;
}

static void shard_records(const char *dir, int k, int off, int total,
			  FILE *out)
{
	char path[4096], *buf = NULL;
	size_t cap = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/results.jsonl", dir);
	f = fopen(path, "r");
	while (f && getline(&buf, &cap, f) >= 0) {
		struct json_object *o = json_tokener_parse(buf);

		if (o && json_object_is_type(o, json_type_object) &&
		    shard_record(o, k, off, total))
			fprintf(out, "%s\n",
				json_object_to_json_string_ext(o, JSON_OUT));
		json_object_put(o);
	}
	free(buf);
	if (f)
		fclose(f);
}

/* Add run_end record e to the merged one m (totals summed by key). */
static int end_add(struct json_object *m, struct json_object *e)
{
	struct json_object *t, *mt, *d, *md;

	if (!json_object_object_get_ex(e, RK_TOTALS, &t) ||
	    !json_object_is_type(t, json_type_object))
		return -EINVAL;
	json_object_object_get_ex(m, RK_TOTALS, &mt);
	json_object_object_foreach(t, key, val) {
		struct json_object *cur = NULL;

		if (!is_number(val))
			return -EINVAL;
		json_object_object_get_ex(mt, key, &cur);
		json_object_object_add(mt, key, jsum(cur, val));
	}
	if (json_object_object_get_ex(e, RK_DURATION_US, &d) && is_number(d) &&
	    (!json_object_object_get_ex(m, RK_DURATION_US, &md) || !md ||
	     json_object_get_double(d) > json_object_get_double(md)))
		json_object_object_add(m, RK_DURATION_US, json_object_get(d));
	return 0;
}

/* Every shard's run_end lines (by their text, as grep found them). */
static int shard_ends(const struct jsonl_shard *sh, int jobs,
		      struct json_object *m)
{
	char path[4096], *buf = NULL;
	size_t cap = 0;
	int n = 0, bad = 0;

	for (int k = 0; k < jobs; k++) {
		FILE *f;

		if (!sh[k].dir)
			continue;
		snprintf(path, sizeof(path), "%s/results.jsonl", sh[k].dir);
		f = fopen(path, "r");
		while (f && getline(&buf, &cap, f) >= 0) {
			struct json_object *o;

			if (!strstr(buf, "\"" RK_TYPE "\":\"" RT_RUN_END "\""))
				continue;
			n++;
			o = json_tokener_parse(buf);
			if (!o || !json_object_is_type(o, json_type_object) ||
			    end_add(m, o))
				bad = 1;
			json_object_put(o);
		}
		if (f)
			fclose(f);
	}
	free(buf);
	return bad ? -EINVAL : n;
}

/* The merged run_end, when every shard wrote one. */
static void merged_end(const struct jsonl_shard *sh, int jobs, int exit_code,
		       FILE *out)
{
	struct json_object *m = json_object_new_object();
	int cut = 0;

	json_object_object_add(m, RK_TYPE, json_object_new_string(RT_RUN_END));
	json_object_object_add(m, RK_TOTALS, json_object_new_object());
	json_object_object_add(m, RK_EXIT, json_object_new_int(exit_code));
	json_object_object_add(m, RK_DURATION_US, NULL);
	json_object_object_add(m, RK_SHARDS, json_object_new_int(jobs));
	for (int k = 0; k < jobs; k++)
		cut += sh[k].dir && sh[k].cut;
	/* the key order is the one set here: type, totals, exit, ... */
	if (shard_ends(sh, jobs, m) == jobs - cut)
		fprintf(out, "%s\n",
			json_object_to_json_string_ext(m, JSON_OUT));
	json_object_put(m);
}

int jsonl_shard_merge(const struct jsonl_shard *sh, int jobs, int exit_code,
		      FILE *out)
{
	int total = 0, off = 0;

	for (int k = 0; k < jobs; k++)
		if (sh[k].dir)
			total += sh[k].nscen;
	for (int k = 0; k < jobs; k++) {
		if (!sh[k].dir)
			continue;
		shard_records(sh[k].dir, k, off, total, out);
		off += sh[k].nscen;
	}
	merged_end(sh, jobs, exit_code, out);
	return ferror(out) ? -EIO : 0;
}
