/* SPDX-License-Identifier: GPL-2.0 */
/*
 * runfacts.h - what one guest boot came to (cfsreport run-meta, called by
 * initramfs/qemu-run.sh once QEMU is gone): from the console the
 * RUNNER_EXIT=N marker, the first oops or panic and whether the emulator
 * caused it (guestdeath.h), an OOM kill, the kernel release and the
 * failed KUnit suites; from results.jsonl the scenario that was
 * running when the guest stopped; from the host (struct run_host) how the
 * watchdog ended the boot. Gives the run's exit code (README "Exit
 * codes"), writes meta.json and says what happened to the guest.
 */
#ifndef REPORT_RUNFACTS_H
#define REPORT_RUNFACTS_H

#include <stdbool.h>
#include <stdio.h>

#include "guestdeath.h"
#include "ktapmerge.h"

/* What qemu-run.sh knows; the strings are written as given. */
struct run_host {
	const char *label, *accel, *cpus, *mem, *kernel;
	const char *kernel_meta;	/* a JSON file for kernel_build, or "" */
	const char *watchdog;		/* "", "hang" or "deadline" */
	const char *started, *deadline, *idle;
	const char *qemu_version;	/* "10.0.2", or "" */
	const char *tcg_thread;		/* "multi", "single", or "" (kvm) */
	int qemu_exit;
	int duration;
};

struct run_facts {
	int runner_exit;		/* -1: no RUNNER_EXIT marker */
	const char *host_status;	/* ok, runner-crashed, emulator-fault,
					 * panic, hang, ... */
	int exit_code;
	char last_scenario[256];	/* "": it finished, or none started */
	int last_index;			/* its index in the run, or -1 */
	struct guest_death death;	/* the first oops or panic */
	char death_text[512];		/* guest_death_text() of it, or "" */
	char release[128];
	char kunit_failed[1024];	/* failed suites, space-separated */
	bool oom;
};

/* The facts of dir's console.log and results.jsonl. 0 or -errno. */
int run_facts_read(const char *dir, const struct run_host *h,
		   struct run_facts *f);

/* meta.json of run run_id (the shape docs/results-schema.md gives). */
int run_facts_meta(FILE *out, const char *run_id, const struct run_host *h,
		   const struct run_facts *f);

/* "[run] guest kernel panicked ...", "[run] emulator fault ..." and the
 * failed KUnit suites. */
void run_facts_say(FILE *out, const char *dir, const struct run_host *h,
		   const struct run_facts *f);

#endif /* REPORT_RUNFACTS_H */
