// SPDX-License-Identifier: GPL-2.0
/*
 * insnmark.c - a QEMU TCG plugin (API version 1, QEMU 7.2) that counts
 * the guest instructions executed between two marker instructions.
 *
 *   qemu-system-x86_64 ... -plugin build/bench/insnmark.so[,mode=cb|inline]
 *                      -d plugin -D FILE
 *
 * The guest (cfsbench --cost) executes
 *     nopl 0x43465301(%rax,%rax,1)   begin   (0f 1f 84 00 01 53 46 43)
 *     nopl 0x43465302(%rax,%rax,1)   end     (0f 1f 84 00 02 53 46 43)
 * a no-op on every x86 CPU, whose displacement no compiler emits. At
 * "end" the plugin writes one line to the QEMU log:
 *     insnmark seq=N total=T vcpu0=A vcpu1=B ...
 * with the instructions every vCPU executed (kernel, user and idle
 * loops alike) since the matching "begin". The host pairs the N-th
 * line with the guest's N-th "cost" JSON object.
 *
 * mode=inline: an inline add before every instruction into one shared
 * counter: exact (an instruction that faults counts once more when it is
 * executed again) but only with one TCG thread, e.g. under -icount.
 * mode=cb (default): a callback per executed translation block adds the
 * block's length to that vCPU's counter: right under multi-threaded TCG,
 * but a block left early (a fault, an interrupt) still counts whole, so
 * it overcounts by an amount that depends on the load.
 *
 * Only the handful of declarations used here are written out below (the
 * plugin ABI of QEMU 7.2, include/qemu/qemu-plugin.h, version 1), so the
 * plugin builds without QEMU's source.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* --- the QEMU 7.2 plugin ABI (version 1), the parts used ---------------- */
#define PLUGIN_EXPORT __attribute__((visibility("default")))
typedef uint64_t qemu_plugin_id_t;
typedef struct {
	const char *target_name;
	struct { int min, cur; } version;
	bool system_emulation;
	union { struct { int smp_vcpus, max_vcpus; } system; };
} qemu_info_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS };
enum qemu_plugin_op { QEMU_PLUGIN_INLINE_ADD_U64 };
typedef void (*vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*udata_cb_t)(qemu_plugin_id_t id, void *userdata);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_tb_exec_cb(struct qemu_plugin_tb *tb,
	vcpu_udata_cb_t cb, enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_insn_exec_inline(struct qemu_plugin_insn *insn,
	enum qemu_plugin_op op, void *ptr, uint64_t imm);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
	vcpu_udata_cb_t cb, enum qemu_plugin_cb_flags flags, void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb,
						  size_t idx);
const void *qemu_plugin_insn_data(const struct qemu_plugin_insn *insn);
size_t qemu_plugin_insn_size(const struct qemu_plugin_insn *insn);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, udata_cb_t cb,
				    void *userdata);
void qemu_plugin_outs(const char *string);
PLUGIN_EXPORT extern int qemu_plugin_version;
PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
				      const qemu_info_t *info, int argc,
				      char **argv);
/* ------------------------------------------------------------------------ */

PLUGIN_EXPORT int qemu_plugin_version = 1;

#define MAX_VCPUS	64
#define MARK_LEN	8
static const unsigned char mark_prefix[] = { 0x0f, 0x1f, 0x84, 0x00 };
#define MARK_MAGIC	0x434653u	/* "CFS", the displacement's top bytes */
#define MARK_BEGIN	1
#define MARK_END	2

static uint64_t counts[MAX_VCPUS];	/* mode=cb */
static uint64_t shared_count;		/* mode=inline */
static uint64_t begin[MAX_VCPUS], begin_shared;
static bool inline_mode;
static int nvcpus = 1;
static unsigned long seq, begins;

static void tb_exec(unsigned int vcpu, void *udata)
{
	if (vcpu < MAX_VCPUS)
		counts[vcpu] += (uintptr_t)udata;
}

static void mark_exec(unsigned int vcpu, void *udata)
{
	char line[64 + 24 * MAX_VCPUS];
	uint64_t total = 0;
	size_t len;

	(void)vcpu;
	if ((uintptr_t)udata == MARK_BEGIN) {
		memcpy(begin, counts, sizeof(begin));
		begin_shared = shared_count;
		begins++;
		return;
	}
	if (begins == 0)
		return;	/* an end without a begin: nothing to pair it with */
	for (int i = 0; i < nvcpus; i++)
		total += counts[i] - begin[i];
	if (inline_mode)
		total = shared_count - begin_shared;
	len = (size_t)snprintf(line, sizeof(line), "insnmark seq=%lu total=%" PRIu64,
			       ++seq, total);
	for (int i = 0; !inline_mode && i < nvcpus && len < sizeof(line); i++)
		len += (size_t)snprintf(line + len, sizeof(line) - len,
					" vcpu%d=%" PRIu64, i, counts[i] - begin[i]);
	if (len < sizeof(line) - 1)
		strcat(line, "\n");
	qemu_plugin_outs(line);
}

static int mark_code(const struct qemu_plugin_insn *insn)
{
	const unsigned char *b = qemu_plugin_insn_data(insn);
	uint32_t disp;

	if (qemu_plugin_insn_size(insn) != MARK_LEN ||
	    memcmp(b, mark_prefix, sizeof(mark_prefix)))
		return 0;
	disp = (uint32_t)b[4] | (uint32_t)b[5] << 8 | (uint32_t)b[6] << 16 |
	       (uint32_t)b[7] << 24;
	if (disp >> 8 != MARK_MAGIC)
		return 0;
	disp &= 0xff;
	return disp == MARK_BEGIN || disp == MARK_END ? (int)disp : 0;
}

static void tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	if (!inline_mode)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, tb_exec,
			QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)n);
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		int code = mark_code(insn);

		if (inline_mode)
			qemu_plugin_register_vcpu_insn_exec_inline(insn,
				QEMU_PLUGIN_INLINE_ADD_U64, &shared_count, 1);

		if (code)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, mark_exec,
				QEMU_PLUGIN_CB_NO_REGS, (void *)(uintptr_t)code);
	}
}

/* At exit: the marks seen and every vCPU's instructions since boot. */
static void at_exit(qemu_plugin_id_t id, void *udata)
{
	char line[64 + 24 * MAX_VCPUS];
	uint64_t total = shared_count;
	size_t len;

	(void)id;
	(void)udata;
	for (int i = 0; !inline_mode && i < nvcpus; i++)
		total += counts[i];
	len = (size_t)snprintf(line, sizeof(line), "insnmark exit marks=%lu total=%" PRIu64,
			       seq, total);
	for (int i = 0; !inline_mode && i < nvcpus && len < sizeof(line); i++)
		len += (size_t)snprintf(line + len, sizeof(line) - len,
					" vcpu%d=%" PRIu64, i, counts[i]);
	if (len < sizeof(line) - 1)
		strcat(line, "\n");
	qemu_plugin_outs(line);
}

PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
				      const qemu_info_t *info, int argc,
				      char **argv)
{
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "mode=inline"))
			inline_mode = true;
		else if (strcmp(argv[i], "mode=cb")) {
			fprintf(stderr, "insnmark: unknown option %s\n", argv[i]);
			return -1;
		}
	}
	if (!info->system_emulation)
		return -1;
	nvcpus = info->system.max_vcpus;
	if (nvcpus > MAX_VCPUS) {
		fprintf(stderr, "insnmark: at most %d vCPUs\n", MAX_VCPUS);
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, tb_trans);
	qemu_plugin_register_atexit_cb(id, at_exit, NULL);
	return 0;
}
