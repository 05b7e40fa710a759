// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - conform: the cgroup CPU fairness conformance runner.
 *
 *   conform --check FILE...     validate scenario files (exit 2 on error)
 *   conform --list FILE...      name, file, cpus, hierarchy, duration
 *   conform [-t NAME] [--json PATH] [--sample-ms N]
 *           [--slice-latency-us N] FILE...
 *                               run (in the guest): KTAP on stdout, JSON
 *                               Lines to PATH; CFS latency N us for the
 *                               run (default 3000, 0: the kernel's own)
 *           [--fixed-window] [--lag-inflation=F]
 *                               the verdict of one window of measure
 *                               (else sequential); lag SE factor F
 *           [--cgroup-mode=up|smp|concur|max|tasks]
 *                               the share function for the run (7.3's
 *                               sched/cgroup_mode; default the kernel's),
 *                               restored after it
 *   --cpus N                    the CPU count the scenarios are expanded
 *                               for (clamped to each one's "cpus" range);
 *                               default: the online CPUs when running,
 *                               each file's minimum with --check/--list
 *
 * Exit codes (kselftest): 0 all passed, 1 any failure or error, 4 all
 * skipped, 5 any inconclusive (none failed), 2 bad scenario input or usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "kernel/kernel.h"
#include "model/model.h"
#include "output/output.h"
#include "run/run.h"
#include "scenario/scenario.h"
#include "verdict/sequential.h"

#define RUNNER_VERSION "0.1"
/* CFS latency for the run (see slices.h); 0 keeps the kernel's. */
#define CONFORM_SLICE_LATENCY_US 3000

enum mode { M_RUN, M_CHECK, M_LIST };

struct conform_opts {
	enum mode mode;
	const char *only;		/* -t NAME */
	const char *json;		/* --json PATH */
	int sample_ms;			/* 0: the scenarios' own */
	long slice_us;
	int cpus;			/* --cpus N; 0: see main() */
	struct seq_opts seq;		/* --fixed-window, --lag-inflation */
	const char *cgroup_mode;	/* --cgroup-mode NAME; NULL: kernel's */
};

static void usage(FILE *f)
{
	fprintf(f,
		"usage: conform --check FILE...\n"
		"       conform --list FILE...\n"
		"       conform [-t NAME] [--json PATH] [--sample-ms N] "
		"[--slice-latency-us N] [--fixed-window]\n"
		"               [--lag-inflation=F] [--cgroup-mode=up|smp|"
		"concur|max|tasks] FILE...\n"
		"       (every mode: [--cpus N], the CPU count to expand "
		"the scenarios for)\n");
}

/* Returns -1 to go on, else the exit code (--help: 0, usage: 2). */
static int parse_opts(int argc, char **argv, struct conform_opts *o)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "list", no_argument, NULL, 'l' },
		{ "json", required_argument, NULL, 'j' },
		{ "sample-ms", required_argument, NULL, 's' },
		{ "slice-latency-us", required_argument, NULL, 'L' },
		{ "cpus", required_argument, NULL, 'C' },
		{ "fixed-window", no_argument, NULL, 'F' },
		{ "lag-inflation", required_argument, NULL, 'I' },
		{ "cgroup-mode", required_argument, NULL, 'G' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int opt;

	while ((opt = getopt_long(argc, argv, "t:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'c':
			o->mode = M_CHECK;
			break;
		case 'l':
			o->mode = M_LIST;
			break;
		case 'j':
			o->json = optarg;
			break;
		case 's':
			o->sample_ms = atoi(optarg);
			if (o->sample_ms < 1 || o->sample_ms > 10000) {
				fprintf(stderr, "conform: --sample-ms: 1..10000\n");
				return 2;
			}
			break;
		case 'L':
			o->slice_us = atol(optarg);
			if (o->slice_us < 0 || o->slice_us > 1000000) {
				fprintf(stderr, "conform: --slice-latency-us: 0 (kernel's own) .. 1000000\n");
				return 2;
			}
			break;
		case 'C':
			o->cpus = atoi(optarg);
			if (o->cpus < 1 || o->cpus > SCN_MAX_CPUS) {
				fprintf(stderr, "conform: --cpus: 1..%d\n",
					SCN_MAX_CPUS);
				return 2;
			}
			break;
		case 'F':
			o->seq.fixed_window = true;
			break;
		case 'I':
			o->seq.lag_inflation = atof(optarg);
			if (!(o->seq.lag_inflation >= 1 &&
			      o->seq.lag_inflation <= 100)) {
				fprintf(stderr,
					"conform: --lag-inflation: 1..100\n");
				return 2;
			}
			break;
		case 'G':
			if (km_mode_parse(optarg) < 0) {
				fprintf(stderr, "conform: --cgroup-mode: one "
					"of up, smp, concur, max, tasks\n");
				return 2;
			}
			o->cgroup_mode = optarg;
			break;
		case 't':
			o->only = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (argc - optind <= 0) {
		usage(stderr);
		return 2;
	}
	return -1;
}

/* Parse files[nfiles] into scn[], keeping -t's; returns the bad ones. */
static int load_scenarios(char **files, int nfiles,
			  const struct conform_opts *o, struct scenario *scn,
			  int *n)
{
	char err[SCN_ERR_MAX];
	int i, bad = 0;

	*n = 0;
	for (i = 0; i < nfiles; i++) {
		struct scenario *s = &scn[*n];

		if (scn_parse_file_cpus(files[i], o->cpus, s, err,
					sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			bad++;
			continue;
		}
		if (o->only && strcmp(s->name, o->only))
			continue;
		if (o->sample_ms)
			s->sample_us = (uint64_t)o->sample_ms * 1000;
		(*n)++;
	}
	return bad;
}

static void list_scenarios(const struct scenario *scn, int n)
{
	char r[16];

	for (int i = 0; i < n; i++)
		printf("%s\t%s\tcpus=%d\t%s\tduration_us=%llu\tcpus_range=%s\n",
		       scn[i].name, scn[i].file, scn[i].cpus,
		       scn_hierarchy_name(scn[i].hierarchy),
		       (unsigned long long)scn_max_duration_us(&scn[i]),
		       scn_cpus_range_text(&scn[i], r, sizeof(r)));
}

/* Running: the scenarios are for the online CPUs unless --cpus says. */
static void default_cpus(struct conform_opts *o)
{
	scn_cpumask_t on = 0;

	if (o->cpus || o->mode != M_RUN)
		return;
	if (!hotplug_online_mask(&on) && on)
		o->cpus = scn_cpumask_count(on);
}

/* The JSON Lines stream, inherited by every scenario process. */
static int open_json(const char *json)
{
	int fd = open(json, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC |
		      O_NOCTTY, 0644);

	if (fd < 0) {
		fprintf(stderr, "conform: %s: %s\n", json, strerror(errno));
		return -1;
	}
	/* Inherited by each scenario process: drop O_CLOEXEC. */
	fcntl(fd, F_SETFD, 0);
	jout_set_fd(fd);
	return 0;
}

/* What the run record says about the machine and the run. */
static void run_info_fill(struct run_info *ri, int n, int sample_ms)
{
	struct utsname un;
	scn_cpumask_t on = 0;

	memset(ri, 0, sizeof(*ri));
	ri->runner_version = RUNNER_VERSION;
	if (!uname(&un)) {
		snprintf(ri->kernel_release, sizeof(ri->kernel_release), "%s",
			 un.release);
		snprintf(ri->kernel_version, sizeof(ri->kernel_version), "%s",
			 un.version);
	}
	kfile_read_line("/proc/cmdline", ri->cmdline, sizeof(ri->cmdline));
	kfile_read_line("/sys/devices/system/clocksource/clocksource0/"
			"current_clocksource", ri->clocksource,
			sizeof(ri->clocksource));
	hotplug_online_mask(&on);
	ri->cpus_online = scn_cpumask_count(on);
	ri->cpus_possible = hotplug_possible();
	ri->pelt_source = pelt_source_name(runner_probe_source());
	ri->scenarios = n;
	ri->sample_ms = sample_ms;
}

/* The CFS slices for the run, set after the probes of run_info_fill(). */
static int run_info_slices(struct run_info *ri, struct slices *sl,
			   long slice_us)
{
	int sl_ret = slices_apply(sl, (unsigned long)slice_us * 1000);

	ri->slices_known = sl_ret == 0;
	ri->slices_set = sl->applied;
	ri->sched_latency_ns = sl->latency;
	ri->sched_min_granularity_ns = sl->min_gran;
	ri->sched_wakeup_granularity_ns = sl->wakeup;
	ri->sched_eevdf = sl->eevdf;
	ri->sched_base_slice_ns = sl->base_slice;
	return sl_ret;
}

static bool mode_modelled(const char *name)
{
	return km_mode_parse(name) >= 0;
}

/* The kernel's share function for the run (cgroup_mode.c), recorded. */
static void run_info_cgroup_mode(struct run_info *ri, struct cgroup_mode *cm,
				 const char *want)
{
	cgroup_mode_apply(cm, CGROUP_MODE_DIR, ri->kernel_release, want,
			  mode_modelled, NULL);
	if (cm->how != CGM_UNKNOWN)
		km_set_mode(km_mode_parse(cm->run));
	ri->cgroup_mode = cm->how == CGM_UNKNOWN ? NULL : cm->run;
	ri->cgroup_mode_kernel = cm->kernel[0] ? cm->kernel : NULL;
	ri->cgroup_mode_set = cm->how == CGM_SET;
}

/* KTAP plan and the run's diagnostics. */
static void ktap_start(const struct run_info *ri, const struct slices *sl,
		       int sl_ret, int n, const struct cgroup_mode *cm)
{
	ktap_header(stdout, n);
	ktap_diag(stdout, 0, "conform %s on %s, %d/%d CPUs online, PELT "
		  "source %s, clocksource %s", RUNNER_VERSION,
		  ri->kernel_release, ri->cpus_online, ri->cpus_possible,
		  ri->pelt_source, ri->clocksource);
	if (sl_ret)
		ktap_diag(stdout, 0, "CFS slice knobs unavailable (%s): kernel's "
			  "own slices", strerror(-sl_ret));
	else if (sl->eevdf)
		ktap_diag(stdout, 0, "EEVDF base slice (%s): %lu ns",
			  sl->applied ? "set by the runner" : "kernel's own",
			  sl->base_slice);
	else
		ktap_diag(stdout, 0, "CFS slices (%s): latency %lu ns, min "
			  "granularity %lu ns, wakeup granularity %lu ns",
			  sl->applied ? "set by the runner" : "kernel's own",
			  sl->latency, sl->min_gran, sl->wakeup);
	ktap_diag(stdout, 0, "share function: %s%s", cm->why,
		  cm->how == CGM_UNKNOWN ? " (every scenario skipped)" : "");
}

/* Run scn[0..n); counts into tot. @skip: why none can run, or NULL. */
static void run_all(const struct scenario *scn, int n, struct totals *tot,
		    const char *skip)
{
	char range[16];

	for (int i = 0; i < n; i++) {
		const struct scenario *s = &scn[i];

		if (skip) {
			ktap_result(stdout, i + 1, s->name, V_SKIP, skip, 0);
			jout_result_bare(i + 1, s->name, V_SKIP, skip, 0);
			tot->skip++;
			continue;
		}

		ktap_diag(stdout, 0, "%s (%s): %d CPUs (cpus %s), %s, warmup "
			  "%llu us, measure %llu us, sample %llu us, %d "
			  "windows, tolerance %.4f, confidence %.2f", s->name,
			  s->file, s->cpus,
			  scn_cpus_range_text(s, range, sizeof(range)),
			  scn_hierarchy_name(s->hierarchy),
			  (unsigned long long)s->warmup_us,
			  (unsigned long long)s->measure_us,
			  (unsigned long long)s->sample_us, s->windows,
			  s->tolerance, s->confidence);
		totals_add(tot, runner_run(s, i + 1));
	}
}

/* Run the n scenarios: KTAP on stdout, JSON Lines; the exit code. */
static int run_mode(const struct conform_opts *o, const struct scenario *scn,
		    int n, uint64_t start)
{
	struct totals tot = { 0 };
	struct cgroup_mode cm;
	struct run_info ri;
	struct slices sl;
	int sl_ret, ex;

	if (o->json && open_json(o->json))
		return 2;
	runner_set_seq_opts(&o->seq);
	run_info_fill(&ri, n, o->sample_ms);
	sl_ret = run_info_slices(&ri, &sl, o->slice_us);
	run_info_cgroup_mode(&ri, &cm, o->cgroup_mode);
	jout_run_start(&ri);
	ktap_start(&ri, &sl, sl_ret, n, &cm);
	run_all(scn, n, &tot, cm.how == CGM_UNKNOWN ? cm.why : NULL);
	cgroup_mode_restore(&cm, CGROUP_MODE_DIR, NULL);
	slices_restore(&sl);
	ktap_totals(stdout, &tot);
	ex = totals_exit_code(&tot, n);
	jout_run_end(&tot, ex, measure_now_us() - start);
	return ex;
}

int main(int argc, char **argv)
{
	struct conform_opts o = { .slice_us = CONFORM_SLICE_LATENCY_US,
				  .seq.lag_inflation = SEQ_LAG_INFLATION };
	uint64_t start = measure_now_us();
	struct scenario *scn;
	int nfiles, n, bad, ex;

	setvbuf(stdout, NULL, _IOLBF, 0);
	ex = parse_opts(argc, argv, &o);
	if (ex >= 0)
		return ex;
	default_cpus(&o);
	nfiles = argc - optind;
	scn = calloc(nfiles, sizeof(*scn));
	if (!scn) {
		fprintf(stderr, "conform: out of memory\n");
		return 2;
	}
	bad = load_scenarios(argv + optind, nfiles, &o, scn, &n);
	if (o.mode == M_CHECK) {
		if (!bad)
			printf("%d scenario file(s) ok\n", n);
		ex = bad ? 2 : 0;
	} else if (bad) {
		fprintf(stderr, "conform: %d bad scenario file(s)\n", bad);
		ex = 2;
	} else if (o.only && !n) {
		fprintf(stderr, "conform: no scenario named '%s'\n", o.only);
		ex = 2;
	} else if (o.mode == M_LIST) {
		list_scenarios(scn, n);
		ex = 0;
	} else {
		ex = run_mode(&o, scn, n, start);
	}
	free(scn);
	return ex;
}
