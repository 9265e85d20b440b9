"""The benchmark report: its reference data and ``tools/bench/report.py``.

On CPython only (no MicroPython run):

- every row of ``report/reference/*.csv`` parses (known columns, a number, a known unit, a
  clock or an explicit emulated core), names an existing seed file (or, for the emulated-core
  anchors, report/measurements.md) and its value appears verbatim on a line of that file that carries the
  row's ``seed_label``: every reference number traces to a seed table;
- ``python -m tools.bench.report --from-jsonl`` on a few fake JSON lines writes the Markdown with the
  expected rows (our backends beside the C libraries, cycles normalised by the clock, the
  emulated core's rows in instructions beside the Mbed TLS anchors, never as cycles) and PNGs.
"""

import csv
import json
import pathlib
import re
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
REF = ROOT / "report" / "reference"
SEEDS = ROOT.parent / "shared" / "seeds"
COLUMNS = ["library", "version", "board", "chip", "cpu", "clock_mhz", "compiler", "algorithm", "operation",
           "value", "unit", "hardware", "heap_bytes", "seed_label", "source", "note"]
UNITS = {"MB/s", "KiB/s", "cycles/byte", "ms", "insns/byte", "Minsns/op"}
# Each file's seed (the file name the rows' ``source`` must name), so a row cannot cite
# another document than the one its file stands for.
FILES = {
    "emcrypt_rx65n.csv": "seeds/000_1dc3207ff58e2ee3.txt",
    "cyclonecrypto_ra8d1.csv": "seeds/001_004f9610e124997c.txt",
    "wolfssl_kinetis.csv": "seeds/002_9431a748a1d24a4e.txt",
    "mbedtls_frdm_k64f.csv": "seeds/003_ecd2519c82450968.txt",
    "emcrypt_k66.csv": "seeds/004_397daac7c377b018.txt",
    "mbedtls_emulated_m4_anchors.csv": "report/measurements.md",
    "peers_emulated_m4.csv": "report/measurements.md",
}



def _rows(name):
    with open(REF / name, newline="") as f:
        r = csv.DictReader(f)
        assert r.fieldnames == COLUMNS, name
        return list(r)


def _norm(s):
    return re.sub(r"\s+", " ", s).strip()


def test_reference_files_are_the_known_ones():
    assert sorted(p.name for p in REF.glob("*.csv")) == sorted(FILES)


@pytest.mark.parametrize("name", sorted(FILES))
def test_reference_rows_parse_and_trace_to_their_seed(name):
    rows = _rows(name)
    assert rows, name
    doc = FILES[name]
    if doc.startswith("seeds/"):
        path = SEEDS / doc[len("seeds/"):]
        if not SEEDS.is_dir():
            pytest.skip("../shared/seeds not present")
    else:
        path = ROOT / doc
    assert path.is_file(), path
    lines = [_norm(line) for line in path.read_text().splitlines()]
    for i, r in enumerate(rows):
        where = "%s row %d (%s %s)" % (name, i + 2, r["algorithm"], r["operation"])
        assert r["source"].startswith(doc + ":"), where
        assert r["unit"] in UNITS, where
        float(r["value"])
        assert r["hardware"], where
        if r["unit"] in ("insns/byte", "Minsns/op"):
            assert r["clock_mhz"] == "" and "emulated" in r["cpu"], where
        else:
            assert float(r["clock_mhz"]) > 0, where
        if r["heap_bytes"]:
            int(r["heap_bytes"])
        for k in ("library", "version", "board", "chip", "cpu", "compiler", "algorithm", "operation", "seed_label"):
            assert r[k].strip(), (where, k)
        # the value verbatim (as a whole number token) on a line carrying the row's label
        pat = re.compile(r"(?<![\d.])" + re.escape(r["value"]) + r"(?![\d.])")
        label = _norm(r["seed_label"])
        hits = [ln for ln in lines if label in ln and pat.search(ln.replace(label, " ", 1))]
        assert hits, "%s: %r with label %r not in %s" % (where, r["value"], label, path.name)


