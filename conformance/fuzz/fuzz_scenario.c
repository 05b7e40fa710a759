// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_scenario.c - libFuzzer harness for the scenario parser.
 *
 * Every input goes through scn_parse_buffer() as a scenario file. On
 * success the parsed scenario is also walked through the helpers the
 * runner uses (state init/apply of every phase, timeouts, cpu masks), so
 * that an accepted scenario that would crash the runner is found here too.
 * On failure the message must be a NUL-terminated "name:line: message".
 * Built with clang -fsanitize=fuzzer,address,undefined (conformance/fuzz/fuzz.mk).
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

static struct scenario scn;
static struct scn_state st;

static void walk(const struct scenario *s)
{
	char buf[SCN_MAX_CPUS * 4];
	volatile double w = 0;
	volatile uint64_t t;
	int i, g;

	t = scn_duration_us(s) + scn_timeout_us(s) + scn_measure_start_us(s);
	(void)t;
	scn_cpumask_format(scn_all_cpus(s), buf, sizeof(buf));
	for (i = 0; i < s->ntasks; i++)
		scn_cpumask_format(scn_task_effective_cpus(s, i), buf,
				   sizeof(buf));
	scn_state_init(s, &st);
	for (i = 0; i < s->nphases; i++) {
		scn_state_apply(s, &st, &s->phases[i]);
		(void)scn_action_name(s->phases[i].action);
		for (g = 0; g < s->ngroups; g++)
			w += scn_group_kernel_weight(s, &st, g);
		for (g = 0; g < s->ntasks; g++)
			(void)scn_state_task_cpus(s, &st, g);
	}
	for (g = -1; g < s->ngroups; g++)
		(void)scn_group_cpuset(s, g);
	for (i = 0; i < s->ntasks; i++)
		(void)scn_kind_name(s->tasks[i].kind);
	(void)scn_hierarchy_name(s->hierarchy);
	(void)w;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char err[SCN_ERR_MAX];
	int rc;

	memset(err, 0x5a, sizeof(err));
	rc = scn_parse_buffer("fuzz.scn", (const char *)data, size, &scn,
			      err, sizeof(err));
	if (rc == 0) {
		walk(&scn);
		return 0;
	}
	/*
	 * A rejected input must come with -EINVAL and a terminated message
	 * located as "fuzz.scn:LINE: ".
	 */
	if (rc != -EINVAL || !memchr(err, '\0', sizeof(err)) ||
	    strncmp(err, "fuzz.scn:", 9) != 0 || err[9] < '1' || err[9] > '9')
		abort();
	return 0;
}
