/* SPDX-License-Identifier: GPL-2.0 */
/*
 * source.h - a C file as lines, and the bodies of its functions.
 *
 * A function definition in kernel style starts at column 0 with its
 * name followed by "(", has its opening brace alone on a line and its
 * closing brace alone on a line. A name defined more than once (one
 * definition per #ifdef branch) has a body per definition.
 */
#ifndef MUTANTS_SOURCE_H
#define MUTANTS_SOURCE_H

struct source {
	char *text;		/* the whole file, lines split in place */
	char **line;		/* line[i]: the i-th line, 0-based, no '\n' */
	int n;
};

struct body {
	int first, last;	/* lines strictly inside the braces */
};

/* Read path; 0 or -errno. */
int source_load(const char *path, struct source *src);
/* The same from a string (tests). */
int source_from_string(const char *text, struct source *src);
void source_free(struct source *src);

/*
 * Bodies of function name, in file order, at most max; returns how
 * many.
 */
int source_bodies(const struct source *src, const char *name,
		  struct body *out, int max);

#endif /* MUTANTS_SOURCE_H */
