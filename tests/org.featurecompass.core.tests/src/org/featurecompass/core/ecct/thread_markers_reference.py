#!/usr/bin/env python3
"""Independent reference for the run-invariant names of thread markers (doc/ecct.md, "Thread markers").

Reads an fc-record TEF recording with the json module alone. A thread's name is the last command
the kernel events give it (sched_switch prev_comm/next_comm, sched_process_fork child_comm,
sched_process_exec's file name cut to 15 characters, in time order); its process is the pid its
thread_name metadata gives, named by that pid's process_name, else by its main thread's
thread_name. The kernel's instance numbers are folded from the kernel's own format strings
(kernel/workqueue.c: "kworker/%d:%d" plus "H" for a high-priority per-CPU pool, "kworker/u%d:%d"
for an unbound one, "-queue" as /proc appends it; per-CPU kthreads "name/%u"), the marker is
"[thread NAME]" or "[thread NAME of PROCESS]" when the process is known and named otherwise.

Prints "target<TAB>pid" (otherData.targetPid), then "tid<TAB>pid or -<TAB>marker" per thread id
of the kernel events.

Usage: python3 thread_markers_reference.py RECORDING.json
"""
import json
import os
import re
import sys

PER_CPU_KTHREADS = {"ksoftirqd", "migration", "cpuhp", "idle_inject", "rcuc", "rcuop", "rcuos",
                    "rcuob", "watchdog", "irq_work", "swapper", "interrupt"}


def fold(name):
    if name.startswith("kworker/"):
        rest = name[len("kworker/"):].split("-", 1)[0]  # "-queue" is the last work's queue
        pool, _, worker = rest.partition(":")
        if worker.rstrip("H").isdigit() and pool.isdigit():
            return "kworker/*:*" + ("H" if worker.endswith("H") else "")
        if worker.isdigit() and pool.startswith("u") and pool[1:].isdigit():
            return "kworker/u*:*"
        return name
    base, slash, cpu = name.partition("/")
    if slash and cpu.isdigit() and base in PER_CPU_KTHREADS:
        return base + "/*"
    return name


def marker(thread, process):
    thread = fold(thread)
    if process:
        process = fold(process)
        if process != thread:
            return "[thread " + (thread + " " if thread else "") + "of " + process + "]"
    return "[thread " + thread + "]" if thread else "[thread]"


def main(path):
    with open(path) as f:
        data = json.load(f)
    events = data["traceEvents"]
    process_names, thread_names, pid_of = {}, {}, {}
    for e in events:
        if e.get("ph") == "M":
            name = e.get("args", {}).get("name", "")
            if e.get("name") == "process_name":
                process_names[e["pid"]] = name
            elif e.get("name") == "thread_name":
                thread_names[(e["pid"], e["tid"])] = name
                pid_of[e["tid"]] = e["pid"]
    comm = {}
    kernel = sorted((e for e in events if e.get("cat") == "kernel"), key=lambda e: e["ts"])
    for e in kernel:
        a = e.get("args", {})
        if e["name"] == "sched_switch":
            for tid, name in ((a.get("prev_pid"), a.get("prev_comm")), (a.get("next_pid"), a.get("next_comm"))):
                if tid is not None and name:
                    comm[tid] = name
        elif e["name"] == "sched_process_fork" and a.get("child_comm"):
            comm[a["child_pid"]] = a["child_comm"]
        elif e["name"] == "sched_process_exec" and a.get("filename"):
            comm[a.get("pid", e["tid"])] = os.path.basename(a["filename"])[:15]
    print(f"target\t{data.get('otherData', {}).get('targetPid', -1)}")
    for tid in sorted(comm):
        pid = pid_of.get(tid)
        process = None
        if pid is not None:
            process = process_names.get(pid, thread_names.get((pid, pid)))
        print(f"{tid}\t{'-' if pid is None else pid}\t{marker(comm[tid], process)}")


if __name__ == "__main__":
    main(sys.argv[1])
