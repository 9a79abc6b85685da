#!/usr/bin/env python3
"""Generates the bpftrace program of fc-record and converts its output to TEF.

One table (KERNEL_EVENTS) drives both steps, so the columns written by the
recorders and the columns parsed back can never drift apart. bpftrace records
the feature regions (USDT) and the packets (with their headers, read through
BTF); perf records the other kernel tracepoints (fc_perf.py writes them in the
bpftrace program's line format).

  fc_bt.py gen --binary BIN [--raw] [--kernel] [--target PID|cpid] ... -o prog.bt --meta meta.json
  fc_bt.py misses --parent PID -o misses.json   (while bpftrace runs)
  fc_bt.py convert --meta meta.json [--kernel-scope all|target] raw.txt [--perf perf.txt
               --perf-lost lost.txt] [--bpf-misses misses.json] -o out.json

Output format: doc/recorder-format.md.
"""
import argparse
import bisect
import collections
import json
import os
import re
import subprocess
import sys
import time

import address_ranges

FORMAT_VERSION = 1

# Tracepoints recorded with --kernel: "system:event" -> [(field, type)].
# Types: d signed, u unsigned, x pointer (written as "0x.." string), s string,
# sym kernel symbol of a pointer. Fields missing from a kernel's format are
# left out and reported in the metadata.
KERNEL_EVENTS = {
    "sched:sched_switch": [("prev_comm", "s"), ("prev_pid", "d"), ("prev_prio", "d"),
                           ("prev_state", "d"), ("next_comm", "s"), ("next_pid", "d"),
                           ("next_prio", "d")],
    "sched:sched_waking": [("comm", "s"), ("pid", "d"), ("prio", "d"), ("target_cpu", "d")],
    "sched:sched_wakeup": [("comm", "s"), ("pid", "d"), ("prio", "d"), ("target_cpu", "d")],
    "sched:sched_wakeup_new": [("comm", "s"), ("pid", "d"), ("prio", "d"), ("target_cpu", "d")],
    "sched:sched_process_fork": [("parent_comm", "s"), ("parent_pid", "d"),
                                 ("child_comm", "s"), ("child_pid", "d")],
    "sched:sched_process_exec": [("filename", "s"), ("pid", "d"), ("old_pid", "d")],
    "sched:sched_process_exit": [("comm", "s"), ("pid", "d"), ("prio", "d")],
    "irq:irq_handler_entry": [("irq", "d"), ("name", "s")],
    "irq:irq_handler_exit": [("irq", "d"), ("ret", "d")],
    "irq:softirq_entry": [("vec", "u")],
    "irq:softirq_exit": [("vec", "u")],
    "timer:hrtimer_expire_entry": [("hrtimer", "x"), ("function", "sym")],
    "timer:hrtimer_expire_exit": [("hrtimer", "x")],
    "net:net_dev_queue": [("skbaddr", "x"), ("len", "u"), ("name", "s")],
    "net:netif_receive_skb": [("skbaddr", "x"), ("len", "u"), ("name", "s")],
    "block:block_rq_issue": [("dev", "u"), ("sector", "u"), ("nr_sector", "u"),
                             ("bytes", "u"), ("rwbs", "s"), ("comm", "s")],
    "block:block_rq_complete": [("dev", "u"), ("sector", "u"), ("nr_sector", "u"),
                                ("error", "d"), ("rwbs", "s")],
}

# Packet tracepoints get the IP and TCP headers of the packet too (read through the kernel's BTF
# type information), so packets can be matched between hosts (Giraldeau 2015, §5.3). At
# net_dev_queue the network header offset is set; at netif_receive_skb, skb->data points at it.
NET_HEADER = {"net:net_dev_queue": "$skb->head + $skb->network_header",
              "net:netif_receive_skb": "$skb->data"}
NET_FIELDS = [("netns", "u"), ("proto", "u"), ("saddr", "s"), ("daddr", "s"), ("sport", "u"),
              ("dport", "u"), ("seq", "u"), ("ack_seq", "u"), ("flags", "u")]
NET_EVENTS = ("net_dev_queue", "netif_receive_skb")
TCP = 6
BTF = "/sys/kernel/btf/vmlinux"

# The tracepoints perf records; bpftrace records the others. A BPF tracepoint program does not run
# when it starts while another one runs on the same CPU (the kernel's per-CPU bpf_prog_active
# guard), so an interrupt arriving while a program runs with interrupts enabled loses its
# hrtimer_expire_entry and the wake-ups it makes; the kernel only counts it (reported as
# bpfRecursionMisses). The block and process tracepoints fire with interrupts enabled and the
# graph does not need them, so perf takes them. The softirq ones also fire with interrupts enabled
# but stay with bpftrace: on this machine's kernel perf (and ftrace) miss events in the context of
# the idle task and of some other tasks, silently, which lost the softirq around 10-15 % of the
# wake-ups on idle CPUs; BPF sees them, and its rarer misses are counted (doc/recorder.md).
PERF_TRACEPOINTS = {"block:block_rq_issue", "block:block_rq_complete", "sched:sched_process_fork",
                    "sched:sched_process_exec", "sched:sched_process_exit"}

SOFTIRQ_NAMES = ["HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL", "TASKLET",
                 "SCHED", "HRTIMER", "RCU"]
INTERRUPT_ENTRY = {"irq_handler_entry": "irq_handler_exit", "softirq_entry": "softirq_exit",
                   "hrtimer_expire_entry": "hrtimer_expire_exit"}
WAKEUPS = ("sched_waking", "sched_wakeup", "sched_wakeup_new")
TID_FIELDS = ("prev_pid", "next_pid", "pid", "child_pid", "parent_pid", "old_pid")
RAW_PROBE = address_ranges.RAW_PROBE
LOST_LINE = re.compile(r"^Lost (\d+) events$")
# perf script --show-lost-events -F cpu,time,event: "[001] 19851.161546800: PERF_RECORD_LOST lost 682"
PERF_LOST_LINE = re.compile(r"^\s*\[(\d+)\]\s+(\d+)\.(\d{9}):\s+PERF_RECORD_LOST(?:_SAMPLES)? lost (\d+)")
BASE_NAME = "Base"  # VaRA's name for region 0, spanning main
# Sampling: region levels written per sample (deeper levels are counted, not named) and user
# frames per sample.
MAX_REGION_DEPTH = 12
MAX_USER_FRAMES = 64
# bpftrace's ustack(perf) line: "\t<hex address> <symbol>+<offset> (<module>)".
# bpftrace's print(@map) lines at the end of a budgeted recording: "@fc_stk[123, 0]: 5".
MAP_LINE = re.compile(r"^@(fc_depth|fc_stk)\[([\d, ]+)\]: (-?\d+)$")
FRAME_LINE = re.compile(r"^\t\s*([0-9a-f]+) (.*?)(?:\+\d+)? \((.*)\)$")

# Common columns of every event line: kind, event, cpu, per-CPU sequence, ts, pid, tid, comm.
HEAD_FMT = "%d\\t%llu\\t%llu\\t%d\\t%d\\t%s"
HEAD_ARGS = "cpu, $seq, nsecs, pid, tid, comm"
PRINTF_FMT = {"d": "%lld", "u": "%llu", "x": "%llx", "s": "%s", "sym": "%s"}


def fail(message):
    sys.exit(f"fc_bt.py: {message}")


# ---------------------------------------------------------------- generation

def tracepoint_fields(tracefs, tracepoint):
    """Field name -> True if it is a __data_loc string, or None if the tracepoint is absent."""
    path = os.path.join(tracefs, "events", *tracepoint.split(":"), "format")
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return None
    fields = {}
    for m in re.finditer(r"field:([^;]*?)\s*(\w+)(\[\d*\])?;", text):
        fields[m.group(2)] = "__data_loc" in m.group(1)
    return fields


