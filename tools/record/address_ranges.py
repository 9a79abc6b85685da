#!/usr/bin/env python3
"""Feature-region stacks of call-stack samples from the address ranges of raw USDT probes, as
Kaufmann 2022 translates them (§3.4), offline: no probe runs while the program is sampled.

1. Sites. The raw probes' entry and exit nops, vtrace:fr_begin_<ID> and fr_end_<ID> (fc-record's
   --raw convention, doc/recorder.md), and feature_init/feature_finalize for Base (ID 0), are
   read from the binary's ELF notes (elf_symbols.stapsdt_notes), as virtual addresses.
2. Ranges. Per region, each entry address starts a range that ends at the closest larger exit
   address of that region; an entry with no larger exit has no range. Where ranges overlap, the
   larger is kept ("We can discard ranges that overlap and only keep the larger one"). We read
   "overlap" as: two ranges of one region that intersect (two entries before one exit), or ranges
   of two regions that intersect without one holding the other. A range inside another region's
   range is nesting, which the thesis's next step relies on ("nested feature regions in the same
   function"), so both are kept. A range is half-open, [entry, exit): the entry nop is the
   region's first instruction, the exit nop runs once it is over.
3. Translation. A sample's addresses are relocated to the binary's virtual addresses through the
   target's recorded mappings (elf_symbols.Symboliser.locate; a return address is looked up one
   byte back, in its call instruction; addresses in other files are skipped) and walked from the
   outermost return address to the current instruction, building the region stack outermost
   first: an address in no range adds nothing; the ranges holding an address are added larger
   first, and a region already on the stack is not added again (a region spanning several
   functions, or recursion: a recursive region is counted once). The thesis adds several matches
   "ordered ascending in address range size" while it builds the stack "bottom-up"; the outer of
   two nested regions is the larger, so ascending size is the innermost-first order of perf's call
   chains, and the stack built outermost first takes them in descending size (ties: lower entry
   address first).

Assumption A1 (the program executes only instructions of a region's range while in it) breaks
where the compiler moves a region's code out of the range (Listing 3.4: its samples are lost or
given to the enclosing region), places another region's code inside it (Listing 3.5: attributed
to both), or a region has several exits and the work lies after a conditional jump to the later
one (Listing 3.6: no range holds it). test-record.sh checks each of these on constructed sites,
as the results the algorithm gives; doc/recorder.md says where it breaks on the demo.

  address_ranges.py ranges BINARY      (print the sites and the ranges of a binary)
"""
import bisect
import collections
import json
import os
import re
import sys

import elf_symbols

RAW_PROBE = re.compile(r"^fr_(begin|end)_(\d+)$")  # fc-record's raw probe names (doc/recorder.md)
PROVIDER = "vtrace"
BASE_ID = 0  # feature_init/feature_finalize: Base, VaRA's region 0 spanning main
PLACEHOLDER = "FR(?{})"  # the name of a region whose name no source gives (as fc_bt.StackFrames)

Range = collections.namedtuple("Range", "start end region")


def probe_sites(path):
    """The raw probes' entry and exit sites of an ELF file: [(phase "B" or "E", region id, virtual
    address)], Base's from feature_init/feature_finalize."""
    sites = []
    for provider, name, pc, _semaphore, _args in elf_symbols.stapsdt_notes(path):
        if provider != PROVIDER:
            continue
        if m := RAW_PROBE.match(name):
            sites.append(("B" if m.group(1) == "begin" else "E", int(m.group(2)), pc))
        elif name in ("feature_init", "feature_finalize"):
            sites.append(("B" if name == "feature_init" else "E", BASE_ID, pc))
    return sites


def raw_probe_sites(path):
    """probe_sites of a raw-probe build; ValueError (or OSError) when the file has no raw probe."""
    sites = probe_sites(path)
    if not any(region != BASE_ID for _, region, _ in sites):
        raise ValueError(f"{path} has no raw probes {PROVIDER}:fr_begin_<ID>/fr_end_<ID> in its ELF notes: "
                         "address-range attribution needs a raw-probe build (doc/recorder.md, \"Raw probes\")")
    return sites


def address_ranges(sites):
    """The ranges of the sites (step 2): (kept ranges, discarded ranges, entries without a larger
    exit)."""
    entries, exits = collections.defaultdict(list), collections.defaultdict(list)
    for phase, region, address in sites:
        (entries if phase == "B" else exits)[region].append(address)
    candidates, unclosed = [], []
    for region, starts in entries.items():
        ends = sorted(exits.get(region, []))
        for start in sorted(set(starts)):
            i = bisect.bisect_right(ends, start)
            if i < len(ends):
                candidates.append(Range(start, ends[i], region))
            else:
                unclosed.append((region, start))
    kept, discarded = [], []
    # Larger first: a range that overlaps one already kept is the smaller of the two.
    for r in sorted(candidates, key=lambda r: (-(r.end - r.start), r.start, r.region)):
        if any(_overlap(r, k) for k in kept):
            discarded.append(r)
        else:
            kept.append(r)
    return sorted(kept), sorted(discarded), unclosed