def test_reference_spot_values():
    # A hand-picked sample, read off the seeds by eye, so a systematic shift of columns in
    # the data (enc/dec swapped, software/hardware swapped) fails here.
    def one(name, alg, op, hw="none", unit=None):
        got = [r["value"] for r in _rows(name) if r["algorithm"] == alg and r["operation"] == op and r["hardware"] == hw
               and (unit is None or r["unit"] == unit)]
        assert len(got) == 1, (name, alg, op, hw, got)
        return got[0]

    assert one("emcrypt_rx65n.csv", "AES-128-CBC", "decrypt") == "0.77"
    assert one("emcrypt_rx65n.csv", "AES-192-CCM", "encrypt") == "0.30"
    assert one("emcrypt_rx65n.csv", "ECDSA secp256r1", "verify") == "60.89"
    assert one("emcrypt_rx65n.csv", "ECDH secp256r1", "agreement") == "262.00"
    assert one("emcrypt_rx65n.csv", "SHA-256", "hash") == "1.94"
    assert one("emcrypt_k66.csv", "AES-128-ECB", "decrypt", "MMCAU") == "7.70"
    assert one("emcrypt_k66.csv", "AES-256-CBC", "encrypt") == "1.29"
    assert one("emcrypt_k66.csv", "ECDSA secp256r1", "sign") == "79.07"
    assert one("emcrypt_k66.csv", "ModExp-2048 Montgomery, 6b, RM", "private (CRT, exponent length = modulus length)") == "387.00"
    assert one("cyclonecrypto_ra8d1.csv", "AES-128-GCM", "decrypt", "RSIP-E51A") == "31.847"
    assert one("cyclonecrypto_ra8d1.csv", "SHA-256", "hash") == "11.21"
    assert one("cyclonecrypto_ra8d1.csv", "SHA-1", "hash", "RSIP-E51A") == "99.009"
    assert one("cyclonecrypto_ra8d1.csv", "Ascon-AEAD128", "encrypt") == "14.771"
    assert one("cyclonecrypto_ra8d1.csv", "X25519", "agreement") == "1.9"
    assert one("cyclonecrypto_ra8d1.csv", "ECDSA secp256r1", "verify", "RSIP-E51A") == "16.1"
    assert one("wolfssl_kinetis.csv", "SHA-256", "hash", "MMCAU") == "2.22"
    assert one("wolfssl_kinetis.csv", "Ed25519", "verify", "LTC") == "30.400"
    assert one("mbedtls_frdm_k64f.csv", "SHA-256", "hash", unit="cycles/byte") == "59"
    assert one("mbedtls_frdm_k64f.csv", "AES-128-GCM", "encrypt", unit="KiB/s") == "421"
    assert one("mbedtls_frdm_k64f.csv", "X25519", "agreement") == "303"
    assert one("mbedtls_emulated_m4_anchors.csv", "SHA-256", "hash") == "44.0"


# -- tools/bench/report.py on fake JSON lines ----------------------------------------------------------

PLAT_UNIX = {"platform": "linux", "implementation": "micropython 1.29.0", "machine": "linux [GCC 13] version",
             "word_bits": 64, "clock_hz": None, "emitters": "native+viper"}
PLAT_M4 = {"platform": "qemu", "implementation": "micropython 1.29.0", "machine": "MPS2-AN386 with Cortex-M4",
           "word_bits": 32, "clock_hz": None, "emitters": "native+viper"}


def _line(script, alg, op, be, value, unit, plat, reference=False, **extra):
    rec = dict(plat, algorithm=alg, operation=op, backend=be, value=value, unit=unit, heap_bytes=0,
               reference=reference, script=script)
    rec.update(extra)
    return json.dumps(rec)


def _report(tmp_path, lines, *args):
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out"
    from tools.bench import report  # in this process (matplotlib imported once for all tests)

    assert report.main(["--from-jsonl", str(src), "--out", str(out)] + list(args)) == 0
    return out, (out / "report.md").read_text()


def _table_row(md, *cells):
    # the Markdown table row whose cells start with ``cells`` (in order, each cell exact)
    for line in md.splitlines():
        parts = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and parts[:len(cells)] == list(cells):
            return parts
    raise AssertionError("no row %r in the report" % (cells,))


