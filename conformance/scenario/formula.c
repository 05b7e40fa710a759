// SPDX-License-Identifier: GPL-2.0
/*
 * formula.c - the value of an "expect" formula of N, the scenario's CPU
 * count at run time: "1/N", "(N-1)/(2*N)", "3/(4*(N+3))".
 *
 * A small recursive-descent evaluator over
 *
 *   expr   := term   { ('+' | '-') term }
 *   term   := factor { ('*' | '/') factor }
 *   factor := NUMBER | 'N' | '(' expr ')'
 *   NUMBER := DIGITS [ '.' DIGITS ]        (at most 9 digits each)
 *
 * No spaces (a value never holds one), no unary minus, at most
 * SCN_FORMULA_DEPTH nested parentheses, so a hostile line costs time
 * linear in its length and a bounded stack. Errors say what and where.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "scenario/parse.h"

struct scn_fx {
	const char *s;		/* the formula */
	const char *c;		/* the next character */
	double n;		/* N */
	int depth;
	char *why;
	size_t whylen;
};

static double fx_expr(struct scn_fx *f, int *ok);

static double fx_fail(struct scn_fx *f, int *ok, const char *msg)
{
	if (*ok) {
		if (*f->c)
			snprintf(f->why, f->whylen, "%s at '%c' (character %d)",
				 msg, *f->c, (int)(f->c - f->s) + 1);
		else
			snprintf(f->why, f->whylen, "%s at the end", msg);
	}
	*ok = 0;
	return 0;
}

static bool fx_digits(struct scn_fx *f, double *x, double *scale)
{
	int n = 0;

	while (scn_is_digit(*f->c)) {
		if (++n > 9)
			return false;
		if (scale) {
			*scale *= 10;
			*x += (*f->c - '0') / *scale;
		} else {
			*x = *x * 10 + (*f->c - '0');
		}
		f->c++;
	}
	return n > 0;
}

static double fx_number(struct scn_fx *f, int *ok)
{
	double x = 0, scale = 1;

	if (!fx_digits(f, &x, NULL))
		return fx_fail(f, ok, "a number of at most 9 digits expected");
	if (*f->c == '.') {
		f->c++;
		if (!fx_digits(f, &x, &scale))
			return fx_fail(f, ok, "decimals of at most 9 digits expected");
	}
	return x;
}

static double fx_factor(struct scn_fx *f, int *ok)
{
	double x;

	if (*f->c == 'N') {
		f->c++;
		return f->n;
	}
	if (*f->c != '(')
		return scn_is_digit(*f->c) ? fx_number(f, ok) :
		       fx_fail(f, ok, "a number, N or '(' expected");
	if (++f->depth > SCN_FORMULA_DEPTH)
		return fx_fail(f, ok, "parentheses nested too deep (max "
			       SCN_FORMULA_DEPTH_TEXT ")");
	f->c++;
	x = fx_expr(f, ok);
	if (!*ok)
		return 0;
	if (*f->c != ')')
		return fx_fail(f, ok, "')' expected");
	f->c++;
	f->depth--;
	return x;
}

static double fx_term(struct scn_fx *f, int *ok)
{
	double x = fx_factor(f, ok);

	while (*ok && (*f->c == '*' || *f->c == '/')) {
		const char *op = f->c++;
		double y = fx_factor(f, ok);

		if (!*ok)
			break;
		if (*op == '*') {
			x *= y;
		} else if (y == 0) {
			f->c = op;
			return fx_fail(f, ok, "division by zero");
		} else {
			x /= y;
		}
	}
	return x;
}

static double fx_expr(struct scn_fx *f, int *ok)
{
	double x = fx_term(f, ok);

	while (*ok && (*f->c == '+' || *f->c == '-')) {
		char op = *f->c++;
		double y = fx_term(f, ok);

		x = op == '+' ? x + y : x - y;
	}
	return x;
}

int scn_formula_eval(const char *expr, int n, double *out, char *why,
		     size_t whylen)
{
	struct scn_fx f = {
		.s = expr, .c = expr, .n = n, .why = why, .whylen = whylen,
	};
	int ok = 1;
	double x;

	if (whylen)
		why[0] = '\0';
	if (!*expr) {
		snprintf(why, whylen, "empty formula");
		return -1;
	}
	x = fx_expr(&f, &ok);
	if (ok && *f.c)
		fx_fail(&f, &ok, "operator or end expected");
	if (!ok)
		return -1;
	if (!isfinite(x)) {
		snprintf(why, whylen, "the value is not a finite number");
		return -1;
	}
	*out = x;
	return 0;
}

/* Characters that make a value a formula rather than a plain fraction. */
bool scn_is_formula(const char *v)
{
	return strpbrk(v, "N()+-*") != NULL;
}
