// SPDX-License-Identifier: GPL-2.0
/*
 * cfsreport - results directory -> report.html + junit.xml, or
 * `cfsreport compare BASE CAND` -> compare.html + terminal summary; and
 * the host's KTAP assembly for the run scripts (ktapmerge.h): ktap-splice,
 * kunit-failed (qemu-run.sh), shard-ktap, shard-jsonl, shard-nscen
 * (shard-merge.sh); and the run's verdict-level facts (runcmds.h):
 * run-meta, shard-meta, verdict, died-in, ktap-counts, lava.
 *
 * Exit: report 0 when written (whatever the run's verdict), compare 0 no
 * regression / 1 regression; 2 usage, 3 could not write an output.
 */
#include <errno.h>
#include <stdbool.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "compare.h"
#include "flake.h"
#include "html.h"
#include "junit.h"
#include "ktapmerge.h"
#include "metamerge.h"
#include "runcmds.h"
#include "shardmerge.h"
#include "writefile.h"
#include "kill.h"
#include "matrix.h"
#include "results.h"

static void usage(FILE *f)
{
	fputs("usage: cfsreport [--html FILE] [--junit FILE] RESULTS_DIR\n"
	      "       cfsreport compare [--html FILE] [--min-effect PP]\n"
	      "                 [--confidence C] BASE_DIR CAND_DIR\n"
	      "       cfsreport flake RESULTS_DIR...\n"
	      "       cfsreport matrix [--html FILE] [--labels] RESULTS_DIR...\n"
	      "       cfsreport kill RESULTS_DIR   (0 killed, 1 survived, 4 undecided)\n"
	      "       cfsreport bench --out DIR [--elapsed S]\n"
	      "                 [--kselftest SCENARIO=TEST=SECONDS]... RUN_DIR...\n"
	      "       cfsreport ktap-splice CONSOLE_LOG    (qemu-run.sh)\n"
	      "       cfsreport kunit-failed CONSOLE_LOG\n"
	      "       cfsreport shard-ktap RUN_DIR JOBS SHARD_DIR|-...\n"
	      "       cfsreport shard-jsonl RUN_DIR JOBS SHARD_DIR|-...\n"
	      "       cfsreport shard-nscen SHARD_DIR      (shard-merge.sh)\n"
	      "       cfsreport run-meta RUN_DIR --label L ... (report/runcmds.h)\n"
	      "       cfsreport shard-meta RUN_DIR JOBS DURATION SHARD_DIR|-...\n"
	      "       cfsreport verdict RUN_DIR    (exits with the run's code)\n"
	      "       cfsreport died-in RUN_DIR    (continue.sh)\n"
	      "       cfsreport guest-death [--accel A] CONSOLE_LOG\n"
	      "       cfsreport ktap-counts KTAP\n"
	      "       cfsreport lava [--kmsg]      (LAVA_TEST_CASE, stdin)\n"
	      "Defaults: RESULTS_DIR/report.html, RESULTS_DIR/junit.xml,\n"
	      "CAND_DIR/compare.html. compare exits 1 on a regression.\n", f);
}

static int w_html(FILE *f, const void *arg)
{
	return html_write_report(f, arg);
}

static int w_junit(FILE *f, const void *arg)
{
	return junit_write(f, arg);
}

/*
 * What `cfsreport RESULTS_DIR` writes, one row per format: its option
 * (--NAME FILE, short VAL), its default file in RESULTS_DIR, the line
 * that announces it, its writer. A new format is a row here and its
 * writer (report/NAME.c).
 */
static const struct out_format {
	const char *name;
	int val;
	const char *file;
	const char *say;		/* printf(say, path) */
	writer_fn fn;			/* takes a const struct rep_run * */
} out_formats[] = {
	{ "html", 'o', "report.html", "report: %s\n", w_html },
	{ "junit", 'j', "junit.xml", "junit:  %s\n", w_junit },
};

#define N_FORMATS	(int)(sizeof(out_formats) / sizeof(out_formats[0]))

static int w_compare(FILE *f, const void *arg)
{
	return compare_html(f, arg);
}

static char *default_path(const char *dir, const char *name)
{
	size_t n = strlen(dir) + strlen(name) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s", dir, name);
	return p;
}

