// SPDX-License-Identifier: GPL-2.0
/*
 * jlrepro - a static /init that flips static keys (jump labels) in a loop
 * while every other CPU runs through the scheduler paths those keys guard.
 *
 * Each flip of a key makes the kernel rewrite the key's branch sites
 * (arch_jump_label_transform_queue + smp_text_poke_batch_finish, formerly
 * text_poke_bp): an int3 on the site, IPIs to sync every core, the new
 * bytes, the int3 removed, IPIs again. On real hardware and under KVM this
 * is safe; the reproducer shows whether an emulator is.
 *
 * Kernel command line (all optional):
 *   jl.mode=feat|bw|stats|all|none   which keys to flip (default all)
 *     feat   scheduler features through /sys/kernel/debug/sched/features
 *     bw     __cfs_bandwidth_used: a cgroup's cpu.max set to a quota and back
 *     stats  sched_schedstats through /proc/sys/kernel/sched_schedstats
 *     none   no flips: the control (same load, no patching)
 *   jl.secs=N                        how long to flip (default 60)
 *
 * Console lines (the host script parses them):
 *   [jl] start mode=M secs=N cpus=C kernel=R
 *   [jl] t=S flips=N                 every 5 s
 *   [jl] done flips=N secs=S         then the guest powers off
 * A guest that dies prints the kernel's oops instead of the done line.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FEATURES "/sys/kernel/debug/sched/features"
#define SCHEDSTATS "/proc/sys/kernel/sched_schedstats"
#define CG "/sys/fs/cgroup"

/* Features the scheduler's hot paths test, flipped and put back. */
static const char *const feat_names[] = {
	"PLACE_LAG", "RUN_TO_PARITY", "WAKEUP_PREEMPTION", "NEXT_BUDDY",
	"CACHE_HOT_BUDDY", "PICK_BUDDY", "TTWU_QUEUE", "NONTASK_CAPACITY",
	"WA_IDLE", "WA_WEIGHT", "WA_BIAS", "UTIL_EST", "ATTACH_AGE_LOAD",
	"LB_MIN", "SIS_UTIL", "PLACE_DEADLINE_INITIAL", "PREEMPT_SHORT",
};
#define NFEAT (sizeof(feat_names) / sizeof(feat_names[0]))
static int feat_on[NFEAT]; /* 1 on, 0 off, -1 absent */

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf) - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (n > (int)sizeof(buf) - 2)
		n = sizeof(buf) - 2;
	buf[n++] = '\n';
	if (write(1, buf, n) < 0) {
		/* nowhere to report it */
	}
}

static int put(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, val, strlen(val));
	close(fd);
	return n == (ssize_t)strlen(val) ? 0 : -1;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void pin(int cpu)
{
	cpu_set_t s;

	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	sched_setaffinity(0, sizeof(s), &s);
}

static void off(void)
{
	sync();
	reboot(RB_POWER_OFF);
	for (;;)
		pause();
}

static void read_features(void)
{
	char buf[4096], tok[64];
	const char *p;
	int fd, n, len;
	size_t i;

	for (i = 0; i < NFEAT; i++)
		feat_on[i] = -1;
	fd = open(FEATURES, O_RDONLY);
	if (fd < 0)
		return;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return;
	buf[n] = 0;
	for (p = buf; *p;) {
		while (*p == ' ' || *p == '\n')
			p++;
		for (len = 0; p[len] && p[len] != ' ' && p[len] != '\n'; len++)
			;
		if (!len)
			break;
		snprintf(tok, sizeof(tok), "%.*s", len, p);
		p += len;
		for (i = 0; i < NFEAT; i++) {
			if (!strcmp(tok, feat_names[i]))
				feat_on[i] = 1;
			else if (!strncmp(tok, "NO_", 3) && !strcmp(tok + 3, feat_names[i]))
				feat_on[i] = 0;
		}
	}
}

/* One feature flipped and put back: two patch batches. */
static int flip_feature(size_t i)
{
	char on[64], no[64];

	snprintf(on, sizeof(on), "%s", feat_names[i]);
	snprintf(no, sizeof(no), "NO_%s", feat_names[i]);
	if (put(FEATURES, feat_on[i] ? no : on) || put(FEATURES, feat_on[i] ? on : no))
		return 0;
	return 2;
}

