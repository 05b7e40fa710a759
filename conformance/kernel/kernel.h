/* SPDX-License-Identifier: GPL-2.0 */
/*
 * kernel.h - the kernel room: every read and write of kernel files
 * (cgroupfs, procfs, sysfs, debugfs, tracefs, /dev/kmsg) and the parsers
 * of what they print. Nothing here decides a verdict.
 */
#ifndef CONFORM_KERNEL_H
#define CONFORM_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "scenario/scenario.h"

/*
 * kfile.c - one read or one write of a kernel pseudo-file (cgroupfs,
 * sysfs, debugfs, tracefs, procfs): the value is whatever a single
 * read(2)/write(2) returns or takes, as with `cat` and `echo >`.
 */

/* Read up to len - 1 bytes, NUL-terminated. Returns the length or -errno. */
int kfile_read(const char *path, char *buf, size_t len);

/*
 * The first line of path (without its newline) into buf; "" when it
 * cannot be read. Returns its length or -errno.
 */
int kfile_read_line(const char *path, char *buf, size_t len);

/* Write val in one write(2) (opened O_TRUNC, like `echo >`). 0 or -errno. */
int kfile_write(const char *path, const char *val);

/*
 * numparse.c - the numbers of kernel files, parsed in place: s to end
 * (exclusive; no NUL needed), *next (may be NULL) set just past the
 * number. Each returns 0, -EINVAL (no digit at s) or -ERANGE.
 */

/* Unsigned decimal digits, no sign. */
int kparse_u64(const char *s, const char *end, uint64_t *v,
	       const char **next);
/* [+-]digits: a signed 64-bit integer. */
int kparse_int(const char *s, const char *end, long *v, const char **next);
/* [+-]digits[.digits], as the kernel prints ("%lld.%06ld"). */
int kparse_num(const char *s, const char *end, double *v, const char **next);

/*
 * measure.c - per-task CPU time and placement, read from /proc.
 *
 * CPU time is sum_exec_runtime (ns, exact: /proc/<pid>/schedstat, or the
 * process CPU clock, see struct task_reader);
 * the CPU a task last ran on is field 39 of /proc/<pid>/stat, its state
 * field 3 ('R' = runnable or running).
 */

struct task_sample {
	uint64_t ns;		/* cumulative CPU time */
	int cpu;		/* CPU it ran on last; -1 unknown */
	char state;		/* 'R', 'S', 'T', ...; '?' unknown */
	uint64_t stall_ns;	/* CPU time charged while it ran none of its
				 * code (see workload.c); 0: not probed */
};

/*
 * A file read again and again: opened once, then pread() from offset 0
 * (seq_file and kernfs regenerate the content at offset 0). Under TCG a
 * path lookup costs as much as the read, and the sampler reads these
 * files 10-20 times a second.
 */
struct refile {
	int fd;				/* -1: not open */
	bool single;			/* one seq_file record (see below) */
	char path[320];
};

/*
 * single: the file is one seq_file record (a show() function: /proc/<pid>
 * stat and schedstat, cgroup files), delivered whole by one read when the
 * buffer is large enough, so a short read is its end. Not sched/debug,
 * whose reads stop at record boundaries.
 */
void refile_init(struct refile *rf, const char *path, bool single);
/* Read the whole file into buf (NUL-terminated). Returns length or -errno. */
ssize_t refile_read(struct refile *rf, char *buf, size_t len);
void refile_close(struct refile *rf);

/*
 * Per-task reader. CPU time from the process's CPU clock
 * (clock_getcpuclockid(), CPUCLOCK_SCHED): for a one-thread process it is
 * the same sum_exec_runtime that /proc/<pid>/schedstat prints
 * (thread_group_cputime() sums read_sum_exec_runtime() of its threads),
 * read by one system call without a path lookup or seq_file formatting,
 * about 10x cheaper under TCG. schedstat is the fallback. Placement and
 * state from /proc/<pid>/stat.
 */
struct task_reader {
	pid_t pid;
	bool has_clk;
	clockid_t clk;
	struct refile schedstat, stat;
};

