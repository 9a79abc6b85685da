/*
 * An injected regression of known size for the calibration of the comparison (doc/benchmarks.md,
 * "Calibration on real recordings"): `--inject ID:NS` makes every instance of the demo's region ID
 * do NS more nanoseconds of CPU work, in the function injected_work, before the region ends. The
 * amount is measured on the calling thread's CPU clock (CLOCK_THREAD_CPUTIME_ID), not counted in
 * loop rounds, so that it is the same on a loaded machine, on a faster one and whatever the
 * frequency: the region's running time grows by NS, its wall-clock time by NS plus whatever
 * preemption the longer region meets. Without the option nothing is called.
 */
#ifndef INJECTED_WORK_H
#define INJECTED_WORK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct injection {
    int region;       /* region id, 0 = none */
    long long ns;     /* CPU time added per instance */
};

static long long thread_cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* Spins until this thread has used ns more CPU time. A round of 256 steps between two clock reads
 * (a system call, about 0.1-0.3 us) keeps the overshoot below a microsecond. */
__attribute__((noinline)) static void injected_work(long long ns)
{
    volatile uint32_t h = 0;
    long long end = thread_cpu_ns() + ns;
    do {
        for (int i = 0; i < 256; i++)
            h = h * 1664525u + 1013904223u;
    } while (thread_cpu_ns() < end);
}

/* Reads ID:NS (NS in 1..10^10, i.e. up to 10 s a region instance); exits 2 with the text on error. */
static struct injection parse_injection(const char *program, const char *text)
{
    char *colon, *end = NULL;
    long id = strtol(text, &colon, 10);
    long long ns = 0;
    if (colon != text && *colon == ':' && colon[1] != '\0')
        ns = strtoll(colon + 1, &end, 10);
    if (end == NULL || *end != '\0' || id < 1 || id > 1000 || ns < 1 || ns > 10000000000LL) {
        fprintf(stderr, "%s: --inject expects REGION_ID:NS (a region id and 1..10000000000 ns), got '%s'\n",
                program, text);
        exit(2);
    }
    return (struct injection){ (int)id, ns };
}

#endif
