// SPDX-License-Identifier: GPL-2.0
/*
 * metamerge.c - a sharded run's exit code and meta.json (metamerge.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "contract/contract.h"
#include "jsonpretty.h"
#include "metamerge.h"

/* shards/sK.rc's code; a missing or unreadable one is a usage error. */
static int shard_rc(const char *run_dir, int k)
{
	char path[4096];
	FILE *f;
	int rc;

	snprintf(path, sizeof(path), "%s/shards/s%d.rc", run_dir, k);
	f = fopen(path, "r");
	if (!f)
		return CONFORM_EXIT_USAGE;
	if (fscanf(f, "%d", &rc) != 1)
		rc = CONFORM_EXIT_USAGE;
	fclose(f);
	return rc;
}

int shard_exit_code(const char *run_dir, int jobs)
{
	int failed = 0, inconclusive = 0, skipped = 0, emulator = 0;

	for (int k = 0; k < jobs; k++) {
		int rc = shard_rc(run_dir, k);

		if (rc == CONFORM_EXIT_FAIL)
			failed++;
		else if (rc == CONFORM_EXIT_INCONCLUSIVE)
			inconclusive++;
		else if (rc == CONFORM_EXIT_SKIP)
			skipped++;
		else if (rc == CONFORM_EXIT_EMULATOR)
			emulator++;	/* any other stop outranks it */
		else if (rc != CONFORM_EXIT_PASS)
			return rc;	/* the guest stopped */
	}
	if (emulator)
		return CONFORM_EXIT_EMULATOR;
	return exit_code_rank(failed, inconclusive, skipped, jobs);
}

static struct json_object *get(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	json_object_object_get_ex(o, key, &v);
	return v;
}

static void set(struct json_object *o, const char *key, struct json_object *v)
{
	json_object_object_add(o, key, v);
}

/* The shards' host CPU lists, one a line, all files in shard order. */
static char *host_cpus(const char *run_dir, int jobs)
{
	char path[4096], *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);
	int c;

	for (int k = 0; m && k < jobs; k++) {
		FILE *f;

		snprintf(path, sizeof(path), "%s/shards/s%d.hostcpus", run_dir, k);
		f = fopen(path, "r");
		while (f && (c = fgetc(f)) != EOF)
			fputc(c, m);
		if (f)
			fclose(f);
	}
	if (m)
		fclose(m);
	while (buf && len && buf[len - 1] == '\n')
		buf[--len] = '\0';
	return buf;
}

/* Line i of text (a copy), or NULL. */
static struct json_object *nth_line(const char *text, int i)
{
	const char *s = text, *e;

	while (s && i--) {
		s = strchr(s, '\n');
		s = s ? s + 1 : NULL;
	}
	if (!s)
		return NULL;
	e = strchr(s, '\n');
	return json_object_new_string_len(s, e ? (int)(e - s) : (int)strlen(s));
}

static struct json_object *shard_entry(struct json_object *m, const char *hc,
				       int i)
{
	struct json_object *e = json_object_new_object();

	set(e, "run_id", json_object_get(get(m, "run_id")));
	set(e, "host_cpus", nth_line(hc ? hc : "", i));
	set(e, "runner_exit", json_object_get(get(m, "runner_exit")));
	set(e, "host_status", json_object_get(get(m, "host_status")));
	set(e, "last_scenario", json_object_get(get(m, "last_scenario")));
	set(e, "duration_s", json_object_get(get(m, "duration_s")));
	return e;
}

/* label without its "-s0" */
static struct json_object *run_label(struct json_object *first)
{
	struct json_object *l = get(first, "label");
	const char *s;
	size_t n;

	if (!json_object_is_type(l, json_type_string))
		return NULL;
	s = json_object_get_string(l);
	n = strlen(s);
	if (n >= 3 && !strcmp(s + n - 3, "-s0"))
		n -= 3;
	return json_object_new_string_len(s, (int)n);
}

/* Every part's emulator_faults, in part order. */
static struct json_object *emulator_faults(struct json_object **metas, int n)
{
	struct json_object *all = json_object_new_array(), *a;

