/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jsonget.h - a JSON object's key read as one type, with a default when
 * the key is missing or of another type.
 */
#ifndef REPORT_JSONGET_H
#define REPORT_JSONGET_H

struct json_object;

/* o's integer key (o may be NULL). */
long jkey_int(struct json_object *o, const char *key, long dflt);

/* o's string key (o may be NULL); valid while o is. */
const char *jkey_str(struct json_object *o, const char *key, const char *dflt);

#endif /* REPORT_JSONGET_H */
