// SPDX-License-Identifier: GPL-2.0
/*
 * parse.c - parse and validate cgroup-scenarios/<theme>/<name>.scn files:
 * the line loop and the directive table (parse.h maps the room).
 *
 * The format is documented in cgroup-scenarios/FORMAT.md. The parser works
 * one line at a time on a private copy of the line (at most SCN_MAX_LINE
 * characters), so arbitrary input costs time linear in its length and
 * never reads or writes outside the buffers. Every error is reported as
 * "file:line: message" and returns -EINVAL.
 *
 * Validation is done while parsing, in file order, which the format makes
 * possible by requiring: settings before the body, parents before children,
 * groups before the tasks that use them, groups and tasks before the first
 * phase, phases in time order. Phases are checked against a simulated
 * struct scn_state, so every contradiction is reported at the line that
 * creates it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario/parse.h"

/* Length of the valid UTF-8 sequence at c (n bytes left), 0 if invalid. */
static int scn_utf8_len(const unsigned char *c, size_t n)
{
	int len;
	unsigned int cp;

	if (c[0] < 0x80)
		return 1;
	if (c[0] >= 0xc2 && c[0] <= 0xdf)
		len = 2, cp = c[0] & 0x1f;
	else if (c[0] >= 0xe0 && c[0] <= 0xef)
		len = 3, cp = c[0] & 0x0f;
	else if (c[0] >= 0xf0 && c[0] <= 0xf4)
		len = 4, cp = c[0] & 0x07;
	else
		return 0;
	if ((size_t)len > n)
		return 0;
	for (int i = 1; i < len; i++) {
		if ((c[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (c[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

/*
 * Append one comment line to the description, joined by '\n'. Invalid
 * UTF-8 becomes '?', so the description is always valid UTF-8 text.
 */
static void scn_desc_append(struct scn_parser *p, const char *text)
{
	char *d = p->s->description;
	size_t pos = strlen(d), n = strlen(text);
	const unsigned char *c = (const unsigned char *)text;

	if (p->desc_full)
		return;
	if (pos) {
		if (pos + 1 >= SCN_DESC_MAX) {
			p->desc_full = true;
			return;
		}
		d[pos++] = '\n';
	}
	for (size_t i = 0; i < n;) {
		int l = scn_utf8_len(c + i, n - i);

		if (pos + (l ? (size_t)l : 1) >= SCN_DESC_MAX) {
			p->desc_full = true;
			break;
		}
		if (!l) {
			d[pos++] = '?';
			i++;
			continue;
		}
		memcpy(d + pos, c + i, (size_t)l);
		pos += (size_t)l;
		i += (size_t)l;
	}
	d[pos] = '\0';
}

/*
 * The body's directives. body: the settings are complete once one of them
 * is seen (scn_begin_body()).
 */
static const struct {
	const char *name;
	scn_directive_fn *fn;
	bool body;
} directives[] = {
	{ "sched", scn_knob, false },
	{ "group", scn_group, true },
	{ "task", scn_task, true },
	{ "expect", scn_expect, true },
	{ "at", scn_at, true },
	{ "every", scn_every, true },
};

/* The leading comment block is the description. */
static void scn_line_description(struct scn_parser *p, const char *line)
{
	const char *q = line;

	if (p->desc_done)
		return;
	while (*q == ' ' || *q == '\t')
		q++;
	if (*q == '#') {
		q++;
		if (*q == ' ')
			q++;
		scn_desc_append(p, q);
	} else {
		p->desc_done = true;
	}
}

/* Split line (comment stripped) into tok[]; *ntok fields. */
static int scn_tokenize(struct scn_parser *p, char *line, char **tok,
			int *ntok)
{
	char *c;

	for (c = line; *c; c++)
		if ((unsigned char)*c >= 0x80)
			return scn_err(p, "non-ASCII character (allowed only in comments)");
	*ntok = 0;
	c = line;
	for (;;) {
		while (*c == ' ' || *c == '\t')
			c++;
		if (!*c)
			break;
		if (*ntok == SCN_MAX_TOKENS)
			return scn_err(p, "too many fields on one line (max %d)",
				       SCN_MAX_TOKENS);
		tok[(*ntok)++] = c;
		while (*c && *c != ' ' && *c != '\t')
			c++;
		if (*c)
			*c++ = '\0';
	}
	return 0;
}

static int scn_parse_line(struct scn_parser *p, char *line)
{
	char *tok[SCN_MAX_TOKENS];
	char *hash = strchr(line, '#');
	int ntok = 0, key, ret;

	scn_line_description(p, line);
	if (hash)
		*hash = '\0';
	ret = scn_tokenize(p, line, tok, &ntok);
	if (ret || !ntok)
		return ret;
	key = scn_setting_index(tok[0]);
	if (key >= 0)
		return scn_setting(p, key, tok, ntok);
	for (size_t i = 0; i < SCN_ARRAY_SIZE(directives); i++) {
		if (strcmp(tok[0], directives[i].name))
			continue;
		if (directives[i].body && !p->body) {
			int l = p->line;

			ret = scn_begin_body(p);
			p->line = l;
			if (ret)
				return ret;
		}
		return directives[i].fn(p, tok, ntok);
	}
	return scn_err(p, "unknown directive '%s'", tok[0]);
}

/* Checks that need the whole file. */
static int scn_finish(struct scn_parser *p)
{
	struct scenario *s = p->s;
	char a[SCN_TIME_TEXT], b[SCN_TIME_TEXT];
	int ret;

	if (!p->body) {
		ret = scn_begin_body(p);
		if (ret)
			return ret;
	}
	if (!s->ntasks)
		return scn_err(p, "no tasks defined (a scenario needs at least one task)");
	if (s->hierarchy == SCN_V2) {
		for (int t = 0; t < s->ntasks; t++) {
			if (!scn_has_children(s, s->tasks[t].group))
				continue;
			p->line = s->tasks[t].line;
			return scn_err(p, "task '%s' is in group '%s', which has child groups (cgroup v2 allows tasks only in leaf groups)",
				       s->tasks[t].name,
				       s->groups[s->tasks[t].group].path);
		}
	}
	ret = scn_repeats_check(p);
	if (ret)
		return ret;
	if (s->timeout_us && s->timeout_us < scn_max_duration_us(s)) {
		p->line = p->key_line[KEY_TIMEOUT];
		return scn_err(p, "timeout %s is shorter than the scenario's longest run time %s",
			       scn_fmt_time(s->timeout_us, a, sizeof(a)),
			       scn_fmt_time(scn_max_duration_us(s), b, sizeof(b)));
	}
	return 0;
}

/* Default name: basename without ".scn", invalid characters as '_'. */
static void scn_default_name(struct scenario *s, const char *name)
{
	const char *base = strrchr(name, '/');
	size_t n, o = 0;

	base = base ? base + 1 : name;
	n = strlen(base);
	if (n > 4 && !strcmp(base + n - 4, ".scn"))
		n -= 4;
	for (size_t i = 0; i < n && o + 1 < sizeof(s->name); i++)
		s->name[o++] = scn_is_name_char(base[i]) ? base[i] : '_';
	if (!o)
		s->name[o++] = '_';
	s->name[o] = '\0';
}

/*
 * The next line of buf from *pos into line (its '\r' before '\n' or at
 * the end dropped): no NUL, no control character but tab, at most
 * SCN_MAX_LINE characters.
 */
static int scn_next_line(struct scn_parser *p, const char *buf, size_t len,
			 size_t *pos, char *line)
{
	size_t n = 0;

	while (*pos < len && buf[*pos] != '\n') {
		unsigned char ch = (unsigned char)buf[*pos];

		if (!ch)
			return scn_err(p, "NUL byte in input");
		if (ch == '\r' && (*pos + 1 == len || buf[*pos + 1] == '\n')) {
			(*pos)++;
			continue;
		}
		if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
			return scn_err(p, "control character 0x%02x in input",
				       ch);
		if (n >= SCN_MAX_LINE)
			return scn_err(p, "line longer than %d characters",
				       SCN_MAX_LINE);
		line[n++] = (char)ch;
		(*pos)++;
	}
	line[n] = '\0';
	(*pos)++;			/* the '\n' */
	return 0;
}

static int scn_parse_lines(struct scn_parser *p, const char *buf, size_t len)
{
	char line[SCN_MAX_LINE + 2];
	size_t pos = 0;
	int ret;

	if (len > SCN_MAX_FILE_BYTES) {
		p->line = 1;
		return scn_err(p, "input larger than %d bytes",
			       SCN_MAX_FILE_BYTES);
	}
	while (pos < len) {
		p->line++;
		ret = scn_next_line(p, buf, len, &pos, line);
		if (!ret)
			ret = scn_parse_line(p, line);
		if (ret)
			return ret;
	}
	return scn_finish(p);
}

int scn_parse_buffer(const char *name, const char *buf, size_t len,
		     struct scenario *s, char *err, size_t errlen)
{
	return scn_parse_buffer_cpus(name, buf, len, 0, s, err, errlen);
}

int scn_parse_buffer_cpus(const char *name, const char *buf, size_t len,
			  int ncpus, struct scenario *s, char *err,
			  size_t errlen)
{
	struct scn_parser *p;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	if (!s || (!buf && len))
		return -EINVAL;
	if (!name)
		name = "<buffer>";

	p = calloc(1, sizeof(*p));
	if (!p)
		return -ENOMEM;
	memset(s, 0, sizeof(*s));
	snprintf(s->file, sizeof(s->file), "%s", name);
	scn_default_name(s, name);
	scn_set_defaults(s);
	p->s = s;
	p->err = err;
	p->errlen = errlen;
	p->want_cpus = ncpus;
	ret = scn_parse_lines(p, buf, len);
	free(p);
	return ret;
}

int scn_parse_file(const char *path, struct scenario *s, char *err,
		   size_t errlen)
{
	return scn_parse_file_cpus(path, 0, s, err, errlen);
}

int scn_parse_file_cpus(const char *path, int ncpus, struct scenario *s,
			char *err, size_t errlen)
{
	FILE *f;
	char *buf;
	size_t n;
	int ret;

	if (err && errlen)
		err[0] = '\0';
	if (!path || !s)
		return -EINVAL;
	f = fopen(path, "r");
	if (!f) {
		ret = -errno;
		if (err && errlen)
			snprintf(err, errlen, "%s: cannot open: %s", path,
				 strerror(-ret));
		return ret;
	}
	buf = malloc(SCN_MAX_FILE_BYTES + 1);
	if (!buf) {
		fclose(f);
		return -ENOMEM;
	}
	n = fread(buf, 1, SCN_MAX_FILE_BYTES + 1, f);
	if (ferror(f)) {
		ret = -EIO;
		if (err && errlen)
			snprintf(err, errlen, "%s: read error", path);
	} else {
		ret = scn_parse_buffer_cpus(path, buf, n, ncpus, s, err,
					    errlen);
	}
	fclose(f);
	free(buf);
	return ret;
}
