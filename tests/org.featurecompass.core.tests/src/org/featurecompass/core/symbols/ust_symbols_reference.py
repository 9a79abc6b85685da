#!/usr/bin/env python3
"""Independent reference for the symbols of LTTng UST cyg-profile function addresses.

Reads the trace with babeltrace2 (text output): the statedump's bin_info/build_id events (load
address, size, path, position independence, build id per process) and every func_entry's address.
Names each distinct (vpid, address):
  --binaries DIR  the ELF file under DIR with the loaded binary's build id (readelf -n), else with
                  its file name when either lacks a build id; the name is binutils addr2line -f's
                  at the offset (address - load address for a position-independent binary), and
                  each alias nm -S lists as a function at that function's start (getpagesize and
                  __getpagesize name the same code);
  --nm FILE       the names of the nm function lines (types T t W w i) whose address is exactly
                  that offset, FILE's name starting with the loaded binary's file name (e.g.
                  ust-demo.nm); or exactly the address itself when no loaded binary holds it.
Prints "vpid<TAB>0xaddress<TAB>names<TAB>shown" (names joined by "|", sorted; empty when nothing
names it; shown: how an address without a name reads, the run-invariant "binary+0xoffset" of the
loaded binary holding it, else "0xaddress"), sorted: an alias is as right as another.
"""
import argparse
import os
import re
import subprocess
import sys

CONTEXT = re.compile(r'vpid = (\d+)')
FIELD = re.compile(r'(\w+) = ("[^"]*"|0x[0-9A-Fa-f]+|-?\d+)')
BUILD_ID_BYTES = re.compile(r'\[\d+\] = (0x[0-9A-Fa-f]+|\d+)')


def value(text):
    if text.startswith('"'):
        return text[1:-1]
    return int(text, 0)


def read_trace(trace):
    out = subprocess.run(['babeltrace2', trace], check=True, capture_output=True, text=True).stdout
    binaries = {}  # (vpid, baddr) -> dict
    addresses = set()
    for line in out.splitlines():
        name = re.search(r' ([\w:]+): \{', line)
        if not name:
            continue
        event = name.group(1)
        m = CONTEXT.search(line)
        vpid = int(m.group(1)) if m else -1
        payload = line[line.rfind('}, {') + 4:] if '}, {' in line else line
        if event == 'lttng_ust_statedump:bin_info':
            f = {k: value(v) for k, v in FIELD.findall(payload)}
            binaries.setdefault((vpid, f['baddr']), {}).update(memsz=f['memsz'], path=f['path'], pic=f['is_pic'] == 1)
        elif event == 'lttng_ust_statedump:build_id':
            baddr = int(re.search(r'baddr = (0x[0-9A-Fa-f]+)', payload).group(1), 16)
            ids = payload[payload.index('build_id = ['):]
            binaries.setdefault((vpid, baddr), {})['build_id'] = ''.join('%02x' % int(b, 0) for b in BUILD_ID_BYTES.findall(ids))
        elif event.endswith(':func_entry'):
            addresses.add((vpid, int(re.search(r'addr = (0x[0-9A-Fa-f]+)', payload).group(1), 16)))
    return binaries, addresses


def holder(binaries, vpid, address):
    best = None
    for (pid, baddr), b in binaries.items():
        if pid == vpid and 'memsz' in b and baddr <= address < baddr + b['memsz'] and (best is None or baddr > best[0]):
            best = (baddr, b)
    return best


def build_ids(directory):
    ids = {}
    for root, _, files in os.walk(directory):
        for f in files:
            path = os.path.join(root, f)
            notes = subprocess.run(['readelf', '-n', path], capture_output=True, text=True).stdout
            m = re.search(r'Build ID: ([0-9a-f]+)', notes)
            ids[path] = m.group(1) if m else None
    return ids


def nm_functions(path):
    """nm -S's function symbols of an ELF file (.symtab, else the dynamic ones): start -> names."""
    out = subprocess.run(['nm', '-S', '--defined-only', path], capture_output=True, text=True)
    if 'no symbols' in out.stderr or not out.stdout.strip():
        out = subprocess.run(['nm', '-D', '-S', '--defined-only', path], capture_output=True, text=True)
    names = {}
    for line in out.stdout.splitlines():
        cols = line.split()
        if len(cols) == 4 and cols[2] in 'TtWwi':
            names.setdefault(int(cols[0], 16), set()).add(re.sub(r'@.*', '', cols[3]))
    return names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('trace')
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument('--binaries')
    group.add_argument('--nm')
    args = parser.parse_args()
    binaries, addresses = read_trace(args.trace)
    files = build_ids(args.binaries) if args.binaries else {}
    nm = {}
    if args.nm:
        with open(args.nm) as f:
            for line in f:
                parts = line.split()
                if len(parts) == 3 and re.fullmatch(r'[0-9a-fA-F]+', parts[0]) and parts[1] in 'TtWwi':
                    nm.setdefault(int(parts[0], 16), set()).add(parts[2])
    for vpid, address in sorted(addresses):
        held = holder(binaries, vpid, address)
        offset = address if held is None or not held[1]['pic'] else address - held[0]
        names = set()
        if args.nm:
            if held is None or os.path.basename(args.nm).startswith(os.path.basename(held[1]['path'])):
                names = nm.get(offset, set())
        elif held is not None:
            wanted = held[1].get('build_id')
            base = os.path.basename(held[1]['path'])
            match = [p for p, i in files.items() if wanted and i == wanted] or \
                [p for p, i in files.items() if os.path.basename(p) == base and (wanted is None or i is None)]
            if match:
                out = subprocess.run(['addr2line', '-f', '-e', match[0], hex(offset)], check=True, capture_output=True,
                                     text=True).stdout.splitlines()
                if out and out[0] != '??':
                    aliases = nm_functions(match[0]).get(offset, set())
                    names = {out[0]} | (aliases if out[0] in aliases else set())
        shown = '0x%x' % address if held is None else '%s+0x%x' % (os.path.basename(held[1]['path']), offset)
        print('%d\t0x%x\t%s\t%s' % (vpid, address, '|'.join(sorted(names)), shown))
    return 0


if __name__ == '__main__':
    sys.exit(main())
