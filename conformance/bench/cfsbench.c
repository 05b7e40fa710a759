// SPDX-License-Identifier: GPL-2.0
/*
 * cfsbench - the series' cost and gains, measured inside the guest.
 *
 *   cfsbench [--json FILE] [--seconds S] [--reps N] [--cgroups N:N:...]
 *            [--ops N] [--knobs] [--set on|off:SHIFT] SECTION[,SECTION...]
 *
 * --set RL:SHIFT sets TG_LOAD_RATELIMIT (on/off) and tg_load_avg_shift
 * before any section runs (patches 0004, 0005); cost labels its runs so.
 *
 * Sections (each prints "ok N name" or "not ok N name # SKIP|ERROR why"
 * on stdout and one JSON object per measurement to FILE, see
 * conformance/bench/README.md):
 *   hot      pipe ping-pong and hackbench-like messaging in 3-level nested
 *            cgroups, as the kernel comes up (any kernel)
 *   prop     the same loads with TG_LOAD_RATELIMIT on/off and
 *            tg_load_avg_shift 3/6/10: rate, and fold events per second
 *            (needs patches 0003-0005)
 *   blocked  update_blocked_averages() calls, cfs_rqs visited and rq lock
 *            hold time with N cgroups of blocked load (needs patch 0006)
 *   cost     the same loads for a fixed number of operations (--ops N),
 *            each run between two marker instructions that the host's
 *            QEMU plugin (icount/insnmark.c) turns into an instruction
 *            count; with --knobs, for every TG_LOAD_RATELIMIT and shift
 *            setting too, plus a traced run for the folds (any kernel;
 *            the knobs and folds need patches 0003-0005)
 *
 * Exit: 0 every section ran or skipped, 1 a section failed, 2 usage,
 * 3 the cgroup tree could not be made.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "benchcg.h"
#include "blocked.h"
#include "folds.h"
#include "kernel/kernel.h"
#include "output/output.h"
#include "loads.h"
#include "marks.h"

#define SCHED_DBG	"/sys/kernel/debug/sched/"
#define SHIFT_KNOB	SCHED_DBG "tg_load_avg_shift"
#define FEATURES	SCHED_DBG "features"
#define RL_FEAT		"TG_LOAD_RATELIMIT"
#define HB_GROUPS	4
#define HB_PAIRS	5
#define MAX_NCG		16
#define BLK_PASSES	2
#define BLK_SPIN_US	100
#define BLK_SETTLE_MS	1000	/* the previous blocked load decays away */
#define BLK_DECAY_MS	400

struct opts {
	double seconds;
	int reps;
	int ncg[MAX_NCG], nncg;
	long ops;	/* section cost: operations per measured run */
	int knobs;	/* section cost: also every rate-limit/shift setting */
	int set_rl, set_shift;	/* --set RL:SHIFT before any section, or -1 */
};

static int test_no;

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static void ktap(int ok, const char *name, const char *directive,
		 const char *why)
{
	printf("%sok %d %s%s%s%s\n", ok ? "" : "not ", ++test_no, name,
	       directive ? " # " : "", directive ? directive : "",
	       why ? why : "");
}

static struct json_object *bench_obj(const char *section, const char *load,
				     const char *config)
{
	struct json_object *o = json_object_new_object();

	json_object_object_add(o, "type", json_object_new_string("bench"));
	json_object_object_add(o, "section", json_object_new_string(section));
	if (load)
		json_object_object_add(o, "load", json_object_new_string(load));
	if (config)
		json_object_object_add(o, "config",
				       json_object_new_string(config));
	return o;
}

static void add_load(struct json_object *o, const char *prefix,
		     const struct load_result *r)
{
	char k[32];

	snprintf(k, sizeof(k), "%sops", prefix);
	json_object_object_add(o, k, json_object_new_int64((int64_t)r->ops));
	snprintf(k, sizeof(k), "%sseconds", prefix);
	json_object_object_add(o, k, json_object_new_double(r->seconds));
	snprintf(k, sizeof(k), "%srate", prefix);
	json_object_object_add(o, k, json_object_new_double(r->rate));
}

