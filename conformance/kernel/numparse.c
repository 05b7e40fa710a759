// SPDX-License-Identifier: GPL-2.0
/*
 * numparse.c - the number parser of the kernel-file readers.
 *
 * The kernel prints its numbers with %d, %lu, %llu and, in sched/debug,
 * "%lld.%06ld": a decimal with an optional sign and fraction, never an
 * exponent, hex or locale. The sampler parses thousands of them a
 * second inside a TCG guest, so they are read in place from the buffer
 * (no NUL-terminated copy, no strtod() with its locale and rounding
 * machinery). Integers up to 2^53 are exact; a fraction is one division,
 * within an ulp of strtod().
 */
#include <errno.h>
#include <stdint.h>

#include "kernel/kernel.h"

/* At most this many digits fit a uint64_t whatever they are. */
#define KPARSE_SAFE_DIGITS	19

static const double pow10_tab[] = {
	1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
};

static inline bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* Digits at s (before end) into *v; returns how many, *v saturates. */
static int digits_u64(const char *s, const char *end, uint64_t *v,
		      bool *over)
{
	const char *p = s;
	uint64_t x = 0;

	*over = false;
	for (; p < end && is_digit(*p); p++) {
		unsigned int d = *p - '0';

		if (x > (UINT64_MAX - d) / 10)
			*over = true;
		else
			x = x * 10 + d;
	}
	*v = x;
	return (int)(p - s);
}

int kparse_u64(const char *s, const char *end, uint64_t *v,
	       const char **next)
{
	bool over;
	int n = digits_u64(s, end, v, &over);

	if (!n)
		return -EINVAL;
	if (over)
		return -ERANGE;
	if (next)
		*next = s + n;
	return 0;
}

/* The fraction after a '.' at s: its value, *next past its digits. */
static double fraction(const char *s, const char *end, const char **next)
{
	uint64_t x = 0;
	int n = 0;

	for (; s < end && is_digit(*s); s++)
		if (n < KPARSE_SAFE_DIGITS - 1) {
			x = x * 10 + (unsigned int)(*s - '0');
			n++;
		}
	*next = s;
	return n ? (double)x / pow10_tab[n] : 0;
}

int kparse_num(const char *s, const char *end, double *v, const char **next)
{
	const char *p = s;
	bool neg = false, over;
	uint64_t ip;
	double x;
	int n;

	if (p < end && (*p == '-' || *p == '+'))
		neg = *p++ == '-';
	n = digits_u64(p, end, &ip, &over);
	if (!n)
		return -EINVAL;
	if (over)
		return -ERANGE;
	p += n;
	x = (double)ip;
	if (p < end && *p == '.')
		x += fraction(p + 1, end, &p);
	*v = neg ? -x : x;
	if (next)
		*next = p;
	return 0;
}

int kparse_int(const char *s, const char *end, long *v, const char **next)
{
	const char *p = s;
	bool neg = false;
	uint64_t x;
	int r;

	if (p < end && (*p == '-' || *p == '+'))
		neg = *p++ == '-';
	r = kparse_u64(p, end, &x, next);
	if (r)
		return r;
	if (x > (uint64_t)INT64_MAX)
		return -ERANGE;
	*v = neg ? -(long)x : (long)x;
	return 0;
}
