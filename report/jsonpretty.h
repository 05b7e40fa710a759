/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jsonpretty.h - JSON written as jq 1.6 writes it, so that the files the
 * run scripts wrote with jq keep their bytes: strings with '"', '\\' and
 * control characters escaped (\b \t \n \f \r, else \u00XX, DEL too),
 * everything else as it is; objects and arrays two spaces a level,
 * "key": value, {} and [] when empty; numbers as integers when they are,
 * else the shortest form that reads back the same.
 */
#ifndef REPORT_JSONPRETTY_H
#define REPORT_JSONPRETTY_H

#include <stdio.h>

struct json_object;

void json_put_string(FILE *out, const char *s);

/* o pretty-printed at indent level 0, then a newline. */
void json_pretty(FILE *out, struct json_object *o);

#endif /* REPORT_JSONPRETTY_H */