def test_report_from_fake_lines_unix(tmp_path):
    lines = [
        _line("bench_sha256.py", "SHA-256", "hash", "viper", 2.0, "MB/s", PLAT_UNIX, update_bytes=1024),
        _line("bench_sha256.py", "SHA-256", "hash", "builtin", 100.0, "MB/s", PLAT_UNIX, True, update_bytes=1024),
        _line("bench_ecdsa.py", "ECDSA secp256r1", "sign", "viper", 4.0, "ms", PLAT_UNIX, curve="secp256r1"),
        _line("bench_zzz.py", "ZZZ-1", "hash", "python", 1.0, "MB/s", PLAT_UNIX),  # a family nobody publishes
    ]
    out, md = _report(tmp_path, lines, "--clock-mhz", "1000")
    # our rows, normalised by the clock given: 1000 MHz / 2 MB/s = 500 cycles per byte
    r = _table_row(md, "SHA-256", "hash", "mpcrypto viper")
    assert "500" in r and "cycles/byte" in " ".join(r)
    r = _table_row(md, "SHA-256", "hash", "MicroPython C built-in (reference)")
    assert "10.0" in r
    # 4 ms at 1000 MHz = 4 000 000 cycles per operation
    r = _table_row(md, "ECDSA secp256r1", "sign", "mpcrypto viper")
    assert "4 000 000" in r
    # the seeds' C libraries beside them, each with its board, clock, hardware, same-chip flag:
    # emCrypt RX65N SHA-256 1.94 MB/s at 120 MHz = 61.9 cycles/byte
    r = _table_row(md, "SHA-256", "hash", "SEGGER emCrypt 2.40a (CRYPTO_VERSION 24001)")
    assert "AP-RX65N-0A" in " ".join(r) and "61.9" in r and "no" in r
    r = _table_row(md, "SHA-256", "hash", "Mbed TLS not stated (yotta-era mbed TLS benchmark example)")
    assert "59.0" in r  # the seed's own cycles/byte
    rows = [ln for ln in md.splitlines() if ln.startswith("| SHA-256 | hash | CycloneCRYPTO 2.5.0")]
    assert len(rows) == 2 and any("RSIP-E51A" in ln for ln in rows)
    # ECDSA P-256 sign, emCrypt K66: 79.07 ms at 168 MHz = 13 283 760 cycles
    r = _table_row(md, "ECDSA secp256r1", "sign", "SEGGER emCrypt not stated (benchmarks compiled Apr 2017)")
    assert "13 283 760" in r
    assert "ZZZ-1" in md  # every script's rows reach the report, with or without a reference
    assert "insns" not in md.split("## Emulated")[0]  # no instruction row on the unix port
    # charts on the unix port: our backends against the built-ins of the same run only (no
    # host cycles beside an MCU's), so a family without a built-in row has none; and the
    # README's chart (an emulated run's headline) is left alone
    pngs = sorted(p.name for p in (out / "charts").glob("*.png"))
    assert "sha256.png" in pngs and "ecdsa.png" not in pngs
    for p in pngs:
        assert (out / "charts" / p).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (out / "readme_chart.png").exists()
    from tools.bench import report

    b = {"raw": 100.0, "rawunit": "MB/s"}
    assert report._per_builtin({"raw": 2.0, "rawunit": "MB/s"}, b) == 50.0  # 50 times the built-in's time
    assert report._per_builtin({"raw": 4.0, "rawunit": "ms"}, {"raw": 2.0, "rawunit": "ms"}) == 2.0


