/* SPDX-License-Identifier: GPL-2.0 */
/*
 * run.h - the run module: the workload (forked hogs and their kinds), the
 * sampler, and the runner that runs one scenario in its own process group.
 */
#ifndef CONFORM_RUN_H
#define CONFORM_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "contract/contract.h"
#include "kernel/kernel.h"
#include "sample/sample.h"
#include "scenario/scenario.h"

/*
 * workload.c - the scenario's worker processes.
 *
 * Every task entry becomes `count` instance processes, forked by the
 * scenario process (the leader of the scenario's process group, so one
 * kill(-pgid, SIGKILL) ends them all). Instances wait on a pipe until
 * wl_start(), after they have been attached to their cgroup and given
 * their affinity.
 *
 * hog:   spins.
 * duty:  spins for run_us of its own CPU time, sleeps sleep_us, repeats.
 * churn: forks a child that spins for run_us of CPU time and exits,
 *        repeats; the child's CPU time is added to the instance's total
 *        (shared memory), so an instance's CPU time includes its children.
 * hopper: spins, and every hop_us (monotonic) sets its own affinity to
 *        the next CPU of its cpus; it accounts its own CPU time per CPU
 *        and logs its hops (struct wl_hop).
 */

/* A hopper's hop log holds this many hops (SCN_HOPS_PER_SAMPLE x 8). */
#define WL_HOP_RING	512


/*
 * What a hopper publishes, under a sequence count (odd while it writes;
 * it writes after each chunk of work and after each hop, never across a
 * system call). cpu_ns[c] is its own CPU time (CLOCK_THREAD_CPUTIME_ID
 * deltas) while it was set to CPU c, up to the end of its last chunk:
 * a host stall reaches it only when the chunk ends (see self_ns), so the
 * sampler takes its total from the kernel and only the split over the
 * CPUs from here (verdict/hopper.c). Time in sched_setaffinity() itself
 * counts for the CPU it left.
 */
struct wl_hop {
	volatile uint32_t seq;
	int cpu;			/* the CPU it is set to now */
	uint64_t hops;			/* hops done; log[hops % RING] next */
	uint64_t misses;		/* hops after which sched_getcpu() was
					 * not the CPU it set */
	uint64_t cpu_ns[SCN_MAX_CPUS];
	struct wl_hop_ev log[WL_HOP_RING];
};

struct wl_shared {
	volatile pid_t child;		/* churn: the running child, or 0 */
	volatile uint64_t done_ns;	/* churn: CPU time of exited children */
	uint64_t stall_ns;		/* hog, duty: charged while not run */
	/*
	 * hog: its own CPU time (CLOCK_THREAD_CPUTIME_ID, pending time
	 * included) after its last chunk of work, stored by the hog; 0 until
	 * it publishes. Evidence that a held hog ran, never its CPU time: a
	 * host stall reaches it only when the chunk ends, where the kernel
	 * charges it at once (docs/performance.md; see sampler.c).
	 */
	volatile uint64_t self_ns;
	struct wl_hop hop;		/* hopper only */
};

struct workload {
	int ninst;
	int task_of[SCN_MAX_TASKS * 8];	/* instance -> task index */
	pid_t pid[SCN_MAX_TASKS * 8];
	struct wl_shared *sh;		/* [ninst], MAP_SHARED */
	int start_rd, start_wr;
	enum scn_task_kind kind[SCN_MAX_TASKS * 8];
	struct task_reader rd[SCN_MAX_TASKS * 8];	/* the instances' */
};

#define WL_MAX_INST	(SCN_MAX_TASKS * 8)

/* Called for each new instance before it starts: attach it to group. */
typedef int (*wl_attach_fn)(void *ctx, int group, pid_t pid);

/* Fork every instance (stopped at the start barrier). */
int wl_spawn(struct workload *w, const struct scenario *s,
	     const struct scn_state *st, wl_attach_fn attach, void *ctx,
	     char *err, size_t len);

/* Release every instance. */
void wl_start(struct workload *w);

/* Affinity of every instance of task t (mask 0: all of all_mask). */
int wl_set_affinity(struct workload *w, int t, scn_cpumask_t mask);

/* Send sig to every instance of task t (and churn children). */
int wl_signal(struct workload *w, int t, int sig);

/* Move every instance of task t to group g. */
int wl_move(struct workload *w, int t, int g, wl_attach_fn attach,
	    void *ctx);