/* The loads' cgroups: cfsbench/pp/{a,b}, cfsbench/hbG/{snd,rcv}. */
static int make_load_tree(char *err, size_t len)
{
	static const char *const pp[] = { "pp/a", "pp/b" };
	char rel[64];
	int r = 0;

	for (int i = 0; i < 2 && !r; i++)
		r = bcg_make(pp[i], err, len);
	for (int g = 0; g < HB_GROUPS && !r; g++) {
		snprintf(rel, sizeof(rel), "hb%d/snd", g);
		r = bcg_make(rel, err, len);
		snprintf(rel, sizeof(rel), "hb%d/rcv", g);
		if (!r)
			r = bcg_make(rel, err, len);
	}
	return r;
}

static int run_load(const char *load, double seconds, struct load_result *r)
{
	if (!strcmp(load, "pingpong"))
		return load_pingpong("pp/a", "pp/b", seconds, r);
	return load_hackbench("hb", HB_GROUPS, HB_PAIRS, seconds, r);
}

static const char *const loads[] = { "pingpong", "hackbench" };


static int section_hot(const struct opts *o)
{
	struct load_result r;
	int ret;

	for (int rep = 0; rep < o->reps; rep++) {
		for (int l = 0; l < 2; l++) {
			struct json_object *j;

			ret = run_load(loads[l], o->seconds, &r);
			if (ret) {
				printf("# hot %s: %s\n", loads[l],
				       strerror(-ret));
				return ret;
			}
			printf("# hot %s rep %d: %.0f ops/s (%llu in %.2f s)\n",
			       loads[l], rep, r.rate,
			       (unsigned long long)r.ops, r.seconds);
			j = bench_obj("hot", loads[l], "default");
			json_object_object_add(j, "rep",
					       json_object_new_int(rep));
			add_load(j, "", &r);
			jout_emit(j);
		}
	}
	return 0;
}

/* Current TG_LOAD_RATELIMIT state: 1 on, 0 off, -ENOENT absent. */
static int ratelimit_state(void)
{
	char buf[4096];
	int r = kfile_read(FEATURES, buf, sizeof(buf));

	if (r < 0)
		return r;
	for (char *t = strtok(buf, " \n"); t; t = strtok(NULL, " \n")) {
		if (!strcmp(t, RL_FEAT))
			return 1;
		if (!strcmp(t, "NO_" RL_FEAT))
			return 0;
	}
	return -ENOENT;
}

static int set_config(int rl, int shift)
{
	char v[16];
	int r = kfile_write(FEATURES, rl ? RL_FEAT : "NO_" RL_FEAT);

	snprintf(v, sizeof(v), "%d", shift);
	return r ? r : kfile_write(SHIFT_KNOB, v);
}

static int prop_one(const struct opts *o, const char *tfs, int rl, int shift)
{
	struct load_result r, tr;
	char cfg[32];
	int ret;

	snprintf(cfg, sizeof(cfg), "rl=%s,shift=%d", rl ? "on" : "off",
		 shift);
	ret = set_config(rl, shift);
	if (ret) {
		printf("# prop %s: setting it: %s\n", cfg, strerror(-ret));
		return ret;
	}
	for (int l = 0; l < 2; l++) {
		struct json_object *j;
		long folds;

		ret = run_load(loads[l], o->seconds, &r);
		if (!ret)
			ret = folds_start(tfs);
		if (!ret)
			ret = run_load(loads[l], o->seconds / 2, &tr);
		if (!ret)
			ret = folds_stop(tfs, &folds);
		if (ret) {
			printf("# prop %s %s: %s\n", cfg, loads[l],
			       strerror(-ret));
			return ret;
		}
		printf("# prop %s %s: %.0f ops/s, traced %.0f folds/s "
		       "(%.1f per 1000 ops)\n", cfg, loads[l], r.rate,
		       folds / tr.seconds,
		       tr.ops ? 1000.0 * (double)folds / (double)tr.ops : 0);
		j = bench_obj("prop", loads[l], cfg);
		json_object_object_add(j, "ratelimit", json_object_new_int(rl));
		json_object_object_add(j, "shift", json_object_new_int(shift));
		add_load(j, "", &r);
		add_load(j, "traced_", &tr);
		json_object_object_add(j, "folds", json_object_new_int64(folds));
		jout_emit(j);
	}
	return 0;
}

