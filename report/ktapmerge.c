// SPDX-License-Identifier: GPL-2.0
/*
 * ktapmerge.c - the host's KTAP splicing and shard merging (ktapmerge.h).
 * What was awk in qemu-run.sh and shard-merge.sh, line for line.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "contract/contract.h"
#include "ktapmerge.h"

int lines_add(struct lines *l, const char *s)
{
	if (l->n == l->cap) {
		int cap = l->cap ? 2 * l->cap : 64;
		char **v = realloc(l->v, sizeof(*v) * (size_t)cap);

		if (!v)
			return -ENOMEM;
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n] = strdup(s);
	if (!l->v[l->n])
		return -ENOMEM;
	l->n++;
	return 0;
}

int lines_read(FILE *f, struct lines *l)
{
	char *buf = NULL, *o;
	size_t cap = 0;
	ssize_t len;
	int ret = 0;

	while (!ret && (len = getline(&buf, &cap, f)) >= 0) {
		/* the console's CRs, wherever they are (tr -d '\r') */
		o = buf;
		for (char *c = buf; c < buf + len; c++)
			if (*c != '\r' && *c != '\n')
				*o++ = *c;
		*o = '\0';
		ret = lines_add(l, buf);
	}
	free(buf);
	return ret;
}

void lines_free(struct lines *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof(*l));
}

static bool starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* "1..N" and nothing else */
static bool plan_exact(const char *s)
{
	if (!starts(s, "1..") || !isdigit((unsigned char)s[3]))
		return false;
	for (s += 3; isdigit((unsigned char)*s); s++)
		;
	return !*s;
}

/* /^(not )?ok [0-9]+/: the length of that prefix, 0 if none */
static size_t result_len(const char *s)
{
	size_t n = starts(s, "not ") ? 4 : 0;

	if (!starts(s + n, "ok ") || !isdigit((unsigned char)s[n + 3]))
		return 0;
	for (n += 3; isdigit((unsigned char)s[n]); n++)
		;
	return n;
}

/* /^(not )?ok [0-9]+ / */
static bool result_sp(const char *s)
{
	size_t n = result_len(s);

	return n && s[n] == ' ';
}

/* The runner's lines kept from the console (a KTAP line, maybe indented). */
static bool ktap_line(const char *s)
{
	static const char *const pre[] = { "KTAP version", "TAP version",
					   "ok ", "not ok ", "#" };

	while (isspace((unsigned char)*s))
		s++;
	if (starts(s, "1..") && isdigit((unsigned char)s[3]))
		return true;
	for (size_t i = 0; i < sizeof(pre) / sizeof(pre[0]); i++)
		if (starts(s, pre[i]))
			return i < 2 || i == 4 ||
			       isdigit((unsigned char)s[strlen(pre[i])]);
	return false;
}

/* The KUnit lines kept: indented, "# " or a result. */
static bool kunit_line(const char *s)
{
	return isspace((unsigned char)*s) || starts(s, "# ") || result_sp(s);
}

struct splice {
	struct lines rl, kl;		/* runner's lines, KUnit's */
	int plan, totals;		/* indices in rl, -1: none */
	int nres;			/* runner's results */
	int kplan, nk, kpass, kfail, kskip;
	bool ku;			/* between the kunit markers */
};

static int splice_kunit(struct splice *sp, const char *s)
{
	char buf[4096];

	if (sp->kplan && sp->nk >= sp->kplan)
		return 0;
	if (starts(s, "KTAP version"))
		return 0;
	if (plan_exact(s)) {
		sp->kplan = atoi(s + 3);
		return 0;
	}
	if (!kunit_line(s))
		return 0;
	if (result_sp(s)) {
		size_t n = result_len(s), p = starts(s, "not ") ? 4 : 0;

		if (p)
			sp->kfail++;
		else if (strstr(s, "# SKIP"))
			sp->kskip++;
		else
			sp->kpass++;
		/* the number is given at the end: "ok @N rest" */
		snprintf(buf, sizeof(buf), "%.*sok @%s", (int)p, s, s + n);
		sp->nk++;
		return lines_add(&sp->kl, buf);
	}
	if (*s == '#') {	/* the suite counts stay inside it */
		snprintf(buf, sizeof(buf), "    %s", s);
		return lines_add(&sp->kl, buf);
	}
	return lines_add(&sp->kl, s);
}