/* CPU time, CPU and state of instance i. Returns 0 or -errno. */
int wl_sample(struct workload *w, int i, struct task_sample *ts);

/* SIGKILL every instance and reap them. */
void wl_kill(struct workload *w);

/*
 * sampler.c - periodic snapshots of a running scenario: every instance's
 * CPU time, CPU and state, every group's cgroup CPU usage, and the PELT
 * group state (cpu.pelt or sched/debug). The sampler measures its own CPU
 * time.
 */

/*
 * The sampler's hook for hoppers, at sample ss->n being taken: before the
 * tasks (pelt_done false), read every hopper and the hops since the
 * previous sample; after the PELT read (true), note whether one hopped
 * in between. Allocates ss->hop at the first call of a scenario with a
 * hopper; a no-op without one. Returns 0 or -ENOMEM.
 */
int wl_hop_take(struct workload *w, struct sample_set *ss, bool pelt_done);
/* Frees ss->hop. */
void wl_hop_free(struct sample_set *ss);

/* Does @w run a self-migrating task (kind=hopper)? */
bool wl_has_hopper(const struct workload *w);

/*
 * A task's placement held by the sampler: a hog (always runnable, no
 * children) pinned to one CPU does not change CPU or state until the
 * timeline changes something (an event) or a CPU goes off- or online.
 * The hold starts after two full reads agree and the affinity allows
 * one CPU; it is checked every SAMPLER_VERIFY_US, by a full read or, for
 * a hog that publishes its CPU time, by its affinity and its progress.
 */
struct task_hold {
	bool on;
	bool seen;		/* read (or started) once */
	bool tentative;		/* started without /proc, not confirmed */
	int agree;		/* consecutive full reads that agreed */
	int since;		/* samples since the last full read */
	int cpu;
	char state;
	uint64_t check_ns;	/* its wl_shared.self_ns at the last check */
};

/*
 * A group's PELT state carried over: while no task of its subtree changed
 * CPU or state and no event fired, a group whose last two cpu.pelt reads
 * agreed within SAMPLER_PELT_REL is steady, and is read again only every
 * SAMPLER_PELT_HOLD PELT reads (staggered over the groups); a read that
 * disagrees ends it. A group with blocked load on a CPU where nothing of
 * it is queued is never steady: its sums move only at that CPU's next
 * blocked load update.
 */
struct grp_hold {
	bool have, steady;
	int age;			/* PELT reads since the last fresh one */
	struct pelt_group grp;		/* the last fresh read */
	struct pelt_cpu *cpu;		/* [ncpus] */
};

struct sampler {
	const struct scenario *s;
	struct workload *w;
	const struct cg_ctx *cg;
	enum pelt_source src;
	struct task_hold *th;		/* [ninst] */
	struct grp_hold *gh;		/* [ngroups] */
	int ncpus;			/* of gh[].cpu, set at the first take */
	int verify_every;		/* samples between full task reads */
	int online_since;		/* samples since cpu/online was read */
	int last_events;		/* events_done at the previous sample */
	bool usage_start;		/* usage read at the window's start */
	bool usage_end;			/* the run's last sample: usage */
	scn_cpumask_t online;		/* cpu/online as last read */
	char debugfs_root[SCN_PATH_MAX];
	char *dbuf;			/* read buffer (sched/debug: big) */
	size_t dcap;
	struct refile *pelt_rf;		/* [ngroups] cpu.pelt */
	struct refile *usage_rf;	/* [ngroups] cpu.stat/cpuacct.usage */
	struct refile online_rf;
	struct refile debugfs_rf;
};

int sset_init(struct sample_set *ss, int cap, int ninst, int ngroups,
	      int ncpus);
void sset_free(struct sample_set *ss);

int sampler_init(struct sampler *sp, const struct scenario *s,
		 struct workload *w, const struct cg_ctx *cg,
		 enum pelt_source src);
void sampler_free(struct sampler *sp);

/*
 * One line saying what the sampler held instead of reading, for the
 * results' diagnostics; 0 when it held nothing (nothing worth saying).
 */
int sampler_note(const struct sample_set *ss, char *buf, size_t len);

/*
 * Does sample @sm (its pelt_ref set) find a runnable task on a CPU other
 * than the one the latest PELT read found it on? Then that read is stale
 * where it matters most: the task's load has left one CPU's group cfs_rqs
 * for another's, and every group entity weight on both CPUs changes.
 */
