// SPDX-License-Identifier: GPL-2.0
/*
 * verdictline.c - the run's closing verdict line (verdictline.h).
 */
#include <errno.h>
#include <stdio.h>

#include <json-c/json.h>

#include "contract/contract.h"
#include "jsonget.h"
#include "ktap.h"
#include "verdictline.h"

void ktap_count(const struct lines *ktap, struct totals *t)
{
	struct ktap_result r;
	int p, f, s;

	*t = (struct totals){ 0 };
	for (int i = 0; i < ktap->n; i++)
		if (ktap_parse_line(ktap->v[i], &r, &p, &f, &s) == 1)
			totals_add(t, r.verdict);
}

int verdict_line(const char *dir, FILE *out)
{
	char path[4096];
	struct json_object *meta;
	struct totals c;
	struct lines ktap = { 0 };
	FILE *f;
	int rc, jobs;

	snprintf(path, sizeof(path), "%s/meta.json", dir);
	meta = json_object_from_file(path);
	rc = meta ? (int)jkey_int(meta, "exit_code", -1) : -1;
	if (rc < 0) {
		json_object_put(meta);
		return -EINVAL;
	}
	snprintf(path, sizeof(path), "%s/results.ktap", dir);
	f = fopen(path, "r");
	if (f) {
		lines_read(f, &ktap);
		fclose(f);
	}
	ktap_count(&ktap, &c);
	lines_free(&ktap);
	fprintf(out, "[run] verdict: %s (%d passed, %d failed, %d inconclusive, "
		"%d skipped", exit_code_verdict(rc), c.pass, c.fail + c.error,
		c.inconclusive, c.skip);
	if (c.xfail)	/* only then: the line is unchanged without them */
		fprintf(out, ", %d departures (xfail)", c.xfail);
	fprintf(out, "; exit %d) in %ds", rc,
		(int)jkey_int(meta, "duration_s", -1));
	jobs = (int)jkey_int(meta, "jobs", 0);
	if (jobs > 0)
		fprintf(out, ", %d guests\n", jobs);
	else
		fprintf(out, " on %s\n", jkey_str(meta, "accel", ""));
	json_object_put(meta);
	return rc;
}
