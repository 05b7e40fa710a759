// SPDX-License-Identifier: GPL-2.0
/*
 * hotplug.c - CPU on/offline through /sys/devices/system/cpu/cpuN/online.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "kernel/kernel.h"

static int read_list(const char *path, scn_cpumask_t *mask)
{
	char buf[256];
	ssize_t n;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -EIO;
	buf[n] = '\0';
	if (buf[n - 1] == '\n')
		buf[n - 1] = '\0';
	return scn_cpumask_parse(buf, mask);
}

int hotplug_online_mask(scn_cpumask_t *mask)
{
	return read_list("/sys/devices/system/cpu/online", mask);
}

int hotplug_possible(void)
{
	scn_cpumask_t m;
	int r = read_list("/sys/devices/system/cpu/possible", &m), n = 0;

	if (r)
		return r;
	while (n < SCN_MAX_CPUS && (m >> n))
		n++;
	return n;
}

int hotplug_set(int cpu, bool online)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online",
		 cpu);
	return kfile_write(path, online ? "1" : "0");
}

int hotplug_restore(scn_cpumask_t mask)
{
	scn_cpumask_t now;
	int c, r, ret = 0;

	if (hotplug_online_mask(&now))
		now = 0;
	for (c = 0; c < SCN_MAX_CPUS; c++) {
		if (!(mask & (1ull << c)) || (now & (1ull << c)))
			continue;
		r = hotplug_set(c, true);
		if (r && !ret)
			ret = r;
	}
	return ret;
}
