/* SPDX-License-Identifier: GPL-2.0 */
/*
 * guestdeath.h - why a guest died, from its console (cfsreport run-meta,
 * runfacts.c): the first oops, BUG or panic, and whether it is the
 * emulator's fault rather than the kernel's.
 *
 * An emulator fault is an "int3" oops in kernel text whose Code: byte
 * before the <..> marker is not cc (the trap leaves RIP after the int3,
 * so that byte is where the breakpoint was: memory already holds the new
 * instruction), or any int3 oops in kernel text under TCG: a breakpoint
 * the kernel's text patching (jump labels, static calls:
 * smp_text_poke_batch_finish / text_poke_bp) had already removed, run
 * from a stale translation (QEMU < 8.1 multi-threaded TCG; see
 * docs/lab/2026-12-07-tcg-int3.md). Under KVM an int3 whose byte is still
 * cc is a kernel oops: hardware never runs a breakpoint the patcher has
 * removed and synced. Any other oops, BUG or panic is the kernel's.
 */
#ifndef REPORT_GUESTDEATH_H
#define REPORT_GUESTDEATH_H

#include <stdbool.h>
#include <stddef.h>

#include "ktapmerge.h"

enum guest_death_kind {
	GD_NONE,		/* no oops, BUG or panic in the console */
	GD_EMULATOR,		/* an int3 the emulator ran, not the kernel */
	GD_KERNEL,		/* any other oops, BUG or panic */
};

struct guest_death {
	enum guest_death_kind kind;
	bool int3;		/* the first oops is an int3 */
	char head[256];		/* its first line, "Oops: " and time dropped */
	char rip[128];		/* "update_curr+0xaf/0x1e0", or "" */
	int cpu;		/* -1: not said */
	char before[3];		/* the Code: byte before <..>, or "" */
};

/* The first death in console; kvm: the guest ran under KVM. */
void guest_death_read(const struct lines *console, bool kvm,
		      struct guest_death *d);

/*
 * One line: "emulator-int3: int3 at update_curr+0xaf/0x1e0 on CPU 1, but
 * the text there is '66', not int3 cc: ...", "kernel-oops: ..." or
 * "none: ..."; accel names the accelerator in it.
 */
void guest_death_text(const struct guest_death *d, const char *accel,
		      char *buf, size_t len);

#endif /* REPORT_GUESTDEATH_H */
