# mutants.mk - mutation testing of the suite itself (docs/mutants.md).
# Included by the top-level Makefile after patches/kernel.mk (KBASE,
# KSRC_TARBALL, KSRC_FETCH, KSERIES, KBUILD_DIR) and report/report.mk
# (CFSREPORT).
#
#   make mutants [KBASE=] [MUTANTS=] [SCENARIOS=]
#                        the unmutated kernel of the base, then each
#                        mutant of patches/mutants/$(KBASE)/: build, boot
#                        the suite, kill matrix and kill rate in
#                        $(RESULTS_DIR)/mutants/$(KBASE)/ (resumable)
#   make mutants-gen [KBASE=]  regenerate that catalogue: every candidate
#                        of cfs-mutants, pruned by a compile of fair.o
#                        against the built tree (stillborn, same object)
#   make mutants-check   every catalogue of every base still applies to
#                        its base (no build) and is what the generator
#                        writes for it
#   make mutants-tests   the generator's unit tests (ASan/UBSan) and the
#                        driver on a made-up tree (mutants/tests/run-test.sh)
#
# MUTANTS: numbers or names of catalogue patches ("0008 0013"), default
# all. MUTANTS_LOCK=file: each build+boot holds flock(file), for a host
# shared with other jobs. MUTANT_SEED and MUTANTS_PER_FUNC are the
# generator's; the catalogue records them in each patch's first line.

MUT_DIR        := mutants
MUT_OUT        := $(BUILD)/mutants
MUT_MAIN       := $(MUT_DIR)/main.c
MUT_LIB_SRCS   := $(filter-out $(MUT_MAIN),$(wildcard $(MUT_DIR)/*.c))
MUT_TESTS      := $(wildcard $(MUT_DIR)/tests/test_*.c)
CFS_MUTANTS    := $(MUT_OUT)/cfs-mutants
MUT_CATALOGUE  := patches/mutants
MUT_FUNCTIONS  := $(MUT_CATALOGUE)/functions
MUTANT_SEED      ?= 1
MUTANTS_PER_FUNC ?= 7
MUTANTS          ?=
MUTANTS_LOCK     ?=
# the tree the catalogue is pruned against (make kernel's by default)
MUTANTS_KTREE    ?= $(KBUILD_DIR)

CFLAGS_$(MUT_DIR)/tests := -I$(MUT_DIR) \
	-DMUT_SRCDIR='"$(CURDIR)/$(MUT_DIR)"'

$(CFS_MUTANTS): $(call c_objs,san,$(MUT_MAIN) $(MUT_LIB_SRCS))
	@mkdir -p $(@D)
	$(Q)$(CC) $(SAN_FLAGS) -o $@ $^

MUT_TEST_BINS := $(patsubst $(MUT_DIR)/tests/%.c,$(MUT_OUT)/tests/%,$(MUT_TESTS))

$(MUT_OUT)/tests/%: $(OBJ_DIR)/san/$(MUT_DIR)/tests/%.o \
		    $(call c_objs,san,$(MUT_LIB_SRCS))
	@mkdir -p $(@D)
	$(Q)$(CC) $(SAN_FLAGS) -o $@ $^ -lcmocka

# The base's fair.c as make kernel builds it (Debian's + the series).
MUT_FAIR = $(MUT_OUT)/$(KBASE)/fair.c

.PHONY: mutants mutants-gen mutants-check mutants-tests

mutants-tests: $(MUT_TEST_BINS) $(CFSREPORT)
	@$(MUT_DIR)/tests/run-test.sh $(CFSREPORT) $(MUT_TEST_BINS)

mutants-gen: $(CFS_MUTANTS) | deps
	$(Q)$(KSRC_FETCH)
	$(Q)$(MUT_DIR)/base-fair.sh $(KSRC_TARBALL) $(KSERIES) $(MUT_FAIR)
	$(Q)rm -rf $(MUT_OUT)/$(KBASE)/candidates
	$(Q)mkdir -p $(MUT_OUT)/$(KBASE)/candidates
	$(Q)$(CFS_MUTANTS) --base $(KBASE) --seed $(MUTANT_SEED) \
		--per-func $(MUTANTS_PER_FUNC) --functions $(MUT_FUNCTIONS) \
		--out $(MUT_OUT)/$(KBASE)/candidates $(MUT_FAIR) >/dev/null
	$(Q)$(MUT_DIR)/prune.sh $(MUTANTS_KTREE) $(MUT_OUT)/$(KBASE)/candidates \
		$(MUT_CATALOGUE)/$(KBASE)

mutants-check: $(CFS_MUTANTS) | deps
	$(Q)$(MUT_DIR)/check-all.sh "$(MAKE) --no-print-directory" $(KBASES)

.PHONY: mutants-check-base
mutants-check-base: $(CFS_MUTANTS)
	$(Q)$(KSRC_FETCH)
	$(Q)$(MUT_DIR)/base-fair.sh $(KSRC_TARBALL) $(KSERIES) $(MUT_FAIR)
	$(Q)$(MUT_DIR)/check.sh $(KBASE) $(MUT_FAIR) $(MUT_CATALOGUE)/$(KBASE) \
		$(CFS_MUTANTS) $(MUT_FUNCTIONS)

mutants: $(CFSREPORT) | deps
	$(Q)MAKE="$(MAKE) --no-print-directory" CFSREPORT=$(CFSREPORT) \
		MUTANTS_LOCK="$(MUTANTS_LOCK)" $(MUT_DIR)/run.sh $(KBASE) \
		$(KBUILD_DIR) $(MUT_CATALOGUE)/$(KBASE) \
		$(RESULTS_DIR)/mutants/$(KBASE) "$(SCENARIOS)" $(MUTANTS)
