/*
 * fc-demo: a small configurable program with VaRA-style USDT feature-region
 * probes, used to test the Feature Compass recorder and readers.
 *
 * Probes follow VaRA's USDT convention (Kaufmann 2022, section 3.3):
 *   vtrace:feature_init / vtrace:feature_finalize   start and end of main (Base, id 0)
 *   vtrace:feature_begin(uint64 id, char *name)      region entry
 *   vtrace:feature_end(uint64 id, char *name)        region exit
 * Built with -DFC_RAW_PROBES, every region gets its own probe pair instead,
 * vtrace:fr_begin_<id>(char *name) / vtrace:fr_end_<id>(char *name), like
 * VaRA's "raw" variant, so regions can be switched on one by one. Built with
 * -DFC_NO_PROBES it has no probes at all (the overhead benchmarks' dry run). The regular
 * probes have semaphores (vtrace-probes.h), which fc-record --budget uses to switch them off.
 *
 * Work per item (item i goes to worker i % threads, so counts are exact):
 *   FR(Compression)              id 1  if --compress
 *     FR(Compression,Encryption) id 3  nested in id 1, if --compress --encrypt
 *   FR(Encryption)               id 2  if --encrypt
 *     FR(Compression)            id 4  nested in id 2, if the item was compressed:
 *                                      a region of A inside a region of B
 *                                      (the thesis's implicit interaction R4)
 *   FR(Recursion)                id 7  if --recursion D: D levels nested in each other
 *                                      per item, a region nested in itself
 *   FR(IO)                       id 6  writer thread: write + fsync, if --io FILE
 *   FR(Threads)                  id 5  main: create + join workers, if --threads > 1
 * Workers hand items to the writer through a one-slot queue (mutex + condvar),
 * so they wait on the writer, and the writer waits on the disk.
 * --inject ID:NS adds NS ns of CPU work (injected_work, injected-work.h) at the end of every
 * instance of the per-item region ID (1, 2, 3, 4 or 7): a regression of known size for the
 * comparison's calibration. Without it the program does what it did before the option existed.
 */
#define _GNU_SOURCE /* pthread_setname_np */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define ITEM_SIZE 4096

/* Raw probes with -DFC_RAW_PROBES, regular ones with semaphores, or none with -DFC_NO_PROBES. */
#include "vtrace-probes.h"
#include "injected-work.h"

struct options {
    int compress, encrypt, threads, iterations, work, recursion;
    const char *io_path;
    struct injection inject;
};

static struct options opt = { 0, 0, 1, 8, 200, 0, NULL, { 0, 0 } };

/* The injected work, in the region it was asked for (see the header comment). */
static inline void inject(int region)
{
    if (opt.inject.region == region)
        injected_work(opt.inject.ns);
}

/* One-slot hand-off from workers to the writer thread. */
static pthread_mutex_t slot_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t slot_changed = PTHREAD_COND_INITIALIZER;
static unsigned char slot[ITEM_SIZE];
static int slot_full, items_written;
static int io_fd = -1;

/* Deterministic CPU work standing in for a codec: `rounds` passes over the item. */
static uint32_t churn(unsigned char *buf, int rounds, uint32_t seed)
{
    uint32_t h = seed;
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < ITEM_SIZE; i++) {
            h = h * 1664525u + 1013904223u + buf[i];
            buf[i] = (unsigned char)(h >> 24);
        }
    return h;
}

static void hand_to_writer(const unsigned char *buf)
{
    pthread_mutex_lock(&slot_lock);
    while (slot_full)
        pthread_cond_wait(&slot_changed, &slot_lock);
    memcpy(slot, buf, ITEM_SIZE);
    slot_full = 1;
    pthread_cond_broadcast(&slot_changed);
    pthread_mutex_unlock(&slot_lock);
}

static void *writer_main(void *unused)
{
    (void)unused;
    unsigned char buf[ITEM_SIZE];
    pthread_setname_np(pthread_self(), "fc-writer");
    for (int n = 0; n < opt.iterations; n++) {
        pthread_mutex_lock(&slot_lock);
        while (!slot_full)
            pthread_cond_wait(&slot_changed, &slot_lock);
        memcpy(buf, slot, ITEM_SIZE);
        slot_full = 0;
        pthread_cond_broadcast(&slot_changed);
        pthread_mutex_unlock(&slot_lock);

        REGION_BEGIN(6, "FR(IO)");
        if (write(io_fd, buf, ITEM_SIZE) != ITEM_SIZE || fsync(io_fd) != 0) {
            perror("fc-demo: write/fsync");
            exit(1);
        }
        REGION_END(6, "FR(IO)");
        items_written++;
    }
    return NULL;
}

/* FR(Recursion) nested `level` deep, with work at every level. */
static uint32_t recurse(unsigned char *buf, int level, uint32_t h)
{
    REGION_BEGIN(7, "FR(Recursion)");
    h = churn(buf, opt.work / 4, h);
    if (level > 1)
        h = recurse(buf, level - 1, h);
    inject(7);
    REGION_END(7, "FR(Recursion)");
    return h;
}

