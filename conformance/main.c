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
 *
 * Exit codes (kselftest): 0 all passed, 1 any failure or error, 4 all
 * skipped, 2 bad scenario input or usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "hotplug.h"
#include "jsonout.h"
#include "ktap.h"
#include "measure.h"
#include "runner.h"
#include "scenario.h"
#include "slices.h"

#define RUNNER_VERSION "0.1"
/* CFS latency for the run (see slices.h); 0 keeps the kernel's. */
#define CONFORM_SLICE_LATENCY_US 3000

enum mode { M_RUN, M_CHECK, M_LIST };

static void usage(FILE *f)
{
	fprintf(f,
		"usage: conform --check FILE...\n"
		"       conform --list FILE...\n"
		"       conform [-t NAME] [--json PATH] [--sample-ms N] "
		"[--slice-latency-us N] FILE...\n");
}

static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	buf[0] = '\0';
	if (!f)
		return;
	if (fgets(buf, (int)len, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

static int popcount(scn_cpumask_t m)
{
	return __builtin_popcountll(m);
}

static const char *hier(enum scn_hierarchy h)
{
	return h == SCN_V1 ? "v1" : "v2";
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "list", no_argument, NULL, 'l' },
		{ "json", required_argument, NULL, 'j' },
		{ "sample-ms", required_argument, NULL, 's' },
		{ "slice-latency-us", required_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum mode mode = M_RUN;
	const char *only = NULL, *json = NULL;
	struct scenario *scn;
	struct totals tot = { 0 };
	struct run_info ri;
	struct utsname un;
	uint64_t start = measure_now_us();
	long slice_us = CONFORM_SLICE_LATENCY_US;
	struct slices sl;
	int sl_ret;
	int sample_ms = 0, opt, nfiles, i, n = 0, bad = 0, ex, sel = 0;
	char err[SCN_ERR_MAX];

	setvbuf(stdout, NULL, _IOLBF, 0);
	while ((opt = getopt_long(argc, argv, "t:h", opts, NULL)) != -1) {
		switch (opt) {
		case 'c':
			mode = M_CHECK;
			break;
		case 'l':
			mode = M_LIST;
			break;
		case 'j':
			json = optarg;
			break;
		case 's':
			sample_ms = atoi(optarg);
			if (sample_ms < 1 || sample_ms > 10000) {
				fprintf(stderr, "conform: --sample-ms: 1..10000"
					"\n");
				return 2;
			}
			break;
		case 'L':
			slice_us = atol(optarg);
			if (slice_us < 0 || slice_us > 1000000) {
				fprintf(stderr, "conform: --slice-latency-us: "
					"0 (kernel's own) .. 1000000\n");
				return 2;
			}
			break;
		case 't':
			only = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	nfiles = argc - optind;
	if (nfiles <= 0) {
		usage(stderr);
		return 2;
	}
	scn = calloc(nfiles, sizeof(*scn));
	if (!scn) {
		fprintf(stderr, "conform: out of memory\n");
		return 2;
	}
	for (i = 0; i < nfiles; i++) {
		struct scenario *s = &scn[n];

		if (scn_parse_file(argv[optind + i], s, err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			bad++;
			continue;
		}
		if (only && strcmp(s->name, only))
			continue;
		if (sample_ms)
			s->sample_us = (uint64_t)sample_ms * 1000;
		n++;
	}
	if (mode == M_CHECK) {
		if (!bad)
			printf("%d scenario file(s) ok\n", n);
		free(scn);
		return bad ? 2 : 0;
	}
	if (bad) {
		fprintf(stderr, "conform: %d bad scenario file(s)\n", bad);
		free(scn);
		return 2;
	}
	if (only && !n) {
		fprintf(stderr, "conform: no scenario named '%s'\n", only);
		free(scn);
		return 2;
	}
	if (mode == M_LIST) {
		for (i = 0; i < n; i++)
			printf("%s\t%s\tcpus=%d\t%s\tduration_us=%llu\n",
			       scn[i].name, scn[i].file, scn[i].cpus,
			       hier(scn[i].hierarchy),
			       (unsigned long long)scn_duration_us(&scn[i]));
		free(scn);
		return 0;
	}

	if (json) {
		int fd = open(json, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC |
			      O_NOCTTY, 0644);

		if (fd < 0) {
			fprintf(stderr, "conform: %s: %s\n", json,
				strerror(errno));
			free(scn);
			return 2;
		}
		/* Inherited by each scenario process: drop O_CLOEXEC. */
		fcntl(fd, F_SETFD, 0);
		jout_set_fd(fd);
	}

	memset(&ri, 0, sizeof(ri));
	ri.runner_version = RUNNER_VERSION;
	if (!uname(&un)) {
		snprintf(ri.kernel_release, sizeof(ri.kernel_release), "%s",
			 un.release);
		snprintf(ri.kernel_version, sizeof(ri.kernel_version), "%s",
			 un.version);
	}
	read_line("/proc/cmdline", ri.cmdline, sizeof(ri.cmdline));
	read_line("/sys/devices/system/clocksource/clocksource0/"
		  "current_clocksource", ri.clocksource,
		  sizeof(ri.clocksource));
	{
		scn_cpumask_t on = 0;

		hotplug_online_mask(&on);
		ri.cpus_online = popcount(on);
		ri.cpus_possible = hotplug_possible();
	}
	ri.pelt_source = pelt_source_name(runner_probe_source());
	ri.scenarios = n;
	ri.sample_ms = sample_ms;
	sl_ret = slices_apply(&sl, (unsigned long)slice_us * 1000);
	ri.slices_known = sl_ret == 0;
	ri.slices_set = sl.applied;
	ri.sched_latency_ns = sl.latency;
	ri.sched_min_granularity_ns = sl.min_gran;
	ri.sched_wakeup_granularity_ns = sl.wakeup;
	ri.sched_eevdf = sl.eevdf;
	ri.sched_base_slice_ns = sl.base_slice;
	jout_run_start(&ri);

	ktap_header(stdout, n);
	ktap_diag(stdout, 0, "conform %s on %s, %d/%d CPUs online, PELT "
		  "source %s, clocksource %s", RUNNER_VERSION,
		  ri.kernel_release, ri.cpus_online, ri.cpus_possible,
		  ri.pelt_source, ri.clocksource);
	if (sl_ret)
		ktap_diag(stdout, 0, "CFS slice knobs unavailable (%s): kernel's "
			  "own slices", strerror(-sl_ret));
	else if (sl.eevdf)
		ktap_diag(stdout, 0, "EEVDF base slice (%s): %lu ns",
			  sl.applied ? "set by the runner" : "kernel's own",
			  sl.base_slice);
	else
		ktap_diag(stdout, 0, "CFS slices (%s): latency %lu ns, min "
			  "granularity %lu ns, wakeup granularity %lu ns",
			  sl.applied ? "set by the runner" : "kernel's own",
			  sl.latency, sl.min_gran, sl.wakeup);
	for (i = 0; i < n; i++) {
		const struct scenario *s = &scn[i];

		ktap_diag(stdout, 0, "%s (%s): %d CPUs, %s, warmup %llu us, "
			  "measure %llu us, sample %llu us, %d windows, "
			  "tolerance %.4f, confidence %.2f", s->name, s->file,
			  s->cpus, hier(s->hierarchy),
			  (unsigned long long)s->warmup_us,
			  (unsigned long long)s->measure_us,
			  (unsigned long long)s->sample_us, s->windows,
			  s->tolerance, s->confidence);
		switch (runner_run(s, i + 1)) {
		case V_PASS:
			tot.pass++;
			break;
		case V_FAIL:
			tot.fail++;
			break;
		case V_SKIP:
			tot.skip++;
			break;
		default:
			tot.error++;
			break;
		}
		sel++;
	}
	slices_restore(&sl);
	ktap_totals(stdout, tot.pass, tot.fail, tot.skip, tot.error);
	if (tot.fail || tot.error)
		ex = 1;
	else if (sel && tot.skip == sel)
		ex = 4;
	else
		ex = 0;
	jout_run_end(&tot, ex, measure_now_us() - start);
	free(scn);
	return ex;
}
