# bench.mk - `make bench`: the series' cost and gains, measured side by
# side in one invocation (conformance/bench/README.md).
#
#   make bench [BENCH_N=5] [BENCH_SECONDS=2] [BENCH_CPUS=2]
#              [STOCK_KERNEL=bzImage] [PATCHED_KERNEL=bzImage]
#
# BENCH_N rounds, each one boot of the stock and one of the patched kernel
# (ABBA order), then one quick-suite boot of the patched kernel for the
# time to a verdict; cfsreport bench writes bench.html, the SVG and the
# table (bench.md) into results/<time>-bench/.

BENCH_N        ?= 5
BENCH_SECONDS  ?= 2
BENCH_CPUS     ?= $(GUEST_CPUS)
BENCH_MEM      ?= $(GUEST_MEM)
BENCH_CGROUPS  ?= 10,100,1000,4000
BENCH_SUITE    ?= quick
STOCK_KERNEL   ?=
PATCHED_KERNEL ?=
BENCH_DIR      := conformance/bench
BENCH_OUT      := $(BUILD)/bench
CFSBENCH       := $(BENCH_OUT)/cfsbench
CFSBENCH_SRCS  := $(wildcard $(BENCH_DIR)/*.c)
CFLAGS_$(BENCH_DIR)/tests := -I$(BENCH_DIR)
BENCH_SUITE_FILES := $(shell initramfs/resolve-scenarios.sh $(BENCH_SUITE) 2>/dev/null)
BENCH_INITRD   := $(BENCH_OUT)/initramfs-bench.cpio.gz
BENCH_STOCK_IMG   := $(if $(STOCK_KERNEL),$(STOCK_KERNEL),$(KSTOCK_DIR)/bzImage)
BENCH_PATCHED_IMG := $(if $(PATCHED_KERNEL),$(PATCHED_KERNEL),$(BZIMAGE))

# The benchmark links the runner's library (kfile, jsonout, measure).
$(CFSBENCH): $(call c_objs,plain,$(CFSBENCH_SRCS) $(CONF_LIB_SRCS)) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) -static -o $@ $^ $(CONF_LIBS)

# One initramfs for both boots: the suite's scenarios and /bin/cfsbench.
$(BENCH_INITRD): $(RUNNER) $(CFSBENCH) $(BENCH_SUITE_FILES) initramfs/init initramfs/mkinitramfs.sh | deps
	@mkdir -p $(@D)
	$(Q)BENCH_BIN=$(CFSBENCH) initramfs/mkinitramfs.sh $@ $(RUNNER) $(BENCH_SUITE_FILES)

.PHONY: bench bench-tests

bench: $(BENCH_INITRD) $(RUNNER_HOST) $(CFSREPORT) | deps
	$(Q)$(if $(STOCK_KERNEL),,$(MAKE) --no-print-directory kernel-stock)
	$(Q)$(if $(PATCHED_KERNEL)$(KERNEL),,$(MAKE) --no-print-directory kernel)
	$(Q)$(BENCH_DIR)/bench.sh --stock $(BENCH_STOCK_IMG) \
		--patched $(BENCH_PATCHED_IMG) --initrd $(BENCH_INITRD) \
		--runner $(RUNNER_HOST) --report $(CFSREPORT) \
		--results $(RESULTS_DIR) --n $(BENCH_N) --seconds $(BENCH_SECONDS) \
		--cpus $(BENCH_CPUS) --mem $(BENCH_MEM) --accel $(ACCEL) \
		--cgroups $(BENCH_CGROUPS) --ksrc "$(wildcard $(KBUILD_DIR)/src-*)" \
		$(BENCH_SUITE_FILES)

# Host unit tests of the benchmark's parsers (ASan/UBSan).
BENCH_TEST_BINS := $(patsubst $(BENCH_DIR)/tests/%.c,$(BENCH_OUT)/tests/%,$(wildcard $(BENCH_DIR)/tests/test_*.c))
$(BENCH_OUT)/tests/%: $(OBJ_DIR)/san/$(BENCH_DIR)/tests/%.o \
		      $(call c_objs,san,$(filter-out $(BENCH_DIR)/cfsbench.c,$(CFSBENCH_SRCS)) \
				$(CONF_LIB_SRCS)) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) $(SAN_FLAGS) -o $@ $^ $(CONF_LIBS) -lcmocka

bench-tests: $(BENCH_TEST_BINS)
	@tests/run-unit-tests.sh bench-unit $(BENCH_TEST_BINS)