static int section_prop(const struct opts *o, char *why, size_t len)
{
	static const int shifts[] = { 3, 6, 10 };
	const char *tfs = folds_tracefs();
	int rl0 = ratelimit_state(), ret = 0, shift0;
	char buf[32];

	if (rl0 < 0 || kfile_read(SHIFT_KNOB, buf, sizeof(buf)) < 0 || !tfs) {
		snprintf(why, len, "kernel lacks %s, %s or the fold event",
			 RL_FEAT, SHIFT_KNOB);
		return -ENOENT;
	}
	shift0 = atoi(buf);
	for (int rl = 1; rl >= 0 && !ret; rl--)
		for (int s = 0; s < 3 && !ret; s++)
			ret = prop_one(o, tfs, rl, shifts[s]);
	set_config(rl0, shift0);
	if (ret)
		snprintf(why, len, "%s", strerror(-ret));
	return ret;
}

static int cost_seq;

/*
 * One measured run of a fixed number of ops. The markers, clocks and
 * schedstat reads are in workers_run(): from the release of the forked
 * workers to the last one reaped (forks and cgroup moves are outside).
 */
static int cost_one(const struct opts *o, const char *load, const char *cfg,
		    int rep)
{
	struct load_result r;
	struct json_object *j;
	long long b0, b1, t0, t1;
	int ret;

	ret = run_load(load, 0, &r);	/* the markers: see workers_run() */
	t0 = r.t0_ns;
	t1 = r.t1_ns;
	b0 = r.busy0_ns;
	b1 = r.busy1_ns;
	if (ret)
		return ret;
	cost_seq++;
	printf("# cost %s %s rep %d: %llu ops, %.0f ns/op elapsed, "
	       "%.0f ns/op busy (marker %d)\n", cfg, load, rep,
	       (unsigned long long)r.ops, (double)(t1 - t0) / (double)r.ops,
	       b0 >= 0 && b1 >= 0 ? (double)(b1 - b0) / (double)r.ops : -1.0,
	       cost_seq);
	j = bench_obj("cost", load, cfg);
	json_object_object_add(j, "rep", json_object_new_int(rep));
	json_object_object_add(j, "seq", json_object_new_int(cost_seq));
	json_object_object_add(j, "ops", json_object_new_int64((int64_t)r.ops));
	json_object_object_add(j, "elapsed_ns", json_object_new_int64(t1 - t0));
	json_object_object_add(j, "busy_ns", json_object_new_int64(
		b0 >= 0 && b1 >= 0 ? b1 - b0 : -1));
	jout_emit(j);
	(void)o;
	return 0;
}

/*
 * Folds of one traced run. It runs between the markers as well (its
 * instructions are the cost with the fold event on), so it takes a seq.
 */
static int cost_folds(const char *tfs, const char *load, const char *cfg)
{
	struct load_result r;
	struct json_object *j;
	long folds;
	int ret = folds_start(tfs);

	if (!ret)
		ret = run_load(load, 0, &r);
	if (!ret)
		ret = folds_stop(tfs, &folds);
	if (ret)
		return ret;
	cost_seq++;
	printf("# cost %s %s traced: %ld folds in %llu ops (%.2f per 1000, "
	       "marker %d)\n", cfg, load, folds, (unsigned long long)r.ops,
	       r.ops ? 1000.0 * (double)folds / (double)r.ops : 0, cost_seq);
	j = bench_obj("cost_folds", load, cfg);
	json_object_object_add(j, "seq", json_object_new_int(cost_seq));
	json_object_object_add(j, "ops", json_object_new_int64((int64_t)r.ops));
	json_object_object_add(j, "folds", json_object_new_int64(folds));
	jout_emit(j);
	return 0;
}

