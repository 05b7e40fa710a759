// SPDX-License-Identifier: GPL-2.0
/*
 * lava.c - KTAP to LAVA test cases (lava.h).
 */
#include <ctype.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "ktapmerge.h"
#include "lava.h"

extern char **environ;

struct lava {
	FILE *out;
	const char *ltc;
	char scn[256];			/* the current subtest's name */
	struct lines groups, meas;	/* its groups' measurements */
};

static bool starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* "ok N " or "not ok N " (N digits) at s */
static bool result_at(const char *s)
{
	s += starts(s, "not ") ? 4 : 0;
	if (!starts(s, "ok ") || !isdigit((unsigned char)s[3]))
		return false;
	for (s += 3; isdigit((unsigned char)*s); s++)
		;
	return *s == ' ';
}

/* pass, skip or fail, of a result line whose first field is first */
static const char *result_word(const char *line, const char *first)
{
	if (strcmp(first, "ok"))
		return "fail";
	return strstr(line, "# SKIP") ? "skip" : "pass";
}

/*
 * Run ltc for one case. A case that cannot be reported is said on stderr
 * and passed over: the KTAP goes on being echoed (the runner writing into
 * the pipe must not see it close).
 */
static int run_case(struct lava *l, char *name, const char *res,
		    const char *meas)
{
	char *argv[] = { (char *)l->ltc, name, "--result", (char *)res,
			 "--measurement", (char *)meas, "--units", "share",
			 NULL };
	pid_t pid;
	int st, err;

	for (char *c = name; *c; c++)
		if (*c == '/')
			*c = '.';
	if (!meas || !meas[0])
		argv[4] = NULL;
	fflush(l->out);
	err = posix_spawnp(&pid, l->ltc, NULL, NULL, argv, environ);
	if (err)
		fprintf(stderr, "cfsreport lava: %s: %s\n", l->ltc,
			strerror(err));
	else
		waitpid(pid, &st, 0);
	return 0;
}

static const char *group_meas(const struct lava *l, const char *g)
{
	for (int i = l->groups.n - 1; i >= 0; i--)
		if (!strcmp(l->groups.v[i], g))
			return l->meas.v[i];
	return "";
}

/* "    # GROUP: measured M ..." */
static bool measured_line(const char *s)
{
	const char *c;

	if (!starts(s, "    # ") || s[6] == ' ' || !s[6])
		return false;
	c = strchr(s + 6, ' ');
	return c && c[-1] == ':' && starts(c, " measured ");
}

static int lava_line(struct lava *l, const char *s)
{
	char name[600], f0[8], f[256], g[256];
	bool sub = starts(s, "    ") && result_at(s + 4);
	int ret;

	fprintf(l->out, "%s\n", s);
	if (starts(s, "    # Subtest: ")) {
		ktap_field(s, 2, l->scn, sizeof(l->scn));
		lines_free(&l->groups);
		lines_free(&l->meas);
		return 0;
	}
	if (measured_line(s)) {
		ktap_field(s, 1, g, sizeof(g));
		g[strlen(g) - 1] = '\0';
		ktap_field(s, 3, f, sizeof(f));
		ret = lines_add(&l->groups, g);
		return ret ? ret : lines_add(&l->meas, f);
	}
	if (!sub && !result_at(s))
		return 0;
	ktap_field(s, 0, f0, sizeof(f0));
	ktap_field(s, strcmp(f0, "ok") ? 3 : 2, f, sizeof(f));
	if (!sub) {
		snprintf(name, sizeof(name), "%s", f);
		return run_case(l, name, result_word(s, f0), NULL);
	}
	snprintf(name, sizeof(name), "%s.%s", l->scn, f);
	return run_case(l, name, result_word(s, f0), group_meas(l, f));
}

/* A kernel log line: its "[ seconds] " prefix dropped. */
static const char *kmsg_text(const char *s)
{
	size_t n;

	if (*s != '[')
		return s;
	n = 1 + strspn(s + 1, " 0123456789.");
	return starts(s + n, "] ") ? s + n + 2 : s;
}

/* A line of the KUnit results kept in kmsg mode. */
static bool kmsg_kept(const char *s)
{
	while (*s == ' ')
		s++;
	return result_at(s) || starts(s, "# Subtest: ");
}

int lava_cases(FILE *in, FILE *out, const char *ltc, bool kmsg)
{
	struct lava l = { .out = out, .ltc = ltc };
	bool ktap = !kmsg;
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	int ret = 0;

	/* line by line: each case is reported as its result arrives */
	while (!ret && (len = getline(&buf, &cap, in)) >= 0) {
		const char *s;

		if (len && buf[len - 1] == '\n')
			buf[len - 1] = '\0';
		s = kmsg ? kmsg_text(buf) : buf;
		if (kmsg && !ktap && !strcmp(s, "KTAP version 1"))
			ktap = true;
		if (ktap && (!kmsg || kmsg_kept(s)))
			ret = lava_line(&l, s);
	}
	free(buf);
	lines_free(&l.groups);
	lines_free(&l.meas);
	fflush(out);
	return ret;
}