void task_reader_init(struct task_reader *tr, pid_t pid);
/* CPU time, state and CPU. Returns 0 or -errno (-ESRCH: gone). */
int task_reader_read(struct task_reader *tr, struct task_sample *ts);
/* Only the CPU time. Returns 0 or -errno (-ESRCH: gone). */
int task_reader_ns(struct task_reader *tr, uint64_t *ns);
void task_reader_close(struct task_reader *tr);

/* Parse the first field of a schedstat line. Returns 0 or -EINVAL. */
int measure_parse_schedstat(const char *buf, uint64_t *ns);

/* Parse state (field 3) and processor (field 39) of a stat line. */
int measure_parse_stat(const char *buf, char *state, int *cpu);

/* Read both for pid. Returns 0 or -errno (-ESRCH: gone). */
int measure_read_task(pid_t pid, struct task_sample *ts);

/* CPU time of the calling thread, ns (CLOCK_THREAD_CPUTIME_ID). */
uint64_t measure_self_ns(void);

/* CLOCK_MONOTONIC in microseconds. */
uint64_t measure_now_us(void);

/*
 * pelt.c - one snapshot of the PELT group state of a scenario's groups,
 * and the parser of the series' per-cgroup cpu.pelt file.
 *
 * All weights are in scale_load_down() units (1024 = one nice-0 task),
 * whatever the source printed.
 */

enum pelt_source {
	PELT_SRC_NONE,
	PELT_SRC_CPU_PELT,	/* the series' cpu.pelt, every possible CPU */
	PELT_SRC_DEBUGFS,	/* sched/debug: online CPUs, leaf-listed only */
};

/* The state of one group's cfs_rq (and its group entity) on one CPU. */
struct pelt_cpu {
	bool present;		/* the source listed this cfs_rq */
	bool online;
	bool on_list;		/* on the leaf cfs_rq list */
	bool throttled;
	bool has_se;
	bool has_tg;		/* tg_load_avg given in this block (debugfs) */
	int nr_running;
	int h_nr_running;
	double contrib;		/* cfs_rq->tg_load_avg_contrib */
	double weight;		/* cfs_rq->load.weight */
	double load_avg;
	double runnable_avg;
	double util_avg;
	double removed_load_avg;
	double se_weight;	/* group entity se->load.weight */
	double se_load_avg;
	double tg_load_avg;	/* debugfs repeats it in every block */
};

struct pelt_group {
	bool present;
	bool has_tg;
	bool has_shares;
	double tg_load_avg;	/* atomic_long_read(&tg->load_avg) */
	double shares;		/* scale_load_down(tg->shares) */
	int tg_tasks;		/* 7.3's cpu.pelt "tasks=": tg_tasks(); 0 none */
};

struct pelt_snap {
	int ngroups;
	int ncpus;
	struct pelt_group *grp;		/* [ngroups] */
	struct pelt_cpu *cpu;		/* [ngroups * ncpus] */
};

static inline struct pelt_cpu *pelt_at(const struct pelt_snap *p, int g,
				       int c)
{
	return &p->cpu[(size_t)g * p->ncpus + c];
}

int pelt_snap_alloc(struct pelt_snap *p, int ngroups, int ncpus);
void pelt_snap_free(struct pelt_snap *p);
void pelt_snap_clear(struct pelt_snap *p);

/* tg_load_avg of group g: the group line, else any CPU block; -1 if none. */
double pelt_tg_load_avg(const struct pelt_snap *p, int g);

/*
 * Parse one cpu.pelt file into group g of p. Unknown keys are ignored;
 * CPUs beyond p->ncpus are ignored. Returns 0 or -EINVAL.
 */
int pelt_parse_cpu_pelt(const char *buf, size_t len, struct pelt_snap *p,
			int g);

/* Read and parse path (a group's cpu.pelt). Returns 0 or -errno. */
int pelt_read_cpu_pelt(const char *path, struct pelt_snap *p, int g);

const char *pelt_source_name(enum pelt_source src);

/*
 * kmsg.c - scheduler WARNINGs in the kernel log during a scenario.
 */

#define KMSG_MAX_LINES	64
#define KMSG_LINE_MAX	200

