/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hotplug.h - CPU online state through /sys/devices/system/cpu.
 */
#ifndef CONFORM_HOTPLUG_H
#define CONFORM_HOTPLUG_H

#include <stdbool.h>

#include "scenario.h"

/* Mask of online CPUs (parsed from .../cpu/online). Returns 0 or -errno. */
int hotplug_online_mask(scn_cpumask_t *mask);

/* Number of possible CPUs (.../cpu/possible), or -errno. */
int hotplug_possible(void);

/* Bring cpu on- or offline. Returns 0 or -errno. */
int hotplug_set(int cpu, bool online);

/* Bring every CPU of mask online (best effort); returns first error. */
int hotplug_restore(scn_cpumask_t mask);

#endif /* CONFORM_HOTPLUG_H */