static int splice_line(struct splice *sp, const char *s)
{
	if (!strcmp(s, "[init] kunit: begin")) {
		sp->ku = true;
		return 0;
	}
	if (!strcmp(s, "[init] kunit: end")) {
		sp->ku = false;
		return 0;
	}
	if (sp->ku)
		return splice_kunit(sp, s);
	if (!ktap_line(s))
		return 0;
	if (sp->plan < 0 && plan_exact(s))
		sp->plan = sp->rl.n;
	if (result_len(s))
		sp->nres++;
	if (starts(s, "# Totals:"))
		sp->totals = sp->rl.n;
	return lines_add(&sp->rl, s);
}

/* " key:N" in the totals line t becomes " key:N+add". */
static void totals_line_add(char **t, const char *key, int add)
{
	char pat[32], *m, *d, *e, *nt;
	size_t len;

	snprintf(pat, sizeof(pat), " %s:", key);
	for (m = strstr(*t, pat); m; m = strstr(m + 1, pat))
		if (isdigit((unsigned char)m[strlen(pat)]))
			break;
	if (!m)
		return;
	d = m + strlen(pat);
	for (e = d; isdigit((unsigned char)*e); e++)
		;
	len = strlen(*t) + 24;
	nt = malloc(len);
	if (!nt)
		return;
	snprintf(nt, len, "%.*s%ld%s", (int)(d - *t), *t, atol(d) + add, e);
	free(*t);
	*t = nt;
}

static void splice_write(struct splice *sp, FILE *out)
{
	int base = sp->plan >= 0 ? atoi(sp->rl.v[sp->plan] + 3) : sp->nres;
	int last, i, j = 0;
	char buf[32];

	if (!sp->rl.n)
		fprintf(out, "KTAP version 1\n1..%d\n", sp->nk);
	if (sp->plan >= 0) {
		snprintf(buf, sizeof(buf), "1..%d", base + sp->nk);
		free(sp->rl.v[sp->plan]);
		sp->rl.v[sp->plan] = strdup(buf);
	}
	if (sp->totals >= 0) {
		totals_line_add(&sp->rl.v[sp->totals], "pass", sp->kpass);
		totals_line_add(&sp->rl.v[sp->totals], "fail", sp->kfail);
		totals_line_add(&sp->rl.v[sp->totals], "skip", sp->kskip);
	}
	last = sp->totals >= 0 ? sp->totals : sp->rl.n;
	for (i = 0; i < last; i++)
		fprintf(out, "%s\n", sp->rl.v[i] ? sp->rl.v[i] : "");
	for (i = 0; i < sp->kl.n; i++) {
		char *at = strstr(sp->kl.v[i], "ok @");

		if (result_len(sp->kl.v[i]) == 0 && at &&
		    at == sp->kl.v[i] + (starts(sp->kl.v[i], "not ") ? 4 : 0))
			fprintf(out, "%.*sok %d%s\n",
				(int)(at - sp->kl.v[i]), sp->kl.v[i],
				base + ++j, at + 4);
		else
			fprintf(out, "%s\n", sp->kl.v[i]);
	}
	for (i = last; i < sp->rl.n; i++)
		fprintf(out, "%s\n", sp->rl.v[i] ? sp->rl.v[i] : "");
}

int ktap_splice(const struct lines *console, FILE *out)
{
	struct splice sp = { .plan = -1, .totals = -1 };
	int i, ret = 0;

	for (i = 0; i < console->n && !ret; i++)
		ret = splice_line(&sp, console->v[i]);
	if (!ret) {
		if (!sp.nk)
			for (i = 0; i < sp.rl.n; i++)
				fprintf(out, "%s\n", sp.rl.v[i]);
		else
			splice_write(&sp, out);
	}
	lines_free(&sp.rl);
	lines_free(&sp.kl);
	return ret;
}

void ktap_field(const char *s, int n, char *buf, size_t len)
{
	size_t k;

	buf[0] = '\0';
	for (;;) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			return;
		for (k = 0; s[k] && s[k] != ' ' && s[k] != '\t'; k++)
			;
		if (!n--) {
			snprintf(buf, len, "%.*s", (int)k, s);
			return;
		}
		s += k;
	}
}

