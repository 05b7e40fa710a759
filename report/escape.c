// SPDX-License-Identifier: GPL-2.0
/*
 * escape.c - XML escaping with UTF-8 validation.
 */
#include "escape.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* length of a valid UTF-8 sequence at p, 0 if invalid */
static int utf8_len(const unsigned char *p)
{
	int n, i;

	if (p[0] < 0x80)
		return 1;
	if ((p[0] & 0xe0) == 0xc0 && p[0] >= 0xc2)
		n = 2;
	else if ((p[0] & 0xf0) == 0xe0)
		n = 3;
	else if ((p[0] & 0xf8) == 0xf0 && p[0] <= 0xf4)
		n = 4;
	else
		return 0;
	for (i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	return n;
}

void xml_puts(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n;

	if (!s)
		return;
	while (*p) {
		switch (*p) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			if (*p < 0x20 && *p != '\n' && *p != '\t') {
				if (*p != '\r')
					fputc('?', f);
				break;
			}
			n = utf8_len(p);
			if (!n) {
				fputc('?', f);
				break;
			}
			fwrite(p, 1, (size_t)n, f);
			p += n;
			continue;
		}
		p++;
	}
}

void xml_printf(FILE *f, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	xml_puts(f, buf);
}

void html_id(FILE *f, const char *prefix, const char *s)
{
	fputs(prefix, f);
	for (; s && *s; s++)
		fputc(isalnum((unsigned char)*s) || *s == '_' || *s == '-' ?
		      *s : '-', f);
}
