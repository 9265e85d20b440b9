"""What the generators of modules in ``modules/`` share: the command line that writes a module
or checks it.

    def main(argv=None):
        return write_or_check(OUT, generate, "tools.thumb.gen_ascon", argv)

``python -m <tool>`` rewrites the module; ``python -m <tool> --check`` exits 1 where the
module is not what the generator writes (the host tests run every generator that way).
"""


def write_or_check(out, generate, tool, argv=None):
    """A generator's command line: write ``generate()`` to ``out``, or with ``--check`` exit 1
    where ``out`` is not what it would write. ``tool``: the generator's module name."""
    import argparse

    ap = argparse.ArgumentParser(description="writes %s" % out.name)
    ap.add_argument("--check", action="store_true", help="exit 1 if the module differs from what would be written")
    args = ap.parse_args(argv)
    text = generate()
    if args.check:
        if not out.exists() or out.read_text(encoding="utf-8") != text:
            print("%s is out of date: run python -m %s" % (out, tool))
            return 1
        return 0
    out.write_text(text, encoding="utf-8")
    print("wrote", out)
    return 0
