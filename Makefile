# mpcrypto: two commands on a fresh machine.
#   make bench   set up .venv, then run every bench/bench_*.py on the MicroPython unix port
#   make report  the same run, written up beside the seeds' C libraries: report/report.md + charts
#                (tools/bench/report.py; a board: TARGET=/dev/ttyACM0 BOARD=frdm-k64f; the emulated M4
#                booted with `make emulate BOARD=qemu-m4 ICOUNT=1`: TARGET=/dev/pts/N BOARD=qemu-m4 ICOUNT=1)
#   make test    set up .venv, then run the host tests (pytest) on the unix port
# Options: TARGET=/dev/ttyACM0 runs tests or benchmarks on a serial device through mpremote;
#          JOBS=N sets pytest-xdist workers (default: 2 on the unix port, 0 on a device);
#          TESTS="host_tests/test_aes.py ..." runs those files only.
# Firmware (firmware/README.md), from your own MicroPython checkout, into build/<board>/:
#   make firmware BOARD=qemu-m4 MICROPY=/path/to/micropython [MICROPY_LIB=...] [HEAP=bytes]
#   make flash BOARD=frdm-k64f MICROPY=...      the board's standard flasher (west flash)
#   make emulate BOARD=qemu-m4 [ICOUNT=1]       boot a built qemu board, console on a pty
#   make check-device BOARD=qemu-m4 [BUILD=1]   boot it with ICOUNT, run the constant-time and
#                                               heap tests and the report on it, stop qemu
#   make test-device BOARD=qemu-m4 [BUILD=1] [EMULATORS=2]  boot it (N copies, one pytest
#                                               worker each), run the whole of host_tests on it,
#                                               stop qemu; both end with a table per test file
# Deploy without a rebuild (a stock firmware with a filesystem; docs/install.md):
#   make deploy PORT=/dev/ttyACM0 [ALGS="aes gcm sha256 ecdsa"]   compile for the device's arch,
#                                               copy to its /lib, print the flash, run a self-test

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
TARGET ?= unix
# pytest-xdist workers; one serial device serves one worker at a time.
JOBS   ?= $(if $(filter unix,$(TARGET)),2,0)
TESTS  ?= host_tests

.PHONY: all test bench report compile clean venv firmware flash flash-size emulate check-device test-device deploy

all: test

$(BIN)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

venv: $(BIN)/.installed

test: venv
	$(BIN)/python -m pytest $(TESTS) -n $(JOBS) --target=$(TARGET)

compile: venv
	$(BIN)/python -m pytest host_tests/test_compile.py

bench: venv
	$(BIN)/python -m tools.bench.run_bench --target=$(TARGET)

report: venv
	$(BIN)/python -m tools.bench.report --target=$(TARGET) --thumb-counts $(if $(BOARD),--board $(BOARD)) $(if $(ICOUNT),--icount) $(if $(FLASH),--flash $(FLASH))

MICROPY ?=
MICROPY_LIB ?=
HEAP ?=
FWARGS = --micropython "$(MICROPY)" --micropython-lib "$(MICROPY_LIB)" --jobs 2 $(if $(HEAP),--heap $(HEAP))

firmware:
	$(PYTHON) -m tools.ship.firmware build $(BOARD) $(FWARGS)

flash:
	$(PYTHON) -m tools.ship.firmware flash $(BOARD) $(FWARGS)

flash-size: venv
	$(BIN)/python -m tools.bench.flash build/$(BOARD)

emulate:
	$(PYTHON) -m tools.ship.firmware run $(BOARD) $(FWARGS) $(if $(ICOUNT),--icount)

check-device: venv
	$(BIN)/python -m tools.ship.check_device $(BOARD) $(if $(LOG),--log "$(LOG)") $(if $(BUILD),--build --micropython "$(MICROPY)" --micropython-lib "$(MICROPY_LIB)")

test-device: venv
	$(BIN)/python -m tools.ship.check_device $(BOARD) --suite $(if $(LOG),--log "$(LOG)") $(if $(EMULATORS),--emulators $(EMULATORS)) $(if $(BUILD),--build --micropython "$(MICROPY)" --micropython-lib "$(MICROPY_LIB)")

PORT ?=
ALGS ?=

deploy: venv
	$(BIN)/python -m tools.ship.deploy --port "$(PORT)" --algs "$(ALGS)"

clean:
	rm -rf $(VENV) .pytest_cache host_tests/__pycache__ tools/__pycache__ tools/*/__pycache__ bench-results.jsonl
