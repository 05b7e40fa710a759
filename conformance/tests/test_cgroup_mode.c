// SPDX-License-Identifier: GPL-2.0
/*
 * test_cgroup_mode.c - reading, setting and restoring sched/cgroup_mode
 * (kernel/cgroup_mode.c) on a fake debugfs: a temporary sched/ directory
 * whose cgroup_mode file is written the way the kernel's handler does
 * (a known mode name selects it; the read shows it in parentheses), or
 * refuses the write, or ignores it.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>
#include <json-c/json.h>

#include "kernel/kernel.h"
#include "model/model.h"
#include "output/output.h"
#include "tests/testutil.h"
#include "scenario/scenario.h"

static char root[64], dir[96], file[128];
static int write_err;		/* the fake's write fails with it */
static bool write_ignored;	/* the fake's write succeeds, no change */
static int writes;

static const char *const modes[] = { "up", "smp", "concur", "max", "tasks" };

static void put(const char *mode)
{
	FILE *f = fopen(file, "w");

	assert_non_null(f);
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		fprintf(f, strcmp(mode, modes[i]) ? "%s " : "(%s) ", modes[i]);
	fputs("\n", f);
	fclose(f);
}

/* The kernel's sched_cgroup_write(): strstrip, a known name or -EINVAL. */
static int fake_write(const char *path, const char *val)
{
	char buf[16];

	writes++;
	assert_string_equal(path, file);
	if (write_err)
		return write_err;
	snprintf(buf, sizeof(buf), "%s", val);
	buf[strcspn(buf, " \n")] = '\0';
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
		if (!strcmp(buf, modes[i])) {
			if (!write_ignored)
				put(buf);
			return 0;
		}
	return -EINVAL;
}

static const struct cgm_io fake = { kfile_read, fake_write };

/*
 * The test's own list (the model knows every mode of 7.3), so that the
 * path of a mode the model does not know stays tested.
 */
static bool modelled(const char *name)
{
	return !strcmp(name, "smp") || !strcmp(name, "concur") ||
	       !strcmp(name, "max");
}

static char *content(void)
{
	static char buf[128];

	assert_true(kfile_read(file, buf, sizeof(buf)) > 0);
	return buf;
}

static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "/tmp/cgmode-test.XXXXXX");
	assert_non_null(mkdtemp(root));
	snprintf(dir, sizeof(dir), "%s/sched", root);
	snprintf(file, sizeof(file), "%s/cgroup_mode", dir);
	assert_int_equal(mkdir(dir, 0755), 0);
	write_err = 0;
	write_ignored = false;
	writes = 0;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(file);
	rmdir(dir);
	rmdir(root);
	return 0;
}

static void test_parse(void **state)
{
	char m[CGMODE_NAME_MAX];

	(void)state;
	assert_int_equal(cgroup_mode_parse("up (smp) concur max tasks \n", m,
					   sizeof(m)), 0);
	assert_string_equal(m, "smp");
	assert_int_equal(cgroup_mode_parse("up smp concur max (tasks) ", m,
					   sizeof(m)), 0);
	assert_string_equal(m, "tasks");
	assert_int_equal(cgroup_mode_parse("(smp) ", m, sizeof(m)), 0);
	assert_string_equal(m, "smp");
	assert_int_equal(cgroup_mode_parse("up smp concur", m, sizeof(m)),
			 -EINVAL);
	assert_int_equal(cgroup_mode_parse("(up) (smp)", m, sizeof(m)),
			 -EINVAL);
	assert_int_equal(cgroup_mode_parse("() smp", m, sizeof(m)), -EINVAL);
	assert_int_equal(cgroup_mode_parse("(smp", m, sizeof(m)), -EINVAL);
	assert_int_equal(cgroup_mode_parse("(averyveryverylongmode)", m,
					   sizeof(m)), -EINVAL);
}