static int section_cost(const struct opts *o, char *why, size_t len)
{
	static const int shifts[] = { 3, 6, 10 };
	const char *tfs = folds_tracefs();
	int rl0 = ratelimit_state(), ret = 0, shift0 = -1, c0 = 0, ncfg = 1;
	char buf[32], cfg[32];

	if (rl0 >= 0 && kfile_read(SHIFT_KNOB, buf, sizeof(buf)) >= 0)
		shift0 = atoi(buf);
	if (o->set_rl >= 0)	/* --set: its setting is the default one */
		snprintf(cfg, sizeof(cfg), "rl=%s,shift=%d",
			 o->set_rl ? "on" : "off", o->set_shift);
	if (o->knobs && shift0 >= 0) {	/* the 6 settings, not the default */
		c0 = 1;
		ncfg = 7;
	}
	printf("# cost: %ld ops per run, %d reps, %d setting(s), folds %s\n",
	       o->ops, o->reps, ncfg - c0, tfs ? "traced" : "not traceable");
	loads_fixed_ops((uint64_t)o->ops);
	for (int c = c0; c < ncfg && !ret; c++) {
		int rl = c ? (c - 1) / 3 == 0 : rl0;
		int shift = c ? shifts[(c - 1) % 3] : shift0;

		if (c) {
			snprintf(cfg, sizeof(cfg), "rl=%s,shift=%d",
				 rl ? "on" : "off", shift);
			ret = set_config(rl, shift);
		} else if (o->set_rl < 0) {
			snprintf(cfg, sizeof(cfg), "default");
		}
		for (int l = 0; l < 2 && !ret; l++) {
			for (int rep = 0; rep < o->reps && !ret; rep++)
				ret = cost_one(o, loads[l], cfg, rep);
			if (!ret && tfs)
				ret = cost_folds(tfs, loads[l], cfg);
		}
	}
	loads_fixed_ops(0);
	if (ncfg > 1)
		set_config(rl0, shift0);
	if (ret)
		snprintf(why, len, "%s", strerror(-ret));
	return ret;
}

static int section_blocked(const struct opts *o, char *why, size_t len)
{
	static struct blocked_pool pool;
	const struct rlimit unlimited = { RLIM_INFINITY, RLIM_INFINITY };
	struct blocked_stats st;
	int max = 0, ret, ncpus = (int)sysconf(_SC_NPROCESSORS_ONLN);
	char rel[32];

	if (blocked_read(&st)) {
		snprintf(why, len, "kernel lacks %s", BLOCKED_FILE);
		return -ENOENT;
	}
	for (int i = 0; i < o->nncg; i++)
		max = o->ncg[i] > max ? o->ncg[i] : max;
	/* bcg_make enables +cpu in blk (c0's parent), bcg_mkdir does not */
	ret = bcg_make("blk/c0", why, len);
	for (int i = 1; i < max && !ret; i++) {
		snprintf(rel, sizeof(rel), "blk/c%d", i);
		ret = bcg_mkdir(rel);
		if (ret)
			snprintf(why, len, "mkdir %s: %s", rel, strerror(-ret));
	}
	if (ret)
		return ret;
	/*
	 * one sleeper per cgroup: more tasks than RLIMIT_NPROC and than
	 * tinyconfig's pid_max (4096, CONFIG_BASE_SMALL) allow
	 */
	setrlimit(RLIMIT_NPROC, &unlimited);
	kfile_write("/proc/sys/kernel/pid_max", "32768");
	printf("# blocked: %d cgroups made, %d CPUs\n", max, ncpus);
	if (max > BLOCKED_MAX) {
		snprintf(why, len, "at most %d cgroups", BLOCKED_MAX);
		return -EINVAL;
	}
	for (int i = 0; i < o->nncg && !ret; i++) {
		struct json_object *j;

		ret = blocked_grow(&pool, "blk/c", o->ncg[i], BLK_SPIN_US);
		sleep_ms(BLK_SETTLE_MS);
		if (!ret)
			ret = blocked_reset();
		for (int p = 0; p < BLK_PASSES && !ret; p++) {
			ret = blocked_kick(&pool, o->ncg[i]);
			sleep_ms(BLK_DECAY_MS);
		}
		if (!ret)
			ret = blocked_read(&st);
		if (ret) {
			snprintf(why, len, "%d cgroups: %s", o->ncg[i],
				 ret == -ECHILD ? "a sleeper could not move "
				 "into its cgroup" : strerror(-ret));
			break;
		}
		printf("# blocked %d cgroups: %llu calls, %.1f cfs_rqs/call, "
		       "lock held mean %.0f ns max %llu ns\n", o->ncg[i],
		       (unsigned long long)st.calls,
		       st.calls ? (double)st.cfs_rqs / (double)st.calls : 0,
		       st.calls ? (double)st.lock_ns_total / (double)st.calls : 0,
		       (unsigned long long)st.lock_ns_max);
		j = bench_obj("blocked", NULL, NULL);
		json_object_object_add(j, "cgroups",
				       json_object_new_int(o->ncg[i]));
		json_object_object_add(j, "calls",
				       json_object_new_int64((int64_t)st.calls));
		json_object_object_add(j, "cfs_rqs",
				       json_object_new_int64((int64_t)st.cfs_rqs));
		json_object_object_add(j, "lock_ns_total",
				       json_object_new_int64((int64_t)st.lock_ns_total));
		json_object_object_add(j, "lock_ns_max",
				       json_object_new_int64((int64_t)st.lock_ns_max));
		jout_emit(j);
	}
	blocked_release(&pool);
	bcg_remove("blk");
	return ret;
}

