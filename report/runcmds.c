// SPDX-License-Identifier: GPL-2.0
/*
 * runcmds.c - the run scripts' subcommands of cfsreport (runcmds.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "contract/contract.h"
#include "guestdeath.h"
#include "jsonget.h"
#include "ktapmerge.h"
#include "lava.h"
#include "metamerge.h"
#include "runcmds.h"
#include "runfacts.h"
#include "verdictline.h"
#include "writefile.h"

static int usage_error(const char *cmd)
{
	fprintf(stderr, "cfsreport %s: bad arguments (see report/runcmds.h)\n",
		cmd);
	return 2;
}

/* RUN_DIR/meta.json by fn, whole or not at all. */
static int write_meta(const char *dir, writer_fn fn, const void *arg)
{
	char path[4096];
	int ret;

	snprintf(path, sizeof(path), "%s/meta.json", dir);
	ret = write_file(path, fn, arg);
	if (ret)
		fprintf(stderr, "cfsreport: %s: %s\n", path, strerror(-ret));
	return ret;
}

struct run_meta_args {
	const char *dir;
	struct run_host h;
	struct run_facts f;
};

static int w_run_meta(FILE *f, const void *arg)
{
	const struct run_meta_args *a = arg;
	const char *id = strrchr(a->dir, '/') ? strrchr(a->dir, '/') + 1 :
		a->dir;

	return run_facts_meta(f, id, &a->h, &a->f);
}

static int run_host_opts(int argc, char **argv, struct run_host *h)
{
	static const struct option opts[] = {
		{ "label", required_argument, NULL, 'l' },
		{ "accel", required_argument, NULL, 'a' },
		{ "cpus", required_argument, NULL, 'c' },
		{ "mem", required_argument, NULL, 'm' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "kernel-meta", required_argument, NULL, 'K' },
		{ "watchdog", required_argument, NULL, 'w' },
		{ "qemu-exit", required_argument, NULL, 'q' },
		{ "started", required_argument, NULL, 's' },
		{ "duration", required_argument, NULL, 'D' },
		{ "deadline", required_argument, NULL, 'd' },
		{ "idle", required_argument, NULL, 'i' },
		{ "qemu-version", required_argument, NULL, 'v' },
		{ "tcg-thread", required_argument, NULL, 't' },
		{ NULL, 0, NULL, 0 },
	};
	const char **str[128] = {
		['l'] = &h->label, ['a'] = &h->accel, ['c'] = &h->cpus,
		['m'] = &h->mem, ['k'] = &h->kernel, ['K'] = &h->kernel_meta,
		['w'] = &h->watchdog, ['s'] = &h->started,
		['d'] = &h->deadline, ['i'] = &h->idle,
		['v'] = &h->qemu_version, ['t'] = &h->tcg_thread,
	};
	int c;

	*h = (struct run_host){
		.label = "", .accel = "", .cpus = "0", .mem = "", .kernel = "",
		.kernel_meta = "", .watchdog = "", .started = "",
		.deadline = "0", .idle = "0", .qemu_version = "",
		.tcg_thread = "",
	};
	optind = 1;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		if (c == 'q')
			h->qemu_exit = atoi(optarg);
		else if (c == 'D')
			h->duration = atoi(optarg);
		else if (c > 0 && c < 128 && str[c])
			*str[c] = optarg;
		else
			return -EINVAL;
	}
	return optind == argc - 1 ? 0 : -EINVAL;
}

static int cmd_run_meta(int argc, char **argv)
{
	struct run_meta_args a;
	int ret;

	if (run_host_opts(argc, argv, &a.h))
		return usage_error(argv[0]);
	a.dir = argv[argc - 1];
	ret = run_facts_read(a.dir, &a.h, &a.f);
	if (ret) {
		fprintf(stderr, "cfsreport: %s/console.log: %s\n", a.dir,
			strerror(-ret));
		return 3;
	}
	if (write_meta(a.dir, w_run_meta, &a))
		return 3;
	run_facts_say(stdout, a.dir, &a.h, &a.f);
	return 0;
}

struct shard_meta_args {
	const char *dir;
	int jobs, duration;
	char *const *shards;
};

static int w_shard_meta(FILE *f, const void *arg)
{
	const struct shard_meta_args *a = arg;

	return shard_meta_merge(a->dir, a->jobs, a->duration, a->shards, f);
}

