# Builds Protean with cargo for tools that expect a Makefile. OpenBench's client runs
# `make -j EXE=<name>` here (and may add CC=, CXX= or EVALFILE=, which a Rust build does
# not use) and then runs `./<name> bench`; scripts/openbench-check does the same.
#
#   make                     release build, copied to ./protean (portable: x86-64-v2)
#   make EXE=protean-dev     the same binary under another name
#   make native              tuned for this machine's CPU (not for copying elsewhere)
#   make clean

EXE ?= protean
CARGO ?= cargo
# Where cargo puts its output (CARGO_TARGET_DIR moves it).
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)

.PHONY: all native clean

all:
	$(CARGO) build --release
	cp $(TARGET_DIR)/release/protean $(EXE)

native:
	RUSTFLAGS="-C target-cpu=native" $(CARGO) build --release --target-dir $(TARGET_DIR)/native
	cp $(TARGET_DIR)/native/release/protean $(EXE)

clean:
	$(CARGO) clean
	rm -f $(EXE)
