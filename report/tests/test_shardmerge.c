// SPDX-License-Identifier: GPL-2.0
/*
 * test_shardmerge.c - cfsreport shard-jsonl's merge of the shards'
 * results.jsonl (made-up shards). The same code gave the records jq gave
 * before it (jq -S equal) on the recorded JOBS=2 run of
 * initramfs/tests/fixtures/shard-run, in four cases.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "shardmerge.h"

static char dirs[2][64];

static void write_shard(int k, const char *jsonl)
{
	char path[128];
	FILE *f;

	snprintf(dirs[k], sizeof(dirs[k]), "/tmp/test_shardmerge.XXXXXX");
	assert_non_null(mkdtemp(dirs[k]));
	snprintf(path, sizeof(path), "%s/results.jsonl", dirs[k]);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(jsonl, f);
	fclose(f);
}

static void remove_shard(int k)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/results.jsonl", dirs[k]);
	unlink(path);
	rmdir(dirs[k]);
}

static char *merge(struct jsonl_shard *sh, int jobs, int rc)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(jsonl_shard_merge(sh, jobs, rc, f), 0);
	fclose(f);
	return buf;
}

static const char s0[] =
	"{\"type\":\"run_start\",\"runner_version\":\"0.1\",\"scenarios\":2}\n"
	"{\"type\":\"scenario_start\",\"index\":1,\"name\":\"a\"}\n"
	"{\"type\":\"result\",\"index\":1,\"name\":\"a\",\"verdict\":\"pass\"}\n"
	"{\"type\":\"series\",\"scenario\":\"a\"}\n"
	"{\"type\":\"result\",\"index\":2,\"name\":\"b\",\"verdict\":\"fail\"}\n"
	"{\"type\":\"run_end\",\"totals\":{\"pass\":1,\"fail\":1,\"skip\":0,\"error\":0},\"exit\":1,\"duration_us\":500}\n";
static const char s1[] =
	"{\"type\":\"run_start\",\"runner_version\":\"0.1\",\"scenarios\":1}\n"
	"{\"type\":\"result\",\"index\":1,\"name\":\"c\",\"verdict\":\"pass\"}\n"
	"{\"type\":\"run_end\",\"totals\":{\"pass\":1,\"fail\":0,\"skip\":0,\"error\":0},\"exit\":0,\"duration_us\":700}\n"
	"{\"type\":\"result\",\"ind";	/* truncated */

/* Indices offset, one run_start, one summed run_end; the cut line out. */
static void test_merge(void **state)
{
	struct jsonl_shard sh[2];
	char *out;

	(void)state;
	write_shard(0, s0);
	write_shard(1, s1);
	sh[0] = (struct jsonl_shard){ dirs[0], 2, 0 };
	sh[1] = (struct jsonl_shard){ dirs[1], 1, 0 };
	out = merge(sh, 2, 1);
	assert_string_equal(out,
		"{\"type\":\"run_start\",\"runner_version\":\"0.1\",\"scenarios\":3,\"shards\":1}\n"
		"{\"type\":\"scenario_start\",\"index\":1,\"name\":\"a\"}\n"
		"{\"type\":\"result\",\"index\":1,\"name\":\"a\",\"verdict\":\"pass\"}\n"
		"{\"type\":\"series\",\"scenario\":\"a\"}\n"
		"{\"type\":\"result\",\"index\":2,\"name\":\"b\",\"verdict\":\"fail\"}\n"
		"{\"type\":\"result\",\"index\":3,\"name\":\"c\",\"verdict\":\"pass\"}\n"
		"{\"type\":\"run_end\",\"totals\":{\"pass\":2,\"fail\":1,\"skip\":0,\"error\":0},\"exit\":1,\"duration_us\":700,\"shards\":2}\n");
	free(out);
	remove_shard(0);
	remove_shard(1);
}

/* A lost shard: the other's records, no run_end (not every shard ended). */
static void test_lost(void **state)
{
	struct jsonl_shard sh[2];
	char *out;

	(void)state;
	write_shard(1, s1);
	sh[0] = (struct jsonl_shard){ NULL, 0, 0 };
	sh[1] = (struct jsonl_shard){ dirs[1], 1, 0 };
	out = merge(sh, 2, 13);
	/* shard 0's run_start is the one kept: none here */
	assert_string_equal(out,
		"{\"type\":\"result\",\"index\":1,\"name\":\"c\",\"verdict\":\"pass\"}\n");
	free(out);
	remove_shard(1);
}

/*
 * A continued run (continue.sh): boot 0 planned 3, the emulator killed
 * it in scenario 2 (span 2, no run_end); boot 1 ran the third. Indices
 * as one run, boot 1's run_end the run's.
 */
static void test_cut(void **state)
{
	static const char died[] =
		"{\"type\":\"run_start\",\"scenarios\":3}\n"
		"{\"type\":\"result\",\"index\":1,\"name\":\"a\"}\n"
		"{\"type\":\"scenario_start\",\"index\":2,\"name\":\"b\"}\n";
	struct jsonl_shard sh[2];
	char *out;

	(void)state;
	write_shard(0, died);
	write_shard(1, s1);
	sh[0] = (struct jsonl_shard){ dirs[0], 2, 1 };
	sh[1] = (struct jsonl_shard){ dirs[1], 1, 0 };
	out = merge(sh, 2, 15);
	assert_string_equal(out,
		"{\"type\":\"run_start\",\"scenarios\":3,\"shards\":1}\n"
		"{\"type\":\"result\",\"index\":1,\"name\":\"a\"}\n"
		"{\"type\":\"scenario_start\",\"index\":2,\"name\":\"b\"}\n"
		"{\"type\":\"result\",\"index\":3,\"name\":\"c\",\"verdict\":\"pass\"}\n"
		"{\"type\":\"run_end\",\"totals\":{\"pass\":1,\"fail\":0,\"skip\":0,\"error\":0},\"exit\":15,\"duration_us\":700,\"shards\":2}\n");
	free(out);
	remove_shard(0);
	remove_shard(1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_lost),
		cmocka_unit_test(test_cut),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