def test_report_headline_on_the_emulated_m4(tmp_path):
    # An -icount run's public-key rows: the headline table beside the C libraries of the same
    # emulated core (report/reference/peers_emulated_m4.csv), with the targets, and its chart
    # as the README's.
    lines = [
        _line("bench_ecdsa.py", "ECDSA secp256r1", "sign", "thumb", 0.93, "ms", PLAT_M4, curve="secp256r1"),
        _line("bench_ecdsa.py", "ECDSA secp256r1", "sign", "viper", 3.2, "ms", PLAT_M4, curve="secp256r1"),
        _line("bench_ecdsa.py", "ECDSA secp384r1", "sign", "viper", 2.5, "ms", PLAT_M4, curve="secp384r1"),
        _line("bench_rsa.py", "RSA-2048", "public", "thumb", 0.44, "ms", PLAT_M4),
    ]
    out, md = _report(tmp_path, lines, "--board", "qemu-m4", "--icount")
    head = md.split("## Headline")[1].split("\n## ")[0]
    r = _table_row(head, "ECDSA secp256r1 sign")
    assert r[1] == "930 000 (thumb)"  # our best backend, in instructions
    assert "1 150 000" in r and "270 000" in r and "5 060 000" in r  # wolfSSL SP, Lenngren, Mbed TLS
    assert r[-2:] == ["1 000 000", "yes"]
    r = _table_row(head, "ECDSA secp384r1 sign")
    assert r[-2:] == ["2 790 000", "yes"]  # at most three times P-256's sign of this run
    r = _table_row(head, "RSA-2048 public")
    assert "450 000" in r and "1 660 000" in r and r[-1] == "yes"
    assert "Ed25519" not in head  # rows this run did not measure are left out
    assert r[2] == "440 000"  # without a median, the mean in both columns
    assert (out / "charts" / "headline.png").is_file()
    assert (out / "readme_chart.png").read_bytes() == (out / "charts" / "headline.png").read_bytes()


def test_report_headline_compares_the_median_of_three(tmp_path):
    # A row with median3_us (mpbench.per_op: three single calls after the warm-up, the peers'
    # method): the headline's figure, target and chart use it; the mean stays beside it.
    lines = [
        _line("bench_eddsa.py", "Ed25519", "sign", "thumb", 0.44, "ms", PLAT_M4, median3_us=380, curve="Ed25519"),
        _line("bench_eddsa.py", "Ed25519", "sign", "viper", 1.85, "ms", PLAT_M4, median3_us=1840, curve="Ed25519"),
        _line("bench_eddsa.py", "Ed448", "sign", "viper", 1.5, "ms", PLAT_M4, median3_us=1200, curve="Ed448"),
    ]
    out, md = _report(tmp_path, lines, "--board", "qemu-m4", "--icount")
    head = md.split("## Headline")[1].split("\n## ")[0]
    r = _table_row(head, "Ed25519 sign")
    assert r[1:3] == ["380 000 (thumb)", "440 000"]
    assert r[-2:] == ["400 000", "yes"]  # the mean alone would miss it
    r = _table_row(head, "Ed448 sign")
    assert r[-2:] == ["1 140 000", "no"]  # three times the sibling's median


def test_report_from_fake_lines_emulated_m4(tmp_path):
    # Under qemu -icount shift=0 a microsecond is 1000 instructions: 1 MB/s is 1000 insns/byte.
    lines = [
        _line("bench_sha256.py", "SHA-256", "hash", "thumb", 25.0, "MB/s", PLAT_M4, update_bytes=1024),
        _line("bench_aes.py", "AES-128-CTR", "encrypt", "thumb", 20.0, "MB/s", PLAT_M4, bytes=1024),
    ]
    out, md = _report(tmp_path, lines, "--board", "qemu-m4", "--icount")
    r = _table_row(md, "SHA-256", "hash", "mpcrypto thumb")
    assert "40.0" in r and "insns/byte" in " ".join(r)
    r = _table_row(md, "AES-128-CTR", "encrypt", "mpcrypto thumb")
    assert "50.0" in r
    # the Mbed TLS anchors on the same emulated core, in instructions
    r = _table_row(md, "SHA-256", "hash", "Mbed TLS 3.6")
    assert "44.0" in r and "insns/byte" in " ".join(r)
    r = _table_row(md, "AES-128-CTR", "encrypt", "Mbed TLS 3.6")
    assert "50.5" in r
    # instructions are never set beside cycles: no seed (cycles) row in the instruction tables
    body = md.split("## Reference")[0]
    assert "cycles/byte" not in body and "emCrypt" not in body
    assert (out / "charts" / "sha256.png").is_file()


def test_report_without_clock_says_so(tmp_path):
    # A board whose clock is unknown: our rows keep their native unit, no cycles are invented.
    lines = [_line("bench_sha256.py", "SHA-256", "hash", "viper", 2.0, "MB/s", PLAT_M4, update_bytes=1024)]
    out, md = _report(tmp_path, lines, "--board", "qemu-m4")
    assert not (out / "charts" / "sha256.png").exists()  # nothing normalised: no chart
    r = _table_row(md, "SHA-256", "hash", "mpcrypto viper")
    assert "2.000 MB/s" in r and "-" in r
    assert "no clock" in md


