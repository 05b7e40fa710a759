// SPDX-License-Identifier: GPL-2.0
/*
 * test_ops.c - the mutation operators (ops.h) on single lines: what each
 * writes, and what each must leave alone (unary operators, declarators,
 * casts, assignment targets, statements an unbraced if governs).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ops.h"

static struct mut_list out;
static struct line_tokens toks;

/* Run op on line; returns how many mutations it wrote. */
static int run(int (*op)(const struct op_ctx *), const char *line,
	       bool stmt_start)
{
	struct lex_state st = { false };
	struct op_ctx c = { .line = line, .t = &toks, .func = "f",
			    .stmt_start = stmt_start, .out = &out };

	mut_list_free(&out);
	assert_true(lex_line(line, &st, &toks) >= 0);
	assert_int_equal(op(&c), 0);
	return out.n;
}

static bool wrote(const char *text)
{
	for (int i = 0; i < out.n; i++)
		if (!out.m[i].delete_line && !strcmp(out.m[i].text, text))
			return true;
	return false;
}

static void test_lex(void **state)
{
	struct lex_state st = { false };
	const char *l = "a <<= b->c; /* x < y */ s = \"<\"; /* open";

	(void)state;
	assert_int_equal(lex_line(l, &st, &toks), 10);
	assert_true(tok_is(l, &toks.tok[1], "<<="));
	assert_true(tok_is(l, &toks.tok[3], "->"));
	assert_int_equal(toks.tok[8].kind, TOK_STRING);
	assert_true(st.in_comment);
	assert_int_equal(lex_line("still */ x", &st, &toks), 1);
}

static void test_rel_arith(void **state)
{
	(void)state;
	assert_int_equal(run(ops_rel, "\tif (a > b)", false), 1);
	assert_true(wrote("\tif (a >= b)"));
	/* unary minus, a deref, a declarator and a cast are left alone */
	assert_int_equal(run(ops_arith, "\tx = -a + *p;", true), 1);
	assert_true(wrote("\tx = -a - *p;"));
	assert_int_equal(run(ops_arith, "\tstruct cfs_rq *c = (struct x *)p;", true), 0);
	assert_int_equal(run(ops_arith, "\tlong s = t * l;", true), 1);
	assert_true(wrote("\tlong s = t / l;"));
	assert_int_equal(run(ops_arith, "\tshares /= w;", true), 1);
	assert_true(wrote("\tshares *= w;"));
}

static void test_const(void **state)
{
	(void)state;
	assert_int_equal(run(ops_const, "\tif (d > c / 64)", false), 2);
	assert_true(wrote("\tif (d > c / 128)"));
	assert_true(wrote("\tif (d > c / 32)"));
	assert_int_equal(run(ops_const, "\treturn 0;", true), 1);
	assert_true(wrote("\treturn 1;"));
	assert_int_equal(run(ops_const, "\tx = 10UL;", true), 2);
	assert_true(wrote("\tx = 9UL;"));
}

static void test_swap(void **state)
{
	(void)state;
	assert_int_equal(run(ops_swap, "\td = se->avg.x - f(a, b);", true), 1);
	assert_true(wrote("\td = f(a, b) - se->avg.x;"));
	/* x * a - b: a is not the left operand of '-' */
	assert_int_equal(run(ops_swap, "\td = x * a - b;", true), 0);
	/* a cast on the right, a unary minus on the left */
	assert_int_equal(run(ops_swap, "\td = a - (u64)b;", true), 0);
	assert_int_equal(run(ops_swap, "\td = -a - b;", true), 0);
	assert_int_equal(run(ops_swap, "\tif (a - b < c)", false), 1);
	assert_true(wrote("\tif (b - a < c)"));
}

static void test_clamp(void **state)
{
	(void)state;
	assert_int_equal(run(ops_drop_clamp, "\tl = max(f(a), b->c);", true), 2);
	assert_true(wrote("\tl = (f(a));"));
	assert_true(wrote("\tl = (b->c);"));
	assert_int_equal(run(ops_drop_clamp,
			     "\treturn clamp_t(long, s, MIN, t);", true), 1);
	assert_true(wrote("\treturn (long)(s);"));
}

static void test_statements(void **state)
{
	(void)state;
	assert_int_equal(run(ops_drop_call, "\tupdate(cfs_rq, se);", true), 1);
	assert_true(out.m[0].delete_line);
	assert_string_equal(out.m[0].op, "drop-call");
	/* the body of an unbraced if, a return, an assignment: not calls */
	assert_int_equal(run(ops_drop_call, "\tupdate(cfs_rq, se);", false), 0);
	assert_int_equal(run(ops_drop_call, "\treturn f(x);", true), 0);
	assert_int_equal(run(ops_drop_call, "\tx = f(x);", true), 0);
	assert_int_equal(run(ops_skip_update,
			     "\tse->avg.load_avg = div_u64(a * b, d);", true), 1);
	assert_string_equal(out.m[0].op, "skip-rescale");
	assert_int_equal(run(ops_skip_update, "\tcfs_rq->on_list = 1;", true), 1);
	assert_string_equal(out.m[0].op, "skip-update");
	/* a local is not dropped (it would be read uninitialised) */
	assert_int_equal(run(ops_skip_update, "\tshares = 1;", true), 0);
}

static void test_stale(void **state)
{
	(void)state;
	assert_int_equal(run(ops_stale,
			     "\td = cfs_rq->avg.load_avg - gcfs_rq->avg.load_avg;",
			     true), 2);
	assert_true(wrote("\td = cfs_rq->tg_load_avg_contrib - gcfs_rq->avg.load_avg;"));
	/* written, or its address taken: not a read */
	assert_int_equal(run(ops_stale, "\tcfs_rq->avg.load_avg = 0;", true), 0);
	assert_int_equal(run(ops_stale, "\tsub(&cfs_rq->avg.load_avg, d);", true), 0);
}

static int teardown(void **state)
{
	(void)state;
	mut_list_free(&out);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lex),
		cmocka_unit_test(test_rel_arith),
		cmocka_unit_test(test_const),
		cmocka_unit_test(test_swap),
		cmocka_unit_test(test_clamp),
		cmocka_unit_test(test_statements),
		cmocka_unit_test(test_stale),
	};

	return cmocka_run_group_tests(tests, NULL, teardown);
}
