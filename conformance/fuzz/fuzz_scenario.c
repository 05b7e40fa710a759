// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_scenario.c - libFuzzer harness for the scenario parser.
 *
 * Every input goes through scn_parse_buffer() as a scenario file and must
 * have the property of fuzz_check.h (a located -EINVAL, or a scenario the
 * runner's helpers walk safely). A violation aborts, so libFuzzer keeps
 * the input. Built with clang -fsanitize=fuzzer,address,undefined
 * (conformance/fuzz/fuzz.mk).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "scenario/scenario.h"
#include "fuzz_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct scenario scn;
static struct scn_state st;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *why = fuzz_check_input("fuzz.scn", data, size, &scn, &st);

	if (why) {
		fprintf(stderr, "fuzz_check: %s\n", why);
		abort();
	}
	return 0;
}
