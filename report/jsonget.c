// SPDX-License-Identifier: GPL-2.0
/*
 * jsonget.c - typed reads of a JSON object's keys (jsonget.h).
 */
#include <json-c/json.h>

#include "jsonget.h"

long jkey_int(struct json_object *o, const char *key, long dflt)
{
	struct json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_int))
		return dflt;
	return (long)json_object_get_int64(v);
}

const char *jkey_str(struct json_object *o, const char *key, const char *dflt)
{
	struct json_object *v;

	if (!o || !json_object_object_get_ex(o, key, &v) ||
	    !json_object_is_type(v, json_type_string))
		return dflt;
	return json_object_get_string(v);
}