def test_report_uses_measured_cycles_on_a_board(tmp_path):
    # A board row carrying the DWT count (mpbench's cycles_per_call) is normalised by it, not
    # by clock x time; a row without it by board.json's clock (FRDM-K64F, 120 MHz); the same
    # chip is recognised (Mbed TLS on FRDM-K64F: yes; emCrypt on RX65N: no).
    plat = dict(PLAT_M4, platform="zephyr", machine="frdm_k64f with mk64f12", clock_hz=None, cycle_counter="dwt")
    lines = [
        _line("bench_sha256.py", "SHA-256", "hash", "viper", 1.0, "MB/s", plat, update_bytes=1024,
              bytes_per_call=1024, us_per_call=1024.0, cycles_per_call=61440.0),
        _line("bench_sha256.py", "SHA-224", "hash", "viper", 1.0, "MB/s", plat, update_bytes=1024),
    ]
    out, md = _report(tmp_path, lines, "--board", "frdm-k64f", "--no-charts")
    r = _table_row(md, "SHA-256", "hash", "mpcrypto viper")
    assert "60.0" in r and "cycles/byte" in r
    r = _table_row(md, "SHA-224", "hash", "mpcrypto viper")
    assert "120" in r and "120 MHz" in r
    r = _table_row(md, "SHA-256", "hash", "Mbed TLS not stated (yotta-era mbed TLS benchmark example)")
    assert "yes" in r
    r = _table_row(md, "SHA-256", "hash", "SEGGER emCrypt 2.40a (CRYPTO_VERSION 24001)")
    assert "no" in r


def test_report_denominators_stay_in_their_family(tmp_path):
    # bench_des measures our AES-128 as its denominator: the row is listed there, but the AES
    # references (and the chart) belong to bench_aes's section; DES gets the seed's DES rows.
    lines = [
        _line("bench_aes.py", "AES-128-ECB", "encrypt", "viper", 4.0, "MB/s", PLAT_UNIX, bytes=1024),
        _line("bench_des.py", "AES-128-ECB", "encrypt", "viper", 4.0, "MB/s", PLAT_UNIX, bytes=1024),
        _line("bench_des.py", "3DES-192-ECB", "encrypt", "viper", 0.5, "MB/s", PLAT_UNIX, bytes=1024),
    ]
    out, md = _report(tmp_path, lines, "--clock-mhz", "100", "--no-charts")
    aes, des = md.split("## des (")[0].split("## aes (")[1], md.split("## des (")[1]
    assert "| AES-128-ECB | encrypt | SEGGER emCrypt" in aes
    assert "| AES-128-ECB | encrypt | mpcrypto viper" in des and "| AES-128-ECB | encrypt | SEGGER" not in des
    r = _table_row(des, "3DES-192-ECB", "encrypt", "SEGGER emCrypt 2.40a (CRYPTO_VERSION 24001)")
    assert "0.30 MB/s" in r and "400" in r  # 120 MHz / 0.30 MB/s


def test_report_kib_and_modexp_names(tmp_path):
    # KiB/s rows (bench_drbg) are per byte like MB/s; our "public (e = 65537)" is emCrypt's
    # "17-bit exponent" table.
    lines = [
        _line("bench_drbg.py", "CTR_DRBG (NOPR)", "generate", "default", 1000.0, "KiB/s", PLAT_UNIX, request_bytes=1024),
        _line("bench_modexp.py", "ModExp-2048 Montgomery, 5b, RM", "public (e = 65537)", "viper", 10.0, "ms", PLAT_UNIX),
    ]
    out, md = _report(tmp_path, lines, "--clock-mhz", "1024", "--no-charts")
    r = _table_row(md, "CTR_DRBG (NOPR)", "generate", "mpcrypto default")
    assert "1 000" in r and "cycles/byte" in r  # 1024 MHz / (1000 * 1024 B/s)
    r = _table_row(md, "CTR_DRBG (NOPR)", "generate", "Mbed TLS not stated (yotta-era mbed TLS benchmark example)")
    assert "117" in r
    r = _table_row(md, "ModExp-2048 Montgomery, 5b, RM", "public (e = 65537)", "SEGGER emCrypt not stated (benchmarks compiled Apr 2017)")
    assert "19.40 ms" in r


