// SPDX-License-Identifier: GPL-2.0
/*
 * runfacts.c - one guest boot's outcome and meta.json (runfacts.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "contract/contract.h"
#include "jsonget.h"
#include "jsonpretty.h"
#include "runfacts.h"

static bool starts(const char *s, const char *p)
{
	return !strncmp(s, p, strlen(p));
}

/* The last "RUNNER_EXIT=N" line's N, -1 when there is none. */
static int console_marker(const struct lines *con)
{
	const char *d;
	int rc = -1;

	for (int i = 0; i < con->n; i++) {
		if (!starts(con->v[i], "RUNNER_EXIT="))
			continue;
		d = con->v[i] + strlen("RUNNER_EXIT=");
		if (*d >= '0' && *d <= '9')
			rc = atoi(d);
	}
	return rc;
}

static bool console_has(const struct lines *con, const char *text)
{
	for (int i = 0; i < con->n; i++)
		if (strstr(con->v[i], text))
			return true;
	return false;
}

/* "[init] kernel RELEASE, ..." (the first such line) */
static void console_release(const struct lines *con, char *buf, size_t len)
{
	const char *p;
	size_t n;

	buf[0] = '\0';
	for (int i = 0; i < con->n; i++) {
		if (!starts(con->v[i], "[init] kernel "))
			continue;
		p = con->v[i] + strlen("[init] kernel ");
		n = strcspn(p, " ,");
		if (p[n] != ',')
			continue;
		snprintf(buf, len, "%.*s", (int)n, p);
		return;
	}
}

static void kunit_failed(const struct lines *con, char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");

	buf[0] = '\0';
	if (!f)
		return;
	ktap_kunit_failed(con, f);
	fclose(f);
}

/*
 * The scenario the guest was in when it stopped: the last scenario_start
 * of results.jsonl when no result has its index. Lines that are not JSON
 * (a record cut by the guest's end) are not records.
 */
static void jsonl_last_scenario(const char *dir, char *buf, size_t len,
				int *last_index)
{
	char path[4096], *line = NULL;
	size_t cap = 0;
	long idx = -1;
	bool done = false;
	FILE *f;

	buf[0] = '\0';
	snprintf(path, sizeof(path), "%s/results.jsonl", dir);
	f = fopen(path, "r");
	while (f && getline(&line, &cap, f) >= 0) {
		struct json_object *o = json_tokener_parse(line);
		const char *t = jkey_str(o, RK_TYPE, "");

		if (!strcmp(t, RT_SCENARIO_START)) {
			idx = jkey_int(o, RK_INDEX, -1);
			done = false;
			snprintf(buf, len, "%s", jkey_str(o, RK_NAME, ""));
		} else if (!strcmp(t, RT_RESULT) && idx >= 0 &&
			   jkey_int(o, RK_INDEX, -1) == idx) {
			done = true;
		}
		json_object_put(o);
	}
	free(line);
	if (f)
		fclose(f);
	if (done)
		buf[0] = '\0';
	*last_index = done || !buf[0] ? -1 : (int)idx;
}

/* The exit code and host status from the marker and the watchdog. */
static void run_status(const struct lines *con, const struct run_host *h,
		       struct run_facts *f)
{
	f->runner_exit = console_marker(con);
	if (f->runner_exit >= 128) {
		f->host_status = "runner-crashed";
		f->exit_code = CONFORM_EXIT_CRASHED;
	} else if (f->runner_exit >= 0) {
		f->host_status = "ok";
		f->exit_code = f->runner_exit;
	} else if (f->death.kind == GD_EMULATOR) {
		f->host_status = "emulator-fault";
		f->exit_code = CONFORM_EXIT_EMULATOR;
	} else if (console_has(con, "Kernel panic")) {
		f->host_status = "panic";
		f->exit_code = CONFORM_EXIT_PANIC;
	} else if (!strcmp(h->watchdog, "hang")) {
		f->host_status = "hang";
		f->exit_code = CONFORM_EXIT_HANG;
	} else if (!strcmp(h->watchdog, "deadline")) {
		f->host_status = "deadline";
		f->exit_code = CONFORM_EXIT_DEADLINE;
	} else {
		f->host_status = "qemu-died";
		f->exit_code = CONFORM_EXIT_QEMU_DIED;
	}
}

int run_facts_read(const char *dir, const struct run_host *h,
		   struct run_facts *f)
{
	char path[4096];
	struct lines con = { 0 };
	FILE *c;
	int ret;

	memset(f, 0, sizeof(*f));
	f->last_index = -1;
	snprintf(path, sizeof(path), "%s/console.log", dir);
	c = fopen(path, "r");
	if (!c)
		return -errno;
	ret = lines_read(c, &con);
	fclose(c);
	if (!ret) {
		guest_death_read(&con, !strcmp(h->accel, "kvm"), &f->death);
		if (f->death.kind != GD_NONE)
			guest_death_text(&f->death, h->accel, f->death_text,
					 sizeof(f->death_text));
		run_status(&con, h, f);
		f->oom = console_has(&con, "Out of memory: Killed process");
		console_release(&con, f->release, sizeof(f->release));
		kunit_failed(&con, f->kunit_failed, sizeof(f->kunit_failed));
		jsonl_last_scenario(dir, f->last_scenario,
				    sizeof(f->last_scenario), &f->last_index);
	}
	lines_free(&con);
	/* a failed KUnit suite fails a run that passed, skipped or was
	 * inconclusive; the guest-level codes stay */
	if (f->kunit_failed[0] && (f->exit_code == CONFORM_EXIT_PASS ||
				   f->exit_code == CONFORM_EXIT_SKIP ||
				   f->exit_code == CONFORM_EXIT_INCONCLUSIVE))
		f->exit_code = CONFORM_EXIT_FAIL;
	return ret;
}

