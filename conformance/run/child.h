/* SPDX-License-Identifier: GPL-2.0 */
/*
 * child.h - inside the run module: the scenario process (the runner's
 * child, in its own process group), from its setup to its report.
 *
 * child_setup.c sets it up and tears it down, sampling.c runs its sample
 * loop (phase.c applies its phases), child_report.c decides its verdict
 * and reports it; runner.c, the parent, forks it and collects the
 * message.
 */
#ifndef CONFORM_RUN_CHILD_H
#define CONFORM_RUN_CHILD_H

#include <stdbool.h>
#include <stdint.h>

#include "run/run.h"
#include "verdict/sequential.h"
#include "verdict/verdict.h"

/* What the scenario process tells the parent, over a pipe. */
struct child_msg {
	int verdict;
	int emitted;		/* the child wrote the result record */
	char reason[256];
};

/* What the setup made, and what the teardown undoes or reads. */
struct child_setup {
	struct cg_ctx cg;
	struct workload w;
	struct kmsg_report km;
	enum pelt_source src;
	scn_cpumask_t online0;		/* to restore */
	int kfd;			/* kmsg_begin(), -1: ended */
	/* process start, cgroups made, workers and sampler ready, tracing */
	uint64_t t_setup[4];
	uint64_t teardown_us;		/* child_teardown()'s */
	struct tracecount tc;
	int tc_ret;
	struct xcheck xc;
	int xc_ret;			/* 1: not run */
};

/* The sample loop's: the samples and what it saw of itself. */
struct child_sampling {
	struct sample_set ss;
	struct sampler sp;
	uint64_t t0;			/* workload start (monotonic) */
	uint64_t dur;			/* window start + longest window */
	uint64_t ran_us;		/* the workload ran, up to teardown */
	uint64_t ws, we;		/* the (longest) window, from t0 */
	int pelt_every;			/* samples per PELT read, mean */
	uint64_t max_late;		/* worst sampler wake-up lateness */
	int late;			/* ... samples late by > 5 ms */
	char phase_err[256];		/* the first phase that failed */
	int usage_end_ret;		/* child_usage_end()'s sample */
};

/* The verdict's: the sequential looks and the result. */
struct child_looks {
	struct seq_plan plan;		/* the looks */
	struct seq_outcome sq;		/* ... and the deciding one */
	struct scenario *scratch;	/* s, confidence set per look */
	int look;			/* the next look */
	bool decided;
	struct scn_result res;
};

/* Everything the scenario process holds, from setup to its report. */
struct child {
	const struct scenario *s;
	int index;
	struct scn_state st;		/* the scenario's, as the phases set it */
	struct child_setup set;
	struct child_sampling smp;
	struct child_looks vd;
};

/* Runs scenario s as number index; never returns (msg_fd: the pipe). */
void __attribute__((noreturn)) child_main(const struct scenario *s,
					  int index, int msg_fd,
					  const struct seq_opts *opts);

/* Writes m to the parent and exits (child_report.c). */
void __attribute__((noreturn)) child_exit(int fd, const struct child_msg *m);

/* wl_attach_fn: attach pid to group g of the cg_ctx ctx. */
int child_attach(void *ctx, int g, pid_t pid);

/* Apply phase or firing p to the kernel, the workers and st. */
int child_do_phase(const struct scenario *s, struct scn_state *st,
		   const struct scn_phase *p, struct cg_ctx *cg,
		   struct workload *w);

/* Start the workers; sample and apply the phases until the window ends. */
void child_sample_loop(struct child *ch);

/* The look at the window of ch->vd.look: the verdict, or another look. */
void child_look(struct child *ch);

/*
 * The scenario's verdict, decided here alone: the deciding look's, the
 * departure from the share function, the cross-checks and the sampler's
 * notes, the kernel's checks and warnings, a failed phase (rm_ret: the
 * cgroup removal's).
 */
void child_verdict(struct child *ch, int rm_ret);

/* KTAP subtests and the JSON records; the verdict to the parent. */
void __attribute__((noreturn)) child_report(struct child *ch, int msg_fd);

#endif /* CONFORM_RUN_CHILD_H */
