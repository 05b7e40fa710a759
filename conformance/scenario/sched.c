// SPDX-License-Identifier: GPL-2.0
/*
 * sched.c - "sched KNOB VALUE": a scheduler debugfs knob or feature set
 * for the scenario (kernel/knobs.c applies them).
 */
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

/* [a-z0-9_] (lower) or [A-Z0-9_] (upper), 1..SCN_KNOB_MAX-1 bytes */
static bool scn_knob_word(const char *v, bool upper)
{
	size_t n = strlen(v);

	if (!n || n >= SCN_KNOB_MAX)
		return false;
	for (; *v; v++)
		if (!(*v == '_' || (*v >= '0' && *v <= '9') ||
		      (upper ? (*v >= 'A' && *v <= 'Z') :
			       (*v >= 'a' && *v <= 'z'))))
			return false;
	return true;
}

/* sched NAME VALUE: see struct scn_knob. */
int scn_knob(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_knob *k;
	bool feature;

	if (p->body)
		return scn_err(p, "'sched' must come before the first group, task, expect or phase");
	if (ntok != 3)
		return scn_err(p, "'sched' takes a knob name and a value");
	if (!scn_knob_word(tok[1], false))
		return scn_err(p, "'sched': bad knob name '%s' (lower case, digits, _)",
			       tok[1]);
	feature = !strcmp(tok[1], "features");
	if (feature && !scn_knob_word(tok[2], true))
		return scn_err(p, "'sched features': bad feature '%s' (NAME or NO_NAME)",
			       tok[2]);
	if (!feature && !scn_knob_word(tok[2], false))
		return scn_err(p, "'sched %s': bad value '%s'", tok[1], tok[2]);
	for (int i = 0; i < s->nknobs; i++)
		if (!strcmp(s->knobs[i].name, tok[1]) && !feature)
			return scn_err(p, "duplicate 'sched %s' (first set at line %d)",
				       tok[1], s->knobs[i].line);
	if (s->nknobs == SCN_MAX_KNOBS)
		return scn_err(p, "too many 'sched' lines (max %d)",
			       SCN_MAX_KNOBS);
	k = &s->knobs[s->nknobs++];
	snprintf(k->name, sizeof(k->name), "%s", tok[1]);
	snprintf(k->value, sizeof(k->value), "%s", tok[2]);
	k->line = p->line;
	return 0;
}
