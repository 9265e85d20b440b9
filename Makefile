# mpcrypto: two commands on a fresh machine.
#   make bench   set up .venv, then run every bench/bench_*.py on the MicroPython unix port
#   make test    set up .venv, then run the host tests (pytest) on the unix port
# Options: TARGET=/dev/ttyACM0 runs tests or benchmarks on a serial device through mpremote;
#          JOBS=N sets pytest-xdist workers (default: 2).

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
TARGET ?= unix
JOBS   ?= 2

.PHONY: all test bench compile clean venv

all: test

$(BIN)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

venv: $(BIN)/.installed

test: venv
	$(BIN)/python -m pytest host_tests -n $(JOBS) --target=$(TARGET)

compile: venv
	$(BIN)/python -m pytest host_tests/test_compile.py

bench: venv
	$(BIN)/python tools/run_bench.py --target=$(TARGET)

clean:
	rm -rf $(VENV) .pytest_cache host_tests/__pycache__ tools/__pycache__ bench-results.jsonl
