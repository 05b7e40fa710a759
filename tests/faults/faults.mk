# faults.mk - fault-injection tests of the guest pipeline (tests/faults/).
#
#   make faults         every fault (panic, hang, frozen guest, QEMU killed,
#                       runner SIGSEGV, OOM, a scenario that never ends),
#                       fake and real runner; about 2-4 minutes under TCG
#   make faults-quick   the cheap subset `make test` runs (< 1 minute):
#                       runner SIGSEGV, silent guest, QEMU kill -9, panic
#
# Results go to a temporary folder (removed after a clean run unless
# FAULT_KEEP=1), never to $(RESULTS_DIR). FAULT_IDLE sets the idle deadline
# of the hang tests (default 10 s). With report/ present, the HTML report
# of the stopped runs is checked as well.

FAULT_ENV = KERNEL=$(BZIMAGE) RUNNER=$(RUNNER) $(if $(CFSREPORT),REPORT=$(CFSREPORT))

.PHONY: faults faults-quick
faults: $(RUNNER) $(CFSREPORT) | deps
	$(Q)test -r $(BZIMAGE) || $(MAKE) --no-print-directory kernel
	$(Q)$(FAULT_ENV) tests/faults/run-faults.sh

faults-quick: $(RUNNER) $(CFSREPORT) | deps
	$(Q)test -r $(BZIMAGE) || $(MAKE) --no-print-directory kernel
	$(Q)$(FAULT_ENV) tests/faults/run-faults.sh --quick