struct kmsg_report {
	int warnings;			/* scheduler WARNING/BUG reports */
	int nlines;			/* the traces, truncated */
	char lines[KMSG_MAX_LINES][KMSG_LINE_MAX];
};

/*
 * Re-arm the kernel's WARN_ONCE sites (debugfs clear_warn_once), then open
 * /dev/kmsg positioned at its end. Returns an fd or -errno.
 */
int kmsg_begin(void);

/* Read everything logged since kmsg_begin(); close fd. */
void kmsg_end(int fd, struct kmsg_report *rep);

/*
 * Feed one message text (without the /dev/kmsg prefix). state is 0
 * initially; tracks whether we are inside a scheduler trace.
 */
void kmsg_feed(struct kmsg_report *rep, const char *msg, int *state);

/*
 * slices.c - CFS slice length for the run (debugfs sched/latency_ns,
 * min_granularity_ns, wakeup_granularity_ns), set at start and restored
 * at the end.
 *
 * Why: the long-run split CFS gives groups does not depend on the slice
 * length, but how far a group's CPU time may lead or lag its share at any
 * instant does (about one slice per level of nesting). Shorter slices
 * make the split converge within the measurement's sub-windows, which
 * narrows the confidence interval without touching the tolerance
 * (measured under TCG: CI half-widths 2-4x narrower with 3 ms instead of
 * the 12 ms default of a 2-CPU guest). The values used are reported in
 * the results; --slice-latency-us 0 keeps the kernel's own.
 *
 * EEVDF kernels (6.6 and later) have none of the three knobs: their one
 * slice knob, sched/base_slice_ns, is what min_granularity_ns was renamed
 * to, so there the runner sets it to latency / 8 as it sets
 * min_granularity on CFS, and reports it.
 */

struct slices {
	bool applied;
	bool eevdf;		/* only sched/base_slice_ns exists */
	unsigned long old_latency, old_min_gran, old_wakeup;	/* ns */
	unsigned long latency, min_gran, wakeup;		/* ns, in effect */
	unsigned long old_base_slice, base_slice;		/* ns, EEVDF */
};

/*
 * latency_ns 0: only read the kernel's values. Otherwise set latency_ns,
 * min_granularity = latency / 8 and wakeup_granularity = latency / 6 (the
 * kernel's own default ratios); on EEVDF base_slice = latency / 8 and the
 * three CFS values stay 0. Returns 0, or -errno when the knobs are
 * missing (no debugfs, !SCHED_DEBUG): the run then goes on with the
 * kernel's values, which the caller reports.
 */
int slices_apply(struct slices *sl, unsigned long latency_ns);
void slices_restore(const struct slices *sl);

/*
 * tracecount.c - count the series' trace events during a scenario:
 * sched_tg_load_avg_fold (a cfs_rq's change folded into tg->load_avg) and
 * sched_group_reweight (a group entity's weight changed).
 *
 * On a kernel without the series the events do not exist and nothing is
 * counted (available = false). With them, a scenario whose groups ran must
 * have folded and reweighted at least once: zero events mean a broken
 * tracepoint (or a broken fold path), and the runner says so.
 */

struct tracecount {
	bool available;		/* both events exist in tracefs */
	bool started;
	char dir[64];		/* tracefs mount */
	uint64_t t0_us, t1_us;
	long folds, reweights;
	long lost;		/* ring-buffer overruns: counts are lower bounds */
};

/* Clear the trace buffer and enable both events. Returns 0 or -errno. */
int trc_begin(struct tracecount *tc);
/* Disable them and count. Returns 0 or -errno. */
int trc_end(struct tracecount *tc);

/*
 * hotplug.c - CPU online state through /sys/devices/system/cpu.
 */

/* Mask of online CPUs (parsed from .../cpu/online). Returns 0 or -errno. */
int hotplug_online_mask(scn_cpumask_t *mask);

/* Number of possible CPUs (.../cpu/possible), or -errno. */
int hotplug_possible(void);

/* Bring cpu on- or offline. Returns 0 or -errno. */
int hotplug_set(int cpu, bool online);