/* concur (mainline's default) and smp are modelled: left as they are. */
static void test_modelled(void **state)
{
	struct cgroup_mode cm;

	(void)state;
	put("concur");
	cgroup_mode_apply(&cm, dir, "7.3.0", NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_KERNEL);
	assert_string_equal(cm.kernel, "concur");
	assert_string_equal(cm.run, "concur");
	assert_non_null(strstr(cm.why, "cgroup_mode concur (the kernel's"));
	assert_int_equal(cgroup_mode_restore(&cm, dir, &fake), 0);
	assert_int_equal(writes, 0);
	assert_string_equal(content(), "up smp (concur) max tasks \n");

	put("max");
	cgroup_mode_apply(&cm, dir, "7.3.0", NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_KERNEL);
	assert_string_equal(cm.run, "max");
	assert_int_equal(writes, 0);
}

/* tasks is not modelled: smp for the run, tasks again afterwards. */
static void test_set_and_restore(void **state)
{
	struct cgroup_mode cm;

	(void)state;
	put("tasks");
	cgroup_mode_apply(&cm, dir, "7.3.0", NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_SET);
	assert_string_equal(cm.kernel, "tasks");
	assert_string_equal(cm.run, "smp");
	assert_string_equal(content(), "up (smp) concur max tasks \n");
	assert_string_equal(cm.why, "cgroup_mode tasks is not modelled: smp "
			    "for the run, tasks restored after it");
	assert_int_equal(cgroup_mode_restore(&cm, dir, &fake), 0);
	assert_string_equal(content(), "up smp concur max (tasks) \n");
}

/* --cgroup-mode: set whatever the kernel's, restored; the same: kept. */
static void test_asked_for(void **state)
{
	struct cgroup_mode cm;

	(void)state;
	put("concur");
	cgroup_mode_apply(&cm, dir, "7.3.0", "smp", modelled, &fake);
	assert_int_equal(cm.how, CGM_SET);
	assert_string_equal(cm.kernel, "concur");
	assert_string_equal(cm.run, "smp");
	assert_string_equal(cm.why, "cgroup_mode smp (asked for; the "
			    "kernel's concur restored after the run)");
	assert_string_equal(content(), "up (smp) concur max tasks \n");
	assert_int_equal(cgroup_mode_restore(&cm, dir, &fake), 0);
	assert_string_equal(content(), "up smp (concur) max tasks \n");

	writes = 0;
	cgroup_mode_apply(&cm, dir, "7.3.0", "concur", modelled, &fake);
	assert_int_equal(cm.how, CGM_KERNEL);
	assert_int_equal(writes, 0);

	/* asked for where there is no file: only smp can be had */
	unlink(file);
	cgroup_mode_apply(&cm, dir, "6.12.118", "concur", modelled, &fake);
	assert_int_equal(cm.how, CGM_UNKNOWN);
	assert_non_null(strstr(cm.why, "no sched/cgroup_mode"));
	cgroup_mode_apply(&cm, dir, "6.12.118", "smp", modelled, &fake);
	assert_int_equal(cm.how, CGM_NO_FILE);
}

/* Neither modelled nor settable: unknown, the file as it was. */
static void test_not_settable(void **state)
{
	struct cgroup_mode cm;

	(void)state;
	put("up");
	write_err = -EPERM;
	cgroup_mode_apply(&cm, dir, "7.3.0", NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_UNKNOWN);
	assert_string_equal(cm.run, "");
	assert_string_equal(cm.why, "cgroup_mode up is not modelled and "
			    "could not be set to smp: Operation not "
			    "permitted");
	assert_string_equal(content(), "(up) smp concur max tasks \n");
	assert_int_equal(cgroup_mode_restore(&cm, dir, &fake), 0);

	/* a write that "succeeds" but does not take is caught on read-back */
	write_err = 0;
	write_ignored = true;
	cgroup_mode_apply(&cm, dir, "7.3.0", NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_UNKNOWN);
	assert_non_null(strstr(cm.why, "Input/output error"));
	assert_string_equal(content(), "(up) smp concur max tasks \n");
}