static int cmd_shard_meta(int argc, char **argv)
{
	struct shard_meta_args a;

	a.jobs = argc > 2 ? atoi(argv[2]) : 0;
	if (a.jobs < 1 || argc != 4 + a.jobs)
		return usage_error(argv[0]);
	a.dir = argv[1];
	a.duration = atoi(argv[3]);
	a.shards = argv + 4;
	return write_meta(a.dir, w_shard_meta, &a) ? 3 : 0;
}

static int cmd_verdict(int argc, char **argv)
{
	int rc;

	if (argc != 2)
		return usage_error(argv[0]);
	rc = verdict_line(argv[1], stdout);
	if (rc < 0) {
		fprintf(stderr, "cfsreport: %s/meta.json: no exit_code\n",
			argv[1]);
		return 2;
	}
	return rc;
}

/*
 * died-in RUN_DIR: "INDEX NAME" of the scenario one guest's boot stopped
 * in (meta.json last_scenario_index, last_scenario); exit 1 when none.
 */
static int cmd_died_in(int argc, char **argv)
{
	char path[4096];
	struct json_object *m;
	long idx;
	int rc = 1;

	if (argc != 2)
		return usage_error(argv[0]);
	snprintf(path, sizeof(path), "%s/meta.json", argv[1]);
	m = json_object_from_file(path);
	if (!m) {
		fprintf(stderr, "cfsreport: %s: not readable JSON\n", path);
		return 3;
	}
	idx = jkey_int(m, "last_scenario_index", -1);
	if (idx >= 1) {
		printf("%ld %s\n", idx, jkey_str(m, "last_scenario", ""));
		rc = 0;
	}
	json_object_put(m);
	return rc;
}

/*
 * guest-death [--accel tcg|kvm] CONSOLE_LOG: guest_death_text()'s line;
 * exit 30 for an emulator fault, 31 for a kernel oops, 0 for none.
 */
static int cmd_guest_death(int argc, char **argv)
{
	const char *accel = "tcg";
	struct guest_death d;
	struct lines con = { 0 };
	char text[512];
	FILE *f;

	if (argc == 4 && !strcmp(argv[1], "--accel"))
		accel = argv[2];
	else if (argc != 2)
		return usage_error(argv[0]);
	f = fopen(argv[argc - 1], "r");
	if (!f) {
		fprintf(stderr, "cfsreport: %s: %s\n", argv[argc - 1],
			strerror(errno));
		return 3;
	}
	lines_read(f, &con);
	fclose(f);
	guest_death_read(&con, !strcmp(accel, "kvm"), &d);
	lines_free(&con);
	guest_death_text(&d, accel, text, sizeof(text));
	puts(text);
	return d.kind == GD_EMULATOR ? 30 : d.kind == GD_KERNEL ? 31 : 0;
}

static int cmd_ktap_counts(int argc, char **argv)
{
	struct totals c;
	struct lines l = { 0 };
	FILE *f;

	if (argc != 2)
		return usage_error(argv[0]);
	f = fopen(argv[1], "r");
	if (!f) {
		fprintf(stderr, "cfsreport: %s: %s\n", argv[1], strerror(errno));
		return 3;
	}
	lines_read(f, &l);
	fclose(f);
	ktap_count(&l, &c);
	lines_free(&l);
	printf("%d %d %d %d\n", c.pass, c.fail + c.error, c.inconclusive,
	       c.skip);
	return 0;
}

static int cmd_lava(int argc, char **argv)
{
	const char *ltc = getenv("LAVA_TEST_CASE");
	int kmsg = argc == 2 && !strcmp(argv[1], "--kmsg");

	if (argc > 2 || (argc == 2 && !kmsg))
		return usage_error(argv[0]);
	return lava_cases(stdin, stdout, ltc && *ltc ? ltc : "lava-test-case",
			  kmsg) ? 3 : 0;
}

int runcmd(int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(int argc, char **argv);
	} cmds[] = {
		{ "run-meta", cmd_run_meta },
		{ "shard-meta", cmd_shard_meta },
		{ "verdict", cmd_verdict },
		{ "died-in", cmd_died_in },
		{ "guest-death", cmd_guest_death },
		{ "ktap-counts", cmd_ktap_counts },
		{ "lava", cmd_lava },
	};

	for (size_t i = 0; argc > 0 && i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[0], cmds[i].name))
			return cmds[i].fn(argc, argv);
	return -1;
}
