/* SPDX-License-Identifier: GPL-2.0 */
/*
 * parse.h - the scenario room's inside: the parser state and what the
 * directive files share. Nothing outside conformance/scenario/ includes
 * it; the rest of the runner includes scenario.h.
 *
 *   parse.c     the line loop, the directive table, whole-file checks
 *   values.c    value parsers (times, fractions, CPU lists, weights, max)
 *               and the key=value walker every keyed directive uses
 *   settings.c  the global settings ("cpus 2", "measure 4s", ...): a table
 *   groups.c    "group PATH key=value..."
 *   tasks.c     "task NAME key=value...", the task kinds' table
 *   expect.c    "expect GROUP FRACTION"
 *   phases.c    "at TIME ACTION ARGS...", the actions' table
 *   cpuset.c    the "cpuset" action: a group's cpuset.cpus changed in a run
 *   repeat.c    "every PERIOD ACTION ARGS... VALUE...": repeated actions
 *   timeline.c  phases and firings in time order, the state after them
 *   sched.c     "sched KNOB VALUE"
 *   topology.c  scenarios that scale: the "cpus" range, N, "last" CPUs,
 *               per-CPU tasks (each=)
 *   formula.c   expect formulas of N
 *   state.c     queries on a parsed scenario, the enums' name tables
 *
 * Adding a directive: a handler in its own file, one row in parse.c's
 * directive table. Adding a key to a keyed directive: one row in its key
 * table. Adding an action: one row in phases.c's action table.
 */
#ifndef CONFORM_SCENARIO_PARSE_H
#define CONFORM_SCENARIO_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scenario/scenario.h"

#define SCN_MAX_TOKENS	32
#define SCN_SUM_SLACK	1e-9	/* rounding slack for "expect" sums */
#define SCN_MASK_TEXT	200	/* a CPU mask in a message */
#define SCN_TIME_TEXT	32	/* a time in a message */

#define SCN_ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/* The settings (settings.c), in its table's order; key_line[] is indexed by them. */
enum scn_key {
	KEY_NAME,
	KEY_CPUS,
	KEY_HIERARCHY,
	KEY_WARMUP,
	KEY_MEASURE,
	KEY_WINDOWS,
	KEY_SAMPLE,
	KEY_PELT_SAMPLE,
	KEY_TOLERANCE,
	KEY_CONFIDENCE,
	KEY_TIMEOUT,
	KEY_AGG_TOLERANCE,
	KEY_MODEL,
	KEY_MAX_MEASURE,
	KEY_COUNT
};

struct scn_parser {
	struct scenario *s;
	char *err;
	size_t errlen;
	int line;
	int key_line[KEY_COUNT];	/* 0: not set */
	bool desc_done;
	bool desc_full;
	bool body;			/* a group/task/expect/at was seen */
	bool phases;			/* an "at" was seen */
	int instances;
	uint64_t last_at;
	struct scn_state st;		/* simulated, for phase checks */
	int want_cpus;			/* the machine's CPUs (<= 0: minimum) */
	bool each;			/* the task line being read has each= */
	scn_cpumask_t each_mask;	/* its CPUs (0 with each=*: all) */
};

/* A directive's handler: tok[0] is the directive, ntok >= 1. */
typedef int scn_directive_fn(struct scn_parser *p, char **tok, int ntok);

/*
 * One key of a keyed directive ("group A weight=200 cpuset=0"): its name
 * and what sets it in obj (the group or task being defined).
 */
struct scn_keydef {
	const char *name;
	int (*set)(struct scn_parser *p, void *obj, const char *k,
		   const char *v);
};

/*
 * Walk tok[first..ntok) as key=value pairs against keys[nkeys]: the
 * syntax and duplicate checks, then the key's set(). *seen gets bit i for
 * keys[i]. unknown(p, k) reports a key not in the table.
 */
