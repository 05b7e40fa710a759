// SPDX-License-Identifier: GPL-2.0
/*
 * test_runverdict.c - the run's verdict-level facts: the exit-code rank
 * (contract), the KTAP counts and verdict line (verdictline.c), one
 * guest's facts and meta.json (runfacts.c), the shards' exit code and
 * merged meta.json (metamerge.c), jq's layout (jsonpretty.c) and the
 * LAVA echo (lava.c; its test-case calls: lava/tests/test-lava-cases.sh).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include <json-c/json.h>

#include "contract/contract.h"
#include "jsonpretty.h"
#include "lava.h"
#include "metamerge.h"
#include "runfacts.h"
#include "verdictline.h"

static char dir[64];

static void mkdir_tmp(void)
{
	snprintf(dir, sizeof(dir), "/tmp/test_runverdict.XXXXXX");
	assert_non_null(mkdtemp(dir));
}

static void rm_tmp(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

/* dir/name := text */
static void put(const char *name, const char *text)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* What call printed to the FILE *cap (buf: caller frees). */
#define CAPTURE(buf, call) do {						\
	size_t len_ = 0;						\
	FILE *cap = open_memstream(&(buf), &len_);			\
	assert_non_null(cap);						\
	call;								\
	fclose(cap);							\
} while (0)

static void test_exit_rank(void **state)
{
	(void)state;
	assert_int_equal(exit_code_rank(0, 0, 0, 3), 0);
	assert_int_equal(exit_code_rank(1, 1, 1, 3), 1);
	assert_int_equal(exit_code_rank(0, 1, 2, 3), 5);
	assert_int_equal(exit_code_rank(0, 0, 3, 3), 4);
	assert_int_equal(exit_code_rank(0, 0, 2, 3), 0);
	assert_int_equal(exit_code_rank(0, 0, 0, 0), 0);
	assert_string_equal(exit_code_verdict(0), "PASS");
	assert_string_equal(exit_code_verdict(4), "SKIP");
	assert_string_equal(exit_code_verdict(5), "INCONCLUSIVE");
	assert_string_equal(exit_code_verdict(1), "FAIL");
	assert_string_equal(exit_code_verdict(13), "FAIL");
	assert_string_equal(exit_code_verdict(15), "EMULATOR-FAULT");
}

static void test_ktap_count(void **state)
{
	static const char *const v[] = {
		"KTAP version 1", "1..7", "# conform 0.1",
		"    ok 1 A", "    not ok 2 B # INCONCLUSIVE",
		"ok 1 a", "ok 2 b # SKIP needs 4 CPUs",
		"not ok 3 c", "not ok 4 d # INCONCLUSIVE A: straddles",
		"not ok 5 e # TIMEOUT after 30 s", "[  1.2] ok 6 noise",
		"ok 6 f", "ok 7 g # XFAIL P: concur's formula",
		"# Totals: pass:2 fail:2 skip:1",
	};
	struct lines l = { (char **)v, sizeof(v) / sizeof(v[0]), 0 };
	struct totals c;

	(void)state;
	ktap_count(&l, &c);
	assert_int_equal(c.pass, 2);
	assert_int_equal(c.skip, 1);
	assert_int_equal(c.fail, 1);
	assert_int_equal(c.error, 1);		/* the timeout */
	assert_int_equal(c.inconclusive, 1);
	assert_int_equal(c.xfail, 1);
}

static const char ktap[] =
	"KTAP version 1\n1..3\nok 1 a\nnot ok 2 b # INCONCLUSIVE x\n"
	"ok 3 c # SKIP y\n";

