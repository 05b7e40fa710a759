// SPDX-License-Identifier: GPL-2.0
/*
 * jsonpretty.c - JSON in jq 1.6's layout (jsonpretty.h).
 */
#include <stdbool.h>
#include <stdlib.h>

#include <json-c/json.h>

#include "jsonpretty.h"

void json_put_string(FILE *out, const char *s)
{
	static const char esc[] = "\bb\tt\nn\ff\rr\"\"\\\\";
	const unsigned char *p = (const unsigned char *)s;

	fputc('"', out);
	for (; *p; p++) {
		const char *e = NULL;

		for (int i = 0; esc[i]; i += 2)
			if ((unsigned char)esc[i] == *p)
				e = &esc[i + 1];
		if (e)
			fprintf(out, "\\%c", *e);
		else if (*p < 0x20 || *p == 0x7f)
			fprintf(out, "\\u%04x", *p);
		else
			fputc(*p, out);
	}
	fputc('"', out);
}

/* The shortest %g that reads back as d. */
static void put_double(FILE *out, double d)
{
	char buf[40];

	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, d);
		if (strtod(buf, NULL) == d)
			break;
	}
	fputs(buf, out);
}

static void indent(FILE *out, int level)
{
	fprintf(out, "\n%*s", 2 * level, "");
}

static void put_value(FILE *out, struct json_object *o, int level);

static void put_object(FILE *out, struct json_object *o, int level)
{
	bool first = true;

	if (!json_object_object_length(o)) {
		fputs("{}", out);
		return;
	}
	fputc('{', out);
	json_object_object_foreach(o, key, val) {
		fputs(first ? "" : ",", out);
		first = false;
		indent(out, level + 1);
		json_put_string(out, key);
		fputs(": ", out);
		put_value(out, val, level + 1);
	}
	indent(out, level);
	fputc('}', out);
}

static void put_array(FILE *out, struct json_object *o, int level)
{
	size_t n = json_object_array_length(o);

	if (!n) {
		fputs("[]", out);
		return;
	}
	fputc('[', out);
	for (size_t i = 0; i < n; i++) {
		fputs(i ? "," : "", out);
		indent(out, level + 1);
		put_value(out, json_object_array_get_idx(o, i), level + 1);
	}
	indent(out, level);
	fputc(']', out);
}

static void put_value(FILE *out, struct json_object *o, int level)
{
	switch (json_object_get_type(o)) {
	case json_type_null:
		fputs("null", out);
		break;
	case json_type_boolean:
		fputs(json_object_get_boolean(o) ? "true" : "false", out);
		break;
	case json_type_int:
		fprintf(out, "%lld", (long long)json_object_get_int64(o));
		break;
	case json_type_double:
		put_double(out, json_object_get_double(o));
		break;
	case json_type_string:
		json_put_string(out, json_object_get_string(o));
		break;
	case json_type_object:
		put_object(out, o, level);
		break;
	case json_type_array:
		put_array(out, o, level);
		break;
	}
}

void json_pretty(FILE *out, struct json_object *o)
{
	put_value(out, o, 0);
	fputc('\n', out);
}