static uint32_t process_item(int item)
{
    unsigned char buf[ITEM_SIZE];
    uint32_t h = (uint32_t)item;
    int compressed = 0;
    memset(buf, item, sizeof buf);

    if (opt.compress) {
        REGION_BEGIN(1, "FR(Compression)");
        h = churn(buf, opt.work, h);
        compressed = 1;
        if (opt.encrypt) {
            REGION_BEGIN(3, "FR(Compression,Encryption)");
            h = churn(buf, opt.work / 2, h);
            inject(3);
            REGION_END(3, "FR(Compression,Encryption)");
        }
        inject(1);
        REGION_END(1, "FR(Compression)");
    }
    if (opt.encrypt) {
        REGION_BEGIN(2, "FR(Encryption)");
        h = churn(buf, opt.work, h);
        if (compressed) {
            REGION_BEGIN(4, "FR(Compression)");
            h = churn(buf, opt.work / 4, h);
            inject(4);
            REGION_END(4, "FR(Compression)");
        }
        inject(2);
        REGION_END(2, "FR(Encryption)");
    }
    if (opt.recursion)
        h = recurse(buf, opt.recursion, h);
    if (opt.io_path)
        hand_to_writer(buf);
    return h;
}

struct worker {
    pthread_t thread;
    int index;
    uint32_t checksum;
};

static void *worker_main(void *arg)
{
    struct worker *w = arg;
    char name[16];
    snprintf(name, sizeof name, "fc-worker-%d", w->index);
    pthread_setname_np(pthread_self(), name);
    for (int item = w->index; item < opt.iterations; item += opt.threads)
        w->checksum ^= process_item(item);
    return NULL;
}

/* CPU time of all the process's threads, user and system: the probes' traps and BPF programs run
 * in the threads' context and count as system time, whatever else runs on the machine. */
static long long cpu_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void usage(void)
{
    fprintf(stderr, "usage: fc-demo [--compress] [--encrypt] [--threads N] [--io FILE]\n"
                    "               [--iterations N] [--work ROUNDS] [--recursion DEPTH]\n"
                    "               [--inject REGION_ID:NS]\n");
    exit(2);
}

static int positive(const char *s)
{
    char *end;
    long v = strtol(s, &end, 10);
    if (*s == '\0' || *end != '\0' || v < 1 || v > 1000000) {
        fprintf(stderr, "fc-demo: expected a number in 1..1000000, got '%s'\n", s);
        exit(2);
    }
    return (int)v;
}

static void parse(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (!strcmp(a, "--compress"))
            opt.compress = 1;
        else if (!strcmp(a, "--encrypt"))
            opt.encrypt = 1;
        else if (!strcmp(a, "--threads") && has_value)
            opt.threads = positive(argv[++i]);
        else if (!strcmp(a, "--iterations") && has_value)
            opt.iterations = positive(argv[++i]);
        else if (!strcmp(a, "--work") && has_value)
            opt.work = positive(argv[++i]);
        else if (!strcmp(a, "--recursion") && has_value)
            opt.recursion = positive(argv[++i]);
        else if (!strcmp(a, "--io") && has_value)
            opt.io_path = argv[++i];
        else if (!strcmp(a, "--inject") && has_value)
            opt.inject = parse_injection("fc-demo", argv[++i]);
        else {
            fprintf(stderr, "fc-demo: unknown or incomplete option '%s'\n", a);
            usage();
        }
    }
    /* The region must be one this configuration enters, or the option would change nothing. */
    int r = opt.inject.region, both = opt.compress && opt.encrypt;
    if (r && !((r == 1 && opt.compress) || (r == 2 && opt.encrypt) || ((r == 3 || r == 4) && both)
               || (r == 7 && opt.recursion))) {
        fprintf(stderr, "fc-demo: --inject %d: no such region in this configuration (1 needs --compress, 2 --encrypt, "
                        "3 and 4 both, 7 --recursion)\n", r);
        exit(2);
    }
}

int main(int argc, char **argv)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    VTRACE_INIT();
    parse(argc, argv);

    pthread_t writer;
    if (opt.io_path) {
        io_fd = open(opt.io_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (io_fd < 0) {
            fprintf(stderr, "fc-demo: cannot open %s: %s\n", opt.io_path, strerror(errno));
            return 1;
        }
        pthread_create(&writer, NULL, writer_main, NULL);
    }

    struct worker *workers = calloc((size_t)opt.threads, sizeof *workers);
    if (opt.threads > 1)
        REGION_BEGIN(5, "FR(Threads)");
    for (int t = 0; t < opt.threads; t++) {
        workers[t].index = t;
        if (pthread_create(&workers[t].thread, NULL, worker_main, &workers[t]) != 0) {
            fprintf(stderr, "fc-demo: cannot create thread %d\n", t);
            return 1;
        }
    }
    uint32_t checksum = 0;
    for (int t = 0; t < opt.threads; t++) {
        pthread_join(workers[t].thread, NULL);
        checksum ^= workers[t].checksum;
    }
    if (opt.threads > 1)
        REGION_END(5, "FR(Threads)");

    if (opt.io_path) {
        pthread_join(writer, NULL);
        close(io_fd);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    /* The run's own time, so that benchmarks can tell probe costs from the recorder's start-up. */
    printf("fc-demo: %d items, %d written, checksum %08x, in %lld ns, cpu %lld ns\n", opt.iterations,
           items_written, checksum, (t1.tv_sec - t0.tv_sec) * 1000000000LL + (t1.tv_nsec - t0.tv_nsec),
           cpu_ns());
    free(workers);
    VTRACE_FINALIZE();
    return 0;
}