static int parse_list(const char *s, struct opts *o)
{
	char *end;

	o->nncg = 0;
	while (*s && o->nncg < MAX_NCG) {
		long v = strtol(s, &end, 10);

		if (end == s || v < 1 || v > 100000 || (*end && *end != ',' && *end != ':'))
			return -EINVAL;
		o->ncg[o->nncg++] = (int)v;
		s = *end ? end + 1 : end;
	}
	return *s ? -EINVAL : 0;
}

static void usage(FILE *f)
{
	fputs("usage: cfsbench [--json FILE] [--seconds S] [--reps N] "
	      "[--cgroups N:N...] [--ops N] [--knobs] [--set on|off:SHIFT] "
	      "hot|prop|blocked|cost[,...]\n", f);
}

static int run_section(const char *name, const struct opts *o)
{
	char why[256] = "";
	int r;

	if (!strcmp(name, "hot"))
		r = section_hot(o);
	else if (!strcmp(name, "prop"))
		r = section_prop(o, why, sizeof(why));
	else if (!strcmp(name, "blocked"))
		r = section_blocked(o, why, sizeof(why));
	else if (!strcmp(name, "cost"))
		r = section_cost(o, why, sizeof(why));
	else
		return -EINVAL;
	if (r == -ENOENT)
		ktap(1, name, "SKIP ", why);
	else if (r)
		ktap(0, name, "ERROR ", why[0] ? why : strerror(-r));
	else
		ktap(1, name, NULL, NULL);
	return r == -ENOENT ? 0 : r;
}

/* --json FILE: the JSON Lines go to FILE (ttyS1). 0, or 2 with a message. */
static int open_json(const char *path)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY);

	if (fd < 0) {
		fprintf(stderr, "cfsbench: %s: %s\n", path, strerror(errno));
		return 2;
	}
	jout_set_fd(fd);
	return 0;
}

/* --set RL:SHIFT, e.g. on:6. 0, or 2 with a message. */
static int parse_set(const char *arg, struct opts *o)
{
	if (sscanf(arg, "on:%d", &o->set_shift) == 1)
		o->set_rl = 1;
	else if (sscanf(arg, "off:%d", &o->set_shift) == 1)
		o->set_rl = 0;
	if (o->set_rl < 0 || o->set_shift < 0 || o->set_shift > 20) {
		fprintf(stderr, "cfsbench: bad --set %s\n", arg);
		return 2;
	}
	return 0;
}