	for (int i = 0; i < n; i++) {
		a = get(metas[i], "emulator_faults");
		for (size_t j = 0; json_object_is_type(a, json_type_array) &&
		     j < json_object_array_length(a); j++)
			json_object_array_add(all, json_object_get(
				json_object_array_get_idx(a, j)));
	}
	return all;
}

static bool status_ok(struct json_object *m)
{
	struct json_object *st = get(m, "host_status");

	return json_object_is_type(st, json_type_string) &&
	       !strcmp(json_object_get_string(st), "ok");
}

/*
 * The part whose status the run takes: the first that stopped other than
 * by an emulator fault, else the first that stopped, else NULL.
 */
static struct json_object *stopped(struct json_object **metas, int n)
{
	struct json_object *emu = NULL;
	const char *st;

	for (int i = 0; i < n; i++) {
		if (status_ok(metas[i]))
			continue;
		st = json_object_get_string(get(metas[i], "host_status"));
		if (!st || strcmp(st, "emulator-fault"))
			return metas[i];
		if (!emu)
			emu = metas[i];
	}
	return emu;
}

/* The merged keys over the first meta, in the order jq's `+` gave them. */
static void merge_keys(struct json_object *out, struct json_object **metas,
		       int n, const char *run_dir, int jobs, int duration)
{
	const char *id = strrchr(run_dir, '/') ? strrchr(run_dir, '/') + 1 :
		run_dir;
	struct json_object *bad = NULL, *last = NULL, *shards;
	char *hc = host_cpus(run_dir, jobs);
	int rc = shard_exit_code(run_dir, jobs);

	bad = stopped(metas, n);
	for (int i = n - 1; i >= 0; i--)
		if (get(metas[i], "last_scenario"))
			last = get(metas[i], "last_scenario");
	if (bad && get(bad, "last_scenario"))
		last = get(bad, "last_scenario");
	set(out, "run_id", json_object_new_string(id));
	set(out, "label", n ? run_label(metas[0]) : NULL);
	set(out, "jobs", json_object_new_int(jobs));
	set(out, "runner_exit", bad ? NULL : json_object_new_int(rc));
	set(out, "exit_code", json_object_new_int(rc));
	set(out, "host_status", bad ? json_object_get(get(bad, "host_status")) :
	    json_object_new_string("ok"));
	set(out, "last_scenario", json_object_get(last));
	set(out, "duration_s", json_object_new_int(duration));
	shards = json_object_new_array();
	for (int i = 0; i < n; i++)
		json_object_array_add(shards, shard_entry(metas[i], hc, i));
	set(out, "shards", shards);
	set(out, "emulator_faults", emulator_faults(metas, n));
	set(out, "last_scenario_index", NULL);	/* a part's, not the run's */
	set(out, "guest_death", bad ? json_object_get(get(bad, "guest_death")) :
	    NULL);
	free(hc);
}

int shard_meta_merge(const char *run_dir, int jobs, int duration,
		     char *const *shard_dirs, FILE *out)
{
	struct json_object **metas = calloc((size_t)jobs, sizeof(*metas));
	struct json_object *m;
	char path[4096];
	int n = 0;

	if (!metas)
		return -ENOMEM;
	for (int k = 0; k < jobs; k++) {
		if (!strcmp(shard_dirs[k], "-"))
			continue;
		snprintf(path, sizeof(path), "%s/meta.json", shard_dirs[k]);
		metas[n] = json_object_from_file(path);
		if (json_object_is_type(metas[n], json_type_object))
			n++;
		else
			json_object_put(metas[n]);
	}
	m = NULL;
	if (!n || json_object_deep_copy(metas[0], &m, NULL) < 0)
		m = json_object_new_object();
	merge_keys(m, metas, n, run_dir, jobs, duration);
	json_pretty(out, m);
	json_object_put(m);
	for (int i = 0; i < n; i++)
		json_object_put(metas[i]);
	free(metas);
	return ferror(out) ? -EIO : 0;
}