def usdt_probes(binary):
    """Names of the binary's vtrace USDT probes, as bpftrace lists them."""
    out = subprocess.run(["bpftrace", "-l", f"usdt:{binary}:vtrace:*"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"bpftrace cannot list the USDT probes of {binary}: {out.stderr.strip()}")
    return sorted({line.rsplit(":", 1)[1] for line in out.stdout.split() if line})


def probe_body(head, fmt, args):
    # The value of the post-increment itself: a program nested on the same CPU
    # (an interrupt's tracepoint inside a uprobe) cannot change it in between.
    return ("{ $seq = @seq[cpu]++; printf(\"%s\\t%s\\t%s\\n\", %s, %s); }"
            % (head, HEAD_FMT, fmt, HEAD_ARGS, args))


def feature_probe(binary, probe, phase, id_expr, name_ptr, a):
    """A region probe. Tracing writes one line per event. Sampling and the overhead budget keep
    each thread's region stack in BPF maps: @fc_depth[tid] levels, @fc_stk[tid, level] the region
    id, pushed at begin and popped at the matching end; a region name is written once per id (an
    "N" line), never per event. Under a budget, events are written only while @fc_gate (the
    controller's epoch, 0 when tracing is off) is set, and a thread's first probe call of an
    epoch writes its stack first ("Y" line), so the converter can resynchronise the traced
    stacks after a measurement-off window. name_ptr: the probe argument holding the region name,
    or None for Base."""
    name_expr = f"str({name_ptr})" if name_ptr else f"\"{BASE_NAME}\""
    body = []
    if a.budget:
        body.append("$g = @fc_gate;")
    if stack_maps(a) and a.budget:
        levels = ", ".join(f"@fc_stk[tid, {k}]" for k in range(MAX_REGION_DEPTH))
        fmt = HEAD_FMT + "\\t%d" + "\\t%llu" * MAX_REGION_DEPTH
        args = HEAD_ARGS.replace("$seq", "$s").replace("nsecs", "$t")
        body.append("if ($g != 0 && @fc_sync[tid] != $g) { @fc_sync[tid] = $g; "
                    f"$s = @seq[cpu]++; printf(\"Y\\tsync\\t{fmt}\\n\", {args}, @fc_depth[tid], {levels}); }}")
    if stack_maps(a):
        if phase == "B":
            body.append(f"$d = @fc_depth[tid]; @fc_stk[tid, $d] = {id_expr}; @fc_depth[tid] = $d + 1;")
            # Until a name has been read: bpftrace may read it empty before its page is faulted in.
            named = f"*(uint8 *)uptr({name_ptr}) != 0" if name_ptr else "1"
            body.append(f"if (@fc_named[{id_expr}] == 0) {{ if ({named}) {{ @fc_named[{id_expr}] = 1; }} "
                        f"printf(\"N\\t%llu\\t%s\\n\", {id_expr}, {name_expr}); }}")
        else:
            # Pop only the matching top: an end without its begin (attached mid-region) or out of
            # order leaves the stack alone and is counted.
            body.append(f"$d = @fc_depth[tid]; if ($d > 0 && @fc_stk[tid, $d - 1] == (int64){id_expr}) "
                        f"{{ @fc_depth[tid] = $d - 1; delete(@fc_stk[tid, $d - 1]); }} "
                        f"else {{ @fc_unmatched++; }}")
    if a.trace:
        event = probe_body(f"F\\t{phase}", "%llu\\t%s", f"{id_expr}, {name_expr}")[2:-2].replace("nsecs", "$t")
        # Base (feature_init/finalize, once each) is written whatever the gate under semaphore
        # switching, whose windows give no stacks: the main thread's stack keeps its bottom.
        gated = a.budget and not (name_ptr is None and a.budget_switch == "semaphore")
        body.append(f"if ($g != 0) {{ {event} }}" if gated else event)
    # The time is read first: a sample can interrupt this program (it did on this kernel), and
    # one taken after the stack changed must not carry an earlier time than the event.
    return f"usdt:{binary}:vtrace:{probe}\n{{ $t = nsecs; " + " ".join(body) + " }"


def stack_maps(a):
    """Whether the probes keep the threads' region stacks in BPF maps: for samples, and under a
    budget that switches tracing off through the gate map only (the probes still run while off,
    and the stacks resynchronise the trace after a window). A budget that switches the probes
    off through their semaphores cannot keep them: the probes do not run while off."""
    return bool((a.sample and a.attribution != "ranges") or (a.budget and a.budget_switch == "gate"))


def budget_switch(a, probes):
    """How a budget switches tracing off (doc/recorder.md, "Overhead budget"): "semaphore" when
    the feature_begin and feature_end probes are is-enabled probes (USDT semaphores) and no
    sampling needs the region stacks while off, else "gate". Returns (switch, semaphores: probe
    name -> the semaphore's file offset in the binary)."""
    import elf_symbols
    try:
        semaphores = {name: off for (provider, name), off in elf_symbols.usdt_semaphores(a.binary).items()
                      if provider == "vtrace" and name in ("feature_begin", "feature_end")}
    except (OSError, ValueError):
        semaphores = {}
    usable = len(semaphores) == 2 and not a.raw and not a.sample
    if a.budget_switch == "semaphore" and not usable:
        fail("--budget-switch semaphore needs vtrace:feature_begin and feature_end probes with semaphores "
             f"(is-enabled probes) and no --sample or --raw; {a.binary} has semaphores for "
             f"{', '.join(sorted(semaphores)) or 'none of them'}")
    switch = a.budget_switch if a.budget_switch != "auto" else "semaphore" if usable else "gate"
    return switch, (semaphores if switch == "semaphore" else {})


def sample_probe(a):
    """The sampling probe: at HZ per CPU, on a CPU running the target, the thread's region stack
    (depth and its outermost MAX_REGION_DEPTH ids, from the maps the region probes keep) and its
    user stack (frame pointers), in one printf, so one ring-buffer record holds the whole sample.
    With --thinning K the probe fires at K*HZ and keeps each tick with probability 1/K (the
    kernel's pseudo-random rand): samples fall at random instants of a K times finer grid, one
    per 1/HZ on average, so a program whose work repeats in step with 1/HZ is not always sampled
    at the same phase (doc/recorder.md, "Sampling")."""
    target = "cpid" if a.target == "cpid" else a.target
    keep = f" && rand % {a.thinning} == 0" if a.thinning > 1 else ""
    if a.attribution == "ranges":
        # No region stack at run time: the converter translates the user stack (address_ranges.py).
        return (f"profile:hz:{a.sample * a.thinning} /pid == {target}{keep}/\n"
                f"{{ $seq = @seq[cpu]++; printf(\"P\\tsample\\t{HEAD_FMT}\\n%s\\n\", {HEAD_ARGS}, "
                f"ustack(perf, {MAX_USER_FRAMES})); }}")
    levels = ", ".join(f"@fc_stk[tid, {k}]" for k in range(MAX_REGION_DEPTH))
    fmt = "\\t%d" + "\\t%llu" * MAX_REGION_DEPTH
    return (f"profile:hz:{a.sample * a.thinning} /pid == {target}{keep}/\n"
            f"{{ $seq = @seq[cpu]++; $d = @fc_depth[tid]; printf(\"P\\tsample\\t{HEAD_FMT}{fmt}\\n%s\\n\", "
            f"{HEAD_ARGS}, $d, {levels}, ustack(perf, {MAX_USER_FRAMES})); }}")


def net_probe(tracepoint, fields, exprs, netns):
    """The probe of a packet tracepoint: its own fields, then the packet's network namespace
    and, for TCP over IPv4 or IPv6, its addresses, ports, sequence numbers and flags (zeros and
    empty strings for other packets). With netns, only packets of that namespace are kept."""
    event = tracepoint.split(":")[1]
    own_fmt = "\\t".join(PRINTF_FMT[t] for _, t in fields)
    fmt = own_fmt + "\\t%u\\t%u\\t%s\\t%s\\t%u\\t%u\\t%u\\t%u\\t%u"
    own = ", ".join(exprs)

    def line(proto, saddr, daddr, th):
        tcp = (f"bswap({th}->source), bswap({th}->dest), bswap({th}->seq), "
               f"bswap({th}->ack_seq), *((uint8 *){th} + 13)") if th else "0, 0, 0, 0, 0"
        return ("printf(\"%s\\t%s\\t%s\\n\", %s, %s, $ns, %s, %s, %s, %s);"
                % (f"K\\t{event}", HEAD_FMT, fmt, HEAD_ARGS, own, proto, saddr, daddr, tcp))

    other = line("0", '""', '""', None)
    body = f"""
  $skb = (struct sk_buff *)args->skbaddr;
  $nh = {NET_HEADER[tracepoint]};
  $ns = $skb->dev->nd_net.net->ns.inum;
  $v = (*(uint8 *)$nh) >> 4;
  if ($v == 4 && ((struct iphdr *)$nh)->protocol == {TCP}) {{
    $ip = (struct iphdr *)$nh;
    $th = (struct tcphdr *)($nh + ($ip->ihl << 2));
    {line(str(TCP), "ntop(2, $ip->saddr)", "ntop(2, $ip->daddr)", "$th")}
  }} else {{
    if ($v == 6 && ((struct ipv6hdr *)$nh)->nexthdr == {TCP}) {{
      $ip6 = (struct ipv6hdr *)$nh;
      $t6 = (struct tcphdr *)($nh + 40);
      {line(str(TCP), "ntop(10, $ip6->saddr.in6_u.u6_addr8)", "ntop(10, $ip6->daddr.in6_u.u6_addr8)", "$t6")}
    }} else {{
      {other}
    }}
  }}"""
    guard = f" /((struct sk_buff *)args->skbaddr)->dev->nd_net.net->ns.inum == {netns}/" if netns else ""
    return f"tracepoint:{tracepoint}{guard}\n{{ $seq = @seq[cpu]++;{body}\n}}"


def region_probes(a, probes):
    """The region probes: Base's (feature_init/finalize) and VaRA's regular or raw ones."""
    lines = []
    if "feature_init" in probes:
        lines.append(feature_probe(a.binary, "feature_init", "B", "0", None, a))
    if "feature_finalize" in probes:
        lines.append(feature_probe(a.binary, "feature_finalize", "E", "0", None, a))
    if a.raw:
        raw = [(m.group(1), m.group(2), p) for p in probes if (m := RAW_PROBE.match(p))]
        if not raw:
            fail(f"{a.binary} has no raw probes vtrace:fr_begin_<id>/fr_end_<id>")
        for kind, region, probe in raw:
            phase = "B" if kind == "begin" else "E"
            lines.append(feature_probe(a.binary, probe, phase, region, "arg0", a))
    else:
        missing = {"feature_begin", "feature_end"} - set(probes)
        if missing:
            fail(f"{a.binary} lacks the USDT probes vtrace:{', vtrace:'.join(sorted(missing))} "
                 f"(found: {', '.join(probes) or 'none'}); use --raw for per-region probes")
        lines.append(feature_probe(a.binary, "feature_begin", "B", "arg0", "arg1", a))
        lines.append(feature_probe(a.binary, "feature_end", "E", "arg0", "arg1", a))
    return lines


def generate(a):
    probes = usdt_probes(a.binary)
    meta = {"binary": a.binary, "usdtProbes": probes, "kernelEvents": [],
            "missingTracepoints": [], "missingFields": {}}
    semaphores = {}
    if a.budget:
        a.budget_switch, semaphores = budget_switch(a, probes)
    # Under a budget tracing starts off: the controller switches it on once it controls it.
    lines = [f"BEGIN {{ printf(\"S\\t%d\\n\", {a.target}); {'@fc_gate = 0; ' if a.budget else ''}}}"]
    if a.attribution == "ranges":
        # Kaufmann 2022, §3.4: no region probe is attached; the samples' user stacks are translated
        # after the recording through the address ranges of the raw probes' nops.
        if a.trace or a.budget:
            fail("address-range attribution attaches no region probe: it cannot go with tracing or a budget")
        try:
            meta["rawProbeSites"] = len(address_ranges.raw_probe_sites(a.binary))
        except (OSError, ValueError) as e:
            fail(str(e))
    else:
        lines += region_probes(a, probes)
    if a.sample:
        lines.append(sample_probe(a))
        meta["sampling"] = {"frequencyHz": a.sample, "periodNs": round(1e9 / a.sample),
                            "attribution": "address-ranges" if a.attribution == "ranges" else "region-maps",
                            "regionStacks": "address ranges of the raw probes' entry and exit nops, translated after "
                                            "the recording (Kaufmann 2022, §3.4; no probe attached)"
                            if a.attribution == "ranges" else "BPF maps kept by the vtrace probes",
                            "maxRegionDepth": MAX_REGION_DEPTH, "maxUserFrames": MAX_USER_FRAMES,
                            "userStacks": "frame pointers (bpftrace ustack), unsymbolised addresses",
                            "thinning": a.thinning, "tickHz": a.sample * a.thinning}
    meta["featureRegionEvents"] = "traced" if a.trace else "not recorded (sampling only)"
    if a.attribution == "ranges" and not a.sample:
        fail("--attribution ranges goes with --sample")
    if a.kernel:
        meta["perfEvents"] = []
        for tracepoint, wanted in KERNEL_EVENTS.items():
            available = tracepoint_fields(a.tracefs, tracepoint)
            if available is None:
                meta["missingTracepoints"].append(tracepoint)
                continue
            fields = [(n, t) for n, t in wanted if n in available]
            if not fields:
                meta["missingTracepoints"].append(tracepoint)
                continue
            if len(fields) < len(wanted):
                meta["missingFields"][tracepoint] = [n for n, _ in wanted if n not in available]
            if tracepoint in PERF_TRACEPOINTS:
                meta["perfEvents"].append({"tracepoint": tracepoint, "fields": fields})
                continue
            exprs = []
            for name, kind in fields:
                expr = f"args->{name}"
                exprs.append(f"str({expr})" if available[name] else
                             f"ksym({expr})" if kind == "sym" else expr)
            event = tracepoint.split(":")[1]
            if tracepoint in NET_HEADER and os.path.exists(BTF):
                meta["kernelEvents"].append({"tracepoint": tracepoint, "fields": fields + NET_FIELDS})
                lines.append(net_probe(tracepoint, fields, exprs, a.netns))
                continue
            if tracepoint in NET_HEADER:
                meta["packetHeaders"] = f"not recorded: no {BTF} (kernel built without BTF)"
            fmt = "\\t".join(PRINTF_FMT[t] for _, t in fields)
            meta["kernelEvents"].append({"tracepoint": tracepoint, "fields": fields})
            lines.append(f"tracepoint:{tracepoint}\n"
                         + probe_body(f"K\\t{event}", fmt, ", ".join(exprs)))
        if a.perf_events:
            with open(a.perf_events, "w") as f:
                f.write("".join(e["tracepoint"] + "\n" for e in meta["perfEvents"]))
    if a.duration:
        lines.append(f"interval:s:{a.duration} {{ exit(); }}")
    if stack_maps(a):
        # The threads' stacks at the end resynchronise the traced stacks after a last window.
        dump = "print(@fc_depth); print(@fc_stk); " if a.budget else ""
        lines.append(f"END {{ printf(\"C\\tunmatchedEnds\\t%d\\n\", @fc_unmatched); {dump}clear(@seq); "
                     "clear(@fc_stk); clear(@fc_depth); clear(@fc_named); clear(@fc_unmatched); "
                     f"{'clear(@fc_gate); clear(@fc_sync); ' if a.budget else ''}}}")
    else:
        lines.append(f"END {{ clear(@seq); {'clear(@fc_gate); ' if a.budget else ''}}}")
    if a.budget and a.budget_switch == "gate":
        meta["budget"] = {"switch": "gate", "stacks": "BPF maps kept by the vtrace probes, also while tracing is off"}
    elif a.budget:
        meta["budget"] = {"switch": "semaphore", "binary": a.binary, "semaphoreOffsets": semaphores,
                          "stacks": "not kept while tracing is off (the probes do not run); after a window "
                                    "inferred from the region ends that follow it"}
    with open(a.output, "w") as f:
        f.write("// generated by tools/record/fc_bt.py; one printf line per event\n")
        f.write("\n".join(lines) + "\n")
    with open(a.meta, "w") as f:
        json.dump(meta, f, indent=1)
    for tracepoint in meta["missingTracepoints"]:
        print(f"fc-record: this kernel has no tracepoint {tracepoint}; not recorded",
              file=sys.stderr)


# ---------------------------------------------------------------- BPF recursion misses

def bpftrace_child(parent):
    """The pid of the bpftrace process started by parent, or None."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            comm = stat[stat.index("(") + 1:stat.rindex(")")]
            if comm == "bpftrace" and int(stat[stat.rindex(")") + 2:].split()[1]) == parent:
                return int(entry)
    return None


def await_bpftrace(parent, poll_s):
    """The pid of the bpftrace process parent starts, polled every poll_s seconds for at most
    120 s; None if it did not appear by then or parent has exited."""
    deadline = time.monotonic() + 120
    while time.monotonic() <= deadline and os.path.exists(f"/proc/{parent}"):
        pid = bpftrace_child(parent)
        time.sleep(poll_s)
        if pid is not None:
            return pid
    return None


def prog_misses(pid):
    """The BPF programs a process holds open, from its fdinfo: program id -> its recursion_misses
    (shown there since kernel 5.12), or None where the fdinfo lacks the count."""
    progs = {}
    try:
        for fd in os.listdir(f"/proc/{pid}/fdinfo"):
            try:
                with open(f"/proc/{pid}/fdinfo/{fd}") as f:
                    text = f.read()
            except OSError:
                continue
            if m := re.search(r"^prog_id:\s*(\d+)", text, re.M):
                count = re.search(r"^recursion_misses:\s*(\d+)", text, re.M)
                progs[int(m.group(1))] = int(count.group(1)) if count else None
    except OSError:
        pass
    return progs


def bpftool_programs(*selector):
    """bpftool's description of BPF programs (all, or `id N`), [] if it fails."""
    out = subprocess.run(["bpftool", "prog", "show", *selector, "--json"], capture_output=True, text=True)
    try:
        progs = json.loads(out.stdout) if out.returncode == 0 else []
    except ValueError:
        return []
    return progs if isinstance(progs, list) else [progs]


def watch_misses(a):
    """Samples, until bpftrace exits, how many times the kernel skipped each of its programs
    because another BPF program was running on that CPU (recursion_misses): those events are
    lost without a trace in the output, so the count is all there is to report. The counts are
    read from bpftrace's fdinfo; bpftool is asked only for the names of programs that missed (or
    for the counts too on a kernel whose fdinfo lacks them): listing every program of the system
    twice a second cost a program started at once, with no uprobe to attach (--attribution
    ranges), 60-90 ms of a 0.4 s run on 2 CPUs. Once started it creates OUTPUT.ready, for which
    fc-record waits before it starts bpftrace, so that this process's own start-up does not
    overlap the program's run either."""
    open(a.output + ".ready", "w").close()
    pid = await_bpftrace(a.parent, 0.05)
    if pid is None:
        return
    misses, names = {}, {}  # program id -> misses, name
    while os.path.exists(f"/proc/{pid}"):
        counts = prog_misses(pid)
        if counts and None in counts.values():
            progs = {p.get("id"): p for p in bpftool_programs()}
            counts = {i: progs.get(i, {}).get("recursion_misses", 0) for i in counts}
            names.update({i: progs[i].get("name", "?") for i in counts if i in progs})
        for i, count in counts.items():
            misses[i] = max(misses.get(i, 0), count)
            if count and i not in names:
                names[i] = next((p.get("name", "?") for p in bpftool_programs("id", str(i))), "?")
        if counts:
            totals = {}
            for i, count in misses.items():
                if count:
                    totals[names.get(i, "?")] = totals.get(names.get(i, "?"), 0) + count
            with open(a.output + ".tmp", "w") as f:
                json.dump(totals, f)
            os.replace(a.output + ".tmp", a.output)
        time.sleep(a.interval)


MMAP2 = re.compile(r"PERF_RECORD_MMAP2 (\d+)/\d+: \[(0x[0-9a-f]+)\((0x[0-9a-f]+)\) @ (0x[0-9a-f]+|0)\b[^\]]*\]: ([r-][w-][x-][ps-]) (/.*)$")


def perf_maps(a):
    """The target's executable file mappings, for the offline symbolisation of sampled user stacks
    (elf_symbols.py), from the kernel's record of them: the PERF_RECORD_MMAP2 events of a
    system-wide perf recording that was enabled before bpftrace started the command (fc-record
    waits for perf's acknowledgement), or, with --pid, that perf synthesised from /proc at its
    start. The kernel writes one when the executable, the loader and each library are mapped, so
    no mapping is missed however short the program or loaded the machine: the earlier way, a
    process polling /proc/PID/maps while the target ran, missed every mapping of a 0.1-0.8 s run
    in 2 of 9 runs of test-record.sh at load 6-11 (and then nothing was symbolised). Reads `perf
    script --show-mmap-events` lines; writes tab-separated lines: start, end, file offset (hex),
    path, build id ('-' when the file has none)."""
    import elf_symbols
    seen = {}
    with open(a.perf_mmaps) as f:
        for line in f:
            m = MMAP2.search(line.rstrip("\n"))
            if m and int(m.group(1)) == a.pid and m.group(5)[2] == "x":
                start, length, offset = int(m.group(2), 16), int(m.group(3), 16), int(m.group(4), 0)
                seen[(start, start + length, offset, m.group(6))] = None
    build_ids = {path: elf_symbols.build_id_of(path) for (_s, _e, _o, path) in seen}
    with open(a.output, "w") as f:
        f.write("# start\tend\toffset\tpath\tbuild id: executable mappings of the target (fc_bt.py maps, from perf)\n")
        for (start, end, offset, path) in sorted(seen):
            f.write(f"{start:x}\t{end:x}\t{offset:x}\t{path}\t{build_ids[path]}\n")
    if not seen:
        print(f"fc-record: perf recorded no executable mapping of process {a.pid}; user stacks stay unsymbolised",
              file=sys.stderr)


# ---------------------------------------------------------------- overhead budget

BPF_SYSCALL = 321  # x86_64
BPF_MAP_UPDATE_ELEM, BPF_MAP_GET_FD_BY_ID, BPF_ENABLE_STATS = 2, 14, 32
PROG_TYPE_KPROBE = 2  # uprobes' programs are of this type
GATE_MAP = "AT_fc_gate"  # bpftrace's name of the map @fc_gate
SMOOTHING = 0.3  # weight of the last tick in the budget controller's rates
RATE_PERIODS = 5  # periods over which the throughput controller measures its rates
MIN_MEASURED_NS = 20_000_000  # tracing time the throughput controller needs before it trusts its rate


def bpf(cmd, attr):
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    r = libc.syscall(BPF_SYSCALL, cmd, ctypes.byref(attr), ctypes.sizeof(attr))
    if r < 0:
        raise OSError(ctypes.get_errno(), f"bpf command {cmd}: {os.strerror(ctypes.get_errno())}")
    return r


def probe_stats(pid):
    """Program id -> (run time ns, runs) of the uprobe programs a process holds, from their
    fdinfo (the kernel fills run_time_ns and run_cnt while BPF statistics are enabled); None
    once the process is gone."""
    stats = {}
    try:
        fds = os.listdir(f"/proc/{pid}/fdinfo")
    except OSError:
        return None
    for fd in fds:
        try:
            with open(f"/proc/{pid}/fdinfo/{fd}") as f:
                info = dict(line.split(":", 1) for line in f.read().splitlines() if ":" in line)
        except OSError:
            continue
        if "prog_id" in info and int(info.get("prog_type", -1)) == PROG_TYPE_KPROBE:
            stats[int(info["prog_id"])] = (int(info.get("run_time_ns", 0)), int(info.get("run_cnt", 0)))
    return stats


def stats_delta(old, new):
    """(run time ns, runs) since old, over the programs in both (bpftrace closes them at exit)."""
    ns = runs = 0
    for prog, (t, n) in new.items():
        if prog in old:
            ns += t - old[prog][0]
            runs += n - old[prog][1]
    return ns, runs


def cpu_ns(pid):
    """CPU time of all a process's threads in ns (schedstat), or None once it is gone."""
    total = 0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return None
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total


def traced_child(bpftrace, command):
    """The command bpftrace -c started: bpftrace's child whose command line holds it (the child
    waits, as a copy of bpftrace, until the probes are attached, then execs the command; the
    shell's process for bpftrace's stderr is a child too)."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
                if int(stat[stat.rindex(")") + 2:].split()[1]) != bpftrace:
                    continue
                with open(f"/proc/{entry}/cmdline", "rb") as f:
                    argv = f.read().split(b"\0")
            except (OSError, ValueError):
                continue
            if command.encode() in argv and b"bpftrace" not in os.path.basename(argv[0]):
                return int(entry)
    return None


def gate_map_fd(pid):
    """A file descriptor of bpftrace's @fc_gate map, found among the maps the process holds."""
    import ctypes
    ids = set()
    for fd in os.listdir(f"/proc/{pid}/fdinfo"):
        try:
            with open(f"/proc/{pid}/fdinfo/{fd}") as f:
                if m := re.search(r"^map_id:\s*(\d+)", f.read(), re.M):
                    ids.add(int(m.group(1)))
        except OSError:
            pass
    if not ids:
        return None
    out = subprocess.run(["bpftool", "map", "show", "--json"], capture_output=True, text=True)
    named = [m["id"] for m in (json.loads(out.stdout) if out.returncode == 0 else [])
             if m.get("id") in ids and m.get("name") == GATE_MAP]
    if not named:
        return None

    class GetId(ctypes.Structure):
        _fields_ = [("id", ctypes.c_uint32), ("next_id", ctypes.c_uint32), ("open_flags", ctypes.c_uint32)]
    return bpf(BPF_MAP_GET_FD_BY_ID, GetId(named[0], 0, 0))


def set_gate(map_fd, value):
    import ctypes
    key, val = ctypes.c_uint64(0), ctypes.c_uint64(value)

    class Update(ctypes.Structure):
        _fields_ = [("map_fd", ctypes.c_uint32), ("pad", ctypes.c_uint32), ("key", ctypes.c_uint64),
                    ("value", ctypes.c_uint64), ("flags", ctypes.c_uint64)]
    bpf(BPF_MAP_UPDATE_ELEM, Update(map_fd, 0, ctypes.addressof(key), ctypes.addressof(val), 0))


class TracingSwitch:
    """Switches region tracing off and on for the budget controller. The probes write events only
    while the gate map @fc_gate is non-zero; with is-enabled probes (meta budget.switch
    "semaphore") the probes' USDT semaphores in the target's memory are also written: zero while
    off, so that the program skips the probe sites and pays no uprobe trap (Arafa et al. switch to
    an uninstrumented version of the code; this is the USDT way to do it), and back to the value
    the kernel set when bpftrace attached (its reference count) to switch on. Off: gate first, then
    the semaphores; on: semaphores first, then the gate, so that the window's times are the
    gate's and no event falls inside it. A semaphore that cannot be found or written (the binary
    is not mapped yet, the process is gone) leaves that switch to the gate alone; the counts are
    in the summary."""

    def __init__(self, gate, target, meta_path):
        with open(meta_path) as f:
            budget = json.load(f).get("budget", {})
        self.gate, self.target = gate, target
        self.binary = budget.get("binary")
        self.offsets = sorted(budget.get("semaphoreOffsets", {}).values()) if budget.get("switch") == "semaphore" else []
        self.addresses, self.saved = None, {}
        self.counts = {"switch": budget.get("switch", "gate"), "semaphoreWrites": 0, "semaphoreFailures": 0}

    def _resolve(self):
        """The semaphores' addresses in the target: the mapping of the binary that holds each
        file offset (its writable data segment, a private copy)."""
        addresses = []
        with open(f"/proc/{self.target}/maps") as f:
            maps = [line.split() for line in f]
        for offset in self.offsets:
            for cols in maps:
                if len(cols) >= 6 and cols[5] == self.binary:
                    start, end = (int(x, 16) for x in cols[0].split("-"))
                    map_offset = int(cols[2], 16)
                    if map_offset <= offset < map_offset + (end - start):
                        addresses.append(start + offset - map_offset)
                        break
        return addresses if len(addresses) == len(self.offsets) else None

    def _write(self, on):
        if not self.offsets:
            return
        try:
            self.addresses = self.addresses or self._resolve()
            if self.addresses is None:
                raise OSError("the binary's data segment is not mapped (yet)")
            fd = os.open(f"/proc/{self.target}/mem", os.O_RDWR)
            try:
                for address in self.addresses:
                    if not on:
                        current = int.from_bytes(os.pread(fd, 2, address), "little")
                        # The kernel's count of attached probes (1 here); at least 1 to switch on.
                        self.saved[address] = max(1, current or self.saved.get(address, 0))
                    value = self.saved.get(address, 1) if on else 0
                    os.pwrite(fd, value.to_bytes(2, "little"), address)
                self.counts["semaphoreWrites"] += 1
            finally:
                os.close(fd)
        except OSError:
            self.counts["semaphoreFailures"] += 1

    def on(self, epoch):
        """Switches tracing on; returns the window's end: a time before the gate opened, so that
        every event written is after it."""
        self._write(True)
        t = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        set_gate(self.gate, epoch)
        return t

    def off(self):
        """Switches tracing off; returns the window's start: a time after the gate closed (an
        event's time is read before its probe reads the gate), so that no event is inside."""
        set_gate(self.gate, 0)
        t = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        self._write(False)
        return t

    def close(self):
        """Leaves the probes enabled (semaphores restored) if the target still runs: bpftrace
        detaches them and the kernel then counts the semaphores down from the value it set."""
        if self.saved and os.path.exists(f"/proc/{self.target}"):
            self._write(True)


def budget_control(a):
    """QDIME's control loop (Arafa et al., §III-A) over the region probes. Tracing is off until
    the controller is ready (a first window from the recording's start). Each period P starts
    with tracing on, unless even one tick of it would exceed the budget; every tick the probes'
    cost so far in the period is measured, as their BPF
    run time (kernel statistics, enabled for the recording with BPF_ENABLE_STATS) plus, per probe
    call, the cost of the uprobe trap around it, which the statistics do not see (--probe-cost-ns),
    plus, per event written, the cost of its delivery to bpftrace, which they do not see either
    (--event-cost-ns; both measured in doc/benchmarks.md). The budget is a share of the program's own work: its threads'
    CPU time (schedstat) less the probes' cost, so a loaded machine, where the program gets a
    fraction of a CPU, does not inflate it. Once the period's cost, plus what the calls will
    still cost while off until the period ends, reaches the budget, tracing is switched off until
    the next period (TracingSwitch: with is-enabled probes the probes stop running; otherwise they
    keep only the region stacks, for samples and for resynchronisation, and still cost the trap).
    Every switch is logged with its CLOCK_MONOTONIC time as a measurement-off/on window."""
    deadline = time.monotonic() + 120
    pid = gate = target = None

    def quit_early():  # the recording ended before control began: nothing was switched
        with open(a.output, "w") as log:
            log.write(f"summary\t{json.dumps({'periods': 0, 'controlledNs': 0, 'probeCostNs': 0, 'targetCpuNs': 0})}\n")
    while gate is None:
        if time.monotonic() > deadline:
            fail("budget: bpftrace did not start within 120 s")
        if not os.path.exists(f"/proc/{a.parent}") or (pid and not os.path.exists(f"/proc/{pid}")):
            return quit_early()
        pid = pid or bpftrace_child(a.parent)
        if pid:
            try:
                gate = gate_map_fd(pid)
            except (OSError, ValueError):
                gate = None
        time.sleep(0.01)
    target = a.target
    if target is None and not a.traced_command:
        fail("budget: give --target or --traced-command")
    while target is None:
        target = traced_child(pid, a.traced_command)
        if target is None and not os.path.exists(f"/proc/{pid}"):
            return quit_early()
        time.sleep(0.005)

    if a.metric:
        switch = TracingSwitch(gate, target, a.meta)
        try:
            return throughput_control(a, switch, target)
        finally:
            switch.close()
    switch = TracingSwitch(gate, target, a.meta)
    try:
        cpu_control(a, switch, pid, target)
    finally:
        switch.close()


def cpu_control(a, switch, pid, target):
    """budget_control's loop on the probes' CPU cost (its docstring)."""
    import ctypes

    class Stats(ctypes.Structure):
        _fields_ = [("type", ctypes.c_uint32)]
    stats_fd = bpf(BPF_ENABLE_STATS, Stats(0))  # BPF_STATS_RUN_TIME, until this process ends
    period, tick = a.period_ms * 1_000_000, max(2_000_000, a.period_ms * 1_000_000 // 20)
    log = open(a.output, "w")
    log.write(f"target\t{target}\n")
    # Tracing starts off (@fc_gate is 0 until set): the control begins here.
    log.write(f"on\t{switch.on(1)}\n")
    now = start = period_start = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    last, last_cpu = probe_stats(pid), cpu_ns(target) or 0
    epoch, on, spent, work, periods, on_rate, call_rate, work_rate = 1, True, 0, 0, 1, 0.0, 0.0, 0.0
    totals = {"bpfRunTimeNs": 0, "probeCalls": 0, "probeCostNs": 0, "offCalls": 0, "offBpfRunTimeNs": 0,
              "targetCpuNs": 0}
    while last is not None:
        time.sleep(tick / 1e9)
        stats, cpu = probe_stats(pid), cpu_ns(target)
        if stats is None:
            break
        before, now = now, time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        ns, runs = stats_delta(last, stats)
        last = stats
        # While on, every call also writes an event, whose delivery (the ring buffer's wake-up of
        # bpftrace) costs the program more than the BPF run time shows (--event-cost-ns).
        cost = ns + runs * a.probe_cost_ns + (runs * a.event_cost_ns if on else 0)
        # The program's own work: its threads' CPU time without the probes' (which runs in them).
        done = max(0, (cpu - last_cpu if cpu is not None else 0) - cost)
        last_cpu = cpu if cpu is not None else last_cpu
        spent += cost
        work += done
        totals["bpfRunTimeNs"] += ns
        totals["probeCalls"] += runs
        totals["probeCostNs"] += cost
        totals["targetCpuNs"] += done + cost
        if not on:
            totals["offCalls"] += runs
            totals["offBpfRunTimeNs"] += ns
        elapsed = max(1, now - before)
        # Rates smoothed over ticks (a loaded machine runs the program in bursts).
        call_rate = SMOOTHING * runs / elapsed + (1 - SMOOTHING) * call_rate
        work_rate = SMOOTHING * done / elapsed + (1 - SMOOTHING) * work_rate
        if on and runs:
            on_rate = cost / elapsed  # what tracing costs per ns while on, kept across periods
        # What a probe call costs while tracing is off (it still keeps the stacks); before any
        # off tick, the cost of an on call, which is higher.
        off_call = 0 if switch.offsets else a.probe_cost_ns + (
            totals["offBpfRunTimeNs"] / totals["offCalls"] if totals["offCalls"] else ns / runs if runs else 0)
        new_period = now - period_start >= period
        if new_period:
            periods += 1
            period_start, spent, work = now, 0, 0
        # Tracing may stay (or go) on for the next tick if the period's cost so far, that tick
        # at the cost of tracing, and the rest of the period at the cost of calls while off stay
        # within the budget's share of the program's work over the period (QDIME switches off
        # when the budget is spent; anticipating one tick bounds the overshoot, and calls still
        # cost while off, so that part is reserved).
        remaining = period - (now - period_start)
        step = min(tick, remaining)
        projected = spent + on_rate * step + call_rate * off_call * max(0, remaining - step)
        fits = projected <= a.budget * (work + work_rate * remaining)
        if on and not fits:
            log.write(f"off\t{switch.off()}\n")
            on = False
        elif not on and new_period and fits:
            epoch += 1
            log.write(f"on\t{switch.on(epoch)}\n")
            on = True
        log.flush()
    end = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    log.write(f"summary\t{json.dumps({'periods': periods, 'controlledNs': end - start, 'endNs': end, **totals, **switch.counts})}\n")
    log.close()
    os.close(stats_fd)


def read_metric(spec):
    """The current value of a throughput metric: a cumulative count of the program's work. "size:PATH"
    is the size of a file the program writes (QDIME's gzip metric: the output's growth), any other
    PATH a file holding one number that the program (or a script reading its statistics) keeps
    up to date. None when it cannot be read."""
    if spec.startswith("size:"):
        try:
            return float(os.stat(spec[5:]).st_size)
        except FileNotFoundError:
            return 0.0  # not written yet
        except OSError:
            return None
    try:
        with open(spec) as f:
            words = f.read().split()
        return float(words[0]) if words else 0.0  # empty: nothing written yet
    except FileNotFoundError:
        return 0.0  # not written yet
    except (OSError, ValueError, IndexError):
        return None


def throughput_control(a, switch, target):
    """QDIME's loop with the cost measured on the program's own throughput (Arafa et al., §III-C:
    a QoS metric the application already exposes, read periodically; here --metric). The
    throughput is the metric's growth per second, measured separately while tracing is on and
    while it is off (over the last RATE_PERIODS periods); tracing costs the program
    L = 1 - on/off of its throughput while on, so a period may trace for a fraction
    f = min(1, budget / L) of its length, at its start (QDIME's budget is spent from the start of
    each period), and the throughput lost over the period is f * L, at most the budget. The first
    period is off, to measure the throughput without tracing; until tracing has run
    MIN_MEASURED_NS in the last periods, a period traces for the budget's share of it (f * L is
    then within the budget whatever L). Every switch is logged as in budget_control."""
    period = a.period_ms * 1_000_000
    tick = max(5_000_000, period // 20)
    # The first period is off: with semaphores, the probes must stop running now (the kernel
    # enabled them when bpftrace attached; the gate has been closed from the start).
    switch.off()
    log = open(a.output, "w")
    log.write(f"target\t{target}\n")
    start = now = period_start = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    value = read_metric(a.metric)
    if value is None:
        fail(f"budget: cannot read the metric {a.metric!r}")
    last_cpu = cpu_ns(target) or 0
    on, fraction, periods = False, 0.0, 1
    recent = collections.deque(maxlen=RATE_PERIODS)  # per period: (grown on, ns on, grown off, ns off)
    grown = {True: 0.0, False: 0.0}
    spent = {True: 0, False: 0}
    totals = {"metric": a.metric, "onNs": 0, "offNs": 0, "metricOn": 0.0, "metricOff": 0.0, "periodLosses": []}
    while os.path.exists(f"/proc/{target}"):
        # Wake at the next tick, or earlier at the planned switch off or the period's end.
        wake = period_start + period
        if on:
            wake = min(wake, period_start + int(fraction * period))
        time.sleep(max(0, min(tick, wake - now)) / 1e9)
        before, now = now, time.clock_gettime_ns(time.CLOCK_MONOTONIC)
        current = read_metric(a.metric)
        cpu = cpu_ns(target) if a.metric_clock == "cpu" else None
        if current is None or (a.metric_clock == "cpu" and cpu is None):
            now = before  # unreadable this time (being rewritten): the next tick counts it
            continue
        # The time the growth is divided by: wall-clock time (QDIME's throughput), or the
        # program's CPU time (work per CPU second: what other load on the machine does to the
        # program's share of a CPU cancels out).
        elapsed = now - before if a.metric_clock == "wall" else max(0, cpu - last_cpu)
        if a.metric_clock == "cpu":
            last_cpu = cpu
        grown[on] += max(0.0, current - value)
        spent[on] += elapsed
        totals["metricOn" if on else "metricOff"] += max(0.0, current - value)
        totals["onNs" if on else "offNs"] += elapsed
        value = current
        if now - period_start >= period:
            # Throughputs on and off over the last periods' totals: an on slice is short, and a
            # metric the program updates now and then credits it with some work done before it.
            recent.append((grown[True], spent[True], grown[False], spent[False]))
            g_on, t_on, g_off, t_off = (sum(p[i] for p in recent) for i in range(4))
            # Not before tracing has run long enough to be measured: short slices are mostly
            # the metric's granularity (a slice credited with work done before it).
            rate_on = g_on / t_on if t_on >= MIN_MEASURED_NS else None
            rate_off = g_off / t_off if t_off and g_off else None
            loss = None if rate_on is None or rate_off is None else max(0.0, 1 - rate_on / rate_off)
            if loss is not None:
                totals["periodLosses"].append(round(loss, 4))
            # The next period's tracing share: all of it while tracing costs less than the
            # budget, budget / loss otherwise; until the loss is known, the budget itself (which
            # keeps the loss within the budget whatever it is, as L <= 1).
            fraction = a.budget if loss is None else 1.0 if loss <= a.budget else a.budget / loss
            periods += 1
            period_start, grown, spent = now, {True: 0.0, False: 0.0}, {True: 0, False: 0}
            if not on and fraction > 0:
                log.write(f"on\t{switch.on(periods)}\n")
                on = True
        elif on and now - period_start >= fraction * period:
            log.write(f"off\t{switch.off()}\n")
            on = False
        log.flush()
    end = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    traced = totals["onNs"] + totals["offNs"]
    summary = {"periods": periods, "controlledNs": end - start, "endNs": end, "probeCostNs": 0, "targetCpuNs": 0,
               "throughputOn": totals["metricOn"] / totals["onNs"] * 1e9 if totals["onNs"] else None,
               "throughputOff": totals["metricOff"] / totals["offNs"] * 1e9 if totals["offNs"] else None,
               # the whole run's loss while tracing, times the share of the run traced
               "estimatedLossPercent": round(100 * max(0.0, 1 - (totals["metricOn"] / totals["onNs"])
                                                        / (totals["metricOff"] / totals["offNs"]))
                                             * totals["onNs"] / traced, 3)
               if totals["onNs"] and totals["offNs"] and totals["metricOff"] else None,
               "metric": a.metric, "metricClock": a.metric_clock, "periodLosses": totals["periodLosses"][:200],
               **switch.counts}
    log.write(f"summary\t{json.dumps(summary)}\n")
    log.close()


# ---------------------------------------------------------------- conversion

def parse_raw(path, kernel_fields, source="bpftrace"):
    """Reads bpftrace's output (or fc_perf.py's, in the same format): events tagged with their
    source (samples with their region stack and user frames), the target pid, bpftrace's lost
    count, bad lines, region names written once per id ("N" lines) and end-of-run counters."""
    events, target, lost, bad, names, counters = [], None, 0, [], {}, {}
    sample = None  # the sample whose user frames the next lines are
    with open(path, errors="replace") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            cols = line.split("\t")
            try:
                if sample is not None:
                    if m := FRAME_LINE.match(line):
                        sample["frames"].append((m.group(1), m.group(2), m.group(3)))
                        continue
                    if not line:  # the first line of the stack and its end are empty
                        if sample["frames"] or sample.pop("open", False):
                            sample = None
                        else:
                            sample["open"] = True
                        continue
                    sample.pop("open", None)
                    sample = None
                if cols[0] == "S" and len(cols) == 2:
                    target = int(cols[1])
                elif cols[0] == "F" and len(cols) >= 10:
                    ev = head(cols, source)
                    ev["id"] = int(cols[8])
                    ev["name"] = "\t".join(cols[9:])  # the name is last: tabs survive
                    events.append(ev)
                elif cols[0] == "P" and len(cols) in (8, 9 + MAX_REGION_DEPTH):
                    sample = head(cols, source)
                    if len(cols) == 8:  # no region stack: attributed by address ranges after the recording
                        sample["depth"], sample["regions"] = 0, None
                    else:
                        sample["depth"] = int(cols[8])
                        sample["regions"] = [int(c) for c in cols[9:9 + min(sample["depth"], MAX_REGION_DEPTH)]]
                    sample["frames"] = []
                    events.append(sample)
                elif cols[0] == "Y" and len(cols) == 9 + MAX_REGION_DEPTH:
                    ev = head(cols, source)
                    ev["depth"] = int(cols[8])
                    ev["regions"] = [int(c) for c in cols[9:9 + min(ev["depth"], MAX_REGION_DEPTH)]]
                    events.append(ev)
                elif m := MAP_LINE.match(line):
                    keys = [int(k) for k in m.group(2).split(",")]
                    counters.setdefault(m.group(1), {})[tuple(keys)] = int(m.group(3))
                elif cols[0] == "N" and len(cols) >= 3:
                    if "".join(cols[2:]):
                        names.setdefault(int(cols[1]), "\t".join(cols[2:]))
                elif cols[0] == "C" and len(cols) == 3:
                    counters[cols[1]] = int(cols[2])
                elif cols[0] == "K" and cols[1] in kernel_fields:
                    ev = head(cols, source)
                    spec = kernel_fields[cols[1]]
                    values = cols[8:]
                    if len(values) != len(spec):
                        raise ValueError("wrong column count")
                    ev["args"] = {n: typed(v, t) for (n, t), v in zip(spec, values)}
                    events.append(ev)
                elif m := LOST_LINE.match(line):
                    lost += int(m.group(1))
                elif line.strip() and not line.startswith("Attaching "):
                    raise ValueError("unknown line")
            except ValueError as e:
                bad.append(f"{source} line {number}: {e}: {line[:120]!r}")
    for ev in events:
        ev.pop("open", None)
    return events, target, lost, bad, names, counters


def head(cols, source):
    return {"kind": cols[0], "event": cols[1], "cpu": int(cols[2]), "seq": int(cols[3]),
            "ts": int(cols[4]), "pid": int(cols[5]), "tid": int(cols[6]), "comm": cols[7],
            "src": source}


def parse_perf_lost(path):
    """perf's lost-event records: (cpu, time in ns, count); the time is when perf could write
    again, so the lost events lie between the CPU's previous recorded event and it."""
    lost = []
    with open(path, errors="replace") as f:
        for line in f:
            if m := PERF_LOST_LINE.match(line):
                lost.append((int(m.group(1)), int(m.group(2)) * 1000000000 + int(m.group(3)),
                             int(m.group(4))))
    return lost


def typed(value, kind):
    if kind in ("d", "u"):
        return int(value)
    if kind == "x":
        return "0x" + value
    return value


def fill_names(events, known):
    """bpftrace may read a probe's string argument as empty when its page is not yet
    faulted in; take the name another event of the same region id carried. known: id -> name,
    the names written once per id when sampling; completed here from the events."""
    for ev in events:
        if ev["kind"] == "F" and ev["name"]:
            known.setdefault(ev["id"], ev["name"])
    filled = unresolved = 0
    for ev in events:
        if ev["kind"] == "F" and not ev["name"]:
            if ev["id"] in known:
                ev["name"] = known[ev["id"]]
                filled += 1
            else:
                ev["name"] = f"FR(?{ev['id']})"
                unresolved += 1
    return filled, unresolved


def lost_ranges(events, bpftrace_lost, perf_lost=()):
    """Lost events with their time range: gaps in the per-CPU sequence numbers of each
    recorder, and perf's lost records. Events bpftrace counted but no gap locates get one range
    over the whole recording."""
    start = min((ev["ts"] for ev in events), default=0)
    end = max((ev["ts"] for ev in events), default=0)
    ranges, prev = [], {}
    for ev in sorted(events, key=lambda e: (e["src"], e["cpu"], e["seq"])):
        last_seq, last_ts = prev.get((ev["src"], ev["cpu"]), (-1, start))  # numbering starts at 0
        if ev["seq"] > last_seq + 1:
            ranges.append((last_ts, ev["ts"], ev["seq"] - last_seq - 1, ev["cpu"]))
        prev[(ev["src"], ev["cpu"])] = (ev["seq"], ev["ts"])
    located = sum(r[2] for r in ranges)
    if bpftrace_lost > located:
        ranges.append((start, end, bpftrace_lost - located, -1))
    perf_times = {}
    for ev in events:
        if ev["src"] == "perf":
            perf_times.setdefault(ev["cpu"], []).append(ev["ts"])
    for times in perf_times.values():
        times.sort()
    for cpu, ts, count in perf_lost:
        times = perf_times.get(cpu, [])
        i = bisect.bisect_right(times, ts) - 1
        ranges.append((times[i] if i >= 0 else start, ts, count, cpu))
    return ranges


def target_scope(events, target):
    """Keeps kernel events of the target process tree, of the tasks that woke it, and
    the interrupt entries and exits that enclose those wake-ups."""
    tgids = {target} | {ev["pid"] for ev in events if ev["kind"] in ("F", "P")}
    tids = {target} | {ev["tid"] for ev in events if ev["pid"] in tgids}  # the main thread's tid is the pid
    for ev in sorted(events, key=lambda e: e["ts"]):  # children of children
        if ev["event"] == "sched_process_fork" and ev["args"].get("parent_pid") in tids | tgids:
            tids.add(ev["args"]["child_pid"])
    # Per-CPU order by time: the events come from two recorders with their own numbering.
    per_cpu = sorted(range(len(events)), key=lambda i: (events[i]["cpu"], events[i]["ts"], events[i]["seq"]))
    # A task woken from an interrupt was woken by the interrupt, not by the task it interrupted
    # (which may even belong to another network namespace, i.e. another simulated host).
    wakers, depth = set(), {}
    for i in per_cpu:
        ev = events[i]
        if ev["event"] in INTERRUPT_ENTRY:
            depth[ev["cpu"]] = depth.get(ev["cpu"], 0) + 1
        elif ev["event"] in INTERRUPT_ENTRY.values():
            depth[ev["cpu"]] = max(0, depth.get(ev["cpu"], 0) - 1)
        elif (ev["event"] in WAKEUPS and ev["args"].get("pid") in tids
              and depth.get(ev["cpu"], 0) == 0):
            wakers.add(ev["tid"])
    keep_tids = tids | (wakers - {0})

    def involved(ev):
        # TCP packets are kept whoever's context they are seen in: with --net-scope own they
        # are this host's packets; the graph needs both ends.
        return ev["kind"] in ("F", "P") or ev["tid"] in keep_tids or any(
            ev["args"].get(f) in keep_tids for f in TID_FIELDS if f in ev["args"]) or (
            ev["event"] in NET_EVENTS and ev["args"].get("proto") == TCP)

    keep = [involved(ev) for ev in events]
    stacks = {}  # cpu -> open interrupt entries (indices into events)
    for i in per_cpu:
        ev, stack = events[i], stacks.setdefault(events[i]["cpu"], [])
        if ev["event"] in INTERRUPT_ENTRY:
            stack.append(i)
        elif ev["event"] in INTERRUPT_ENTRY.values():
            if stack and INTERRUPT_ENTRY[events[stack[-1]]["event"]] == ev["event"]:
                keep[i] = keep[i] or keep[stack.pop()]
        elif keep[i] and (ev["event"] in WAKEUPS or ev["event"] in NET_EVENTS):
            for j in stack:
                keep[j] = True
    return [ev for ev, k in zip(events, keep) if k]


def infer_switches(events):
    """Adds the context switches the kernel did not report. Every event is recorded in the
    context of the task running on its CPU (its tid), so an event of another task than the one
    the CPU's last switch put there shows a switch that is missing: on this machine's kernel no
    sched_switch away from the threads of the sandbox's pid 1 (tokio-rt-worker) is ever
    reported, and some away from the idle task and kworkers are not, to BPF programs as to perf.
    The graph builder takes the CPU's current task from the switches (Giraldeau 2015, §5.3.2,
    CURRENT_TASK()): without the switch a packet the server sent was the sandbox thread's, and
    the client's critical path went through that thread instead of the server. The switch is
    placed at the event that shows it (the task is not known to run earlier), just before it,
    with prev_state -1 (the task that left is in an unknown state) and "inferred": true.
    Returns the events with the inferred switches and their count."""
    current, pids, comms, added = {}, {}, {}, []
    for ev in sorted(events, key=lambda e: (e["cpu"], e["ts"], e["seq"])):
        if ev["kind"] not in ("K", "F"):
            continue
        tid, cpu = ev["tid"], ev["cpu"]
        pids[tid], comms[tid] = ev["pid"], ev["comm"]
        former = current.get(cpu)
        if former is not None and former != tid:
            added.append({"kind": "K", "event": "sched_switch", "cpu": cpu, "seq": ev["seq"] - 0.5, "ts": ev["ts"],
                          "pid": pids.get(former, former), "tid": former, "comm": comms.get(former, ""), "src": ev["src"],
                          "args": {"prev_comm": comms.get(former, ""), "prev_pid": former, "prev_prio": -1, "prev_state": -1,
                                   "next_comm": ev["comm"], "next_pid": tid, "next_prio": -1, "inferred": True}})
        if ev["kind"] == "K" and ev["event"] == "sched_switch":
            current[cpu] = ev["args"]["next_pid"]
            comms.setdefault(ev["args"]["next_pid"], ev["args"]["next_comm"])
        else:
            current[cpu] = tid
    return events + added, len(added)


def trim_after_exit(events, target):
    """Drops kernel events after the target's main thread exited: bpftrace detaches
    its probes one by one for up to a second afterwards, leaving unrelated,
    half-paired interrupt events."""
    exits = [ev["ts"] for ev in events
             if ev["event"] == "sched_process_exit" and ev["args"].get("pid") == target]
    if not exits:
        return events, 0
    kept = [ev for ev in events if ev["kind"] in ("F", "P") or ev["ts"] <= exits[0]]
    return kept, len(events) - len(kept)


class StackFrames:
    """TEF's stackFrames dictionary (id -> name, category, parent) built from the samples: a
    sample's frame chain is its feature-region stack, outermost first (category "feature
    region"), then its user stack from the outermost function to the sampled one (category: the
    module's file name; a frame is a function, named offline by elf_symbols.Symboliser from the
    mappings fc_bt.py maps read from perf; a frame it cannot name keeps its address, 0x...). The same
    chain is one id."""

    def __init__(self, region_names, symboliser=None):
        self.region_names = region_names
        self.symboliser = symboliser
        self.ids = {}
        self.frames = {}
        self.names = {}  # (address, return address?) -> (name, category)

    def user_frame(self, address, return_address, symbol, module):
        """(name, category) of a user frame: the offline symboliser's function, else the symbol
        bpftrace printed (when it was let symbolise), else the address. Each distinct address is
        looked up once (and counted once by the symboliser)."""
        key = (address, return_address)
        if key not in self.names:
            name, path = (None, None)
            if self.symboliser is not None:
                name, path = self.symboliser.symbolise(int(address, 16), return_address)
            if name is None and symbol and symbol != "0x" + address:
                name, path = symbol, path or module
            self.names[key] = (name or "0x" + address, os.path.basename(path or module or "[unknown]"))
        return self.names[key]

    def frame(self, parent, name, category):
        key = (parent, name, category)
        if key not in self.ids:
            fid = str(len(self.ids) + 1)
            self.ids[key] = fid
            self.frames[fid] = {"name": name, "category": category}
            if parent is not None:
                self.frames[fid]["parent"] = parent
        return self.ids[key]

    def of(self, sample):
        fid = None
        for region in sample["regions"]:
            fid = self.frame(fid, self.region_names.get(region, f"FR(?{region})"), "feature region")
        leaf = len(sample["frames"]) - 1
        for i, (address, symbol, module) in enumerate(reversed(sample["frames"])):
            # the leaf is the sampled instruction; the others are return addresses
            name, category = self.user_frame(address, i != leaf, symbol, module)
            fid = self.frame(fid, name, category)
        return fid


def tef_event(ev, frames=None):
    if ev["kind"] == "P":
        out = {"name": "sample", "cat": "sample", "ph": "P", "ts": ev["ts"], "pid": ev["pid"],
               "tid": ev["tid"], "args": {"regions": ev["regions"]}}
        if ev["depth"] > len(ev["regions"]):
            out["args"]["depth"] = ev["depth"]
        sf = frames.of(ev)
        if sf is not None:
            out["sf"] = sf
        return out
    out = {"name": ev["name"] if ev["kind"] == "F" else ev["event"],
           "cat": "Feature" if ev["kind"] == "F" else "kernel",
           "ph": ev["event"] if ev["kind"] == "F" else "i",
           "ts": ev["ts"], "pid": ev["pid"], "tid": ev["tid"]}
    if ev["kind"] == "F":
        out["args"] = {"ID": ev["id"], "UUID": ev["id"]}
        if ev.get("resync"):
            out["args"]["resync"] = True
    else:
        out["s"] = "t"
        args = {"cpu": ev["cpu"], **ev["args"]}
        if ev["event"] in ("softirq_entry", "softirq_exit") and args["vec"] < len(SOFTIRQ_NAMES):
            args["vec_name"] = SOFTIRQ_NAMES[args["vec"]]
        if ev["event"] in NET_EVENTS and args.get("proto", TCP) != TCP:
            for name, _ in NET_FIELDS[2:]:
                args.pop(name, None)
        if "dev" in args:
            args["disk"] = f"{args['dev'] >> 20},{args['dev'] & 0xFFFFF}"
        out["args"] = args
    return out


def name_events(events):
    """TEF metadata events naming each process and thread by its last seen comm."""
    names = {}
    for ev in sorted(events, key=lambda e: e["ts"]):
        names[(ev["pid"], ev["tid"])] = ev["comm"]
    out = []
    for (pid, tid), comm in sorted(names.items()):
        if pid == tid:
            out.append({"name": "process_name", "ph": "M", "pid": pid, "tid": tid,
                        "args": {"name": comm}})
        out.append({"name": "thread_name", "ph": "M", "pid": pid, "tid": tid,
                    "args": {"name": comm}})
    return out


def parse_budget_log(path, start):
    """The budget controller's switches: [(off ns, on ns or None)] and its summary. Tracing is off
    until the controller's first "on": that makes a first window from start (the recording's
    first event), if anything came before."""
    windows, summary, first = [], {}, True
    with open(path) as f:
        for line in f:
            kind, _, value = line.rstrip("\n").partition("\t")
            if kind == "off":
                windows.append([int(value), None])
            elif kind == "on" and first:
                if start < int(value):
                    windows.append([start, int(value)])
            elif kind == "on" and windows and windows[-1][1] is None:
                windows[-1][1] = int(value)
            elif kind == "summary":
                summary = json.loads(value)
            first = first and kind not in ("on", "off")
    if first and start is not None:  # never switched on: the whole recording is a window
        windows.append([start, None])
    return [tuple(w) for w in windows], summary


def final_stacks(counters):
    """Each thread's region stack at the end of the recording, from the END dump of the maps."""
    depth = {k[0]: v for k, v in counters.get("fc_depth", {}).items()}
    levels = counters.get("fc_stk", {})
    return {tid: [levels.get((tid, k), 0) for k in range(d)] for tid, d in depth.items()}


def window_stack(before, ends, complete, nestings):
    """A thread's region stack at the end of a window in which its probes did not run (semaphore
    switching), inferred from what the trace shows: before, its traced stack when the window
    began (outermost first); ends, the ids of the region ends after the window that no begin
    after it matches, in order (the stack at the window's end, innermost first: regions end in
    LIFO order); complete, whether the trace shows every end of that stack (the thread's last
    event comes before the next window); nestings, the (outer id, inner id) pairs that the trace
    shows with both begins traced (between two windows). The candidates keep a prefix of before
    (regions begun before the window and still open) and put on it the ends, reversed, less those
    the prefix's top accounts for (regions begun inside the window). Complete: the ends are the
    whole stack. Otherwise the candidate with the fewest nestings the trace never showed (Base,
    id 0, holds anything), then the fewest changes (regions of before ended plus regions begun),
    then the longest kept prefix; with no end seen, before is kept (a thread that only entered
    and left regions before its next window shows nothing of its stack: doc/recorder.md,
    "Overhead budget")."""
    top = list(reversed(ends))
    if complete or not before:
        return top
    if not ends:
        return list(before)
    best = None
    for kept in range(len(before), -1, -1):
        for need in range(min(kept, len(top)), -1, -1):
            if before[kept - need:kept] != top[:need]:
                continue
            want = before[:kept] + top[need:]
            unseen = sum(1 for pair in zip(want, want[1:]) if pair[0] != 0 and pair not in nestings)
            key = (unseen, len(before) - kept + len(top) - need, -kept)
            if best is None or key < best[0]:
                best = (key, want)
    return best[1]


def inferred_stack_events(events, windows, end):
    """For semaphore switching: a "Y" event (the form the gate switching's probes write) per
    thread and window, at the window's end, holding the thread's stack there as window_stack
    infers it from the thread's region events; resynchronise then aligns the trace with it.
    Returns the events and the number of (thread, window) stacks kept for lack of any end."""
    per_thread = collections.defaultdict(list)
    for ev in events:
        if ev["kind"] == "F":
            per_thread[(ev["pid"], ev["tid"])].append(ev)
    for evs in per_thread.values():
        evs.sort(key=lambda e: (e["ts"], e["cpu"], e["seq"]))
    closed = sorted((off, on) for off, on in windows if on is not None)
    starts = sorted(off for off, _ in windows)
    ended = any(ev["event"] == "E" and ev["id"] == 0 for ev in events if ev["kind"] == "F")
    first = min((ev["ts"] for ev in events if ev["kind"] == "F"), default=0)
    if not closed or closed[0][0] > first:
        # Tracing was switched on after the program started (its probes were off until then):
        # the stacks at the first events are inferred like those after a window.
        closed.insert(0, (None, None))

    # Nestings whose both begins were traced: per thread, the begins since the last window.
    nestings = set()
    for evs in per_thread.values():
        opened, w = [], 0
        for ev in evs:
            while w < len(starts) and starts[w] <= ev["ts"]:
                opened, w = [], w + 1
            if ev["event"] == "B":
                if opened:
                    nestings.add((opened[-1], ev["id"]))
                opened.append(ev["id"])
            elif opened and opened[-1] == ev["id"]:
                opened.pop()

    def apply(stack, ev):
        if ev["event"] == "B":
            stack.append(ev["id"])
        elif stack and stack[-1] == ev["id"]:
            stack.pop()

    out, kept = [], 0
    last_off = max((off for off, on in windows if on is None), default=float("inf"))

    def inside(stack, ev):
        """An event inside a window: only Base's are written there (ungated), and its end closed
        every region above it, at some time inside the window."""
        if ev["event"] == "E" and ev["id"] in stack:
            want = stack[:len(stack) - stack[::-1].index(ev["id"])]
            if want != stack:
                out.append({**{k: ev[k] for k in ("cpu", "pid", "tid", "comm", "ts")}, "seq": ev["seq"] - 0.5,
                            "kind": "Y", "event": "sync", "src": "inferred", "depth": len(want),
                            "regions": want[:MAX_REGION_DEPTH]})
                stack[:] = want
        apply(stack, ev)
    for evs in per_thread.values():
        stack, i = [], 0
        for off, on in closed:
            while off is not None and i < len(evs) and evs[i]["ts"] <= off:
                apply(stack, evs[i])
                i += 1
            on = evs[i]["ts"] if on is None and i < len(evs) else on
            if on is None:
                continue
            while i < len(evs) and evs[i]["ts"] < on:
                inside(stack, evs[i])
                i += 1
            until = min([t for t in starts if t > on] + [end])  # the next window's start
            after = [ev for ev in evs[i:] if on <= ev["ts"] < until]
            if not after:
                continue  # nothing of this thread between this window and the next: nothing known
            opened, ends = [], []
            for ev in after:
                if ev["event"] == "B":
                    opened.append(ev["id"])
                elif opened and opened[-1] == ev["id"]:
                    opened.pop()
                else:
                    ends.append(ev["id"])
            complete = evs[-1]["ts"] < until
            kept += 0 if complete or ends or not stack else 1
            want = window_stack(stack, ends, complete, nestings)
            like = after[0]
            # Sorted just before the thread's first event after the window, if at the same time.
            out.append({**{k: like[k] for k in ("cpu", "pid", "tid", "comm")}, "seq": like["seq"] - 0.5,
                        "kind": "Y", "event": "sync", "ts": on, "src": "inferred", "depth": len(want),
                        "regions": want[:MAX_REGION_DEPTH]})
            stack = list(want)  # from here on, the stack the trace will show
        while i < len(evs):  # after the last window, or in one never closed
            (inside if evs[i]["ts"] >= last_off else apply)(stack, evs[i])
            i += 1
        # The program finalised (Base's end, always written): a thread whose last probe call came
        # before a window and that left regions open ended them in that window, at the latest
        # when it exited; they are closed at the first such window's end.
        later = [(off, on) for off, on in sorted(windows) if off >= evs[-1]["ts"]]
        if ended and stack and later:
            like = evs[-1]
            out.append({**{k: like[k] for k in ("cpu", "pid", "tid", "comm")}, "seq": like["seq"] + 0.5,
                        "kind": "Y", "event": "sync", "src": "inferred", "depth": 0, "regions": [],
                        "ts": later[0][1] if later[0][1] is not None else end})
    return out, kept


def resynchronise(events, windows, finals, names, end):
    """After a measurement-off window the traced stack of a thread may be wrong: regions ended or
    began while tracing was off. The thread's first probe call after the window wrote its stack
    (a "Y" event, just before the call's own event), and the END dump gives the stacks of threads
    that called no probe after the last window. Where the traced stack differs, this adds the
    missing ends (innermost first) and begins, marked "resync", at the window's end (or at the
    "Y" event, if that came first; at the end of the recording, end, for a window never closed):
    the time inside the window stays unobserved, and the
    observed time after it is attributed to the real stack. Returns the added events and the
    threads that needed it. Stacks deeper than MAX_REGION_DEPTH are compared on their known
    levels. A thread whose probes all fell into off windows for several periods in a row shows
    its stack again only at its next probe call: in the on-periods between, its last traced
    stack is kept (doc/recorder.md, "Overhead budget")."""
    added, threads = [], set()
    per_thread = collections.defaultdict(list)
    for ev in events:
        if ev["kind"] in ("F", "Y"):
            per_thread[(ev["pid"], ev["tid"])].append(ev)

    def synth(like, phase, rid, ts):
        return {"kind": "F", "event": phase, "cpu": like["cpu"], "seq": like["seq"], "ts": ts,
                "pid": like["pid"], "tid": like["tid"], "comm": like["comm"], "src": "resync",
                "id": rid, "name": names.get(rid, f"FR(?{rid})"), "resync": True}

    def align(like, stack, want, ts):
        c = 0
        while c < min(len(stack), len(want)) and stack[c] == want[c]:
            c += 1
        out = [synth(like, "E", rid, ts) for rid in reversed(stack[c:])]
        out += [synth(like, "B", rid, ts) for rid in want[c:]]
        return out

    for (pid, tid), evs in per_thread.items():
        evs.sort(key=lambda e: (e["ts"], e["cpu"], e["seq"]))
        stack, last_ts = [], None
        for ev in evs:
            if ev["kind"] == "Y":
                known = stack[:len(ev["regions"])] if ev["depth"] > MAX_REGION_DEPTH else stack
                if known != ev["regions"] or len(stack) != ev["depth"]:
                    before = [w for w in windows if w[0] <= ev["ts"]]
                    ts = ev["ts"]
                    if before and before[-1][1] is not None:
                        ts = min(ts, before[-1][1])
                    ts = max(ts, last_ts if last_ts is not None else ts)
                    new = align(ev, stack, ev["regions"], ts)
                    added += new
                    threads.add(tid)
                    stack = list(ev["regions"])
                continue
            last_ts = ev["ts"]
            if ev["event"] == "B":
                stack.append(ev["id"])
            elif ev["id"] in stack:
                del stack[len(stack) - 1 - stack[::-1].index(ev["id"])]
        final = finals.get(tid)
        later = [w for w in windows if last_ts is not None and (w[1] is None or w[1] >= last_ts)]
        if final is not None and final != stack and later and evs:
            added += align(evs[-1], stack, final, later[-1][1] if later[-1][1] is not None else max(end, last_ts))
            threads.add(tid)
    return added, threads


def attribute_by_ranges(events, meta, symboliser, region_names, names_path):
    """Each sample's region stack translated from its user frames by the raw probes' address
    ranges (address_ranges.py; Kaufmann 2022, §3.4), replacing any stack the probes kept; the
    regions no probe named take their names from names_path (--region-names), else a placeholder
    FR(?<id>). Writes otherData.sampling.attribution "address-ranges" and its counts."""
    if symboliser is None:
        fail("address-range attribution needs the target's recorded mappings (fc_bt.py maps, --maps), and none "
             "were recorded (see perf's messages above)")
    try:
        ranges = address_ranges.SampleAttribution(meta["binary"], symboliser)
    except (OSError, ValueError) as e:
        fail(str(e))
    for ev in events:
        if ev["kind"] == "P":
            stack = ranges.regions(ev["frames"])
            ev["depth"], ev["regions"] = len(stack), stack[:MAX_REGION_DEPTH]
    if names_path:
        try:
            for region, name in address_ranges.read_region_names(names_path).items():
                region_names.setdefault(region, name)
        except (OSError, ValueError) as e:
            fail(f"--region-names: {e}")
    used = {r for ev in events if ev["kind"] == "P" for r in ev["regions"]}
    if address_ranges.BASE_ID in used:
        region_names.setdefault(address_ranges.BASE_ID, BASE_NAME)
    unnamed = sorted(used - set(region_names))
    for region in unnamed:
        region_names[region] = address_ranges.PLACEHOLDER.format(region)
    if unnamed:
        print(f"fc-record: {len(unnamed)} sampled regions have no name (no --region-names source names them): "
              f"{', '.join(region_names[r] for r in unnamed)}", file=sys.stderr)
    summary = {**ranges.summary(), "regionNamesSource": names_path or "none", "regionsUnnamed": len(unnamed)}
    if meta["sampling"].get("attribution", "region-maps") != "address-ranges":
        summary["retranslatedFrom"] = meta["sampling"].get("attribution", "region-maps")
    meta["sampling"].update({"attribution": "address-ranges", "addressRanges": summary,
                             "regionStacks": "address ranges of the raw probes' entry and exit nops, translated "
                                             "after the recording (Kaufmann 2022, §3.4)"})
    if summary["samplesWithoutRange"]:
        print(f"fc-record: {summary['samplesWithoutRange']} of {summary['samplesTranslated']} samples are in no "
              "region's address range (otherData.sampling.addressRanges)", file=sys.stderr)


def convert(a):
    with open(a.meta) as f:
        meta = json.load(f)
    kernel_fields = {e["tracepoint"].split(":")[1]: [tuple(x) for x in e["fields"]]
                     for e in meta.get("kernelEvents", []) + meta.get("perfEvents", [])}
    events, target, bpftrace_lost, bad, region_names, counters = parse_raw(a.raw, kernel_fields)
    if target is None:
        fail(f"{a.raw} has no start line from the bpftrace program: did bpftrace start?")
    perf_lost = []
    if a.perf:
        perf_events, _, _, perf_bad, _, _ = parse_raw(a.perf, kernel_fields, "perf")
        events += perf_events
        bad += perf_bad
    if a.perf_lost:
        perf_lost = parse_perf_lost(a.perf_lost)
    filled, unresolved = fill_names(events, region_names)
    ranges = lost_ranges(events, bpftrace_lost, perf_lost)
    windows, budget_summary, resynced = [], {}, set()
    if a.budget_log:
        windows, budget_summary = parse_budget_log(a.budget_log, min((ev["ts"] for ev in events), default=0))
        end = budget_summary.get("endNs") or max((ev["ts"] for ev in events), default=0)
        if meta.get("budget", {}).get("switch") == "semaphore":
            inferred, uncertain = inferred_stack_events(events, windows, max([end] + [ev["ts"] for ev in events]) + 1)
            events += inferred
            meta["budget"].update({"stacksInferred": len(inferred), "stacksKeptWithoutEnds": uncertain})
        added, resynced = resynchronise(events, windows, final_stacks(counters), region_names, end)
        events += added
    events = [ev for ev in events if ev["kind"] != "Y"]  # their sequence numbers counted above
    misses = "not measured (bpftool is not installed)"
    if a.bpf_misses and os.path.exists(a.bpf_misses):
        with open(a.bpf_misses) as f:
            misses = {name: count for name, count in json.load(f).items() if count}
        if misses:
            print(f"fc-record: the kernel skipped {sum(misses.values())} BPF probe runs because another "
                  f"probe was running on that CPU ({', '.join(f'{n}: {c}' for n, c in sorted(misses.items()))}); "
                  "those events are missing at unknown times", file=sys.stderr)
    recorded = len(events)
    events, inferred = infer_switches(events)
    events, after_exit = trim_after_exit(events, target)
    if a.kernel_scope == "target":
        events = target_scope(events, target)
    for ev in events:
        ev["ts"] += a.clock_offset_ns
    ranges = [(t0 + a.clock_offset_ns, t1 + a.clock_offset_ns, n, cpu) for t0, t1, n, cpu in ranges]
    events.sort(key=lambda e: (e["ts"], e["cpu"], e["seq"]))
    lost = [{"name": "Lost events", "cat": "lost", "ph": "X", "ts": t0, "dur": t1 - t0,
             "pid": 0, "tid": 0, "args": {"count": count, "cpu": cpu}}
            for t0, t1, count, cpu in ranges]
    # A budget's switches: measurement-off windows of the target process (doc/tef.md).
    markers = [{"name": name, "cat": "__measurement", "ph": "i", "s": "p", "pid": target, "tid": target,
                "ts": ts + a.clock_offset_ns}
               for off, on in windows for name, ts in (("measurement_off", off), ("measurement_on", on))
               if ts is not None]
    # Stable sort: lost ranges go before the event that ends them.
    symboliser = None
    if a.maps and os.path.exists(a.maps):
        import elf_symbols
        symboliser = elf_symbols.Symboliser(elf_symbols.read_maps(a.maps))
    if "sampling" in meta and (a.attribution == "ranges" or meta["sampling"].get("attribution") == "address-ranges"):
        attribute_by_ranges(events, meta, symboliser, region_names, a.region_names)
    frames = StackFrames(region_names, symboliser)
    timed = sorted(lost + markers + [tef_event(ev, frames) for ev in events], key=lambda e: e["ts"])
    trace_events = name_events(events) + timed
    for message in bad:
        print(f"fc-record: unparsed bpftrace output, {message}", file=sys.stderr)
    if ranges:
        print(f"fc-record: {sum(r[2] for r in ranges)} events were lost "
              f"(bpftrace reported {bpftrace_lost}); see the 'lost' events", file=sys.stderr)
    meta.update({"recorder": "fc-record", "formatVersion": FORMAT_VERSION,
                 "targetPid": target, "kernelScope": a.kernel_scope,
                 "eventsRecorded": recorded, "eventsAfterExitDropped": after_exit, "switchesInferred": inferred,
                 "eventsWritten": len(events),
                 "lostEvents": sum(r[2] for r in ranges), "bpftraceLostEvents": bpftrace_lost,
                 "perfLostEvents": sum(n for _, _, n in perf_lost), "bpfRecursionMisses": misses,
                 "namesFilled": filled, "namesUnresolved": unresolved,
                 "unparsedLines": len(bad), "unparsedExamples": bad[:5],
                 "clockOffsetNs": a.clock_offset_ns})
    samples = sum(1 for ev in events if ev["kind"] == "P")
    if "budget" in meta:
        traced = budget_summary.get("controlledNs", 0)
        last = max([budget_summary.get("endNs") or 0] + [ev["ts"] for ev in events])
        off = sum((on if on is not None else max(last, off)) - off for off, on in windows)
        meta["capture_regime"] = "gated"
        meta["budget"].update({
            "offWindows": len(windows), "offNs": off, "periods": budget_summary.get("periods"),
            "measuredProbeCostNs": budget_summary.get("probeCostNs"), "controlledNs": traced,
            "bpfRunTimeNs": budget_summary.get("bpfRunTimeNs"), "probeCalls": budget_summary.get("probeCalls"),
            "targetCpuNs": budget_summary.get("targetCpuNs"),
            "measuredOverheadPercent": round(100 * budget_summary["probeCostNs"]
                                             / max(1, budget_summary["targetCpuNs"] - budget_summary["probeCostNs"]), 3)
            if budget_summary.get("targetCpuNs") else None,
            "resynchronisedThreads": len(resynced),
            **{key: budget_summary[key] for key in ("semaphoreWrites", "semaphoreFailures") if key in budget_summary}})
        if budget_summary.get("metric"):
            meta["budget"].update({key: budget_summary.get(key) for key in
                                   ("metric", "metricClock", "throughputOn", "throughputOff", "estimatedLossPercent")})
    if "sampling" in meta:
        meta["sampling"].update({"samples": samples, "unmatchedEnds": counters.get("unmatchedEnds", 0),
                                 "samplesBeyondMaxDepth": sum(1 for ev in events if ev["kind"] == "P"
                                                              and ev["depth"] > MAX_REGION_DEPTH)})
        meta["regionNames"] = {str(k): v for k, v in sorted(region_names.items())}
        if symboliser is not None:
            meta["sampling"]["userStacks"] = ("frame pointers (bpftrace ustack), symbolised after the recording from "
                                              "the ELF symbol tables of the target's recorded mappings")
            meta["sampling"]["symbolisation"] = {**symboliser.counts, "modules": symboliser.modules()}
            unnamed = symboliser.counts["frames"] - symboliser.counts["symbolised"]
            if unnamed:
                print(f"fc-record: {unnamed} of {symboliser.counts['frames']} sampled user frame addresses have no "
                      f"function name (otherData.sampling.symbolisation)", file=sys.stderr)
        elif a.maps is not None:
            meta["sampling"]["userStacks"] = "frame pointers (bpftrace ustack), unsymbolised: the target's mappings were not recorded"
    meta.pop("kernelEvents", None)
    meta.pop("perfEvents", None)
    for item in a.info:
        key, _, value = item.partition("=")
        meta[key] = int(value) if re.fullmatch(r"-?\d+", value) else value
    with open(a.output, "w") as f:
        # Metadata keys first, so a streaming reader knows the unit before any event.
        f.write('{"timestampUnit":"ns","displayTimeUnit":"ns",\n"otherData":')
        json.dump(meta, f, sort_keys=True)
        if frames.frames:
            # Before the events, so a streaming reader has the frames of every sample.
            f.write(',\n"stackFrames":')
            json.dump(frames.frames, f, separators=(",", ":"))
        f.write(',\n"traceEvents":[\n')
        f.write(",\n".join(json.dumps(ev, separators=(",", ":")) for ev in trace_events))
        f.write("\n]}\n")


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)
    g = sub.add_parser("gen", help="write the bpftrace program")
    g.add_argument("--binary", required=True, help="file holding the vtrace USDT probes")
    g.add_argument("--target", required=True, help="traced pid, or cpid for bpftrace -c")
    g.add_argument("--raw", action="store_true", help="per-region probes fr_begin_<id>")
    g.add_argument("--sample", type=int, help="sample the target's threads at this frequency (Hz)")
    g.add_argument("--thinning", type=int, default=1,
                   help="with --sample: fire at thinning x HZ and keep each tick with probability 1/thinning")
    g.add_argument("--attribution", choices=["maps", "ranges"], default="maps",
                   help="with --sample: region stacks kept in BPF maps by the region probes (maps), or translated "
                   "after the recording from the raw probes' address ranges, no region probe attached (ranges; "
                   "Kaufmann 2022, §3.4)")
    g.add_argument("--budget", action="store_true", help="gate region events on @fc_gate (budget controller)")
    g.add_argument("--budget-switch", choices=["auto", "semaphore", "gate"], default="auto",
                   help="with --budget: switch tracing off through the probes' USDT semaphores (no probe runs "
                   "while off) or only through the gate map (the probes keep running); auto: semaphores where "
                   "the probes have them and no sampling needs the stacks")
    g.add_argument("--no-trace", dest="trace", action="store_false",
                   help="write no event per region (with --sample: sampling only)")
    g.add_argument("--kernel", action="store_true", help="also record kernel tracepoints")
    g.add_argument("--tracefs", default="/sys/kernel/tracing")
    g.add_argument("--duration", type=int, help="stop after this many seconds")
    g.add_argument("--netns", type=int, help="record only packets of this network namespace (inode)")
    g.add_argument("--perf-events", help="with --kernel: write here the tracepoints perf records")
    g.add_argument("--meta", required=True, help="metadata JSON for the convert step")
    g.add_argument("-o", "--output", required=True)
    c = sub.add_parser("convert", help="convert bpftrace output to TEF JSON")
    c.add_argument("raw", help="bpftrace output of the generated program")
    c.add_argument("--meta", required=True, help="metadata JSON written by gen (and fc-record)")
    c.add_argument("--bpf-misses", help="BPF recursion misses per probe, as the misses command wrote them")
    c.add_argument("--perf", help="kernel events perf recorded, as fc_perf.py wrote them")
    c.add_argument("--budget-log", help="the budget controller's switches (fc_bt.py budget -o)")
    c.add_argument("--perf-lost", help="output of perf script --show-lost-events -F cpu,time,event")
    c.add_argument("--maps", help="the target's executable mappings (fc_bt.py maps -o), to symbolise sampled user stacks")
    c.add_argument("--attribution", choices=["recorded", "ranges"], default="recorded",
                   help="ranges: attribute the samples by the raw probes' address ranges (address_ranges.py), "
                   "also those of a recording made with region maps (for accuracy measurements)")
    c.add_argument("--region-names", help="names of the regions no probe named: a TEF trace of the same program "
                   "or ID=NAME lines (address_ranges.read_region_names)")
    c.add_argument("--kernel-scope", choices=["all", "target"], default="all")
    c.add_argument("--clock-offset-ns", type=int, default=0,
                   help="add this to every timestamp (to test clock synchronisation)")
    c.add_argument("--info", action="append", default=[], metavar="KEY=VALUE",
                   help="extra metadata; integer values are written as numbers")
    c.add_argument("-o", "--output", required=True)
    m = sub.add_parser("misses", help="sample the BPF recursion misses of bpftrace's programs")
    m.add_argument("--parent", type=int, required=True, help="pid of the process that starts bpftrace")
    m.add_argument("--interval", type=float, default=0.5, help="seconds between samples")
    m.add_argument("-o", "--output", required=True)
    w = sub.add_parser("maps", help="the target's executable mappings from perf's mmap events (for symbolisation)")
    w.add_argument("--perf-mmaps", required=True, help="perf script --show-mmap-events output")
    w.add_argument("--pid", type=int, required=True, help="the target's pid")
    w.add_argument("-o", "--output", required=True)
    b = sub.add_parser("budget", help="switch region tracing off and on to stay within an overhead budget")
    b.add_argument("--parent", type=int, required=True, help="pid of the process that starts bpftrace")
    b.add_argument("--budget", type=float, required=True,
                   help="the probes' cost as a fraction of the program's own CPU time per period")
    b.add_argument("--target", type=int, help="traced pid (or give --command)")
    b.add_argument("--traced-command", help="the command bpftrace -c runs (its path), to find its pid")
    b.add_argument("--period-ms", type=int, default=200, help="control period P in ms")
    b.add_argument("--probe-cost-ns", type=int, required=True, help="cost of a probe call besides its BPF run time")
    b.add_argument("--event-cost-ns", type=int, required=True,
                   help="cost of writing an event besides the BPF run time and the trap")
    b.add_argument("--metric", help="measure the probes' cost on this throughput metric (size:PATH or a file "
                   "holding a cumulative count) instead of their CPU time")
    b.add_argument("--metric-clock", choices=["cpu", "wall"], default="cpu",
                   help="throughput per second of the program's CPU time (default) or of wall-clock time")
    b.add_argument("--meta", required=True, help="metadata JSON written by gen (how tracing is switched)")
    b.add_argument("-o", "--output", required=True, help="log of the switches")
    a = p.parse_args()
    {"gen": generate, "convert": convert, "misses": watch_misses, "maps": perf_maps,
     "budget": budget_control}[a.command](a)


if __name__ == "__main__":
    main()