def _overlap(a, b):
    if a.start >= b.end or b.start >= a.end:
        return False  # disjoint
    if a.region == b.region:
        return True
    nested = (b.start <= a.start and a.end <= b.end) or (a.start <= b.start and b.end <= a.end)
    return not nested


class RangeTranslator:
    """Region stacks of address sequences (step 3), over a fixed set of ranges: the ranges that
    hold each elementary segment between range boundaries, larger first, looked up by bisection."""

    def __init__(self, ranges):
        self.bounds = sorted({r.start for r in ranges} | {r.end for r in ranges})
        self.cover = [sorted((r for r in ranges if r.start <= b < r.end), key=lambda r: (-(r.end - r.start), r.start))
                      for b in self.bounds]

    def matching(self, address):
        """The ranges holding an address, larger first."""
        i = bisect.bisect_right(self.bounds, address) - 1
        return self.cover[i] if i >= 0 else []

    def stack(self, addresses):
        """The region stack, outermost first, of a sample's virtual addresses in the binary, given
        from the outermost return address to the current instruction."""
        stack = []
        for address in addresses:
            for r in self.matching(address):
                if r.region not in stack:
                    stack.append(r.region)
        return stack


class SampleAttribution:
    """The converter's side (fc_bt.py convert): each sample's region stack from its user frames,
    relocated through the target's recorded mappings, with the counts that otherData reports."""

    def __init__(self, binary, symboliser):
        self.binary = os.path.realpath(binary)
        self.symboliser = symboliser
        self.ranges, self.discarded, self.unclosed = address_ranges(raw_probe_sites(binary))
        self.translator = RangeTranslator(self.ranges)
        self.counts = {"samplesTranslated": 0, "samplesWithoutRange": 0, "samplesOutsideBinary": 0}

    def regions(self, frames):
        """The region stack of a sample whose frames are (hex address, symbol, module), the current
        instruction first (bpftrace's ustack order)."""
        addresses = []
        for i, (address, _symbol, _module) in enumerate(reversed(frames)):
            path, _elf, vaddr = self.symboliser.locate(int(address, 16), i != len(frames) - 1)
            if path is not None and vaddr is not None and os.path.realpath(path) == self.binary:
                addresses.append(vaddr)
        stack = self.translator.stack(addresses)
        self.counts["samplesTranslated"] += 1
        if not addresses:
            self.counts["samplesOutsideBinary"] += 1
        if not stack:
            self.counts["samplesWithoutRange"] += 1
        return stack

    def summary(self):
        return {"binary": self.binary, "ranges": len(self.ranges), "rangesDiscarded": len(self.discarded),
                "entriesWithoutExit": len(self.unclosed), **self.counts}


def read_region_names(path):
    """Region id -> name from a --region-names source: a TEF trace of the same program (the names
    of its traced regions, args.ID, and otherData.regionNames; the thesis's "run twice") or a text
    file of ID=NAME lines ('#' starts a comment line). Raises ValueError with the position of a bad
    line."""
    with open(path, errors="replace") as f:
        text = f.read()
    names = {}
    if text.lstrip().startswith("{"):
        try:
            trace = json.loads(text)
        except ValueError as e:
            raise ValueError(f"{path}: not a JSON trace ({e})") from e
        for key, name in trace.get("otherData", {}).get("regionNames", {}).items():
            names[int(key)] = name
        for e in trace.get("traceEvents", []):
            if e.get("cat") == "Feature" and e.get("ph") == "B" and "ID" in e.get("args", {}):
                names.setdefault(int(e["args"]["ID"]), e["name"])
        return names
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        key, sep, name = line.partition("=")
        if not sep or not key.strip().isdigit() or not name.strip():
            raise ValueError(f"{path} line {number}: expected ID=NAME, got {line[:80]!r}")
        names[int(key)] = name.strip()
    return names


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "ranges":
        sites = probe_sites(sys.argv[2])
        for phase, region, address in sorted(sites, key=lambda s: s[2]):
            print(f"site\t{phase}\t{region}\t{address:#x}")
        kept, discarded, unclosed = address_ranges(sites)
        for r in kept:
            print(f"range\t{r.region}\t{r.start:#x}\t{r.end:#x}\t{r.end - r.start}")
        for r in discarded:
            print(f"discarded\t{r.region}\t{r.start:#x}\t{r.end:#x}\t{r.end - r.start}")
        for region, start in unclosed:
            print(f"unclosed\t{region}\t{start:#x}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