void ktap_kunit_failed(const struct lines *console, FILE *out)
{
	bool ku = false;
	int kplan = 0, n = 0;
	const char *sep = "";
	char name[256];

	for (int i = 0; i < console->n; i++) {
		const char *s = console->v[i];

		if (!strcmp(s, "[init] kunit: begin")) {
			ku = true;
			continue;
		}
		if (!strcmp(s, "[init] kunit: end"))
			ku = false;
		if (ku && plan_exact(s) && !kplan)
			kplan = atoi(s + 3);
		if (ku && result_sp(s) && n++ < kplan && starts(s, "not")) {
			ktap_field(s, 3, name, sizeof(name));
			fprintf(out, "%s%s", sep, name);
			sep = " ";
		}
	}
}

int ktap_runner_start(const struct lines *ktap)
{
	int s = -1;

	for (int i = 0; i + 2 < ktap->n; i++)
		if (starts(ktap->v[i], "KTAP version") &&
		    plan_exact(ktap->v[i + 1]) &&
		    starts(ktap->v[i + 2], "# conform "))
			s = i;
	return s;
}

/* Result line s renumbered to num, its fields joined by single spaces. */
static int renumber(const char *s, int fi, long num, struct lines *out)
{
	char buf[4096], f[4096];
	size_t pos = 0;

	buf[0] = '\0';
	for (int i = 0;; i++) {
		ktap_field(s, i, f, sizeof(f));
		if (!f[0])
			break;
		if (i == fi)
			snprintf(f, sizeof(f), "%ld", num);
		pos += (size_t)snprintf(buf + pos, sizeof(buf) - pos, "%s%s",
					i ? " " : "", f);
		if (pos >= sizeof(buf))
			return -ENOSPC;
	}
	return lines_add(out, buf);
}

/*
 * A shard's top-level results with the lines before each (subtests,
 * diagnostics) into out: kunit 0 keeps results 1..nscen renumbered +off
 * (and the lines after the last), kunit 1 the ones after nscen,
 * renumbered +off-nscen.
 */
static int shard_blocks(const struct ktap_shard *sh, int off, bool kunit,
			struct lines *out)
{
	const struct lines *l = &sh->ktap;
	int start = ktap_runner_start(l), nb = 0, ret = 0;
	int *b = calloc((size_t)l->n + 1, sizeof(int));	/* block's lines */
	char f[64];

	if (!b)
		return -ENOMEM;
	for (int i = start < 0 ? l->n : start; i < l->n && !ret; i++) {
		const char *s = l->v[i];
		int fi;
		long num;

		if (starts(s, "KTAP version") || starts(s, "# Totals:") ||
		    (starts(s, "1..") && isdigit((unsigned char)s[3])))
			continue;
		b[nb++] = i;
		if (!result_len(s))
			continue;
		fi = starts(s, "not ") ? 2 : 1;
		ktap_field(s, fi, f, sizeof(f));
		num = strtol(f, NULL, 10);
		if ((num > sh->nscen) == kunit) {
			for (int j = 0; j < nb - 1 && !ret; j++)
				ret = lines_add(out, l->v[b[j]]);
			if (!ret)
				ret = renumber(s, fi, kunit ?
					       num - sh->nscen + off :
					       num + off, out);
		}
		nb = 0;
	}
	/* the lines after the last result, once, with the scenarios */
	for (int j = 0; !kunit && j < nb && !ret; j++)
		ret = lines_add(out, l->v[b[j]]);
	free(b);
	return ret;
}

static int count_results(const struct lines *l, bool failed_only)
{
	int n = 0;

	for (int i = 0; i < l->n; i++)
		if (result_len(l->v[i]) &&
		    (!failed_only || starts(l->v[i], "not ok")))
			n++;
	return n;
}

