# perf script module of fc-record: writes the kernel tracepoints perf recorded as the raw lines
# fc_bt.py converts (the same columns as the bpftrace program's "K" lines).
#
#   FC_META=meta.json perf script -i kernel.data -s fc_perf.py > kernel.txt
#
# perf records the scheduler, interrupt, timer, process and block tracepoints instead of bpftrace
# because a BPF tracepoint program is skipped, silently, whenever an interrupt arrives while
# another one runs on the same CPU (the kernel's per-CPU bpf_prog_active guard): the interrupt's
# hrtimer_expire_entry and the sched_waking it makes were missing. perf's ring buffer takes
# events nested in interrupts. See doc/recorder.md.
import bisect
import json
import os
import sys

with open(os.environ["FC_META"]) as f:
    FIELDS = {e["tracepoint"].split(":")[1]: e["fields"] for e in json.load(f)["perfEvents"]}

seq = {}  # cpu -> number of events written, numbered per CPU like the bpftrace program's


class KernelSymbols:
    """Addresses to names from /proc/kallsyms (readable by root), for hrtimer callbacks."""

    def __init__(self):
        self.addresses, self.names = [], []
        try:
            with open("/proc/kallsyms") as f:
                rows = sorted((int(cols[0], 16), cols[2]) for cols in (line.split() for line in f)
                              if cols[1] in "tTwW")
        except OSError:
            rows = []
        for address, name in rows:
            self.addresses.append(address)
            self.names.append(name)

    def name(self, address):
        i = bisect.bisect_right(self.addresses, address) - 1
        if i < 0 or self.addresses[i] == 0:
            return "0x%x" % address
        return self.names[i] if self.addresses[i] == address else "%s+0x%x" % (self.names[i], address - self.addresses[i])


symbols = None


def value(raw, kind):
    global symbols
    if kind == "x":
        return "%x" % (raw & 0xFFFFFFFFFFFFFFFF)
    if kind == "sym":
        if symbols is None:
            symbols = KernelSymbols()
        return symbols.name(raw & 0xFFFFFFFFFFFFFFFF)
    if isinstance(raw, (bytes, bytearray)):
        raw = raw.split(b"\0", 1)[0].decode("utf-8", "replace")
    return str(raw).replace("\t", " ").replace("\n", " ")


def trace_unhandled(event_name, context, fields, sample=None):
    event = event_name.split("__", 1)[1]
    spec = FIELDS.get(event)
    if spec is None:
        return
    cpu = fields["common_cpu"]
    number = seq.get(cpu, 0)
    seq[cpu] = number + 1
    info = sample["sample"] if sample else {}
    tid = info.get("tid", fields["common_pid"])
    pid = info.get("pid", tid)
    ts = fields["common_s"] * 1000000000 + fields["common_ns"]
    cols = ["K", event, str(cpu), str(number), str(ts), str(pid), str(tid), value(fields["common_comm"], "s")]
    cols += [value(fields[name], kind) for name, kind in spec]
    sys.stdout.write("\t".join(cols) + "\n")