static void test_verdict_line(void **state)
{
	char *out = NULL;
	int rc = 0;

	(void)state;
	mkdir_tmp();
	put("results.ktap", ktap);
	put("meta.json", "{\"accel\":\"tcg\",\"exit_code\":5,\"duration_s\":41}\n");
	CAPTURE(out, rc = verdict_line(dir, cap));
	assert_int_equal(rc, 5);
	assert_string_equal(out, "[run] verdict: INCONCLUSIVE (1 passed, 0 failed, "
			    "1 inconclusive, 1 skipped; exit 5) in 41s on tcg\n");
	free(out);
	/* JOBS=N: the same counts and word, the number of guests */
	put("meta.json", "{\"accel\":\"tcg\",\"exit_code\":5,\"duration_s\":30,"
	    "\"jobs\":2}\n");
	CAPTURE(out, rc = verdict_line(dir, cap));
	assert_int_equal(rc, 5);
	assert_string_equal(out, "[run] verdict: INCONCLUSIVE (1 passed, 0 failed, "
			    "1 inconclusive, 1 skipped; exit 5) in 30s, 2 guests\n");
	free(out);
	put("meta.json", "{\"accel\":\"tcg\"}\n");
	CAPTURE(out, rc = verdict_line(dir, cap));
	assert_true(rc < 0);
	free(out);
	rm_tmp();
}

static const struct run_host host = {
	.label = "quick", .accel = "tcg", .cpus = "2", .mem = "1G",
	.kernel = "build/kernel/bzImage", .kernel_meta = "", .watchdog = "",
	.started = "2026-12-07T10:00:00Z", .deadline = "186", .idle = "120",
	.qemu_version = "7.2.22", .tcg_thread = "multi",
	.qemu_exit = 0, .duration = 19,
};

/* The guest died in b of an int3 in text already patched (TCG). */
static const char console_int3[] =
	"ok 1 a\n[   90.138619] Oops: int3: 0000 [#1] SMP NOPTI\n"
	"[   90.139053] CPU: 1 UID: 0 PID: 1435 Comm: conform\n"
	"[   90.139299] RIP: 0010:update_curr+0xaf/0x1e0\n"
	"[   90.139523] Code: 00 00 00 66 <90> 83 7d 10\n"
	"[   90.141950] Kernel panic - not syncing: Fatal exception\n";

static const char console_ok[] =
	"[init] kernel 6.1.192+, 2 CPUs online, clocksource hpet\r\n"
	"[init] kunit: begin\r\nKTAP version 1\r\n1..1\r\n"
	"ok 1 sched_fair_group_shares\r\n[init] kunit: end\r\n"
	"KTAP version 1\r\n1..2\r\nok 1 a\r\nnot ok 2 b # INCONCLUSIVE x\r\n"
	"RUNNER_EXIT=5\r\n";

static const char jsonl_two[] =
	"{\"type\":\"run_start\",\"scenarios\":2}\n"
	"{\"type\":\"scenario_start\",\"index\":1,\"name\":\"a\"}\n"
	"{\"type\":\"result\",\"index\":1,\"name\":\"a\"}\n"
	"{\"type\":\"scenario_start\",\"index\":2,\"name\":\"b\"}\n";

static void facts(const char *console, const char *jsonl,
		  const struct run_host *h, struct run_facts *f)
{
	put("console.log", console);
	put("results.jsonl", jsonl);
	assert_int_equal(run_facts_read(dir, h, f), 0);
}

