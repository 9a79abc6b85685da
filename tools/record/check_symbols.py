#!/usr/bin/env python3
"""Checks the offline symbolisation of a sampled recording against binutils, the peer: for every
sample, the user frames of its stack in the trace (stackFrames, below its region frames) must be
the functions GNU binutils finds for the raw addresses bpftrace recorded. Needs the recording's
--keep folder (raw.txt: the addresses; maps.txt: the target's mappings).

  check_symbols.py TRACE.json KEEP_DIR [--min-named 0.5]

Peer per address: the mapping that holds it (maps.txt) gives the module and the file offset
(return addresses one byte back); `readelf -lW` gives the module's PT_LOAD segments, so the
virtual address; then `addr2line -f -i -e MODULE VADDR` (the last function it prints, the one
the inlined code sits in) for a module with a full symbol table, else the `nm -D -S` dynamic
symbol whose [value, value + size) holds it. Any alias nm lists at that function's start is
accepted too (getpagesize or __getpagesize): they name the same code. A function is a sized
symbol for both (nm -S): an address that no sized function symbol holds must be written as
0x<address>, also where addr2line would name it after the nearest symbol before it (the C
runtime's unsized _init, _fini, frame_dummy, deregister_tm_clones..., which run at the program's
start and exit, and the padding between functions: a sample landing there was rare, but it made
the check fail by chance). Exit 1 on a mismatch, or when fewer than --min-named of the frames in the demo's own
binary are named.
"""
import argparse
import bisect
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fc_bt  # noqa: E402  (parse_raw only: reads bpftrace's lines)


def load_segments(module):
    out = subprocess.run(["readelf", "-lW", module], capture_output=True, text=True, check=True).stdout
    segments = []
    for line in out.splitlines():
        cols = line.split()
        if cols and cols[0] == "LOAD":
            segments.append((int(cols[1], 16), int(cols[4], 16), int(cols[2], 16)))  # offset, filesz, vaddr
    return segments


def has_symtab(module):
    out = subprocess.run(["readelf", "-SW", module], capture_output=True, text=True, check=True).stdout
    return " .symtab " in out


def function_symbols(module, dynamic):
    """nm's function symbols of a module, as (starts, [(size, names)]): every name at one start,
    because aliases (getpagesize and __getpagesize in libc) are the same function."""
    out = subprocess.run(["nm", *(["-D"] if dynamic else []), "-S", "--defined-only", module],
                         capture_output=True, text=True).stdout
    symbols = {}
    for line in out.splitlines():
        cols = line.split()
        if len(cols) == 4 and cols[2] in "TtWiI" and int(cols[1], 16) > 0:
            size, names = symbols.setdefault(int(cols[0], 16), (int(cols[1], 16), set()))
            names.add(re.sub(r"@.*", "", cols[3]))
    starts = sorted(symbols)
    return starts, [symbols[s] for s in starts]


def holding(symbols, vaddr):
    """The names of the function whose [start, start + size) holds vaddr, or an empty set."""
    starts, entries = symbols
    j = bisect.bisect_right(starts, vaddr) - 1
    return entries[j][1] if j >= 0 and vaddr < starts[j] + entries[j][0] else set()


class Binutils:
    def __init__(self, maps):
        self.maps = maps
        self.starts = [m[0] for m in maps]
        self.modules = {}

    def module(self, path):
        if path not in self.modules:
            symtab = has_symtab(path)
            self.modules[path] = {"segments": load_segments(path), "symtab": symtab,
                                  "functions": function_symbols(path, dynamic=not symtab)}
        return self.modules[path]

    def names(self, address, return_address):
        """Every name binutils accepts for the address's function (empty if none), and its module."""
        i = bisect.bisect_right(self.starts, address) - 1
        if i < 0 or address >= self.maps[i][1]:
            return set(), None
        start, _end, offset, path, _build = self.maps[i]
        info = self.module(path)
        file_offset = address - start + offset - (1 if return_address else 0)
        vaddr = next((file_offset - o + v for o, size, v in info["segments"] if o <= file_offset < o + size), None)
        if vaddr is None:
            return set(), path
        aliases = holding(info["functions"], vaddr)
        if info["symtab"] and aliases:
            out = subprocess.run(["addr2line", "-f", "-i", "-e", path, hex(vaddr)], capture_output=True, text=True).stdout
            functions = out.splitlines()[0::2]
            name = functions[-1] if functions else "??"
            # The symbol table's names of that function too: its aliases, and GCC's name of a
            # clone whose DWARF name is the original's (churn.constprop.0 for churn).
            same = name in aliases or any(alias.split(".")[0] == name for alias in aliases)
            return (set() if name == "??" else {name} | (aliases if same else set())), path
        return aliases, path


def chain(frames, fid):
    out = []
    while fid is not None:
        out.append(frames[fid])
        fid = frames[fid].get("parent")
    return out[::-1]


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("trace")
    p.add_argument("keep")
    p.add_argument("--min-named", type=float, default=0.5)
    a = p.parse_args()
    with open(a.trace) as f:
        trace = json.load(f)
    binary = trace["otherData"]["binary"]
    events, *_ = fc_bt.parse_raw(os.path.join(a.keep, "raw.txt"), {})
    import elf_symbols
    peer = Binutils(elf_symbols.read_maps(os.path.join(a.keep, "maps.txt")))
    raw = {(ev["ts"], ev["tid"]): ev["frames"] for ev in events if ev["kind"] == "P"}
    offset = trace["otherData"].get("clockOffsetNs", 0)
    checked = mismatched = own = own_named = 0
    cache = {}
    for e in trace["traceEvents"]:
        if e.get("ph") != "P":
            continue
        frames = raw.get((e["ts"] - offset, e["tid"]))
        if frames is None:
            print(f"sample at {e['ts']} on {e['tid']} is not in raw.txt", file=sys.stderr)
            sys.exit(1)
        written = [f for f in chain(trace["stackFrames"], e.get("sf")) if f["category"] != "feature region"]
        expected = []
        leaf = len(frames) - 1
        for i, (address, _s, _m) in enumerate(reversed(frames)):
            key = (address, i != leaf)
            if key not in cache:
                cache[key] = peer.names(int(address, 16), i != leaf)
            names, module = cache[key]
            expected.append((names or {"0x" + address}, module))
        for (names, module), got in zip(expected, written):
            checked += 1
            if module == binary:
                own += 1
                own_named += not got["name"].startswith("0x")
            if got["name"] not in names:
                mismatched += 1
                if mismatched <= 10:
                    print(f"sample at {e['ts']}: frame {got['name']} ({got['category']}), binutils: "
                          f"{' or '.join(sorted(names))} ({module})",
                          file=sys.stderr)
        if len(expected) != len(written):
            mismatched += 1
            print(f"sample at {e['ts']}: {len(written)} user frames written, {len(expected)} recorded", file=sys.stderr)
    print(f"{a.trace}: {checked} user frames of {len(raw)} samples checked against binutils, {mismatched} differ; "
          f"{own_named} of {own} frames in {os.path.basename(binary)} named")
    sys.exit(1 if mismatched or not own or own_named < a.min_named * own else 0)


if __name__ == "__main__":
    main()
