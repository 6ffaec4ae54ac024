# OpenBench's build contract: `make EXE=<name> [EVALFILE=<network>]` in the repository root
# leaves a native-CPU release binary called <name> there (see OpenBench's wiki, "Requirements
# For Public Engines"). Everyone else can use cargo directly; see README.md.

EXE ?= tsubame

ifeq ($(OS),Windows_NT)
	SUFFIX := .exe
else
	SUFFIX :=
endif

# OpenBench passes the network file of a test as EVALFILE. Exported so that the build (the
# network crate's build script) sees it and embeds that file as the default network.
ifdef EVALFILE
export EVALFILE
endif

# A target directory of its own: the native build's flags differ from a plain
# `cargo build --release`, and sharing target/ would rebuild both every time.
OB_TARGET := target/openbench

.PHONY: openbench clean

openbench:
	RUSTFLAGS="$(RUSTFLAGS) -C target-cpu=native" cargo build --release -p tsubame --target-dir $(OB_TARGET)
	cp $(OB_TARGET)/release/tsubame$(SUFFIX) $(EXE)$(SUFFIX)

clean:
	rm -rf $(OB_TARGET)
