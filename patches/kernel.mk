# kernel.mk - the guest kernel: Debian's linux-source-6.1 + patches/series
# + the config fragments in patches/*.config, built out of tree.
#
# $(BUILD)/kernel/src-<version>  the unpacked tree (a local git repo: its
#                                 first commit is the pristine tarball)
# $(BUILD)/kernel/obj             object tree (O=)
# $(BUILD)/kernel/bzImage         the result; kernel.json describes it
#
# With KERNEL=path the given image is booted as it is and nothing is built.

KBUILD_DIR    := $(BUILD)/kernel
KCONFIG_FRAGS := $(sort $(wildcard patches/*.config))
ifeq ($(KERNEL),)
BZIMAGE       := $(KBUILD_DIR)/bzImage
else
BZIMAGE       := $(KERNEL)
endif

.PHONY: kernel
ifeq ($(KERNEL),)
kernel: deps
	$(Q)patches/build-kernel.sh --tarball $(KSRC_TARBALL) \
		--build $(KBUILD_DIR) --series patches/series \
		$(addprefix --config ,$(KCONFIG_FRAGS))
else
kernel:
	$(Q)test -r "$(KERNEL)" || { echo "[kernel] KERNEL=$(KERNEL): no such file" >&2; exit 1; }
	@echo "[kernel] using $(KERNEL) as it is (no patching, no build)"
endif

# Stock 6.1.192 with the same fragments (an empty series), for make bench.
KSTOCK_DIR    := $(BUILD)/kernel-stock
.PHONY: kernel-stock
kernel-stock: deps
	$(Q)patches/build-kernel.sh --tarball $(KSRC_TARBALL) \
		--build $(KSTOCK_DIR) --series conformance/bench/stock.series \
		--allow-undefined $(addprefix --config ,$(KCONFIG_FRAGS))