static void test_run_facts(void **state)
{
	struct run_host h = host;
	struct run_facts f;

	(void)state;
	mkdir_tmp();
	facts(console_ok, jsonl_two, &h, &f);
	assert_int_equal(f.runner_exit, 5);
	assert_string_equal(f.host_status, "ok");
	assert_int_equal(f.exit_code, 5);
	assert_string_equal(f.release, "6.1.192+");
	assert_string_equal(f.last_scenario, "b");	/* b has no result */
	assert_string_equal(f.kunit_failed, "");
	/* a failed KUnit suite fails an inconclusive run */
	facts("[init] kunit: begin\n1..1\nnot ok 1 suite\n[init] kunit: end\n"
	      "RUNNER_EXIT=5\n", "", &h, &f);
	assert_string_equal(f.kunit_failed, "suite");
	assert_int_equal(f.exit_code, 1);
	assert_string_equal(f.last_scenario, "");
	/* ... but not a guest that could not set up */
	facts("[init] kunit: begin\n1..1\nnot ok 1 suite\n[init] kunit: end\n"
	      "RUNNER_EXIT=3\n", "", &h, &f);
	assert_int_equal(f.exit_code, 3);
	/* the last marker counts; 128 + signal is a crash */
	facts("RUNNER_EXIT=0\nOut of memory: Killed process 7\nRUNNER_EXIT=137\n",
	      "", &h, &f);
	assert_int_equal(f.runner_exit, 137);
	assert_string_equal(f.host_status, "runner-crashed");
	assert_int_equal(f.exit_code, 14);
	assert_true(f.oom);
	facts("ok 1 a\n[ 12.1] Kernel panic - not syncing\n", jsonl_two, &h, &f);
	assert_int_equal(f.runner_exit, -1);
	assert_string_equal(f.host_status, "panic");
	assert_int_equal(f.exit_code, 10);
	assert_int_equal(f.last_index, 2);
	/* an int3 in patched text: the emulator's, not a kernel panic */
	facts(console_int3, jsonl_two, &h, &f);
	assert_string_equal(f.host_status, "emulator-fault");
	assert_int_equal(f.exit_code, CONFORM_EXIT_EMULATOR);
	assert_int_equal(f.death.kind, GD_EMULATOR);
	assert_string_equal(f.last_scenario, "b");
	assert_int_equal(f.last_index, 2);
	/* ... which a finished runner's marker outranks */
	facts("RUNNER_EXIT=0\n[ 1.0] Oops: int3: 0000 [#1] SMP\n", "", &h, &f);
	assert_int_equal(f.exit_code, 0);
	/* ... and under KVM with the breakpoint in memory, a kernel oops */
	h.accel = "kvm";
	facts("Oops: int3: 0000 [#1] SMP\nCode: 00 cc <90> 83\n"
	      "Kernel panic - not syncing\n", "", &h, &f);
	assert_int_equal(f.exit_code, 10);
	h.accel = "tcg";
	h.watchdog = "hang";
	facts("ok 1 a\n", "", &h, &f);
	assert_int_equal(f.exit_code, 11);
	h.watchdog = "deadline";
	facts("ok 1 a\n", "", &h, &f);
	assert_int_equal(f.exit_code, 12);
	h.watchdog = "";
	facts("RUNNER_EXIT=x\n", "", &h, &f);
	assert_string_equal(f.host_status, "qemu-died");
	assert_int_equal(f.exit_code, 13);
	/* a record cut short is not a record: a finished on its result */
	facts("", "{\"type\":\"scenario_start\",\"index\":1,\"name\":\"a\"}\n"
	      "{\"type\":\"result\",\"index\":1}\n{\"type\":\"scenario_st",
	      &h, &f);
	assert_string_equal(f.last_scenario, "");
	rm_tmp();
}

static void test_run_meta(void **state)
{
	struct run_host h = host;
	struct run_facts f;
	char *out = NULL, path[128];
	struct json_object *o;

	(void)state;
	mkdir_tmp();
	facts(console_ok, jsonl_two, &h, &f);
	CAPTURE(out, run_facts_meta(cap, "20261207-100000-quick", &h, &f));
	assert_string_equal(out,
		"{\"run_id\":\"20261207-100000-quick\",\"label\":\"quick\",\"accel\":\"tcg\","
		"\"tcg_thread\":\"multi\",\"qemu_version\":\"7.2.22\","
		"\"guest_cpus\":2,\"guest_mem\":\"1G\",\n"
		" \"kernel_image\":\"build/kernel/bzImage\",\"kernel_release\":\"6.1.192+\","
		"\"kernel_build\":{},\n"
		" \"runner_exit\":5,\"host_status\":\"ok\",\"qemu_exit\":0,\"exit_code\":5,\n"
		" \"last_scenario\":\"b\",\"last_scenario_index\":2,"
		"\"started\":\"2026-12-07T10:00:00Z\",\"duration_s\":19,\n"
		" \"deadline_s\":186,\"idle_s\":120,\n"
		" \"guest_death\":null,\"emulator_faults\":[]}\n");
	free(out);
	/* an emulator fault: its line and scenario; kvm: no TCG threads */
	facts(console_int3, jsonl_two, &h, &f);
	h.tcg_thread = "";
	CAPTURE(out, run_facts_meta(cap, "x", &h, &f));
	assert_non_null(strstr(out, "\"tcg_thread\":null,"));
	assert_non_null(strstr(out, "\"exit_code\":15,"));
	assert_non_null(strstr(out, "\"guest_death\":\"emulator-int3: int3 at "
			       "update_curr+0xaf/0x1e0 on CPU 1, but the text"));
	assert_non_null(strstr(out, "\"emulator_faults\":[\"b\"]}"));
	free(out);
	h.tcg_thread = "multi";
	/* kernel_build from the file, its trailing newlines dropped */
	put("kernel.json", "{\"patches\":7}\n\n");
	snprintf(path, sizeof(path), "%s/kernel.json", dir);
	h.kernel_meta = path;
	CAPTURE(out, run_facts_meta(cap, "x", &h, &f));
	assert_non_null(strstr(out, "\"kernel_build\":{\"patches\":7},\n"));
	o = json_tokener_parse(out);
	assert_non_null(o);			/* valid JSON */
	json_object_put(o);
	free(out);
	rm_tmp();
}