/* The shard whose KUnit suites are reported: the first that failed one. */
static int shard_kunit_source(const struct ktap_shard *sh, int jobs, int *nk)
{
	int ks = -1, kfail = 0;
	struct lines b = { 0 };

	*nk = 0;
	for (int k = 0; k < jobs; k++) {
		if (!sh[k].present)
			continue;
		if (ks < 0)
			ks = k;
		shard_blocks(&sh[k], 0, true, &b);
		if (count_results(&b, true) && !kfail) {
			ks = k;
			kfail = 1;
		}
		lines_free(&b);
	}
	if (ks >= 0) {
		shard_blocks(&sh[ks], 0, true, &b);
		*nk = count_results(&b, false);
		lines_free(&b);
	}
	return ks;
}

static void print_lines(const struct lines *l, FILE *out)
{
	for (int i = 0; i < l->n; i++)
		fprintf(out, "%s\n", l->v[i]);
}

/* The merged top-level results' totals (the runner's key order). */
static void shard_totals(const struct lines *m, FILE *out)
{
	int p = 0, f = 0, s = 0, inc = 0;

	for (int i = 0; i < m->n; i++) {
		const char *l = m->v[i];
		size_t n = result_len(l);

		if (!n)
			continue;
		if (starts(l, "not ") && strstr(l + n, "# INCONCLUSIVE"))
			inc++;
		else if (starts(l, "not "))
			f++;
		else if (strstr(l + n, "# SKIP"))
			s++;
		else
			p++;
	}
	fprintf(out, "# Totals: pass:%d fail:%d xfail:0 xpass:0 skip:%d error:0 "
		"inconclusive:%d\n", p, f, s, inc);
}

int ktap_shard_merge(const struct ktap_shard *sh, int jobs, FILE *out)
{
	struct lines m = { 0 };
	int total = 0, off = 0, nk, ks, ret = 0;
	char buf[512];

	for (int k = 0; k < jobs; k++)
		if (sh[k].present)
			total += sh[k].span;
	ks = shard_kunit_source(sh, jobs, &nk);
	lines_add(&m, "KTAP version 1");
	snprintf(buf, sizeof(buf), "1..%d", total + nk);
	lines_add(&m, buf);
	snprintf(buf, sizeof(buf), "# merged from %d shards (make run JOBS=%d)",
		 jobs, jobs);
	lines_add(&m, buf);
	for (int k = 0; k < jobs && !ret; k++) {
		if (!sh[k].present)
			continue;
		snprintf(buf, sizeof(buf), "# shard %d: %s, host CPUs %s", k,
			 sh[k].name, sh[k].hostcpus);
		ret = lines_add(&m, buf);
		if (!ret)
			ret = shard_blocks(&sh[k], off, false, &m);
		off += sh[k].span;
	}
	if (!ret && nk) {
		snprintf(buf, sizeof(buf),
			 "# kernel KUnit suites of shard %d (every shard's guest ran them)",
			 ks);
		ret = lines_add(&m, buf);
		if (!ret)
			ret = shard_blocks(&sh[ks], total, true, &m);
	}
	if (!ret) {
		print_lines(&m, out);
		shard_totals(&m, out);
	}
	lines_free(&m);
	return ret;
}

/*
 * The scenarios of a shard: its first run_start record's "scenarios",
 * else its runner stream's plan, else 0.
 */
int ktap_shard_nscen(const char *jsonl_path, const struct lines *ktap)
{
	FILE *f = fopen(jsonl_path, "r");
	char *buf = NULL;
	size_t cap = 0;
	int n = -1, start;

	while (f && n < 0 && getline(&buf, &cap, f) >= 0) {
		struct json_object *o = json_tokener_parse(buf), *t, *v;

		if (o && json_object_object_get_ex(o, RK_TYPE, &t) &&
		    json_object_is_type(t, json_type_string) &&
		    !strcmp(json_object_get_string(t), RT_RUN_START)) {
			n = -2;		/* the first run_start decides */
			if (json_object_object_get_ex(o, RK_SCENARIOS, &v) &&
			    json_object_is_type(v, json_type_int) &&
			    json_object_get_int(v) >= 0)
				n = json_object_get_int(v);
		}
		json_object_put(o);
	}
	free(buf);
	if (f)
		fclose(f);
	if (n >= 0)
		return n;
	start = ktap_runner_start(ktap);
	return start >= 0 ? atoi(ktap->v[start + 1] + 3) : 0;
}
