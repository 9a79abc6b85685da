# perf script module of fc-record: writes the kernel tracepoints perf recorded as the raw lines
# fc_bt.py converts (the same columns as the bpftrace program's "K" lines).
#
#   FC_META=meta.json perf script -i kernel.data -s fc_perf.py > kernel.txt
#
# perf records fc_bt.py's PERF_TRACEPOINTS; why those, there and in doc/recorder.md.
import json
import os
import sys

with open(os.environ["FC_META"]) as f:
    FIELDS = {e["tracepoint"].split(":")[1]: e["fields"] for e in json.load(f)["perfEvents"]}

seq = {}  # cpu -> number of events written, numbered per CPU like the bpftrace program's


def value(raw, kind):
    if kind in ("x", "sym"):
        raise ValueError(f"fc_perf.py does not write {kind!r} fields; record this tracepoint with bpftrace")
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