static void test_run_say(void **state)
{
	struct run_host h = host;
	struct run_facts f;
	char *out = NULL;

	(void)state;
	mkdir_tmp();
	facts("ok 1 a\nKernel panic - not syncing\n", jsonl_two, &h, &f);
	CAPTURE(out, run_facts_say(cap, "results/r", &h, &f));
	assert_string_equal(out, "[run] guest kernel panicked during scenario 'b': "
			    "kernel-oops: Kernel panic - not syncing\n");
	free(out);
	facts(console_int3, jsonl_two, &h, &f);
	CAPTURE(out, run_facts_say(cap, "results/r", &h, &f));
	assert_string_equal(out, "[run] emulator fault, not a kernel verdict: "
			    "int3 at update_curr+0xaf/0x1e0 on CPU 1, but the "
			    "text there is '66', not int3 cc: a breakpoint "
			    "already patched away ran from a stale translation "
			    "(tcg) during scenario 'b'\n");
	free(out);
	h.qemu_exit = 1;
	facts("", "", &h, &f);
	CAPTURE(out, run_facts_say(cap, "results/r", &h, &f));
	assert_string_equal(out, "[run] QEMU exited (1) before the runner finished; "
			    "see results/r/qemu.log\n");
	free(out);
	facts("[init] kunit: begin\n1..2\nnot ok 1 s1\nnot ok 2 s2\n"
	      "[init] kunit: end\nRUNNER_EXIT=139\n", jsonl_two, &h, &f);
	CAPTURE(out, run_facts_say(cap, "results/r", &h, &f));
	assert_string_equal(out, "[run] runner crashed (signal 11) during scenario 'b'\n"
			    "[run] KUnit suite(s) failed: s1 s2 (see results.ktap)\n");
	free(out);
	h.watchdog = "hang";
	facts("", "", &h, &f);
	CAPTURE(out, run_facts_say(cap, "results/r", &h, &f));
	assert_string_equal(out, "[run] guest hung: no output for 120s\n");
	free(out);
	rm_tmp();
}

/* shards/sK.rc of the given codes; "" for none */
static int shards_rc(const char *const *rc, int jobs)
{
	char name[128];

	rm_tmp();
	mkdir_tmp();
	snprintf(name, sizeof(name), "%s/shards", dir);
	assert_int_equal(mkdir(name, 0755), 0);
	for (int k = 0; k < jobs; k++) {
		snprintf(name, sizeof(name), "shards/s%d.rc", k);
		if (rc[k][0])
			put(name, rc[k]);
	}
	return shard_exit_code(dir, jobs);
}