def test_python_rsa_comparison_runs():
    # tools/bench/bench_python_rsa.py (RSA-2048 private: python-rsa on CPython against ours on the
    # unix port, same run) gives its two rows; speed is the benchmark's business, not this test's
    pytest.importorskip("rsa")
    import subprocess

    out = subprocess.run([sys.executable, "-m", "tools.bench.bench_python_rsa", "--rounds", "1"],
                         capture_output=True, text=True, cwd=ROOT, timeout=600, check=True).stdout
    rows = [json.loads(ln[6:]) for ln in out.splitlines() if ln.startswith("BENCH ")]
    assert [r["backend"] for r in rows] == ["python-rsa", "default"]
    assert [r["reference"] for r in rows] == [True, False]
    assert all(r["algorithm"] == "RSA-2048" and r["unit"] == "ms" and r["value"] > 0 for r in rows)
    assert "python-rsa / mpcrypto" in out


def test_run_bench_frozen_mounts_only_the_helpers():
    from tools.bench import run_bench

    d = run_bench._helpers_dir()
    try:
        assert sorted(p.name for p in pathlib.Path(d).iterdir()) == ["mpbench.py", "mpbench_block.py"]
        cmd = run_bench.command(ROOT / "bench" / "bench_rsa.py", "/dev/ttyACM0", d)
        assert cmd[cmd.index("mount") + 1] == d and cmd[-1].endswith("bench_rsa.py")
        assert run_bench.command(ROOT / "bench" / "bench_rsa.py", "/dev/ttyACM0")[cmd.index("mount") + 1] == str(ROOT / "modules")
    finally:
        import shutil

        shutil.rmtree(d)


def test_flash_per_family_from_symbols():
    # tools/bench/flash.py on symbols and constants in the shape MicroPython's frozen build
    # writes them: each symbol to its module (the longest module name that matches), each
    # module to its package's family, string/bytes data and big-integer digits (no symbol of
    # their own) to their constant's module, and the rest of the total to the shared row.
    from tools.bench import flash

    mods = flash.module_names()
    assert mods["mpcrypto_ec_field_engine"] == "ec" and mods["mpcrypto__cpu"] == "core"
    assert list(mods).index("mpcrypto_ec_field_engine") < list(mods).index("mpcrypto_ec")
    nm = "\n".join([
        "0000a450 00000400 t fun_data_mpcrypto_ec_weierstrass_thumb_mpcrypto_slash_ec_slash_weierstrass_thumb_dot_py",
        "00000000 00000100 r fun_data_mpcrypto_ec_field_engine__Arena_bind",
        "00000000 00000020 r fun_data_mpcrypto_hash_sha1_thumb__lt_module_gt_",
        "00000000 00000010 r const_qstr_table_data_mpcrypto__cpu",
        "00000000 000007c8 R mp_qstr_frozen_const_lengths",
        "no size here",
    ])
    fams, by_mod = flash.split(nm, mods)
    assert fams == {"ec": 0x500, "hash": 0x20, "core": 0x10, flash.SHARED: 0x7C8}
    assert by_mod["mpcrypto_ec_weierstrass_thumb"] == 0x400 and by_mod["mpcrypto_ec_field_engine"] == 0x100
    c = "\n".join([
        'static const mp_obj_str_t const_obj_mpcrypto_ec_weierstrass_thumb_0 = {{&mp_type_bytes}, 0, 8192, '
        '(const byte*)"\\x00"};',
        "static const mp_obj_int_t const_obj_mpcrypto_ec_curves_3 = {{&mp_type_int}, {.neg=0, .fixed_dig=1, "
        ".alloc=16, .len=16, .dig=(uint16_t*)(const uint16_t[]){0x1}}};",
    ])
    assert flash.unnamed(c, mods) == {"mpcrypto_ec_weierstrass_thumb": 8193, "mpcrypto_ec_curves": 32}
    md = flash.markdown(100000, {"ec": 60000, "hash": 30000, flash.SHARED: 10000}, by_mod, "build/x")
    assert "**100,000 bytes**" in md and "| elliptic curves | 60,000 | 60.0% |" in md
    assert "| `ec_weierstrass_thumb` | 1,024 |" in md