bool sampler_moved(const struct sample_set *ss, const struct sample *sm);

/*
 * Append one sample (t_us, events_done given); want_usage: read the
 * groups' cgroup CPU usage, want_pelt: read the PELT state (otherwise the
 * sample refers to the latest one read; it is read anyway when a task
 * moved, see sampler_moved()). Returns 0 or -errno.
 */
int sampler_take(struct sampler *sp, struct sample_set *ss, uint64_t t_us,
		 int events_done, bool want_usage, bool want_pelt);

/*
 * runner.c - run one scenario: set up its hierarchy, fork the scenario
 * process (its own process group, with a deadline; child.h), which
 * builds the cgroups, runs the workload and the sampler, analyses and
 * reports; then clean up whatever it left behind.
 */

/* Extra time over the scenario's duration for setup, analysis, cleanup. */
#define RUNNER_DEADLINE_SLACK_US	30000000ull

/*
 * sched/debug prints every task and cfs_rq of the machine: reading it is
 * expensive (several ms of CPU per read under TCG, measured in the guest),
 * so it is read at most this often;
 * samples in between refer to the latest read. cpu.pelt is read on
 * every sample.
 */
#define RUNNER_DEBUGFS_PERIOD_US	500000ull
/*
 * cpu.pelt is cheaper but not free under TCG (~0.9 ms per sample for 8
 * groups); PELT moves with a 32 ms half-life, so every 150 ms is enough
 * and halves the sampler's bursts that take CPU from the hogs.
 */
#define RUNNER_PELT_PERIOD_US		150000ull

/*
 * A sampler wake-up this late means the host did not run its vCPU for
 * that long (CFS wakes a sleeper within a 3 ms slice), and tasks charged
 * this much beyond the CPUs in one interval mean a vCPU's stall landed:
 * host contention, named in a failure's reason.
 */
#define RUNNER_CONTENTION_US		30000ull

/*
 * The sequential verdict's options for every scenario of the run (conform
 * --fixed-window, --lag-inflation=F; verdict/sequential.h). Default:
 * sequential, lag inflation SEQ_LAG_INFLATION.
 */
struct seq_opts;
void runner_set_seq_opts(const struct seq_opts *o);

/*
 * sample_plan.c - the sampling plan's rules.
 *
 * Samples to the next PELT read: every/2 .. every + every/2, at random
 * (seed: per scenario, so that a run's schedule is reproducible). A fixed
 * cadence can phase-lock with a periodic workload and catch its PELT
 * ripple at the same point every time, a bias alike in every sub-window
 * that the sub-window interval cannot see. The observations of both
 * rules: docs/lab/2026-12-07-runner-verdict-notes.md.
 */
int pelt_gap(int every, unsigned int *seed);

/*
 * Where in its period a sample is taken: at random in the first half
 * (seeded like pelt_gap()). On a fixed grid the samples can phase-lock
 * with a workload whose cycle divides the period; a random phase over
 * half a period samples every point of such a cycle alike, and
 * consecutive samples stay 1/2 to 3/2 periods apart.
 */
uint64_t sample_phase_us(uint64_t period_us, unsigned int *seed);

/*
 * The sequential verdict's looks in the sample loop. The look at window
 * length L is due on the first sample with t + sample/2 >= ws + L (t:
 * the sample's time on the grid, from the workload's start; ws: the
 * window's start); it is taken if the looks' analyses so far (cost_us)
 * are within SEQ_LOOK_BUDGET of t - ws, else skipped.
 */
bool runner_look_in_budget(uint64_t cost_us, uint64_t ws, uint64_t t);

/*
 * Is the sample on the grid at k, taken at t (from the workload's
 * start), outside the window starting at ws (t + sample/2 < ws, as
 * vd_window() counts), while the next sample, due no earlier than
 * (k + 1) * sample, is surely inside it? The runner leaves out the
 * samples before the window when nothing there needs them
 * (child_pre_window_skipped()); after this one, the next comes late in its
 * slot (child_first_late()).
 */
bool runner_skip_first(uint64_t ws, uint64_t per, int k, uint64_t t);

/* PELT source of this kernel (probes a scratch cgroup). */
enum pelt_source runner_probe_source(void);

/* Runs s as scenario number index; prints KTAP, streams JSON. */
enum verdict runner_run(const struct scenario *s, int index);

#endif /* CONFORM_RUN_H */