/* The closing line: verdict counts and the first problem. */
static void report_counts(const struct rep_run *run)
{
	int counts[V_COUNT], emu = 0;

	results_count(run, counts);
	for (int i = 0; i < run->n_scen; i++)
		emu += run->scen[i].emulator_fault;
	printf("results: %d pass, %d fail, %d skip, %d error, %d incomplete, "
	       "%d inconclusive",
	       counts[V_PASS], counts[V_FAIL], counts[V_SKIP],
	       counts[V_ERROR], counts[V_INCOMPLETE] - emu,
	       counts[V_INCONCLUSIVE]);
	if (emu)	/* only then: the line is unchanged without them */
		printf(", %d emulator fault", emu);
	fputs(run->n_problems ? "; " : "\n", stdout);
	if (run->n_problems)
		printf("%d problem(s), first: %s\n", run->n_problems,
		       run->problems[0]);
}

/* Parse --html/--junit/...: path[i] for out_formats[i], NULL: default. */
static int report_opts(int argc, char **argv, const char **path)
{
	struct option opts[N_FORMATS + 2] = { { 0 } };
	char shortopts[2 * N_FORMATS + 2] = "";
	int c, i;

	for (i = 0; i < N_FORMATS; i++) {
		opts[i] = (struct option){ out_formats[i].name,
					   required_argument, NULL,
					   out_formats[i].val };
		snprintf(shortopts + 2 * i, 3, "%c:", out_formats[i].val);
	}
	opts[i] = (struct option){ "help", no_argument, NULL, 'h' };
	strcat(shortopts, "h");
	while ((c = getopt_long(argc, argv, shortopts, opts, NULL)) != -1) {
		if (c == 'h') {
			usage(stdout);
			return 0;
		}
		for (i = 0; i < N_FORMATS && out_formats[i].val != c; i++)
			;
		if (i == N_FORMATS) {
			usage(stderr);
			return 2;
		}
		path[i] = optarg;
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	return -1;
}

static int cmd_report(int argc, char **argv)
{
	const char *path[N_FORMATS] = { NULL };
	char *dflt[N_FORMATS] = { NULL };
	struct rep_run run;
	bool oom = false;
	int i, ret, st = 0;

	ret = report_opts(argc, argv, path);
	if (ret >= 0)
		return ret;
	ret = results_load(argv[optind], &run);
	if (ret) {
		fprintf(stderr, "cfsreport: %s\n", strerror(-ret));
		return 3;
	}
	for (i = 0; i < N_FORMATS; i++)
		if (!path[i])
			path[i] = dflt[i] = default_path(argv[optind],
							 out_formats[i].file);
	for (i = 0; i < N_FORMATS; i++)
		if (!path[i])
			oom = true;
	for (i = 0; i < N_FORMATS && !oom; i++) {
		ret = write_file(path[i], out_formats[i].fn, &run);
		if (ret) {
			fprintf(stderr, "cfsreport: %s: %s\n", path[i],
				strerror(-ret));
			st = 3;
		} else {
			printf(out_formats[i].say, path[i]);
		}
	}
	if (oom)
		st = 3;
	else
		report_counts(&run);
	results_free(&run);
	for (i = 0; i < N_FORMATS; i++)
		free(dflt[i]);
	return st;
}

static int parse_double(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return errno || end == s || *end ? -EINVAL : 0;
}

static int cmd_compare(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "html", required_argument, NULL, 'o' },
		{ "min-effect", required_argument, NULL, 'm' },
		{ "confidence", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct cmp_options opt = { 0, 0 };
	struct rep_run base, cand;
	struct cmp_result r;
	char *html = NULL, *dh = NULL;
	int c, ret, st;

	while ((c = getopt_long(argc, argv, "o:m:c:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			html = optarg;
			break;
		case 'm':
			if (parse_double(optarg, &opt.min_effect) ||
			    opt.min_effect < 0) {
				fprintf(stderr, "cfsreport: bad --min-effect %s "
					"(percentage points)\n", optarg);
				return 2;
			}
			opt.min_effect /= 100;
			break;
		case 'c':
			if (parse_double(optarg, &opt.confidence) ||
			    opt.confidence <= 0 || opt.confidence >= 1) {
				fprintf(stderr, "cfsreport: bad --confidence %s "
					"(0 < C < 1)\n", optarg);
				return 2;
			}
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 2) {
		usage(stderr);
		return 2;
	}
	if (results_load(argv[optind], &base))
		return 3;
	if (results_load(argv[optind + 1], &cand)) {
		results_free(&base);
		return 3;
	}
	ret = compare_runs(&base, &cand, &opt, &r);
	if (ret) {
		fprintf(stderr, "cfsreport: %s\n", strerror(-ret));
		st = 3;
		goto out;
	}
	compare_print(stdout, &r);
	st = compare_regressed(&r) ? 1 : 0;
	if (!html)
		html = dh = default_path(argv[optind + 1], "compare.html");
	ret = html ? write_file(html, w_compare, &r) : -ENOMEM;
	if (ret) {
		fprintf(stderr, "cfsreport: %s: %s\n", html ? html : "",
			strerror(-ret));
		st = 3;
	} else {
		printf("compare report: %s\n", html);
	}
	compare_free(&r);
out:
	results_free(&base);
	results_free(&cand);
	free(dh);
	return st;
}

/* Load the n runs of dirs[] into *out; NULL when one cannot be. */
static struct rep_run *load_runs(char **dirs, int n)
{
	struct rep_run *runs = calloc(n, sizeof(*runs));
	int i;

	for (i = 0; runs && i < n; i++)
		if (results_load(dirs[i], &runs[i])) {
			while (i--)
				results_free(&runs[i]);
			free(runs);
			return NULL;
		}
	return runs;
}

static void free_runs(struct rep_run *runs, int n)
{
	for (int i = 0; i < n; i++)
		results_free(&runs[i]);
	free(runs);
}

/* flake: exit 0 when every scenario gave the same verdict in every run */
static int cmd_flake(int argc, char **argv)
{
	struct rep_run *runs;
	int n = argc - 1, st;

	if (n < 1) {
		usage(stderr);
		return 2;
	}
	runs = load_runs(argv + 1, n);
	if (!runs)
		return 3;
	st = flake_summarize(stdout, runs, n);
	free_runs(runs, n);
	return st < 0 ? 3 : st > 0 ? 1 : 0;
}

struct matrix_arg {
	const struct rep_run *runs;
	int n;
	enum matrix_head head;
};

static int w_matrix(FILE *f, const void *arg)
{
	const struct matrix_arg *m = arg;

	return matrix_write_html(f, m->runs, m->n, m->head);
}

/* kill RUN_DIR: one line; exit 0 killed, 1 survived, 4 undecided. */
static int cmd_kill(int argc, char **argv)
{
	struct rep_run run;
	enum kill_state k;

	if (argc != 2) {
		usage(stderr);
		return 2;
	}
	if (results_load(argv[1], &run))
		return 3;
	k = kill_judge(stdout, &run);
	results_free(&run);
	return k == KILL_UNDECIDED ? 4 : k == KILL_SURVIVED;
}

/* matrix [--html FILE] [--labels] RUN_DIR...: the text table and page. */
static int cmd_matrix(int argc, char **argv)
{
	struct matrix_arg m;
	struct rep_run *runs;
	const char *html = NULL;
	int i = 1, st = 0;

	m.head = MATRIX_BY_KERNEL;
	for (;;) {
		if (argc > i + 1 && !strcmp(argv[i], "--html")) {
			html = argv[i + 1];
			i += 2;
		} else if (argc > i && !strcmp(argv[i], "--labels")) {
			m.head = MATRIX_BY_LABEL;
			i++;
		} else {
			break;
		}
	}
	if (argc - i < 1) {
		usage(stderr);
		return 2;
	}
	runs = load_runs(argv + i, argc - i);
	if (!runs)
		return 3;
	m.runs = runs;
	m.n = argc - i;
	matrix_write_text(stdout, runs, m.n, m.head);
	if (html && write_file(html, w_matrix, &m))
		st = 3;
	free_runs(runs, m.n);
	return st;
}

static int w_bench_html(FILE *f, const void *arg)
{
	return bench_write_html(f, arg);
}

static int w_bench_svg(FILE *f, const void *arg)
{
	return bench_write_svg(f, arg) ? 0 : -ENODATA;
}

static int w_bench_md(FILE *f, const void *arg)
{
	bench_write_md(f, arg);
	return ferror(f) ? -EIO : 0;
}

/* bench --out DIR [--elapsed S] [--kselftest SCEN=TEST=S]... RUN_DIR... */
static int cmd_bench(int argc, char **argv)
{
	static struct bench_summary s;
	static struct bench_ks ks[BENCH_MAX_KS];
	const char *out = NULL;
	double elapsed = 0;
	int nks = 0, i;
	char path[4096];

	for (i = 1; i + 1 < argc && !strncmp(argv[i], "--", 2); i += 2) {
		if (!strcmp(argv[i], "--out")) {
			out = argv[i + 1];
		} else if (!strcmp(argv[i], "--elapsed")) {
			if (parse_double(argv[i + 1], &elapsed))
				return 2;
		} else if (!strcmp(argv[i], "--kselftest") && nks < BENCH_MAX_KS) {
			struct bench_ks *k = &ks[nks++];

			if (sscanf(argv[i + 1], "%95[^=]=%95[^=]=%lf", k->scen,
				   k->test, &k->seconds) != 3 || k->seconds <= 0) {
				fprintf(stderr, "cfsreport: bad --kselftest %s "
					"(SCENARIO=TEST=SECONDS)\n", argv[i + 1]);
				return 2;
			}
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (!out || i >= argc) {
		usage(stderr);
		return 2;
	}
	bench_load(argv + i, argc - i, ks, nks, &s);
	s.elapsed = elapsed;
	bench_write_md(stdout, &s);
	snprintf(path, sizeof(path), "%s/bench.md", out);
	if (write_file(path, w_bench_md, &s))
		return 3;
	snprintf(path, sizeof(path), "%s/bench-blocked.svg", out);
	write_file(path, w_bench_svg, &s);	/* none without blocked data */
	snprintf(path, sizeof(path), "%s/bench.html", out);
	if (write_file(path, w_bench_html, &s))
		return 3;
	return s.rounds_stock && s.rounds_patched && !s.failed_boots ? 0 : 1;
}

/* FILE's lines ("\r" dropped); a missing file reads as empty. */
static int read_lines(const char *path, struct lines *l)
{
	FILE *f = fopen(path, "r");
	int ret;

	memset(l, 0, sizeof(*l));
	if (!f) {
		fprintf(stderr, "cfsreport: %s: %s\n", path, strerror(errno));
		return 0;
	}
	ret = lines_read(f, l);
	fclose(f);
	return ret;
}

/* ktap-splice CONSOLE / kunit-failed CONSOLE (qemu-run.sh) */
static int cmd_console(int argc, char **argv)
{
	struct lines con;
	int ret;

	if (argc != 2) {
		usage(stderr);
		return 2;
	}
	ret = read_lines(argv[1], &con);
	if (!ret && !strcmp(argv[0], "ktap-splice"))
		ret = ktap_splice(&con, stdout);
	else if (!ret)
		ktap_kunit_failed(&con, stdout);
	lines_free(&con);
	return ret ? 3 : 0;
}

/*
 * The run's scenarios part k accounts for: RUN_DIR/shards/sK.span when
 * continue.sh wrote one (a boot stopped by an emulator fault covers the
 * scenarios up to the one it died in), else all of its own, nscen.
 */
static int part_span(const char *run_dir, int k, int nscen)
{
	char path[4096];
	FILE *f;
	int span = nscen;

	snprintf(path, sizeof(path), "%s/shards/s%d.span", run_dir, k);
	f = fopen(path, "r");
	if (f && (fscanf(f, "%d", &span) != 1 || span < 0 || span > nscen))
		span = nscen;
	if (f)
		fclose(f);
	return span;
}

/* A shard's results directory ("-": none) and its host CPU list file. */
static void shard_load(struct ktap_shard *sh, const char *dir,
		       const char *hostcpus_path)
{
	char path[4096];
	struct lines hc;

	memset(sh, 0, sizeof(*sh));
	sh->present = strcmp(dir, "-") != 0;
	sh->name = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
	read_lines(hostcpus_path, &hc);
	sh->hostcpus = hc.n ? strdup(hc.v[0]) : strdup("");
	lines_free(&hc);
	if (!sh->present)
		return;
	snprintf(path, sizeof(path), "%s/results.ktap", dir);
	read_lines(path, &sh->ktap);
	snprintf(path, sizeof(path), "%s/results.jsonl", dir);
	sh->nscen = ktap_shard_nscen(path, &sh->ktap);
	sh->span = sh->nscen;
}

/* A shard's scenario count (its run_start's, else its KTAP plan). */
static int shard_scenarios(const char *dir)
{
	struct ktap_shard one;
	int n;

	shard_load(&one, dir, "/dev/null");
	n = one.nscen;
	lines_free(&one.ktap);
	free((char *)one.hostcpus);
	return n;
}

/*
 * shard-jsonl RUN_DIR JOBS SHARD_DIR|-...: the merged results.jsonl, its
 * run_end's exit the shards' merged code (metamerge.h).
 */
static int cmd_shard_jsonl(int argc, char **argv)
{
	int jobs = argc > 2 ? atoi(argv[2]) : 0, ret, own;
	struct jsonl_shard *sh;

	if (jobs < 1 || argc != 3 + jobs) {
		usage(stderr);
		return 2;
	}
	sh = calloc((size_t)jobs, sizeof(*sh));
	if (!sh)
		return 3;
	for (int k = 0; k < jobs; k++) {
		if (!strcmp(argv[3 + k], "-"))
			continue;
		sh[k].dir = argv[3 + k];
		own = shard_scenarios(argv[3 + k]);
		sh[k].nscen = part_span(argv[1], k, own);
		sh[k].cut = sh[k].nscen < own;
	}
	ret = jsonl_shard_merge(sh, jobs, shard_exit_code(argv[1], jobs),
				stdout);
	free(sh);
	return ret ? 3 : 0;
}

/*
 * shard-ktap RUN_DIR JOBS SHARD_DIR... (shard-merge.sh): the merged KTAP;
 * shard-nscen SHARD_DIR: its scenario count.
 */
static int cmd_shard(int argc, char **argv)
{
	struct ktap_shard *sh;
	char hc[4096];
	int jobs, ret;

	if (!strcmp(argv[0], "shard-jsonl"))
		return cmd_shard_jsonl(argc, argv);
	if (!strcmp(argv[0], "shard-nscen")) {
		if (argc != 2) {
			usage(stderr);
			return 2;
		}
		printf("%d\n", shard_scenarios(argv[1]));
		return 0;
	}
	jobs = argc > 2 ? atoi(argv[2]) : 0;
	if (jobs < 1 || argc != 3 + jobs) {
		usage(stderr);
		return 2;
	}
	sh = calloc((size_t)jobs, sizeof(*sh));
	if (!sh)
		return 3;
	for (int k = 0; k < jobs; k++) {
		snprintf(hc, sizeof(hc), "%s/shards/s%d.hostcpus", argv[1], k);
		shard_load(&sh[k], argv[3 + k], hc);
		sh[k].span = part_span(argv[1], k, sh[k].nscen);
	}
	ret = ktap_shard_merge(sh, jobs, stdout);
	for (int k = 0; k < jobs; k++) {
		lines_free(&sh[k].ktap);
		free((char *)sh[k].hostcpus);
	}
	free(sh);
	return ret ? 3 : 0;
}

int main(int argc, char **argv)
{
	int ret = argc > 1 ? runcmd(argc - 1, argv + 1) : -1;

	if (ret >= 0)
		return ret;
	if (argc > 1 && (!strcmp(argv[1], "ktap-splice") ||
			 !strcmp(argv[1], "kunit-failed")))
		return cmd_console(argc - 1, argv + 1);
	if (argc > 1 && !strncmp(argv[1], "shard-", 6))
		return cmd_shard(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "bench"))
		return cmd_bench(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "compare"))
		return cmd_compare(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "flake"))
		return cmd_flake(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "matrix"))
		return cmd_matrix(argc - 1, argv + 1);
	if (argc > 1 && !strcmp(argv[1], "kill"))
		return cmd_kill(argc - 1, argv + 1);
	return cmd_report(argc, argv);
}
