/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz_check.h - the property every input of the scenario parser must
 * have, shared by the libFuzzer harness (fuzz_scenario.c) and the replay
 * test (conformance/tests/test_fuzz_regressions.c):
 *
 *  - scn_parse_buffer() returns 0 or -EINVAL, at the file's minimum N
 *    and again at an N from 1 to 64 taken from the input's hash
 *    (scn_parse_buffer_cpus(): the "cpus" range, each=, "last" and the
 *    expect formulas are expanded for each);
 *  - on -EINVAL, err is NUL-terminated and starts "NAME:LINE: " with
 *    LINE >= 1;
 *  - on 0, every helper the runner applies to a parsed scenario (state
 *    init and every phase applied in order, kernel weights, effective CPU
 *    sets, durations, mask formatting) runs without a sanitizer report, and
 *    every index the scenario holds is in range (N within its "cpus"
 *    range, per-CPU tasks pinned to their CPU below N, expectations
 *    finite fractions).
 *
 * fuzz_check_input() returns 0 when the property holds, else a short
 * description of the violation (the caller aborts or fails the test).
 */
#ifndef CONFORM_FUZZ_CHECK_H
#define CONFORM_FUZZ_CHECK_H

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "scenario/scenario.h"

static const char *fuzz_check_parsed(const struct scenario *s,
				     struct scn_state *st)
{
	char buf[SCN_MAX_CPUS * 4];
	volatile double w = 0;
	int i, g;

	if (s->cpus < 1 || s->cpus > SCN_MAX_CPUS)
		return "cpus out of range";
	if (s->cpus_min < 1 || s->cpus_max > SCN_MAX_CPUS ||
	    s->cpus < s->cpus_min || s->cpus > s->cpus_max)
		return "N outside the cpus range";
	if (s->ngroups < 0 || s->ngroups > SCN_MAX_GROUPS ||
	    s->ntasks < 0 || s->ntasks > SCN_MAX_TASKS ||
	    s->nphases < 0 || s->nphases > SCN_MAX_PHASES ||
	    s->nexpect < 0 || s->nexpect > SCN_MAX_EXPECT)
		return "a count out of range";
	if (!memchr(s->name, '\0', sizeof(s->name)) ||
	    !memchr(s->description, '\0', sizeof(s->description)))
		return "unterminated name or description";
	for (g = 0; g < s->ngroups; g++)
		if (s->groups[g].parent < -1 || s->groups[g].parent >= g)
			return "group parent not an earlier group";
	for (i = 0; i < s->ntasks; i++)
		if (s->tasks[i].group < 0 || s->tasks[i].group >= s->ngroups ||
		    s->tasks[i].count < 1)
			return "task group or count out of range";
	for (i = 0; i < s->ntasks; i++)
		if (s->tasks[i].each_cpu >= s->cpus ||
		    (s->tasks[i].each_cpu >= 0 && s->tasks[i].cpus !=
		     (scn_cpumask_t)1 << s->tasks[i].each_cpu))
			return "per-CPU task not pinned to its CPU below N";
	for (i = 0; i < s->nexpect; i++)
		if (s->expect[i].group < 0 || s->expect[i].group >= s->ngroups ||
		    !isfinite(s->expect[i].fraction) ||
		    s->expect[i].fraction < 0 || s->expect[i].fraction > 1.001)
			return "expect group or fraction out of range";
	for (i = 0; i < s->nphases; i++) {
		const struct scn_phase *p = &s->phases[i];

		if (p->group >= s->ngroups || p->task >= s->ntasks ||
		    p->cpu >= s->cpus)
			return "phase index out of range";
		if (i && p->at_us < s->phases[i - 1].at_us)
			return "phases not sorted";
	}
	if (scn_timeout_us(s) < scn_max_duration_us(s) ||
	    scn_max_duration_us(s) < scn_duration_us(s) ||
	    scn_measure_start_us(s) > scn_duration_us(s))
		return "timeout or measure start inconsistent";
	if (scn_cpumask_format(scn_all_cpus(s), buf, sizeof(buf)) < 0)
		return "cpu mask does not format";
	for (i = 0; i < s->ntasks; i++)
		if (scn_cpumask_format(scn_task_effective_cpus(s, i), buf,
				       sizeof(buf)) < 0)
			return "task cpus do not format";
	scn_state_init(s, st);
	for (i = 0; i < s->nphases; i++) {
		scn_state_apply(s, st, &s->phases[i]);
		(void)scn_action_name(s->phases[i].action);
		for (g = 0; g < s->ngroups; g++)
			w += scn_group_kernel_weight(s, st, g);
		for (g = 0; g < s->ntasks; g++)
			if (!scn_state_task_cpus(s, st, g))
				return "a phase left a task no CPU";
	}
	for (g = -1; g < s->ngroups; g++)
		if (!scn_group_cpuset(s, g))
			return "a group has an empty cpuset";
	for (i = 0; i < s->ntasks; i++)
		(void)scn_kind_name(s->tasks[i].kind);
	(void)scn_hierarchy_name(s->hierarchy);
	(void)w;
	return NULL;
}

/* The second N an input is parsed at: 1..64 from its FNV-1a hash. */
static int fuzz_cpus(const uint8_t *data, size_t size)
{
	uint32_t h = 2166136261u;

	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * 16777619u;
	return 1 + (int)(h % SCN_MAX_CPUS);
}

static const char *fuzz_check_at(const char *name, const uint8_t *data,
				 size_t size, int ncpus, struct scenario *s,
				 struct scn_state *st)
{
	char err[SCN_ERR_MAX];
	size_t n = strlen(name);
	int rc;

	memset(err, 0x5a, sizeof(err));
	rc = scn_parse_buffer_cpus(name, (const char *)data, size, ncpus, s,
				   err, sizeof(err));
	if (rc == 0)
		return fuzz_check_parsed(s, st);
	if (rc != -EINVAL)
		return "error other than -EINVAL";
	if (!memchr(err, '\0', sizeof(err)))
		return "error message not terminated";
	if (strncmp(err, name, n) || err[n] != ':' || err[n + 1] < '1' ||
	    err[n + 1] > '9')
		return "error message not located as NAME:LINE:";
	return NULL;
}

static const char *fuzz_check_input(const char *name, const uint8_t *data,
				    size_t size, struct scenario *s,
				    struct scn_state *st)
{
	const char *why = fuzz_check_at(name, data, size, 0, s, st);

	if (!why)
		why = fuzz_check_at(name, data, size, fuzz_cpus(data, size),
				    s, st);
	return why;
}

#endif /* CONFORM_FUZZ_CHECK_H */