static void test_shard_exit(void **state)
{
	(void)state;
	mkdir_tmp();
	assert_int_equal(shards_rc((const char *[]){ "0\n", "0\n" }, 2), 0);
	assert_int_equal(shards_rc((const char *[]){ "4\n", "4\n" }, 2), 4);
	assert_int_equal(shards_rc((const char *[]){ "4\n", "0\n" }, 2), 0);
	assert_int_equal(shards_rc((const char *[]){ "0\n", "5\n" }, 2), 5);
	assert_int_equal(shards_rc((const char *[]){ "4\n", "5\n" }, 2), 5);
	assert_int_equal(shards_rc((const char *[]){ "5\n", "1\n" }, 2), 1);
	assert_int_equal(shards_rc((const char *[]){ "1\n", "13\n" }, 2), 13);
	assert_int_equal(shards_rc((const char *[]){ "11\n", "13\n" }, 2), 11);
	assert_int_equal(shards_rc((const char *[]){ "0\n", "" }, 2), 2);
	/* an emulator fault: over every verdict code, under any other stop */
	assert_int_equal(shards_rc((const char *[]){ "15\n", "0\n" }, 2), 15);
	assert_int_equal(shards_rc((const char *[]){ "15\n", "1\n" }, 2), 15);
	assert_int_equal(shards_rc((const char *[]){ "0\n", "15\n" }, 2), 15);
	assert_int_equal(shards_rc((const char *[]){ "15\n", "10\n" }, 2), 10);
	assert_int_equal(shards_rc((const char *[]){ "15\n", "15\n" }, 2), 15);
	rm_tmp();
}

static void test_shard_meta(void **state)
{
	char *out = NULL, s0[128], s1[128];
	char *const dirs[] = { s0, s1 };
	char *const lost[] = { s0, "-" };

	(void)state;
	mkdir_tmp();
	assert_int_equal(mkdir(strcat(strcpy(s0, dir), "/shards"), 0755), 0);
	put("shards/s0.rc", "0\n");
	put("shards/s1.rc", "5\n");
	put("shards/s0.hostcpus", "0-0\n");
	put("shards/s1.hostcpus", "1-1\n");
	strcat(strcpy(s0, dir), "/shards/r-s0");
	strcat(strcpy(s1, dir), "/shards/r-s1");
	assert_int_equal(mkdir(s0, 0755), 0);
	assert_int_equal(mkdir(s1, 0755), 0);
	put("shards/r-s0/meta.json", "{\"run_id\":\"r-s0\",\"label\":\"quick-s0\","
	    "\"kernel_build\":{},\"runner_exit\":0,\"host_status\":\"ok\","
	    "\"last_scenario\":null,\"duration_s\":19}\n");
	put("shards/r-s1/meta.json", "{\"run_id\":\"r-s1\",\"label\":\"quick-s1\","
	    "\"kernel_build\":{},\"runner_exit\":5,\"host_status\":\"ok\","
	    "\"last_scenario\":null,\"duration_s\":21}\n");
	CAPTURE(out, shard_meta_merge(dir, 2, 30, dirs, cap));
	assert_non_null(strstr(out, "{\n  \"run_id\": \"test_runverdict."));
	assert_non_null(strstr(out, "\",\n  \"label\": \"quick\",\n"
			       "  \"kernel_build\": {},\n"
			       "  \"runner_exit\": 5,\n  \"host_status\": \"ok\",\n"
			       "  \"last_scenario\": null,\n  \"duration_s\": 30,\n"
			       "  \"jobs\": 2,\n  \"exit_code\": 5,\n  \"shards\": [\n"
			       "    {\n      \"run_id\": \"r-s0\",\n"
			       "      \"host_cpus\": \"0-0\",\n"
			       "      \"runner_exit\": 0,\n"
			       "      \"host_status\": \"ok\",\n"
			       "      \"last_scenario\": null,\n"
			       "      \"duration_s\": 19\n    },\n"));
	assert_non_null(strstr(out, "\"host_cpus\": \"1-1\""));
	free(out);
	/* a shard that stopped: its status, runner_exit null */
	put("shards/r-s1/meta.json", "{\"run_id\":\"r-s1\",\"label\":\"quick-s1\","
	    "\"runner_exit\":null,\"host_status\":\"panic\","
	    "\"last_scenario\":\"b\",\"duration_s\":21}\n");
	put("shards/s1.rc", "10\n");
	CAPTURE(out, shard_meta_merge(dir, 2, 30, dirs, cap));
	assert_non_null(strstr(out, "  \"runner_exit\": null,\n"
			       "  \"host_status\": \"panic\",\n"
			       "  \"last_scenario\": \"b\",\n"));
	assert_non_null(strstr(out, "  \"exit_code\": 10,\n"));
	free(out);
	/* an emulator fault then a finished boot (continue.sh): its status
	 * and scenario, the list of the scenarios the emulator killed */
	put("shards/r-s0/meta.json", "{\"run_id\":\"r-s0\",\"label\":\"quick\","
	    "\"runner_exit\":null,\"host_status\":\"emulator-fault\","
	    "\"last_scenario\":\"b\",\"last_scenario_index\":2,"
	    "\"guest_death\":\"emulator-int3: x\",\"emulator_faults\":[\"b\"]}\n");
	put("shards/r-s1/meta.json", "{\"run_id\":\"r-s1\",\"label\":\"quick-b1\","
	    "\"runner_exit\":0,\"host_status\":\"ok\",\"last_scenario\":null,"
	    "\"emulator_faults\":[]}\n");
	put("shards/s0.rc", "15\n");
	put("shards/s1.rc", "0\n");
	CAPTURE(out, shard_meta_merge(dir, 2, 30, dirs, cap));
	assert_non_null(strstr(out, "  \"host_status\": \"emulator-fault\",\n"
			       "  \"last_scenario\": \"b\",\n"));
	assert_non_null(strstr(out, "  \"exit_code\": 15,\n"));
	assert_non_null(strstr(out, "  \"emulator_faults\": [\n    \"b\"\n  ],\n"));
	assert_non_null(strstr(out, "  \"last_scenario_index\": null,\n"));
	free(out);
	/* a kernel panic in the later boot outranks the emulator fault */
	put("shards/r-s1/meta.json", "{\"run_id\":\"r-s1\",\"runner_exit\":null,"
	    "\"host_status\":\"panic\",\"last_scenario\":\"d\"}\n");
	put("shards/s1.rc", "10\n");
	CAPTURE(out, shard_meta_merge(dir, 2, 30, dirs, cap));
	assert_non_null(strstr(out, "  \"host_status\": \"panic\",\n"
			       "  \"last_scenario\": \"d\",\n"));
	assert_non_null(strstr(out, "  \"exit_code\": 10,\n"));
	free(out);
	/* a lost shard: one entry */
	CAPTURE(out, shard_meta_merge(dir, 2, 30, lost, cap));
	assert_null(strstr(out, "r-s1"));
	free(out);
	rm_tmp();
}