/* kernel_build: the file's JSON as it is (trailing newlines dropped). */
static void put_kernel_build(FILE *out, const char *path)
{
	char buf[65536];
	size_t n = 0;
	FILE *f = path[0] ? fopen(path, "r") : NULL;

	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	while (n && buf[n - 1] == '\n')
		n--;
	if (!n) {
		fputs(path[0] && f ? "" : "{}", out);
		return;
	}
	fwrite(buf, 1, n, out);
}

/* text (a separator and a key) then s as a JSON string */
static void put_kv(FILE *out, const char *text, const char *s)
{
	fputs(text, out);
	json_put_string(out, s);
}

/* text then s as a JSON string, or null when s is "" */
static void put_str_or_null(FILE *out, const char *text, const char *s)
{
	fputs(text, out);
	if (s && s[0])
		json_put_string(out, s);
	else
		fputs("null", out);
}

int run_facts_meta(FILE *out, const char *run_id, const struct run_host *h,
		   const struct run_facts *f)
{
	put_kv(out, "{\"run_id\":", run_id);
	put_kv(out, ",\"label\":", h->label);
	put_kv(out, ",\"accel\":", h->accel);
	put_str_or_null(out, ",\"tcg_thread\":", h->tcg_thread);
	put_str_or_null(out, ",\"qemu_version\":", h->qemu_version);
	fprintf(out, ",\"guest_cpus\":%s", h->cpus);
	put_kv(out, ",\"guest_mem\":", h->mem);
	put_kv(out, ",\n \"kernel_image\":", h->kernel);
	put_kv(out, ",\"kernel_release\":", f->release);
	fputs(",\"kernel_build\":", out);
	put_kernel_build(out, h->kernel_meta);
	fputs(",\n \"runner_exit\":", out);
	if (f->runner_exit >= 0)
		fprintf(out, "%d", f->runner_exit);
	else
		fputs("null", out);
	put_kv(out, ",\"host_status\":", f->host_status);
	fprintf(out, ",\"qemu_exit\":%d,\"exit_code\":%d,\n \"last_scenario\":",
		h->qemu_exit, f->exit_code);
	put_str_or_null(out, "", f->last_scenario);
	if (f->last_index >= 0)
		fprintf(out, ",\"last_scenario_index\":%d", f->last_index);
	else
		fputs(",\"last_scenario_index\":null", out);
	put_kv(out, ",\"started\":", h->started);
	fprintf(out, ",\"duration_s\":%d,\n \"deadline_s\":%s,\"idle_s\":%s",
		h->duration, h->deadline, h->idle);
	put_str_or_null(out, ",\n \"guest_death\":", f->death_text);
	fputs(",\"emulator_faults\":[", out);
	if (f->exit_code == CONFORM_EXIT_EMULATOR && f->last_scenario[0])
		json_put_string(out, f->last_scenario);
	fputs("]}\n", out);
	return ferror(out) ? -EIO : 0;
}

/* " during scenario 'NAME'" (or "(scenario 'NAME')") when one was running */
static const char *during(const struct run_facts *f, bool paren)
{
	static char buf[320];

	if (!f->last_scenario[0])
		return "";
	snprintf(buf, sizeof(buf), paren ? " (scenario '%s')" :
		 " during scenario '%s'", f->last_scenario);
	return buf;
}

void run_facts_say(FILE *out, const char *dir, const struct run_host *h,
		   const struct run_facts *f)
{
	const char *st = f->host_status;

	if (!strcmp(st, "emulator-fault"))
		fprintf(out, "[run] emulator fault, not a kernel verdict: %s%s\n",
			f->death_text + strlen("emulator-int3: "),
			during(f, false));
	else if (!strcmp(st, "panic"))
		fprintf(out, "[run] guest kernel panicked%s%s%s\n",
			during(f, false), f->death_text[0] ? ": " : "",
			f->death_text);
	else if (!strcmp(st, "hang"))
		fprintf(out, "[run] guest hung: no output for %ss%s\n", h->idle,
			during(f, false));
	else if (!strcmp(st, "deadline"))
		fprintf(out, "[run] run exceeded its %ss deadline%s\n",
			h->deadline, during(f, false));
	else if (!strcmp(st, "runner-crashed"))
		fprintf(out, "[run] runner crashed (signal %d%s)%s\n",
			f->runner_exit - 128,
			f->oom ? ", out of memory in the guest" : "",
			during(f, false));
	else if (!strcmp(st, "qemu-died"))
		fprintf(out, "[run] QEMU exited (%d) before the runner finished%s; "
			"see %s/qemu.log\n", h->qemu_exit, during(f, true), dir);
	if (f->kunit_failed[0])
		fprintf(out, "[run] KUnit suite(s) failed: %s (see results.ktap)\n",
			f->kunit_failed);
}
