/*
 * fc-busyloop: the stress test of the recorder's overhead benchmarks, of the kind of Kaufmann
 * 2022's SimpleBusyLoop (section 4.1): one feature region, FR(BusyLoop) id 1, entered once per
 * iteration around a short busy loop, so region events are as frequent as the work allows.
 *
 *   fc-busyloop [--iterations N] [--work ROUNDS] [--progress FILE]
 *
 * Each iteration runs ROUNDS (default 1000) steps of an LCG inside the region; the loop's own
 * CLOCK_MONOTONIC time is printed, so probe costs can be told from the recorder's start-up. Probes are VaRA's
 * regular USDT ones (vtrace:feature_begin/end inside not-inlined hook functions, plus
 * feature_init/finalize), with semaphores (vtrace-probes.h); built with -DFC_NO_PROBES the hooks
 * are empty (the "dry" run). Built with -DFC_RAW_PROBES (fc-busyloop-raw) the region has VaRA's
 * raw probes instead, vtrace:fr_begin_1/fr_end_1(char *name): a nop at the region's entry and
 * exit, inline, whose addresses bound the loop (fc-record --sample --attribution ranges).
 * --progress FILE keeps the number of iterations done in FILE (one fixed-width line, rewritten
 * about every million LCG steps, that is every 2^20 / ROUNDS iterations, about 1 ms): the
 * throughput metric of fc-record --budget-metric.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <fcntl.h>
#include <unistd.h>
/* Raw probes with -DFC_RAW_PROBES, regular ones with semaphores, or none with -DFC_NO_PROBES. */
#include "vtrace-probes.h"

/* CPU time of all the process's threads, user and system: the probes' traps and BPF programs run
 * in the threads' context and count as system time, whatever else runs on the machine. */
static long long cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static long number(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < 1) {
        fprintf(stderr, "fc-busyloop: expected a positive number, got '%s'\n", s);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    long iterations = 1000000, work = 1000;
    const char *progress = NULL;
    VTRACE_INIT();
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
            iterations = number(argv[++i]);
        else if (!strcmp(argv[i], "--work") && i + 1 < argc)
            work = number(argv[++i]);
        else if (!strcmp(argv[i], "--progress") && i + 1 < argc)
            progress = argv[++i];
        else {
            fprintf(stderr, "usage: fc-busyloop [--iterations N] [--work ROUNDS] [--progress FILE]\n");
            return 2;
        }
    }
    int progress_fd = -1;
    if (progress && (progress_fd = open(progress, O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) {
        perror(progress);
        return 1;
    }
    long every = work >= (1L << 20) ? 1 : (1L << 20) / work;
    volatile uint32_t h = 1;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long i = 0; i < iterations; i++) {
        REGION_BEGIN(1, "FR(BusyLoop)");
        uint32_t x = h;
        for (long r = 0; r < work; r++)
            x = x * 1664525u + 1013904223u;
        h = x;
        REGION_END(1, "FR(BusyLoop)");
        if (progress_fd >= 0 && (i + 1) % every == 0) {
            char line[24];
            int n = snprintf(line, sizeof line, "%20ld\n", i + 1);
            if (pwrite(progress_fd, line, (size_t)n, 0) != n)
                perror(progress);
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long long ns = (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec);
    printf("fc-busyloop: %ld iterations in %lld ns, cpu %lld ns, %08x\n", iterations, ns, cpu_ns(), (unsigned)h);
    VTRACE_FINALIZE();
    return 0;
}
