#!/usr/bin/env python3
"""Offline symbolisation of sampled user stacks: the target's executable file mappings (fc_bt.py
maps, from perf's mmap events), and the ELF symbol tables of the mapped files (.symtab, else
.dynsym) give each address its function. An address maps to a file offset through the mapping
that holds it, the offset to the file's virtual address through the PT_LOAD segment that holds
it, and the virtual address to the function symbol (STT_FUNC or STT_GNU_IFUNC, size > 0) whose
[value, value + size) holds it. A frame that no mapping, segment or symbol covers keeps its
address and is counted. Return addresses are looked up one byte back (the call instruction), the
sampled instruction pointer as is. Only 64-bit little-endian ELF files (x86-64, AArch64) are read.

  elf_symbols.py lookup FILE VADDR...   (print each virtual address's function, for checks)
"""
import bisect
import os
import struct
import sys

PT_LOAD, PT_NOTE = 1, 4
SHT_SYMTAB, SHT_DYNSYM = 2, 11
STT_FUNC, STT_GNU_IFUNC = 2, 10
NT_GNU_BUILD_ID = 3


def _elf_layout(path):
    """The bytes of a 64-bit little-endian ELF file, its program headers (type, flags, offset,
    vaddr, paddr, filesz) and its section headers (name, type, flags, addr, offset, size, link,
    info, align, entsize)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError(f"{path}: not a 64-bit little-endian ELF file")
    (phoff, shoff) = struct.unpack_from("<QQ", data, 0x20)
    (phentsize, phnum, shentsize, shnum) = struct.unpack_from("<HHHH", data, 0x36)
    programs = [struct.unpack_from("<IIQQQQ", data, phoff + i * phentsize) for i in range(phnum)]
    sections = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)] if shoff else []
    return data, programs, sections


class ElfFile:
    """The function symbols and loadable segments of one ELF file."""

    def __init__(self, path):
        self.path = path
        data, programs, sections = _elf_layout(path)
        self.segments = []  # (offset, filesz, vaddr)
        self.build_id = None
        for p_type, _flags, p_offset, p_vaddr, _paddr, p_filesz in programs:
            if p_type == PT_LOAD:
                self.segments.append((p_offset, p_filesz, p_vaddr))
            elif p_type == PT_NOTE and self.build_id is None:
                self.build_id = _build_id(data, p_offset, p_filesz)
        symbols = {}
        for wanted in (SHT_SYMTAB, SHT_DYNSYM):  # the full table if the file has one
            for (_name, sh_type, _flags, _addr, offset, size, link, _info, _align, entsize) in sections:
                if sh_type != wanted or not entsize:
                    continue
                strtab = sections[link]
                str_off, str_size = strtab[4], strtab[5]
                for j in range(size // entsize):
                    st_name, st_info, _other, shndx, value, st_size = struct.unpack_from("<IBBHQQ", data, offset + j * entsize)
                    if st_info & 0xF not in (STT_FUNC, STT_GNU_IFUNC) or not st_size or not shndx or not value:
                        continue
                    end = data.index(b"\0", str_off + st_name, str_off + str_size)
                    name = data[str_off + st_name:end].decode("utf-8", "replace")
                    # One name per start, chosen among aliases by perf's rule (choose_best_symbol):
                    # non-weak before weak, global before local (libc's global __getpagesize, not
                    # its weak getpagesize), the fewest leading underscores, the longest name; last
                    # the first name in code-point order, so that the table's order never decides.
                    # core.symbols.SymbolMap chooses alike.
                    rank = ({1: 0, 2: 2}.get(st_info >> 4, 1), len(name) - len(name.lstrip("_")), -len(name), name)
                    if value not in symbols or rank < symbols[value][2]:
                        symbols[value] = (st_size, name, rank)
            if symbols:
                break
        self.starts = sorted(symbols)
        self.symbols = [(v, symbols[v][0], symbols[v][1]) for v in self.starts]

    def vaddr(self, file_offset):
        """The virtual address of a file offset, or None outside every loadable segment."""
        for offset, filesz, vaddr in self.segments:
            if offset <= file_offset < offset + filesz:
                return file_offset - offset + vaddr
        return None

    def function(self, vaddr):
        """The function holding a virtual address, or None."""
        i = bisect.bisect_right(self.starts, vaddr) - 1
        if i < 0:
            return None
        value, size, name = self.symbols[i]
        return name if vaddr < value + size else None


def _build_id(data, offset, size):
    end = offset + size
    while offset + 12 <= end:
        namesz, descsz, kind = struct.unpack_from("<III", data, offset)
        name_at = offset + 12
        desc_at = name_at + (namesz + 3) // 4 * 4
        if kind == NT_GNU_BUILD_ID and data[name_at:name_at + namesz].rstrip(b"\0") == b"GNU":
            return data[desc_at:desc_at + descsz].hex()
        offset = desc_at + (descsz + 3) // 4 * 4
    return None


SHT_NOTE, NT_STAPSDT = 7, 3


def stapsdt_notes(path):
    """The SystemTap USDT probe descriptors of an ELF file, as (provider, name, probe address,
    semaphore address or 0, argument string) in note order; addresses are the file's virtual
    addresses. The notes (section type SHT_NOTE, owner "stapsdt", type 3) hold the probe's
    address, the .stapsdt.base address and the semaphore's address; the descriptor's strings
    follow: provider, name, arguments. When the file was prelinked, its .stapsdt.base section
    moved from the address the notes recorded: the probe addresses move with it (as sdt.h's
    readers do)."""
    data, _programs, sections = _elf_layout(path)
    shstrndx = struct.unpack_from("<H", data, 0x3E)[0]
    base_now = None
    if sections and shstrndx < len(sections):
        names_at = sections[shstrndx][4]
        for (name, _type, _flags, addr, *_rest) in sections:
            if data[names_at + name:data.index(b"\0", names_at + name)] == b".stapsdt.base":
                base_now = addr
    found = []
    for (_name, sh_type, _flags, _addr, offset, size, _link, _info, _align, _entsize) in sections:
        if sh_type != SHT_NOTE:
            continue
        at, end = offset, offset + size
        while at + 12 <= end:
            namesz, descsz, kind = struct.unpack_from("<III", data, at)
            name_at = at + 12
            desc_at = name_at + (namesz + 3) // 4 * 4
            if kind == NT_STAPSDT and data[name_at:name_at + namesz].rstrip(b"\0") == b"stapsdt":
                pc, base, semaphore = struct.unpack_from("<QQQ", data, desc_at)
                provider, name, args = (data[desc_at + 24:desc_at + descsz].split(b"\0") + [b"", b""])[:3]
                if base_now is not None and base:
                    pc += base_now - base
                    semaphore += base_now - base if semaphore else 0
                found.append((provider.decode(), name.decode(), pc, semaphore, args.decode()))
            at = desc_at + (descsz + 3) // 4 * 4
    return found


def usdt_semaphores(path):
    """The SystemTap USDT probes of an ELF file that have a semaphore (is-enabled probes: the probe
    site runs only while the 2-byte counter is non-zero): (provider, name) -> the semaphore's file
    offset, where the writable segment that holds it is mapped from."""
    _data, programs, _sections = _elf_layout(path)
    segments = [(p_vaddr, p_filesz, p_offset) for p_type, _flags, p_offset, p_vaddr, _paddr, p_filesz in programs if p_type == PT_LOAD]
    found = {}
    for provider, name, _pc, semaphore, _args in stapsdt_notes(path):
        for vaddr, filesz, file_offset in segments:
            if semaphore and vaddr <= semaphore < vaddr + filesz:
                found[(provider, name)] = semaphore - vaddr + file_offset
    return found


def read_maps(path):
    """The mappings fc_bt.py maps wrote: (start, end, file offset, path, build id or '-') lines,
    sorted by start."""
    maps = []
    with open(path) as f:
        for line in f:
            cols = line.rstrip("\n").split("\t")
            if len(cols) == 5 and not line.startswith("#"):
                maps.append((int(cols[0], 16), int(cols[1], 16), int(cols[2], 16), cols[3], cols[4]))
    maps.sort()
    return maps


class Symboliser:
    """Addresses of the target's process to function names, from its recorded mappings."""

    def __init__(self, maps):
        self.maps = maps
        self.starts = [m[0] for m in maps]
        self.files = {}  # path -> ElfFile, or the reason it cannot be read
        self.counts = {"frames": 0, "symbolised": 0, "noMapping": 0, "noSymbol": 0, "unreadableFile": 0}

    def elf(self, path, build_id):
        if path not in self.files:
            try:
                elf = ElfFile(path)
                if build_id != "-" and elf.build_id is not None and elf.build_id != build_id:
                    raise ValueError(f"{path} changed after the recording (build id {elf.build_id}, recorded {build_id})")
                self.files[path] = elf
            except (OSError, ValueError) as e:
                self.files[path] = str(e)
        return self.files[path]

    def locate(self, address, return_address):
        """(module path or None, its ElfFile or why it cannot be read, virtual address in that file
        or None) of an address of the target's process; a return address is looked up one byte
        back, in its call instruction."""
        i = bisect.bisect_right(self.starts, address) - 1
        if i < 0 or address >= self.maps[i][1]:
            return None, None, None
        start, _end, offset, path, build_id = self.maps[i]
        elf = self.elf(path, build_id)
        if isinstance(elf, str):
            return path, elf, None
        return path, elf, elf.vaddr(address - start + offset - (1 if return_address else 0))

    def symbolise(self, address, return_address):
        """(function name or None, module path or None) of an address."""
        self.counts["frames"] += 1
        path, elf, vaddr = self.locate(address, return_address)
        if path is None:
            self.counts["noMapping"] += 1
            return None, None
        if isinstance(elf, str):
            self.counts["unreadableFile"] += 1
            return None, path
        name = elf.function(vaddr) if vaddr is not None else None
        self.counts["symbolised" if name else "noSymbol"] += 1
        return name, path

    def modules(self):
        """Per module: its build id, or why it could not be read."""
        return {path: (elf if isinstance(elf, str) else elf.build_id or "no build id") for path, elf in sorted(self.files.items())}


def executable_mappings(pid):
    """The executable file mappings of a process, from /proc/PID/maps, with each file's build id."""
    out = []
    with open(f"/proc/{pid}/maps") as f:
        for line in f:
            cols = line.split(maxsplit=5)
            if len(cols) < 6 or "x" not in cols[1] or not cols[5].startswith("/"):
                continue
            start, end = cols[0].split("-")
            out.append((int(start, 16), int(end, 16), int(cols[2], 16), cols[5].rstrip("\n")))
    return out


def build_id_of(path):
    """A file's GNU build id, or '-', from its note segments only (not the whole symbol table,
    which ElfFile reads)."""
    try:
        data, programs, _sections = _elf_layout(path)
    except (OSError, ValueError):
        return "-"
    for p_type, _flags, p_offset, _vaddr, _paddr, p_filesz in programs:
        if p_type == PT_NOTE and (build_id := _build_id(data, p_offset, p_filesz)):
            return build_id
    return "-"


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "lookup":
        elf = ElfFile(sys.argv[2])
        for text in sys.argv[3:]:
            print(elf.function(int(text, 16)) or "??")
    else:
        sys.exit(__doc__)
