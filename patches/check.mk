# check.mk - checks of the kernel patch series of one base (included by
# the top-level Makefile after patches/kernel.mk, which defines KBASE,
# KSRC_TARBALL, KPATCH_DIR, KSUFFIX and KCONFIG_FRAGS).
#
#   make check-series [KBASE=6.12]
#                       apply $(KPATCH_DIR)/series in order to a fresh
#                       tree unpacked from $(KSRC_TARBALL) and build a
#                       bzImage with the guest config after every patch,
#                       so every prefix of the series is known to build.
#                       CHECK_LAST=1 builds only the whole series (CI)
#   make check-patches [KBASE=6.12]
#                       scripts/checkpatch.pl --strict (from that base's
#                       tree) on every patch of the series; fails on any
#                       error or warning
#   make unpack-tests   patches/unpack-source.sh (the lean tree) on a
#                       small fake tarball
#
# Work happens under $(BUILD)/check-series$(KSUFFIX) and
# $(BUILD)/checkpatch$(KSUFFIX); the kernel trees of make kernel are
# never touched.

BUILD        ?= build
Q            ?= @

CHECK_SERIES_DIR := $(BUILD)/check-series$(KSUFFIX)
CHECKPATCH_DIR   := $(BUILD)/checkpatch$(KSUFFIX)

.PHONY: check-series check-patches unpack-tests

unpack-tests:
	$(Q)patches/tests/unpack-source-test.sh

check-series: | deps
	$(Q)$(KSRC_FETCH)
	$(Q)CHECK_LAST=$(CHECK_LAST) patches/tests/check-series.sh \
		$(KSRC_TARBALL) $(KPATCH_DIR) $(CHECK_SERIES_DIR) $(KCONFIG_FRAGS)

check-patches: | deps
	$(Q)$(KSRC_FETCH)
	$(Q)patches/tests/check-patches.sh $(KSRC_TARBALL) $(KPATCH_DIR) \
		$(CHECKPATCH_DIR)

# make stable-patch [KBASE=6.12]: the 32-bit load_sum truncation fix of
# the base alone, as a stable patch against the pristine Debian tree, with
# patches/$(KBASE)/stable.msg as its changelog, and the stand-alone
# reproducer, into $(BUILD)/stable$(KSUFFIX)/ (patches/stable-patch.sh).
# The send-ready drafts with citations and Cc lines: docs/findings/load-sum-truncation/.
STABLE_FIX_6.1  := $(wildcard patches/6.1/0008-*.patch)
STABLE_FIX_6.12 := $(wildcard patches/6.12/0001-*.patch)
STABLE_SRC_DIR   = $(if $(wildcard $(KSTOCK_DIR)/src-*),$(KSTOCK_DIR),$(KBUILD_DIR))

.PHONY: stable-patch
stable-patch: | deps
	$(Q)test -n "$(wildcard $(STABLE_SRC_DIR)/src-*)" || $(MAKE) --no-print-directory kernel-stock
	$(Q)patches/stable-patch.sh --tarball $(KSRC_TARBALL) \
		--base-dir $(STABLE_SRC_DIR) --fix $(STABLE_FIX_$(KBASE)) \
		--msg $(KPATCH_DIR)/stable.msg --version $(KBASE) \
		--out $(BUILD)/stable$(KSUFFIX)
