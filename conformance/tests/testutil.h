/* SPDX-License-Identifier: GPL-2.0 */
/*
 * testutil.h - helpers the runner's unit tests share (include after
 * cmocka.h): parse a scenario from text, and read back the run_start
 * record the runner writes.
 */
#ifndef CONFORM_TESTUTIL_H
#define CONFORM_TESTUTIL_H

#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output/output.h"
#include "scenario/scenario.h"

/* xorshift64*: a deterministic random number below @n from *@state. */
static inline unsigned int tu_rnd(uint64_t *state, unsigned int n)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return (unsigned int)((*state * 2685821657736338717ULL) >> 33) % n;
}

/*
 * A random tree of @ng groups from *@state: parent[g] < g or -1 (a top
 * group), never deeper than SCN_MAX_DEPTH; leaf[g] when g has no child;
 * g's path ("g0/g3/g5") at path + g * stride.
 */
static inline void tu_rand_tree(uint64_t *state, int ng, int *parent,
				bool *leaf, char *path, size_t stride)
{
	int depth[SCN_MAX_GROUPS];

	for (int g = 0; g < ng; g++) {
		int p = g ? (int)tu_rnd(state, (unsigned int)g + 1) - 1 : -1;

		if (p >= 0 && depth[p] >= SCN_MAX_DEPTH)
			p = -1;
		parent[g] = p;
		depth[g] = p >= 0 ? depth[p] + 1 : 1;
		if (p >= 0)
			snprintf(path + g * stride, stride, "%s/g%d",
				 path + p * stride, g);
		else
			snprintf(path + g * stride, stride, "g%d", g);
		leaf[g] = true;
		if (p >= 0)
			leaf[p] = false;
	}
}

/* @text parsed into @s (failing the test on an error), @st initialised. */
static inline void tu_parse(const char *text, struct scenario *s,
			    struct scn_state *st)
{
	char err[SCN_ERR_MAX];

	if (scn_parse_buffer("t.scn", text, strlen(text), s, err, sizeof(err)))
		fail_msg("%s", err);
	scn_state_init(s, st);
}

/* The run_start record jout_run_start() writes for @ri, parsed. */
static inline struct json_object *tu_run_start(const struct run_info *ri)
{
	char path[] = "/tmp/conform_test_run.XXXXXX", line[4096];
	int fd = mkstemp(path);
	FILE *f;

	assert_true(fd >= 0);
	jout_set_fd(fd);
	jout_run_start(ri);
	jout_set_fd(-1);
	close(fd);
	f = fopen(path, "r");
	assert_non_null(f);
	assert_non_null(fgets(line, sizeof(line), f));
	fclose(f);
	unlink(path);
	return json_tokener_parse(line);
}

#endif