static void test_unreadable(void **state)
{
	struct cgroup_mode cm;
	FILE *f = fopen(file, "w");

	(void)state;
	assert_non_null(f);
	fputs("smp concur\n", f);
	fclose(f);
	cgroup_mode_apply(&cm, dir, "7.3.0", NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_UNKNOWN);
	assert_string_equal(cm.kernel, "");
	assert_string_equal(cm.why, "sched/cgroup_mode unreadable (Invalid "
			    "argument): \"smp concur\"");
	assert_int_equal(writes, 0);
}

/* No file: smp when sched/ is there or the kernel is a 6.x, else unknown. */
static void test_no_file(void **state)
{
	struct cgroup_mode cm;
	char gone[128];

	(void)state;
	cgroup_mode_apply(&cm, dir, "7.3.0", NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_NO_FILE);
	assert_string_equal(cm.kernel, "");
	assert_string_equal(cm.run, "smp");
	snprintf(gone, sizeof(gone), "%s/no-debugfs", root);
	cgroup_mode_apply(&cm, gone, "6.1.192", NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_NO_FILE);
	assert_string_equal(cm.run, "smp");
	assert_non_null(strstr(cm.why, "kernel 6.1.192 predates cgroup_mode"));
	cgroup_mode_apply(&cm, gone, "7.3.0-rc1", NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_UNKNOWN);
	assert_non_null(strstr(cm.why, "share function unknown: no debugfs"));
	cgroup_mode_apply(&cm, gone, NULL, NULL, modelled, &fake);
	assert_int_equal(cm.how, CGM_UNKNOWN);
	assert_int_equal(writes, 0);
}

/* A scenario's "sched cgroup_mode X" is a SKIP, never applied. */
static void test_scenario_knob(void **state)
{
	static const char text[] = "name k\ncpus 1\nsched cgroup_mode concur\n"
				   "group A weight=100\ntask a group=A\n";
	static struct scenario sc;
	struct knob_saved sv;
	char err[SCN_ERR_MAX], why[256] = "";

	(void)state;
	if (scn_parse_buffer("k.scn", text, strlen(text), &sc, err,
			     sizeof(err)))
		fail_msg("%s", err);
	assert_int_equal(knobs_apply(&sc, &sv, why, sizeof(why)), -ENOENT);
	assert_int_equal(sv.n, 0);
	assert_string_equal(why, "sched cgroup_mode (line 3): the share "
			    "function is the run's, read once before the "
			    "first scenario; a scenario cannot change it");
}

/* The run record: the mode in effect, the kernel's, and who set it. */
static void test_json(void **state)
{
	struct run_info ri = { .runner_version = "t", .pelt_source = "none",
			       .cgroup_mode = "smp",
			       .cgroup_mode_kernel = "tasks",
			       .cgroup_mode_set = true };
	struct json_object *o, *v;

	(void)state;
	o = tu_run_start(&ri);
	assert_non_null(o);
	assert_true(json_object_object_get_ex(o, RK_CGROUP_MODE, &v));
	assert_string_equal(json_object_get_string(v), "smp");
	assert_true(json_object_object_get_ex(o, RK_CGROUP_MODE_KERNEL, &v));
	assert_string_equal(json_object_get_string(v), "tasks");
	assert_true(json_object_object_get_ex(o, RK_CGROUP_MODE_SET, &v));
	assert_true(json_object_get_boolean(v));
	json_object_put(o);

	/* unknown, no file: both null, not set */
	ri.cgroup_mode = ri.cgroup_mode_kernel = NULL;
	ri.cgroup_mode_set = false;
	o = tu_run_start(&ri);
	assert_true(json_object_object_get_ex(o, RK_CGROUP_MODE, &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(o, RK_CGROUP_MODE_KERNEL, &v));
	assert_null(v);
	assert_true(json_object_object_get_ex(o, RK_CGROUP_MODE_SET, &v));
	assert_false(json_object_get_boolean(v));
	json_object_put(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test_setup_teardown(test_modelled, setup, teardown),
		cmocka_unit_test_setup_teardown(test_set_and_restore, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_asked_for, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_not_settable, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_unreadable, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_no_file, setup, teardown),
		cmocka_unit_test(test_scenario_knob),
		cmocka_unit_test(test_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
