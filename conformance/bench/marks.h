/* SPDX-License-Identifier: GPL-2.0 */
/*
 * marks.h - the cost meter's marker instructions:
 * nopl 0x434653NN(%rax,%rax,1), a no-op on every x86-64 CPU whose
 * displacement ("CFS" + NN) no compiler emits; the host's QEMU plugin
 * (icount/insnmark.c) counts the guest instructions executed between
 * NN 01 (begin) and NN 02 (end), on all vCPUs.
 */
#ifndef CFSBENCH_MARKS_H
#define CFSBENCH_MARKS_H

static inline void mark_begin(void)
{
	asm volatile(".byte 0x0f, 0x1f, 0x84, 0x00, 0x01, 0x53, 0x46, 0x43"
		     ::: "memory");
}

static inline void mark_end(void)
{
	asm volatile(".byte 0x0f, 0x1f, 0x84, 0x00, 0x02, 0x53, 0x46, 0x43"
		     ::: "memory");
}

#endif /* CFSBENCH_MARKS_H */
