// SPDX-License-Identifier: GPL-2.0
/*
 * repeat.c - "every PERIOD [from=TIME] ACTION ARGS... VALUE...": an
 * action repeated through the run, the measurement window included; its
 * last argument cycles through the values given ("every 20ms affinity h
 * 0 1": CPU 0, CPU 1, CPU 0, ...). Each value is parsed as the action of
 * an "at" line would be; what a firing does to the state is checked once
 * the whole file is read (scn_repeats_check()), along the timeline of
 * phases and firings, because it depends on every other event.
 */
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

/* "from=TIME", if tok is one; 1: it was, 0: it is not, or an error. */
static int scn_every_from(struct scn_parser *p, const char *tok,
			  uint64_t *from)
{
	int ret;

	if (strncmp(tok, "from=", 5))
		return 0;
	ret = scn_get_time(p, "from", tok + 5, from);
	if (ret)
		return ret;
	if (!*from)
		return scn_err(p, "every: from= must be after 0 (the workload's start)");
	return 1;
}

static int scn_every_period(struct scn_parser *p, const char *v,
			    uint64_t *period)
{
	char a[SCN_TIME_TEXT];
	int ret = scn_get_time(p, "every period", v, period);

	if (ret)
		return ret;
	if (*period < SCN_MIN_REPEAT_US)
		return scn_err(p, "every: period %s is shorter than %s", v,
			       scn_fmt_time(SCN_MIN_REPEAT_US, a, sizeof(a)));
	return 0;
}

/*
 * The values of the action tok[0] with arguments tok[1..ntok): the last
 * argument cycles, the ones before it are fixed.
 */
static int scn_every_values(struct scn_parser *p, char **tok, int ntok,
			    struct scn_repeat *rp)
{
	char *a[SCN_MAX_TOKENS];
	int nargs = scn_action_nargs(tok[0]);
	int ret;

	if (nargs < 0)
		return scn_action_parse(p, tok, ntok, &rp->vals[0]);
	if (!scn_action_repeatable(tok[0]))
		return scn_err(p, "every: '%s' cannot be repeated (repeatable: weight, move, affinity, stop, cont, max)",
			       tok[0]);
	if (ntok - 1 < nargs)
		return scn_action_parse(p, tok, ntok, &rp->vals[0]);
	rp->nvals = ntok - nargs;
	if (rp->nvals > SCN_MAX_CYCLE)
		return scn_err(p, "every: at most %d values to cycle through",
			       SCN_MAX_CYCLE);
	memcpy(a, tok, sizeof(a[0]) * (size_t)nargs);
	for (int j = 0; j < rp->nvals; j++) {
		a[nargs] = tok[nargs + j];
		ret = scn_action_parse(p, a, nargs + 1, &rp->vals[j]);
		if (ret)
			return ret;
	}
	rp->action = rp->vals[0].action;
	return 0;
}

int scn_every(struct scn_parser *p, char **tok, int ntok)
{
	struct scenario *s = p->s;
	struct scn_repeat rp;
	int first = 2, ret;

	if (s->nphases)
		return scn_err(p, "'every' after an 'at' phase (repeats come before the phases)");
	p->phases = true;
	if (ntok < 3)
		return scn_err(p, "'every' needs a period and an action (e.g. every 20ms affinity h 0 1)");
	if (s->nrepeats >= SCN_MAX_REPEATS)
		return scn_err(p, "too many 'every' lines (max %d)",
			       SCN_MAX_REPEATS);
	memset(&rp, 0, sizeof(rp));
	rp.line = p->line;
	ret = scn_every_period(p, tok[1], &rp.period_us);
	if (ret)
		return ret;
	rp.from_us = rp.period_us;
	ret = scn_every_from(p, tok[2], &rp.from_us);
	if (ret < 0)
		return ret;
	first += ret;
	if (ntok <= first)
		return scn_err(p, "'every' needs an action after its period (e.g. every 20ms affinity h 0 1)");
	ret = scn_every_values(p, tok + first, ntok - first, &rp);
	if (ret)
		return ret;
	s->repeats[s->nrepeats++] = rp;
	return 0;
}

/*
 * One event of the timeline, with its checks; a firing's error names its
 * time and its line is the "every" line.
 */
static int scn_check_event(struct scn_parser *p, const struct scn_phase *ph,
			   uint64_t at, int repeat)
{
	char msg[SCN_ERR_MAX], t[SCN_TIME_TEXT];
	const char *m;
	int ret;

	p->line = ph->line;
	ret = scn_event_apply(p, ph);
	if (!ret || repeat < 0 || !p->err || !p->errlen)
		return ret;
	m = strstr(p->err, ": ");
	snprintf(msg, sizeof(msg), "%s", m ? m + 2 : p->err);
	return scn_err(p, "firing at %s: %s", scn_fmt_time(at, t, sizeof(t)),
		       msg);
}

int scn_repeats_check(struct scn_parser *p)
{
	const struct scenario *s = p->s;
	const struct scn_phase *ph;
	struct scn_event_pos pos;
	uint64_t at;
	int r, ret;

	if (!s->nrepeats)
		return 0;
	if (scn_firings(s) > SCN_MAX_FIRINGS) {
		p->line = s->repeats[s->nrepeats - 1].line;
		return scn_err(p, "every: more than %d firings in the run",
			       SCN_MAX_FIRINGS);
	}
	scn_state_init(s, &p->st);
	scn_event_init(&pos);
	while ((ph = scn_event_next(s, &pos, &at, &r))) {
		ret = scn_check_event(p, ph, at, r);
		if (ret)
			return ret;
	}
	return 0;
}
