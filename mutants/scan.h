/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scan.h - every mutation of the named functions of a source file.
 *
 * Inside each body, every code line is offered to every operator
 * (ops.h), except preprocessor lines and lines that only check, trace,
 * lock or annotate (WARN, trace_, lockdep, rq_lock, ...): mutating those
 * tests the kernel's debugging aids, not the fairness it computes.
 */
#ifndef MUTANTS_SCAN_H
#define MUTANTS_SCAN_H

#include "mutation.h"
#include "source.h"

/* Append the mutations of every body of func; 0 or -errno. */
int scan_function(const struct source *src, const char *func,
		  struct mut_list *out);

#endif /* MUTANTS_SCAN_H */