/* Bring every CPU of mask online (best effort); returns first error. */
int hotplug_restore(scn_cpumask_t mask);

/*
 * cgroup_mode.c - the share function of group entities: debugfs
 * sched/cgroup_mode (Peter Zijlstra's series, mainline 2026; modes up,
 * smp, concur, max, tasks). Reading gives every mode, the active one in
 * parentheses ("up (smp) concur max tasks"); writing a name selects it.
 * Like the slice knobs: a mode the model does not know is set to smp for
 * the run and restored after it; where neither works, every scenario
 * SKIPs with the reason.
 */
#define CGROUP_MODE_DIR		"/sys/kernel/debug/sched"
#define CGMODE_NAME_MAX		16

enum cgm_how {
	CGM_NO_FILE,	/* no cgroup_mode: calc_group_shares(), smp */
	CGM_KERNEL,	/* the kernel's mode, modelled: used as it is */
	CGM_SET,	/* asked for, or smp (not modelled); then restored */
	CGM_UNKNOWN,	/* unreadable or not settable: scenarios SKIP */
};

struct cgroup_mode {
	enum cgm_how how;
	char kernel[CGMODE_NAME_MAX];	/* the kernel's, "" without file */
	char run[CGMODE_NAME_MAX];	/* in effect for the run, "" unknown */
	char why[200];			/* one line for KTAP and SKIP */
};

/* The parenthesised mode of a cgroup_mode read. 0 or -EINVAL. */
int cgroup_mode_parse(const char *buf, char *mode, size_t len);

/* How the file is read and written: kfile_read/kfile_write by default. */
struct cgm_io {
	int (*read)(const char *path, char *buf, size_t len);
	int (*write)(const char *path, const char *val);
};

/*
 * Read @dir/cgroup_mode (@dir: CGROUP_MODE_DIR, or a fake debugfs; @io
 * NULL: kfile) and decide. Without the file: smp when @dir exists or
 * @release is older than 7 (the series is not in 6.x), else unknown. A
 * mode @modelled rejects is set to smp and read back. @want (NULL: the
 * kernel's own) is set for the run and read back whatever the kernel's
 * mode; asked for on a kernel without the file, only smp can be had.
 */
void cgroup_mode_apply(struct cgroup_mode *cm, const char *dir,
		       const char *release, const char *want,
		       bool (*modelled)(const char *),
		       const struct cgm_io *io);
/* Put the kernel's mode back if cgroup_mode_apply() changed it: 0/-errno. */
int cgroup_mode_restore(const struct cgroup_mode *cm, const char *dir,
			const struct cgm_io *io);

/*
 * knobs.c - a scenario's "sched NAME VALUE" lines: scheduler debugfs
 * knobs (/sys/kernel/debug/sched/NAME) and sched_feat switches
 * (NAME "features"), set before the scenario and restored after it.
 */

struct knob_saved {
	int n;
	char old[SCN_MAX_KNOBS][SCN_KNOB_MAX];	/* value to write back */
	const struct scn_knob *k[SCN_MAX_KNOBS];
};

/*
 * Apply every knob of s. Returns 0; -ENOENT when the kernel lacks one
 * (why says which: the scenario is then a SKIP); other -errno on a failed
 * write. What was applied is restored before an error return.
 */
int knobs_apply(const struct scenario *s, struct knob_saved *sv, char *why,
		size_t len);
void knobs_restore(struct knob_saved *sv);

/*
 * cgroups.c - a scenario's cgroup tree, through libcgroup.
 *
 * The tree lives under one scenario root, "<mount>/conform.<index>", so
 * that removing it removes everything the scenario made. v2 uses the
 * cgroup2 mount at /sys/fs/cgroup; v1 mounts a "cpu,cpuacct" hierarchy at
 * CG_V1_MNT for the scenario and unmounts it afterwards.
 */

#define CG_V2_MNT	"/sys/fs/cgroup"
/* /sys/fs is sysfs (no mkdir): the v1 mount point lives on the rootfs. */
#define CG_V1_MNT	"/run/cgroup-v1/cpu"

struct cgroup;

