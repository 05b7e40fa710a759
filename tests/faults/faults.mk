# faults.mk - fault-injection tests of the guest pipeline (tests/faults/).
#
#   make faults         every fault (panic, hang, frozen guest, QEMU killed,
#                       runner SIGSEGV, OOM, a scenario that never ends),
#                       fake and real runner; about 3-4 minutes under TCG
#   make faults-quick   the cheap subset `make test` runs (< 2 minutes):
#                       runner SIGSEGV, silent guest, QEMU kill -9, panic
#
# Results go to a temporary folder (printed), never to $(RESULTS_DIR).
# FAULT_IDLE sets the idle deadline of the hang tests (default 10 s).

.PHONY: faults faults-quick
faults: $(RUNNER) | deps
	$(Q)test -r $(BZIMAGE) || $(MAKE) --no-print-directory kernel
	$(Q)KERNEL=$(BZIMAGE) RUNNER=$(RUNNER) tests/faults/run-faults.sh

faults-quick: $(RUNNER) | deps
	$(Q)test -r $(BZIMAGE) || $(MAKE) --no-print-directory kernel
	$(Q)KERNEL=$(BZIMAGE) RUNNER=$(RUNNER) tests/faults/run-faults.sh --quick
