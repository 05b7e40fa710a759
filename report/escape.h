/* SPDX-License-Identifier: GPL-2.0 */
/*
 * escape.h - text into HTML/SVG/XML: the five markup characters escaped,
 * control characters XML forbids and invalid UTF-8 replaced, so console
 * noise in a reason or diagnostic cannot break the document.
 */
#ifndef REPORT_ESCAPE_H
#define REPORT_ESCAPE_H

#include <stdio.h>

/* Write s escaped (NULL writes nothing). */
void xml_puts(FILE *f, const char *s);
/* printf, then the result escaped. */
void xml_printf(FILE *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A name usable as an HTML id: [A-Za-z0-9_-], others as '-'. */
void html_id(FILE *f, const char *prefix, const char *s);

#endif /* REPORT_ESCAPE_H */