/* The options into o; 0, or 2 (usage or a message printed). */
static int parse_opts(int argc, char **argv, struct opts *o)
{
	static const struct option lo[] = {
		{ "json", required_argument, NULL, 'j' },
		{ "seconds", required_argument, NULL, 's' },
		{ "reps", required_argument, NULL, 'r' },
		{ "cgroups", required_argument, NULL, 'c' },
		{ "ops", required_argument, NULL, 'o' },
		{ "knobs", no_argument, NULL, 'k' },
		{ "set", required_argument, NULL, 'S' },
		{ NULL, 0, NULL, 0 },
	};
	int c, r = 0;

	while (!r && (c = getopt_long(argc, argv, "", lo, NULL)) != -1) {
		switch (c) {
		case 'j':
			r = open_json(optarg);
			break;
		case 's':
			o->seconds = atof(optarg);
			break;
		case 'r':
			o->reps = atoi(optarg);
			break;
		case 'o':
			o->ops = atol(optarg);
			break;
		case 'k':
			o->knobs = 1;
			break;
		case 'S':
			r = parse_set(optarg, o);
			break;
		case 'c':
			if (parse_list(optarg, o)) {
				fprintf(stderr, "cfsbench: bad --cgroups %s\n",
					optarg);
				r = 2;
			}
			break;
		default:
			usage(stderr);
			r = 2;
		}
	}
	if (!r && (optind != argc - 1 || o->seconds <= 0 ||
		   o->seconds > 600 || o->reps < 1 || o->reps > 100 ||
		   o->ops < 1 || o->ops > 100000000)) {
		usage(stderr);
		r = 2;
	}
	return r;
}

/* The KTAP plan and the bench_start record. */
static void bench_start(const char *sections, const struct opts *o)
{
	struct json_object *j;
	struct utsname u;
	int nsec = 0;

	for (const char *p = sections; *p; p++)
		nsec += *p == ',';
	uname(&u);
	printf("KTAP version 1\n1..%d\n", nsec + 1);
	j = json_object_new_object();
	json_object_object_add(j, "type", json_object_new_string("bench_start"));
	json_object_object_add(j, "kernel_release",
			       json_object_new_string(u.release));
	json_object_object_add(j, "cpus", json_object_new_int(
		(int)sysconf(_SC_NPROCESSORS_ONLN)));
	json_object_object_add(j, "sections", json_object_new_string(sections));
	json_object_object_add(j, "seconds", json_object_new_double(o->seconds));
	jout_emit(j);
}

int main(int argc, char **argv)
{
	struct opts o = { .seconds = 2, .reps = 1, .ops = 4000, .set_rl = -1 };
	char err[256], *list, *save = NULL, *sec;
	struct json_object *j;
	int st = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	parse_list("10,100,1000,4000", &o);
	if (parse_opts(argc, argv, &o))
		return 2;
	list = strdup(argv[optind]);
	bench_start(argv[optind], &o);
	if (make_load_tree(err, sizeof(err))) {
		printf("# cgroup tree: %s\n", err);
		return 3;
	}
	if (o.set_rl >= 0 && set_config(o.set_rl, o.set_shift)) {
		printf("# --set: kernel lacks %s or %s\n", RL_FEAT, SHIFT_KNOB);
		return 3;
	}
	for (sec = strtok_r(list, ",", &save); sec;
	     sec = strtok_r(NULL, ",", &save)) {
		int r = run_section(sec, &o);

		if (r == -EINVAL && strcmp(sec, "hot") && strcmp(sec, "prop") &&
		    strcmp(sec, "blocked") && strcmp(sec, "cost")) {
			fprintf(stderr, "cfsbench: unknown section %s\n", sec);
			st = 2;
			break;
		}
		if (r)
			st = 1;
	}
	free(list);
	bcg_remove("");
	j = json_object_new_object();
	json_object_object_add(j, "type", json_object_new_string("bench_end"));
	json_object_object_add(j, "exit", json_object_new_int(st));
	jout_emit(j);
	return st;
}
