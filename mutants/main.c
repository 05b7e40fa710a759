// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - cfs-mutants: the catalogue of one base's fair.c mutants.
 *
 *   cfs-mutants --base B --seed S --per-func N --functions LIST
 *               --out DIR FAIR_C
 *
 * For every function named in LIST (one per line, '#' comments), in
 * LIST's order: every mutation (scan.h), a sample of at most N
 * (select.h), each written to DIR/NNNN-<function>-<op>.patch, numbered
 * from 1 in that order. Prints one line per patch (its name, a tab, the
 * mutation in words) and, on stderr, a line per function. The same
 * FAIR_C, LIST, S and N always give the same patches.
 *
 * Exit: 0, 1 error, 2 usage.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "scan.h"
#include "select.h"
#include "source.h"

struct args {
	const char *base, *functions, *out, *fair;
	uint64_t seed;
	int per_func;
};

static int usage(void)
{
	fputs("usage: cfs-mutants --base B --seed S --per-func N "
	      "--functions LIST --out DIR FAIR_C\n", stderr);
	return 2;
}

static int parse_args(int argc, char **argv, struct args *a)
{
	int i;

	for (i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--base"))
			a->base = argv[i + 1];
		else if (!strcmp(argv[i], "--seed"))
			a->seed = strtoull(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--per-func"))
			a->per_func = atoi(argv[i + 1]);
		else if (!strcmp(argv[i], "--functions"))
			a->functions = argv[i + 1];
		else if (!strcmp(argv[i], "--out"))
			a->out = argv[i + 1];
		else
			return -EINVAL;
	}
	if (i != argc - 1 || !a->base || !a->functions || !a->out ||
	    a->per_func < 1)
		return -EINVAL;
	a->fair = argv[i];
	return 0;
}

static int write_one(const struct args *a, const struct source *src,
		     const struct mutation *m, int no)
{
	char path[4096], header[2 * MUT_TEXT];
	FILE *f;
	int err;

	snprintf(path, sizeof(path), "%s/%04d-%s-%s.patch", a->out, no,
		 m->func, m->op);
	snprintf(header, sizeof(header),
		 "mutant %04d of %s (seed %" PRIu64 ", %d per function): %s: %s",
		 no, a->base, a->seed, a->per_func, m->func, m->what);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	err = diff_write(f, src, m, header);
	if (fclose(f))
		err = -EIO;
	if (!err)
		printf("%04d-%s-%s\t%s\n", no, m->func, m->op, m->what);
	return err;
}

/* Mutants of one function; returns the next number or -errno. */
static int one_function(const struct args *a, const struct source *src,
			const char *func, int no)
{
	struct mut_list l = { 0 };
	int all, i, err = scan_function(src, func, &l);

	all = l.n;
	if (!err)
		err = select_sample(&l, func, a->seed, a->per_func);
	for (i = 0; !err && i < l.n; i++)
		err = write_one(a, src, &l.m[i], no++);
	if (!err)
		fprintf(stderr, "[mutants] %s: %s: %d mutations, %d kept%s\n",
			a->base, func, all, l.n, all ? "" :
			" (no body in this file)");
	mut_list_free(&l);
	return err ? err : no;
}

int main(int argc, char **argv)
{
	struct args a = { .seed = 1 };
	struct source src;
	char line[256];
	FILE *list;
	int no = 1, err;

	if (parse_args(argc, argv, &a))
		return usage();
	err = source_load(a.fair, &src);
	if (err) {
		fprintf(stderr, "cfs-mutants: %s: %s\n", a.fair, strerror(-err));
		return 1;
	}
	list = fopen(a.functions, "r");
	if (!list) {
		fprintf(stderr, "cfs-mutants: %s: %s\n", a.functions,
			strerror(errno));
		source_free(&src);
		return 1;
	}
	while (no > 0 && fgets(line, sizeof(line), list)) {
		line[strcspn(line, "#\n \t")] = '\0';
		if (line[0])
			no = one_function(&a, &src, line, no);
	}
	fclose(list);
	source_free(&src);
	if (no < 0)
		fprintf(stderr, "cfs-mutants: %s\n", strerror(-no));
	return no < 0;
}