/* __cfs_bandwidth_used goes 0 -> 1 -> 0: two patch batches. */
static int flip_bandwidth(void)
{
	if (put(CG "/jl/cpu.max", "50000 100000") || put(CG "/jl/cpu.max", "max 100000"))
		return 0;
	return 2;
}

static int flip_stats(void)
{
	if (put(SCHEDSTATS, "1") || put(SCHEDSTATS, "0"))
		return 0;
	return 2;
}

/* Load: a hog and a pipe ping-pong pair across CPUs on every CPU, in the
 * cgroup whose bandwidth is flipped, so that update_curr(), enqueue,
 * dequeue, wakeup preemption and the tick run everywhere all the time. */
static void spawn_load(int ncpu)
{
	int c, p[2], q[2];
	char pid[32];
	pid_t k;

	for (c = 0; c < ncpu; c++) {
		k = fork();
		if (k == 0) {
			volatile unsigned long x = 0;

			pin(c);
			for (;;)
				x++;
		}
		if (k > 0) {
			snprintf(pid, sizeof(pid), "%d", k);
			put(CG "/jl/cgroup.procs", pid);
		}
		if (pipe(p) || pipe(q))
			continue;
		for (int side = 0; side < 2; side++) {
			k = fork();
			if (k == 0) {
				char b = 0;
				int rd = side ? p[0] : q[0], wr = side ? q[1] : p[1];

				pin((c + side) % ncpu);
				if (side == 0 && write(wr, &b, 1) < 0)
					_exit(1);
				for (;;) {
					if (read(rd, &b, 1) != 1 || write(wr, &b, 1) != 1)
						_exit(1);
				}
			}
			if (k > 0) {
				snprintf(pid, sizeof(pid), "%d", k);
				put(CG "/jl/cgroup.procs", pid);
			}
		}
	}
}

int main(void)
{
	char cmdline[1024] = "", mode[16] = "all", *s;
	struct utsname u;
	long secs = 60, flips = 0;
	int fd, n, ncpu, do_feat, do_bw, do_stats;
	double t0, next;
	size_t fi = 0;

	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
	fd = open("/dev/console", O_RDWR);
	if (fd >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
		if (fd > 2)
			close(fd);
	}
	mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL);
	mount("cgroup2", CG, "cgroup2", 0, NULL);

	fd = open("/proc/cmdline", O_RDONLY);
	if (fd >= 0) {
		n = read(fd, cmdline, sizeof(cmdline) - 1);
		cmdline[n > 0 ? n : 0] = 0;
		close(fd);
	}
	s = strstr(cmdline, "jl.mode=");
	if (s)
		sscanf(s + 8, "%15[a-z]", mode);
	s = strstr(cmdline, "jl.secs=");
	if (s)
		secs = strtol(s + 8, NULL, 10);
	do_feat = !strcmp(mode, "feat") || !strcmp(mode, "all");
	do_bw = !strcmp(mode, "bw") || !strcmp(mode, "all");
	do_stats = !strcmp(mode, "stats") || !strcmp(mode, "all");

	ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	uname(&u);
	read_features();
	put(CG "/cgroup.subtree_control", "+cpu");
	mkdir(CG "/jl", 0755);
	say("[jl] start mode=%s secs=%ld cpus=%d kernel=%s", mode, secs, ncpu, u.release);
	{
		char line[400] = "";
		for (size_t i = 0; i < NFEAT; i++)
			if (feat_on[i] >= 0)
				snprintf(line + strlen(line), sizeof(line) - strlen(line), " %s%s",
					 feat_on[i] ? "" : "NO_", feat_names[i]);
		say("[jl] features flipped:%s", line);
	}
	spawn_load(ncpu);

	t0 = now();
	next = t0 + 5;
	while (now() - t0 < secs) {
		if (do_feat) {
			for (size_t k = 0; k < NFEAT; k++, fi++)
				if (feat_on[fi % NFEAT] >= 0)
					break;
			if (feat_on[fi % NFEAT] >= 0)
				flips += flip_feature(fi++ % NFEAT);
		}
		if (do_bw)
			flips += flip_bandwidth();
		if (do_stats)
			flips += flip_stats();
		if (!strcmp(mode, "none"))
			usleep(1000);
		if (now() >= next) {
			say("[jl] t=%.0f flips=%ld", now() - t0, flips);
			next += 5;
		}
	}
	say("[jl] done flips=%ld secs=%.1f", flips, now() - t0);
	kill(-1, SIGKILL);
	off();
	return 0;
}
