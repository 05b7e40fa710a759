# fuzz.mk - `make fuzz`: libFuzzer (clang) on the scenario parser.
#
#   make fuzz [FUZZ_SECONDS=60]
#
# Builds conformance/fuzz/fuzz_scenario.c + the scenario room
# (conformance/scenario/) with
# -fsanitize=fuzzer,address,undefined, runs it for FUZZ_SECONDS on a corpus
# seeded from cgroup-scenarios/, conformance/tests/bad/ and
# conformance/fuzz/regressions/ (kept in $(BUILD)/fuzz/corpus between runs),
# prints executions and coverage, and fails on any crash, sanitizer report,
# timeout or OOM. Inputs it finds go to $(BUILD)/fuzz/artifacts/; once
# fixed they belong in conformance/fuzz/regressions/, which
# conformance/tests/test_fuzz_regressions.c replays in `make unit-tests`.

FUZZ_SECONDS ?= 60
FUZZ_CC      ?= clang
FUZZ_DIR     := conformance/fuzz
FUZZ_OUT     := $(BUILD)/fuzz
FUZZ_BIN     := $(FUZZ_OUT)/fuzz_scenario
# mk/c.mk's flags at -O1, libFuzzer added to its sanitizers
FUZZ_CFLAGS  := $(filter-out -O2,$(C_FLAGS)) -O1 -fsanitize=fuzzer \
		$(SAN_FLAGS)

DEPS_PKGS += clang libclang-rt-14-dev

# the scenario room alone (it includes no other room)
FUZZ_SCN_SRCS := $(wildcard conformance/scenario/*.c)

$(FUZZ_BIN): $(FUZZ_DIR)/fuzz_scenario.c $(FUZZ_SCN_SRCS) \
		 $(wildcard conformance/scenario/*.h) $(FUZZ_DIR)/fuzz_check.h | deps
	@mkdir -p $(@D)
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ $(FUZZ_DIR)/fuzz_scenario.c \
		$(FUZZ_SCN_SRCS) -lm

.PHONY: fuzz
fuzz: $(FUZZ_BIN)
	$(Q)$(FUZZ_DIR)/run-fuzz.sh $(FUZZ_BIN) $(FUZZ_OUT) $(FUZZ_SECONDS)
