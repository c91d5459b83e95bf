# typetree — plain Makefile. `make` builds build/typetree and build/libtypetree.a;
# `make check` runs every test (see README.md, docs/testing.md). BUILD selects the output folder so the
# sanitizer build (build/san) lives beside the normal one.

CC      ?= cc
BUILD   ?= build
CFLAGS  ?= -O2 -g
WARN    := -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wpedantic -Wshadow \
           -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter \
           -Werror=implicit-function-declaration
CPPFLAGS += -Iinclude
LDLIBS  += -ljson-c -liberty
# LLVM 22 (llvm-22-dev): only emit/annotate/ir_bitcode.c includes its headers; every binary that
# links the library links libLLVM. Expanded on use, so `make clean` works without it.
LLVM_CONFIG = $(or $(firstword $(wildcard /usr/bin/llvm-config-22 \
                  /usr/lib/llvm-22/bin/llvm-config)),$(error LLVM 22 not found: run tools/setup))
LLVM_CFLAGS = $(shell $(LLVM_CONFIG) --cflags)
LDLIBS  += $(shell $(LLVM_CONFIG) --ldflags --libs core bitreader bitwriter irreader analysis \
                --system-libs)

SAN_FLAGS := -O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer \
             -fno-sanitize-recover=all

LIB_SRC := $(wildcard layout/*.c) $(wildcard emit/*.c) $(wildcard emit/*/*.c) \
           $(wildcard export/*.c) $(wildcard api/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o) $(BUILD)/gen/prelude.o $(BUILD)/gen/std_rules.o
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)

.PHONY: all example check check-fast check-crates unit golden conformance schema fuzz fuzz-long \
        bench gradients bench-enzyme san install clean autodiff autodiff-example
all: $(BUILD)/typetree $(BUILD)/libtypetree.a

$(BUILD)/%.o: %.c include/typetree.h $(wildcard layout/*.h) $(wildcard emit/*.h) \
            $(wildcard emit/*/*.h) $(wildcard export/*.h) $(wildcard tools/*.h)
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) -c $< -o $@

$(BUILD)/emit/annotate/ir_bitcode.o: CPPFLAGS += $(LLVM_CFLAGS)
$(BUILD)/tests/test_ir_types: CPPFLAGS += $(LLVM_CFLAGS)

# The std prelude is data (schema/prelude.json) compiled into the library as a string.
$(BUILD)/gen/prelude.c: schema/prelude.json tools/embed.sh Makefile
	@mkdir -p $(@D)
	sh tools/embed.sh prelude_json $< > $@

$(BUILD)/gen/prelude.o: $(BUILD)/gen/prelude.c
	$(CC) $(WARN) -Wno-overlength-strings $(CFLAGS) -c $< -o $@

# So are the rules for std's allocator (rules/rust-alloc.ll; `typetree rewrite --std-rules`).
$(BUILD)/gen/std_rules.c: rules/rust-alloc.ll tools/embed.sh Makefile
	@mkdir -p $(@D)
	sh tools/embed.sh std_rules_ll $< > $@

$(BUILD)/gen/std_rules.o: $(BUILD)/gen/std_rules.c
	$(CC) $(WARN) -Wno-overlength-strings $(CFLAGS) -c $< -o $@

# Every module with every symbol: the CLI and the unit tests use the internal interfaces.
$(BUILD)/libtypetree-internal.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# The installed library: one relocatable object whose only global symbols are the public
# tt_ names of include/typetree.h, so a program linking it meets none of the internal
# names (map_get, buf_put, ...).
$(BUILD)/libtypetree.a: $(LIB_OBJ)
	rm -f $@ $(BUILD)/typetree-all.o
	$(LD) -r -o $(BUILD)/typetree-all.o $^
	objcopy --wildcard --keep-global-symbol='tt_*' $(BUILD)/typetree-all.o
	ar rcs $@ $(BUILD)/typetree-all.o

$(BUILD)/typetree: $(BUILD)/tools/typetree.o $(BUILD)/tools/cli.o $(BUILD)/libtypetree-internal.a
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(BUILD)/tests/%: tests/unit/%.c $(BUILD)/libtypetree-internal.a tests/unit/unit.h
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(WARN) $(CFLAGS) $< $(BUILD)/libtypetree-internal.a $(LDFLAGS) $(LDLIBS) -lcmocka -o $@

# `make install PREFIX=DIR` (default /usr/local; DESTDIR for staging): the CLI, the header,
# the library and a pkg-config file (`pkg-config --cflags --libs typetree`). The library is
# static only, so its dependencies (json-c, libiberty, LLVM 22) are in Libs.
PREFIX  ?= /usr/local
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include \
	    $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 755 $(BUILD)/typetree $(DESTDIR)$(PREFIX)/bin/typetree
	install -m 644 include/typetree.h $(DESTDIR)$(PREFIX)/include/typetree.h
	install -m 644 $(BUILD)/libtypetree.a $(DESTDIR)$(PREFIX)/lib/libtypetree.a
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(shell sed -n \
	    's/^#define TYPETREE_VERSION "\(.*\)"/\1/p' include/typetree.h)|' \
	    -e 's|@LIBS@|-ljson-c -liberty $(shell $(LLVM_CONFIG) --ldflags --libs core bitreader \
	    bitwriter irreader analysis --system-libs | tr '\n' ' ')|' \
	    tools/typetree.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/typetree.pc

unit: $(UNIT_BIN)
	@sh tests/run-unit.sh $(UNIT_BIN)

# The sanitizer build: the same sources under ASan+UBSan.
san:
	$(MAKE) BUILD=build/san CFLAGS="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" \
	    build/san/typetree build/san/libtypetree.a $(UNIT_SRC:tests/unit/%.c=build/san/tests/%)

example: all
	@sh tools/run-example.sh

# The autodiff macros (docs/autodiff-macros.md): their example, and their tests with every
# opt-level (make check runs the gradients at -O0 and -O2 only); `sh tests/autodiff/gradients.sh
# --plain` compares the same programs without trees.
autodiff-example: all
	@cd fixtures/autodiff-example && CARGO_TARGET_DIR=../../$(BUILD)/autodiff-example \
	    ../../tools/cargo-autodiff run --offline --locked

autodiff: all
	@python3 tests/autodiff/signatures.py && sh tests/autodiff/errors.sh && \
	    sh tests/autodiff/gradients.sh 0 1 2 3

# Every test, as the README and .ci/run say; the last line is the total.
check: all $(UNIT_BIN) san
	@sh tests/run-all.sh

# The crates test (docs/testing.md, "The crates test"): the workspace tests/crates built through the
# wrapper in debug and release, issue 11's targets measured on each binary's module. Not in
# `make check` (its own build of 50 crates twice); the README's test command runs both.
check-crates: all
	@sh tests/crates/run.sh

fuzz:
	@sh tests/fuzz/run.sh 20

fuzz-long:
	@sh tests/fuzz/run.sh 600

bench: all
	@sh tests/bench/run.sh

# The gradient suite (docs/results.md): every case at -O0..3, with and without trees, and
# the baseline at -O2 (make check runs it at -O0 and -O2 only, plain and baseline builds
# where trees are not right); the table goes to build/gradients-table.txt.
gradients: all
	@python3 tests/gradients/run.py --full --table build/gradients-table.txt

# Enzyme with and without trees, program by program, over the stress corpus
# (tests/gradients/stress) and the crates programs: outcomes, Enzyme's pass time and own
# work, peak memory (build/bench/enzyme/table.txt and enzyme.png; docs/enzyme-benchmark.md).
# BENCH_JOBS builds at once (default 2; 1 for quieter timings: an hour on 2 cores; a build
# still running after 900 s is stopped and counts as TIMEOUT);
# BENCH_REPEAT=3 builds each build Enzyme finished three times and keeps the least own
# work (about half an hour more).
BENCH_JOBS ?= 2
BENCH_REPEAT ?= 1
bench-enzyme: all
	@python3 tests/bench/bench_enzyme.py --jobs $(BENCH_JOBS) --repeat $(BENCH_REPEAT)

clean:
	rm -rf build
