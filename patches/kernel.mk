# kernel.mk - the guest kernel: Debian's linux-source-$(KBASE) + the
# series of that base (patches/$(KBASE)/series) + the config fragments
# (patches/*.config for every base, patches/$(KBASE)/*.config for one),
# built out of tree.
#
# KBASE=6.1 (default)  linux-source-6.1  (6.1.192)  -> $(BUILD)/kernel
# KBASE=6.12           linux-source-6.12 (6.12.118) -> $(BUILD)/kernel-6.12
# KBASE=7.3            linux-source-7.3  (7.3.4)    -> $(BUILD)/kernel-7.3
#
# 6.1 and 6.12 come from the host's own apt (bookworm, bookworm-security)
# and are installed like any dependency; 7.3 is in trixie-backports, which
# the host's apt does not list: patches/fetch-source.sh takes the newest
# upload from the private index (tools/private-apt.sh) into
# $(BUILD)/src-pkgs/ without installing it.
#
# $(KBUILD_DIR)/src-<version>  the unpacked tree (a local git repo: its
#                              first commit is the pristine tarball)
# $(KBUILD_DIR)/obj            object tree (O=)
# $(KBUILD_DIR)/bzImage        the result; kernel.json describes it
#
# With KERNEL=path the given image is booted as it is and nothing is built.

KBASE         ?= 6.1
KBASES        := 6.1 6.12 7.3
KBASES_PRIVATE := 7.3
ifeq ($(filter $(KBASE),$(KBASES)),)
$(error KBASE=$(KBASE): not a known base (one of: $(KBASES)))
endif
KSRC_PKG      := linux-source-$(KBASE)
ifeq ($(filter $(KBASE),$(KBASES_PRIVATE)),)
KSRC_TARBALL  := /usr/src/$(KSRC_PKG).tar.xz
DEPS_PKGS     += $(KSRC_PKG)
KSRC_FETCH    := true
else
KSRC_TARBALL  := $(BUILD)/src-pkgs/$(KSRC_PKG)/$(KSRC_PKG).tar.xz
KSRC_FETCH    := patches/fetch-source.sh $(KSRC_PKG) $(dir $(KSRC_TARBALL))
endif
KPATCH_DIR    := patches/$(KBASE)
KSERIES       := $(KPATCH_DIR)/series
# The default base keeps its historical folders; others get a suffix.
KSUFFIX       := $(if $(filter 6.1,$(KBASE)),,-$(KBASE))
export KBASE

KBUILD_DIR    := $(BUILD)/kernel$(KSUFFIX)
KCONFIG_FRAGS := $(sort $(wildcard patches/*.config)) \
		 $(sort $(wildcard $(KPATCH_DIR)/*.config))
ifeq ($(KERNEL),)
BZIMAGE       := $(KBUILD_DIR)/bzImage
else
BZIMAGE       := $(KERNEL)
endif

# linux-source-6.12 is in Debian 12's bookworm-security suite, not in
# bookworm itself: say so before deps.sh asks apt for it. Only a hint;
# deps.sh still runs (apt's lists may just be stale).
.PHONY: kbase-source-hint
deps: kbase-source-hint
kbase-source-hint:
	$(Q)if [ "$(KBASE)" = 6.12 ] && \
		! dpkg-query -W -f='$${db:Status-Abbrev}' $(KSRC_PKG) 2>/dev/null | grep -q '^ii' && \
		! apt-cache policy $(KSRC_PKG) 2>/dev/null | grep -q 'Candidate: [0-9]'; then \
		echo "[deps] apt has no candidate for $(KSRC_PKG): it comes from Debian 12's" \
			"bookworm-security suite; if apt-get cannot find it below, add" \
			"bookworm-security to the apt sources and run apt-get update"; \
	fi

.PHONY: kernel
ifeq ($(KERNEL),)
kernel: deps
	$(Q)$(KSRC_FETCH)
	$(Q)patches/build-kernel.sh --tarball $(KSRC_TARBALL) \
		--build $(KBUILD_DIR) --series $(KSERIES) \
		$(addprefix --config ,$(KCONFIG_FRAGS))
else
kernel:
	$(Q)test -r "$(KERNEL)" || { echo "[kernel] KERNEL=$(KERNEL): no such file" >&2; exit 1; }
	@echo "[kernel] using $(KERNEL) as it is (no patching, no build)"
endif

# The stock kernel of the base with the same fragments (an empty series),
# for make bench and as the baseline of the suite.
KSTOCK_DIR    := $(BUILD)/kernel-stock$(KSUFFIX)
.PHONY: kernel-stock
kernel-stock: deps
	$(Q)$(KSRC_FETCH)
	$(Q)patches/build-kernel.sh --tarball $(KSRC_TARBALL) \
		--build $(KSTOCK_DIR) --series conformance/bench/stock.series \
		--allow-undefined $(addprefix --config ,$(KCONFIG_FRAGS))