struct cg_ctx {
	enum scn_hierarchy h;
	const struct scenario *s;
	char mnt[128];			/* mount point holding "cpu" */
	char root[64];			/* scenario root, relative to mnt */
	struct cgroup *root_cg;
	struct cgroup *cg[SCN_MAX_GROUPS];
	bool created[SCN_MAX_GROUPS];
	bool root_created;
};

/*
 * Make hierarchy h usable for a scenario (v1: mount it). Returns 0,
 * -EOPNOTSUPP when the kernel lacks a needed feature (why says which: the
 * scenario is skipped), or another -errno (why says what failed).
 */
int cg_hier_setup(enum scn_hierarchy h, bool need_cpuset, char *why,
		  size_t len);

/* Undo cg_hier_setup (v1: unmount). */
void cg_hier_teardown(enum scn_hierarchy h);

/* Create the scenario root "conform.<index>" and every group. */
int cg_create_tree(struct cg_ctx *c, const struct scenario *s, int index,
		   char *err, size_t len);

/* Remove every group of the tree (deepest first) and the root. */
int cg_remove_tree(struct cg_ctx *c);

/* Remove a leftover scenario root (after a crashed scenario process). */
int cg_remove_root(enum scn_hierarchy h, int index);

int cg_attach(struct cg_ctx *c, int g, pid_t pid);
int cg_set_weight(struct cg_ctx *c, int g, unsigned long weight);
/* Write group g's cpuset.cpus (v2; the "cpuset" action). */
int cg_set_cpuset(struct cg_ctx *c, int g, scn_cpumask_t cpus);
int cg_set_max(struct cg_ctx *c, int g, int64_t quota_us,
	       uint64_t period_us);

/* Absolute directory of group g (-1: the scenario root). */
int cg_group_dir(const struct cg_ctx *c, int g, char *buf, size_t len);

/* The scenario root as sched/debug prints task group paths. */
int cg_debugfs_root(const struct cg_ctx *c, char *buf, size_t len);

/* Cumulative CPU usage of group g (v2 cpu.stat usage_usec, v1 cpuacct). */
int cg_read_usage_us(const struct cg_ctx *c, int g, uint64_t *us);

/* The file cg_read_usage_us() reads, and how to parse its content. */
int cg_usage_path(const struct cg_ctx *c, int g, char *buf, size_t len);
int cg_parse_usage(const struct cg_ctx *c, const char *buf, uint64_t *us);

/* Parse usage_usec from a cpu.stat buffer. Returns 0 or -EINVAL. */
int cg_parse_cpu_stat(const char *buf, uint64_t *usage_us);

/* Does the kernel offer cpu.pelt in the scenario's groups? */
bool cg_has_cpu_pelt(const struct cg_ctx *c);

/*
 * pelt_debugfs.c - PELT group state from /sys/kernel/debug/sched/debug,
 * the fallback for kernels without the series' cpu.pelt file.
 *
 * sched/debug prints one "cfs_rq[N]:/path" block per cfs_rq on the leaf
 * list of each online CPU: offline CPUs and cfs_rqs removed from the leaf
 * list (exactly the stale ones) are absent. load and se->load.weight are
 * printed scaled (<< SCHED_FIXEDPOINT_SHIFT on 64-bit); they are scaled
 * down here.
 */

#define PELT_DEBUGFS_PATH "/sys/kernel/debug/sched/debug"

/*
 * Parse a sched/debug dump. root is the scenario root as sched/debug
 * prints it (e.g. "/conform.1"); blocks "root/<group path>" fill the
 * group of that path. Other blocks are skipped. Returns the number of
 * blocks used, or -EINVAL.
 */
int pelt_parse_debugfs(const char *buf, size_t len, const char *root,
		       const struct scenario *s, struct pelt_snap *p);

/*
 * Read PELT_DEBUGFS_PATH (or path) into *bufp (grown as needed) and parse
 * it. Returns blocks used, or -errno.
 */
int pelt_read_debugfs(const char *path, char **bufp, size_t *cap,
		      const char *root, const struct scenario *s,
		      struct pelt_snap *p);

#endif /* CONFORM_KERNEL_H */
