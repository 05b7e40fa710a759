// SPDX-License-Identifier: GPL-2.0
/*
 * timeline.c - the run's events in time order: the "at" phases and the
 * firings of the "every" repeats, merged. The parser simulates the state
 * along it, the runner applies it, the verdict replays it to know the
 * state of each sample interval.
 */
#include <string.h>

#include "scenario/parse.h"

void scn_event_init(struct scn_event_pos *pos)
{
	memset(pos, 0, sizeof(*pos));
}

/*
 * Time of repeat r's next firing, or UINT64_MAX after the run's longest
 * end: a window the sequential verdict extends past measure keeps the
 * same changes coming (a hop that stopped at measure would leave the
 * rest of the window steady, another scenario).
 */
static uint64_t repeat_next(const struct scenario *s,
			    const struct scn_event_pos *pos, int r)
{
	const struct scn_repeat *rp = &s->repeats[r];
	uint64_t t = rp->from_us + (uint64_t)pos->fired[r] * rp->period_us;

	return t < scn_max_duration_us(s) ? t : UINT64_MAX;
}

const struct scn_phase *scn_event_peek(const struct scenario *s,
				       const struct scn_event_pos *pos,
				       uint64_t *at_us, int *repeat)
{
	const struct scn_phase *ph = NULL;
	uint64_t best = UINT64_MAX;
	int r;

	*repeat = -1;
	if (pos->phase < s->nphases) {
		ph = &s->phases[pos->phase];
		best = ph->at_us;
	}
	for (r = 0; r < s->nrepeats; r++) {
		uint64_t t = repeat_next(s, pos, r);
		const struct scn_repeat *rp = &s->repeats[r];

		if (t >= best)
			continue;
		best = t;
		ph = &rp->vals[pos->fired[r] % (uint32_t)rp->nvals];
		*repeat = r;
	}
	*at_us = best;
	return ph;
}

const struct scn_phase *scn_event_next(const struct scenario *s,
				       struct scn_event_pos *pos,
				       uint64_t *at_us, int *repeat)
{
	const struct scn_phase *ph = scn_event_peek(s, pos, at_us, repeat);

	if (!ph)
		return NULL;
	if (*repeat < 0)
		pos->phase++;
	else
		pos->fired[*repeat]++;
	pos->done++;
	return ph;
}

int scn_firings(const struct scenario *s)
{
	uint64_t end = scn_max_duration_us(s);
	uint64_t n = 0;

	for (int r = 0; r < s->nrepeats; r++) {
		const struct scn_repeat *rp = &s->repeats[r];

		if (rp->period_us && rp->from_us < end)
			n += (end - rp->from_us - 1) / rp->period_us + 1;
		if (n > SCN_MAX_FIRINGS)
			return SCN_MAX_FIRINGS + 1;
	}
	return (int)n;
}

void scn_state_at(const struct scenario *s, struct scn_state *st,
		  struct scn_event_pos *pos, int n)
{
	const struct scn_phase *ph;
	uint64_t at;
	int r;

	if (n < pos->done) {
		scn_state_init(s, st);
		scn_event_init(pos);
	}
	while (pos->done < n) {
		ph = scn_event_next(s, pos, &at, &r);
		if (!ph)
			break;
		scn_state_apply(s, st, ph);
	}
}
