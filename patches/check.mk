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
#
# Work happens under $(BUILD)/check-series$(KSUFFIX) and
# $(BUILD)/checkpatch$(KSUFFIX); the kernel trees of make kernel are
# never touched.

BUILD        ?= build
Q            ?= @

CHECK_SERIES_DIR := $(BUILD)/check-series$(KSUFFIX)
CHECKPATCH_DIR   := $(BUILD)/checkpatch$(KSUFFIX)

.PHONY: check-series check-patches

check-series:
	$(Q)CHECK_LAST=$(CHECK_LAST) patches/tests/check-series.sh \
		$(KSRC_TARBALL) $(KPATCH_DIR) $(CHECK_SERIES_DIR) $(KCONFIG_FRAGS)

check-patches:
	$(Q)patches/tests/check-patches.sh $(KSRC_TARBALL) $(KPATCH_DIR) \
		$(CHECKPATCH_DIR)