static void test_json_pretty(void **state)
{
	struct json_object *o = json_tokener_parse(
		"{\"s\":\"a\\\"b\\\\c\\n\\u0001\\u007f/\\u00e9\",\"d\":1.5,"
		"\"i\":-3,\"e\":2.0,\"a\":[],\"o\":{},\"n\":[true,null,[1]]}");
	char *out = NULL;

	(void)state;
	assert_non_null(o);
	CAPTURE(out, json_pretty(cap, o));
	assert_string_equal(out,
		"{\n  \"s\": \"a\\\"b\\\\c\\n\\u0001\\u007f/\xc3\xa9\",\n"
		"  \"d\": 1.5,\n  \"i\": -3,\n  \"e\": 2,\n  \"a\": [],\n"
		"  \"o\": {},\n  \"n\": [\n    true,\n    null,\n    [\n"
		"      1\n    ]\n  ]\n}\n");
	free(out);
	json_object_put(o);
}

/* Every line is echoed; "true" stands for lava-test-case. */
static void test_lava_echo(void **state)
{
	char *out = NULL;
	FILE *in;

	(void)state;
	in = fmemopen((void *)ktap, sizeof(ktap) - 1, "r");
	assert_non_null(in);
	CAPTURE(out, assert_int_equal(lava_cases(in, cap, "true", false), 0));
	fclose(in);
	assert_string_equal(out, ktap);
	free(out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit_rank),
		cmocka_unit_test(test_ktap_count),
		cmocka_unit_test(test_verdict_line),
		cmocka_unit_test(test_run_facts),
		cmocka_unit_test(test_run_meta),
		cmocka_unit_test(test_run_say),
		cmocka_unit_test(test_shard_exit),
		cmocka_unit_test(test_shard_meta),
		cmocka_unit_test(test_json_pretty),
		cmocka_unit_test(test_lava_echo),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