int scn_parse_keys(struct scn_parser *p, char **tok, int ntok, int first,
		   const struct scn_keydef *keys, int nkeys, void *obj,
		   unsigned int *seen,
		   int (*unknown)(struct scn_parser *p, const char *k));

/* values.c: messages and value parsers; every error is "file:line: msg". */
int scn_err(struct scn_parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
const char *scn_fmt_time(uint64_t us, char *buf, size_t len);
const char *scn_fmt_mask(scn_cpumask_t m, char *buf, size_t len);
bool scn_is_digit(char c);
bool scn_is_group_char(char c);
bool scn_is_name_char(char c);
bool scn_valid_name(const char *v);
bool scn_parse_uint(const char *v, unsigned long *out);
int scn_get_time(struct scn_parser *p, const char *what, const char *v,
		 uint64_t *out);
int scn_get_fraction(struct scn_parser *p, const char *what, const char *v,
		     double *out);
int scn_get_cpus(struct scn_parser *p, const char *what, const char *v,
		 scn_cpumask_t *out);
int scn_get_cpu(struct scn_parser *p, const char *v, int *out);
int scn_get_weight(struct scn_parser *p, const char *v, unsigned long *out);
int scn_get_max(struct scn_parser *p, const char *v, int64_t *quota,
		uint64_t *period);

/* settings.c */
void scn_set_defaults(struct scenario *s);
int scn_setting_index(const char *k);
int scn_setting(struct scn_parser *p, int key, char **tok, int ntok);
int scn_begin_body(struct scn_parser *p);

/* the body's directives */
scn_directive_fn scn_group;
scn_directive_fn scn_task;
scn_directive_fn scn_expect;
scn_directive_fn scn_at;
scn_directive_fn scn_knob;
scn_directive_fn scn_every;

/*
 * phases.c: the actions, shared by "at" and "every". tok[0] names the
 * action, tok[1..ntok) are its arguments; scn_action_nargs() is -1 for
 * an unknown name. scn_event_apply() applies a parsed action to p->st
 * with the checks of the state before and after it.
 */
int scn_action_parse(struct scn_parser *p, char **tok, int ntok,
		     struct scn_phase *ph);
int scn_action_nargs(const char *name);
bool scn_action_repeatable(const char *name);
int scn_event_apply(struct scn_parser *p, const struct scn_phase *ph);

/*
 * After a change to task t's group or affinity, or to a cpuset (in p->st),
 * its affinity must stay inside its group's cpuset and keep an online
 * CPU; what names the action in the message.
 */
int scn_check_task_cpus(struct scn_parser *p, int t, const char *what);

/* cpuset.c: the "cpuset GROUP CPULIST" action (a row of phases.c's table). */
int scn_parse_cpuset(struct scn_parser *p, struct scn_phase *ph, char **a);
int scn_context_cpuset(struct scn_parser *p, const struct scn_phase *ph);
int scn_check_cpuset(struct scn_parser *p, const struct scn_phase *ph);

/* topology.c */
#define SCN_FORMULA_DEPTH	16	/* nested parentheses in a formula */
#define SCN_FORMULA_DEPTH_TEXT	"16"
#define SCN_LAST_CPU		"last"	/* CPU N - 1 in any CPU number */
int scn_set_cpus(struct scn_parser *p, const char *v);
int scn_cpulist_resolve(struct scn_parser *p, const char *v, char *out,
			size_t len);
int scn_set_each(struct scn_parser *p, const char *v);
int scn_task_expand(struct scn_parser *p, struct scn_task *t);
int scn_task_dup(const struct scenario *s, const char *name);
int scn_task_lookup(struct scn_parser *p, const char *v, int *t);
int scn_get_expect_value(struct scn_parser *p, const char *v, double *out);
bool scn_is_formula(const char *v);

/* repeat.c: the firings checked along the timeline (whole file read). */
int scn_repeats_check(struct scn_parser *p);

#endif /* CONFORM_SCENARIO_PARSE_H */
