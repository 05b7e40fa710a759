// SPDX-License-Identifier: GPL-2.0
/*
 * knobs.c - set and restore a scenario's scheduler debugfs knobs.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "kernel/kernel.h"

#define SCHED_DBG "/sys/kernel/debug/sched/"

/* Is feature f (without NO_) enabled in the features list? */
static int feature_state(const char *f, char *list, size_t len)
{
	char *tok, *save = NULL;
	int r = kfile_read(SCHED_DBG "features", list, len);

	if (r < 0)
		return r;
	for (tok = strtok_r(list, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		if (!strcmp(tok, f))
			return 1;
		if (!strncmp(tok, "NO_", 3) && !strcmp(tok + 3, f))
			return 0;
	}
	return -ENOENT;
}

static int apply_one(const struct scn_knob *k, char *old, char *why,
		     size_t len)
{
	char path[96], buf[4096];
	int r;

	/* read once per run (cgroup_mode.c): the model would not follow */
	if (!strcmp(k->name, "cgroup_mode")) {
		snprintf(why, len, "sched cgroup_mode (line %d): the share "
			 "function is the run's, read once before the first "
			 "scenario; a scenario cannot change it", k->line);
		return -ENOENT;
	}
	if (!strcmp(k->name, "features")) {
		const char *f = strncmp(k->value, "NO_", 3) ? k->value :
				k->value + 3;

		r = feature_state(f, buf, sizeof(buf));
		if (r < 0) {
			snprintf(why, len, "kernel has no sched feature %s "
				 "(line %d)", f, k->line);
			return -ENOENT;
		}
		if (strlen(f) + 4 > SCN_KNOB_MAX)
			return -ENAMETOOLONG;
		strcpy(old, r ? "" : "NO_");
		strcat(old, f);
		return kfile_write(SCHED_DBG "features", k->value);
	}
	snprintf(path, sizeof(path), SCHED_DBG "%s", k->name);
	r = kfile_read(path, buf, sizeof(buf));
	if (r < 0) {
		snprintf(why, len, "kernel has no sched knob %s (line %d): %s",
			 k->name, k->line, strerror(-r));
		return -ENOENT;
	}
	buf[strcspn(buf, "\n")] = '\0';
	if (strlen(buf) >= SCN_KNOB_MAX)
		return -EOVERFLOW;
	memcpy(old, buf, strlen(buf) + 1);
	r = kfile_write(path, k->value);
	if (r)
		snprintf(why, len, "sched %s %s (line %d): %s", k->name,
			 k->value, k->line, strerror(-r));
	return r;
}

int knobs_apply(const struct scenario *s, struct knob_saved *sv, char *why,
		size_t len)
{
	memset(sv, 0, sizeof(*sv));
	for (int i = 0; i < s->nknobs; i++) {
		int r = apply_one(&s->knobs[i], sv->old[sv->n], why, len);

		if (r) {
			knobs_restore(sv);
			return r;
		}
		sv->k[sv->n++] = &s->knobs[i];
	}
	return 0;
}

void knobs_restore(struct knob_saved *sv)
{
	char path[96];

	while (sv->n > 0) {
		const struct scn_knob *k = sv->k[--sv->n];

		snprintf(path, sizeof(path), SCHED_DBG "%s", k->name);
		kfile_write(path, sv->old[sv->n]);
	}
}
