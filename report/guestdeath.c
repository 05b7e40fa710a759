// SPDX-License-Identifier: GPL-2.0
/*
 * guestdeath.c - the first death in a guest's console (guestdeath.h).
 */
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guestdeath.h"

/* The lines of an oops read for its RIP, CPU and Code: after its head. */
#define GD_BLOCK	40

static const char *const head_re =
	"(^|Oops: )[a-z0-9 ]+: [0-9a-f]{4} \\[#1\\]|^BUG: |^kernel BUG at|"
	"Kernel panic - not syncing";

/* s without its printk time stamp "[   12.345678] " */
static const char *untimed(const char *s)
{
	const char *p = s;

	if (*p++ != '[')
		return s;
	while (*p == ' ')
		p++;
	if (!strchr("0123456789", *p) || !*p)
		return s;
	p += strspn(p, "0123456789");
	if (*p++ != '.' || !strchr("0123456789", *p) || !*p)
		return s;
	p += strspn(p, "0123456789");
	return p[0] == ']' && p[1] == ' ' ? p + 2 : s;
}

static bool starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* "RIP: 0010:update_curr+0xaf/0x1e0" -> "update_curr+0xaf/0x1e0" */
static void read_rip(const char *s, char *buf, size_t len)
{
	const char *p = s + strlen("RIP: ");

	if (strspn(p, "0123456789abcdef") != 4 || p[4] != ':' || !p[5] ||
	    p[5] == ' ')
		return;
	p += 5;
	snprintf(buf, len, "%.*s", (int)strcspn(p, " "), p);
}

/* "Code: ... 66 <90> ...": the byte before the marker */
static void read_before(const char *s, char *buf)
{
	const char *m = strchr(s, '<');

	if (!m || m - s < 4 || m[-1] != ' ' || m[-4] != ' ')
		return;
	if (strspn(m + 1, "0123456789abcdef") != 2 || m[3] != '>' ||
	    strspn(m - 3, "0123456789abcdef") != 2)
		return;
	memcpy(buf, m - 3, 2);
	buf[2] = '\0';
}

/* The RIP, CPU and Code: byte of the oops whose head is line i. */
static void read_block(const struct lines *con, int i, struct guest_death *d)
{
	bool rip = false, cpu = false, code = false;

	for (int j = i; j < con->n && j < i + GD_BLOCK; j++) {
		const char *s = untimed(con->v[j]);

		if (!rip && starts(s, "RIP: ")) {
			read_rip(s, d->rip, sizeof(d->rip));
			rip = d->rip[0];
		} else if (!cpu && starts(s, "CPU: ") &&
			   strchr("0123456789", s[5]) && s[5]) {
			d->cpu = atoi(s + 5);
			cpu = true;
		} else if (!code && starts(s, "Code: ")) {
			read_before(s, d->before);
			code = true;
		}
	}
}

static enum guest_death_kind classify(const struct guest_death *d, bool kvm)
{
	if (!d->int3)
		return GD_KERNEL;
	if (d->before[0] && strcmp(d->before, "cc"))
		return GD_EMULATOR;
	return kvm ? GD_KERNEL : GD_EMULATOR;
}

void guest_death_read(const struct lines *con, bool kvm,
		      struct guest_death *d)
{
	regex_t re;
	regmatch_t m;
	const char *s = NULL;
	int i;

	memset(d, 0, sizeof(*d));
	d->cpu = -1;
	if (regcomp(&re, head_re, REG_EXTENDED))
		return;
	for (i = 0; i < con->n; i++) {
		s = untimed(con->v[i]);
		if (!regexec(&re, s, 1, &m, 0))
			break;
	}
	regfree(&re);
	if (i == con->n)
		return;
	if (starts(s, "Oops: "))
		s += strlen("Oops: ");
	snprintf(d->head, sizeof(d->head), "%s", s);
	d->int3 = starts(s, "int3: ");
	read_block(con, i, d);
	d->kind = classify(d, kvm);
}

/* "int3 at RIP on CPU N" (? for what the oops did not say) */
static void where(const struct guest_death *d, char *buf, size_t len)
{
	char cpu[16] = "?";

	if (d->cpu >= 0)
		snprintf(cpu, sizeof(cpu), "%d", d->cpu);
	snprintf(buf, len, "int3 at %s on CPU %s", d->rip[0] ? d->rip : "?",
		 cpu);
}

static void kernel_text(const struct guest_death *d, char *buf, size_t len)
{
	char cpu[32] = "";

	if (d->cpu >= 0)
		snprintf(cpu, sizeof(cpu), " on CPU %d", d->cpu);
	snprintf(buf, len, "kernel-oops: %s%s%s%s", d->head,
		 d->rip[0] ? " at " : "", d->rip, cpu);
}

void guest_death_text(const struct guest_death *d, const char *accel,
		      char *buf, size_t len)
{
	char w[192];

	where(d, w, sizeof(w));
	if (d->kind == GD_NONE)
		snprintf(buf, len, "none: no oops or panic in the console");
	else if (d->kind == GD_KERNEL && d->int3)
		snprintf(buf, len, "kernel-oops: %s under %s, the breakpoint "
			 "still in memory", w, accel);
	else if (d->kind == GD_KERNEL)
		kernel_text(d, buf, len);
	else if (d->before[0] && strcmp(d->before, "cc"))
		snprintf(buf, len, "emulator-int3: %s, but the text there is "
			 "'%s', not int3 cc: a breakpoint already patched away "
			 "ran from a stale translation (%s)", w, d->before,
			 accel);
	else
		snprintf(buf, len, "emulator-int3: %s under %s: a text-patching "
			 "breakpoint (jump label / static call) hit by another "
			 "vCPU", w, accel);
}
