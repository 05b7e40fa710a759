// SPDX-License-Identifier: GPL-2.0
/*
 * kill.c - a mutant's run judged (kill.h).
 */
#include <string.h>

#include "kill.h"

/* ", "-separated names of the failed scenarios; returns how many. */
static int failed_names(FILE *f, const struct rep_run *run)
{
	int i, n = 0;

	for (i = 0; i < run->n_scen; i++) {
		if (run->scen[i].verdict != V_FAIL)
			continue;
		if (f)
			fprintf(f, "%s%s", n ? ", " : "", run->scen[i].name);
		n++;
	}
	return n;
}

static void counts_line(FILE *f, const struct rep_run *run)
{
	int counts[V_COUNT], v, first = 1;

	results_count(run, counts);
	fputs(" (", f);
	for (v = 0; v < V_COUNT; v++) {
		if (!counts[v])
			continue;
		fprintf(f, "%s%d %s", first ? "" : ", ", counts[v],
			verdict_name(v));
		first = 0;
	}
	fputs(first ? "no scenarios)\n" : ")\n", f);
}

enum kill_state kill_judge(FILE *f, const struct rep_run *run)
{
	int n = failed_names(NULL, run);
	bool emulator = run->host_status &&
			!strcmp(run->host_status, "emulator-fault");

	if (emulator && !n) {
		fprintf(f, "undecided: emulator fault in %s after %d scenarios\n",
			run->last_scenario ? run->last_scenario : "?",
			run->n_scen);
		return KILL_UNDECIDED;
	}
	if (results_run_broken(run) && !emulator) {
		fprintf(f, "killed: guest %s", run->host_status &&
			run->host_status[0] ? run->host_status : "did not finish");
		if (run->last_scenario)
			fprintf(f, " in %s", run->last_scenario);
		fprintf(f, " after %d scenarios", run->n_scen);
		if (n) {
			fputs(", failed before: ", f);
			failed_names(f, run);
		}
		fputc('\n', f);
		return KILL_DIED;
	}
	if (n) {
		fprintf(f, "killed by %d scenario%s (", n, n == 1 ? "" : "s");
		failed_names(f, run);
		fputs(")\n", f);
		return KILL_FAILED;
	}
	fputs("survived", f);
	counts_line(f, run);
	return KILL_SURVIVED;
}
