"""``python -m cachescope sweep GRID.json [--engine local|ray] [--address ADDR] [--out FILE]``

GRID.json holds ``traces`` (paths the workers share, or ``generate:`` specs),
``policies``, ``sizes`` and optionally ``params``, ``cost``, ``collapse_repeats``,
``policy_group``, ``size_group`` and ``retries``. The table goes to ``--out``
(CSV, or JSON lines when the name ends in ``.jsonl``) or to standard output.
"""

from __future__ import annotations

import argparse
import json
import sys

from .grid import sweep

KEYS = {"traces", "policies", "sizes", "params", "cost", "collapse_repeats", "policy_group", "size_group", "retries"}


def main(argv: "list[str] | None" = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m cachescope")
    sub = ap.add_subparsers(dest="command", required=True)
    sw = sub.add_parser("sweep", help="run a grid of traces × policies × sizes")
    sw.add_argument("grid", help="GRID.json")
    sw.add_argument("--engine", choices=["local", "ray"], default="local")
    sw.add_argument("--address", help="a running Ray cluster (e.g. ray://head:10001, or auto)")
    sw.add_argument("--out", help="output file (.csv or .jsonl); default: CSV on standard output")
    a = ap.parse_args(argv)
    try:
        with open(a.grid) as f:
            grid = json.load(f)
        if not isinstance(grid, dict):
            raise ValueError(f"{a.grid}: expected a JSON object")
        unknown = set(grid) - KEYS
        if unknown:
            raise ValueError(f"{a.grid}: unknown keys {sorted(unknown)}; known: {sorted(KEYS)}")
        for k in ("traces", "policies", "sizes"):
            if not isinstance(grid.get(k), list) or not grid[k]:
                raise ValueError(f"{a.grid}: {k} must be a non-empty list")
        extra = {k: grid[k] for k in grid if k not in ("traces", "policies", "sizes")}
        df = sweep(grid["traces"], grid["policies"], grid["sizes"], engine=a.engine, address=a.address, **extra)
    except (ValueError, OSError, RuntimeError, ImportError) as e:
        print(f"cachescope: {e}", file=sys.stderr)
        return 2
    for r in df.attrs.get("retries", []):
        print(f"cachescope: retried {r}", file=sys.stderr)
    if a.out and a.out.endswith(".jsonl"):
        df.to_json(a.out, orient="records", lines=True)
    elif a.out:
        df.to_csv(a.out, index=False)
    else:
        df.to_csv(sys.stdout, index=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
