// SPDX-License-Identifier: GPL-2.0
/*
 * fake-runner.c - a static stand-in for /bin/conform in fault-test
 * initramfs images. It speaks the runner's protocol just enough (KTAP on
 * stdout, JSON Lines on the --json channel): one completed scenario
 * ("fault-before", ok 1), then the start of a second ("fault-MODE"), then
 * the fault MODE:
 *
 *   segv   dereference NULL (the runner crashes: RUNNER_EXIT=139)
 *   hang   sleep forever without output (the guest goes silent)
 *   oom    allocate and touch memory until the OOM killer ends it
 *   exit   finish normally (exit 0), the control case
 *
 * MODE comes from the kernel command line (fault.mode=MODE).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char mode[32] = "exit";

static void read_mode(void)
{
	char line[4096], *p;
	FILE *f = fopen("/proc/cmdline", "r");

	if (!f)
		return;
	if (fgets(line, sizeof(line), f) && (p = strstr(line, "fault.mode="))) {
		p += strlen("fault.mode=");
		snprintf(mode, sizeof(mode), "%.*s", (int)strcspn(p, " \n"), p);
	}
	fclose(f);
}

int main(int argc, char **argv)
{
	FILE *json = NULL;
	int i;

	for (i = 1; i + 1 < argc; i++)
		if (!strcmp(argv[i], "--json"))
			json = fopen(argv[i + 1], "w");
	read_mode();
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("KTAP version 1\n1..2\n");
	if (json) {
		setvbuf(json, NULL, _IOLBF, 0);
		fprintf(json, "{\"type\":\"scenario_start\",\"index\":1,"
			"\"name\":\"fault-before\"}\n");
		fprintf(json, "{\"type\":\"result\",\"index\":1,"
			"\"name\":\"fault-before\",\"verdict\":\"pass\"}\n");
		fprintf(json, "{\"type\":\"scenario_start\",\"index\":2,"
			"\"name\":\"fault-%s\"}\n", mode);
	}
	printf("ok 1 fault-before\n");
	printf("# fault-%s: starting\n", mode);
	fflush(NULL);
	if (!strcmp(mode, "segv")) {
		volatile int *null = NULL;

		*null = 1;
	} else if (!strcmp(mode, "hang")) {
		for (;;)
			pause();
	} else if (!strcmp(mode, "oom")) {
		for (;;) {
			char *m = malloc(1 << 20);

			if (!m)
				continue;
			memset(m, 0xa5, 1 << 20);
		}
	}
	if (json)
		fprintf(json, "{\"type\":\"result\",\"index\":2,"
			"\"name\":\"fault-%s\",\"verdict\":\"pass\"}\n", mode);
	printf("ok 2 fault-%s\n# Totals: pass:2 fail:0 skip:0\n", mode);
	return 0;
}
