# c.mk - how every C program of the tree is compiled (included by the
# top-level Makefile before the rooms' fragments, which only list sources).
#
# A source is compiled once per variant into $(BUILD)/obj/VARIANT/, its
# path kept, with -MMD -MP dependencies (a header change rebuilds exactly
# the objects that include it):
#
#   plain   C_FLAGS                   the static guest binaries, cfsreport
#   san     C_FLAGS + ASan/UBSan      host unit tests, conform-host
#
# Include paths: -Iconformance for everyone (rooms are included as
# "room/room.h"); a folder adds its own with CFLAGS_<folder> (the folder
# of the source, e.g. CFLAGS_report/tests := -Ireport).
#
#   $(call c_objs,VARIANT,SOURCES)   the object files of SOURCES

C_FLAGS   := -std=gnu11 -O2 -g -Wall -Wextra -Werror -Iconformance
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	     -fno-sanitize-recover=all
OBJ_DIR   := $(BUILD)/obj

c_objs = $(patsubst %.c,$(OBJ_DIR)/$(1)/%.o,$(2))
c_dir_flags = $(CFLAGS_$(patsubst %/,%,$(dir $(1))))

$(OBJ_DIR)/plain/%.o: %.c | deps
	@mkdir -p $(@D)
	$(Q)$(CC) $(C_FLAGS) $(call c_dir_flags,$<) -MMD -MP -c -o $@ $<

$(OBJ_DIR)/san/%.o: %.c | deps
	@mkdir -p $(@D)
	$(Q)$(CC) $(C_FLAGS) $(SAN_FLAGS) $(call c_dir_flags,$<) -MMD -MP \
		-c -o $@ $<

-include $(shell find $(OBJ_DIR) -name '*.d' 2>/dev/null)

# objects reached through the test programs' pattern rules are kept
.PRECIOUS: $(OBJ_DIR)/plain/%.o $(OBJ_DIR)/san/%.o
