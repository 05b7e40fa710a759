# conformance.mk - the guest runner (static) and its host unit tests.
#
# The runner's modules, a folder each: every .c under them except
# run/main.c is library code shared by the runner, the tests and the
# benchmark; conformance/tests/test_*.c are cmocka programs linked
# against that library, built and run under ASan/UBSan. Flags, variants
# and object rules: mk/c.mk.

CONF_DIR      := conformance
CONF_OUT      := $(BUILD)/conformance
CONF_MODULES  := contract scenario kernel model sample run verdict output
CONF_MAIN     := $(CONF_DIR)/run/main.c
CONF_LIB_SRCS := $(filter-out $(CONF_MAIN),\
		 $(foreach r,$(CONF_MODULES),$(wildcard $(CONF_DIR)/$(r)/*.c)))
CONF_TESTS    := $(wildcard $(CONF_DIR)/tests/test_*.c)
CONF_LIBS     := -lcgroup -ljson-c -lm -lpthread

# the tests find the scenario files and fixtures from the source tree
CFLAGS_$(CONF_DIR)/tests := -DCONFORM_SRCDIR='"$(CURDIR)"'

RUNNER        := $(CONF_OUT)/conform
RUNNER_HOST   := $(CONF_OUT)/conform-host

# Static runner for the guest initramfs.
$(RUNNER): $(call c_objs,plain,$(CONF_MAIN) $(CONF_LIB_SRCS)) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) -static -o $@ $^ $(CONF_LIBS)

# Host build of the same runner, sanitized: used by --check and the tests.
$(RUNNER_HOST): $(call c_objs,san,$(CONF_MAIN) $(CONF_LIB_SRCS)) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) $(SAN_FLAGS) -o $@ $^ $(CONF_LIBS)

CONF_TEST_BINS := $(patsubst $(CONF_DIR)/tests/%.c,$(CONF_OUT)/tests/%,$(CONF_TESTS))

$(CONF_OUT)/tests/%: $(OBJ_DIR)/san/$(CONF_DIR)/tests/%.o \
		     $(call c_objs,san,$(CONF_LIB_SRCS)) | deps
	@mkdir -p $(@D)
	$(Q)$(CC) $(SAN_FLAGS) -o $@ $^ $(CONF_LIBS) -lcmocka

.PHONY: runner unit-tests
runner: $(RUNNER) $(RUNNER_HOST)

# Runs every unit test program; prints one line per program and a total.
unit-tests: $(CONF_TEST_BINS)
	@tests/run-unit-tests.sh unit $(CONF_TEST_BINS)
