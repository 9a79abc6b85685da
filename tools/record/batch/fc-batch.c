/*
 * fc-batch.so: preloaded into bpftrace by fc-record, so that the BPF programs' output records
 * (printf, one per event) no longer cost one interrupt each.
 *
 * bpftrace 0.17 opens one perf ring buffer per CPU for its output (through libbcc's
 * bpf_open_perf_buffer) with wakeup_events = 1: the kernel wakes the reader after every record,
 * and raises that wake-up from inside the BPF program as an irq_work self-interrupt, which on
 * this VM costs the traced program about 8 us per event (doc/benchmarks.md, bench-printf.sh).
 * bpftrace has no option for it. This library intercepts:
 *   - syscall(SYS_perf_event_open) of a BPF output buffer (PERF_COUNT_SW_BPF_OUTPUT) with
 *     wakeup_events 1: opened with wakeup_events = FC_WAKEUP_EVENTS (default 64) instead, so one
 *     interrupt wakes the reader for that many records;
 *   - mmap of such a buffer: its address, to see whether it holds unread records;
 *   - epoll_ctl/epoll_wait on them: bpftrace reads a buffer only when epoll reports it, and a
 *     buffer holding fewer records than wakeup_events is never reported. Every return of
 *     epoll_wait (bpftrace waits at most 100 ms) adds each buffer that holds unread records
 *     (data_head != data_tail in its control page), so records wait at most one poll and the
 *     final drain reads them all (bpftrace drains until epoll reports nothing).
 * With FC_WAKEUP_EVENTS=1 nothing is changed. The variable LD_PRELOAD is removed at load, so the
 * command bpftrace starts does not inherit the library.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <linux/perf_event.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/types.h>

#define MAX_BUFFERS 4096

struct buffer {
    int fd, epfd;
    uint64_t data; /* the epoll data bpftrace registered (its perf_reader) */
    struct perf_event_mmap_page *page;
};

static struct buffer buffers[MAX_BUFFERS];
static int nbuffers;
static unsigned wakeup_events = 64;

static long (*real_syscall)(long, ...);
static void *(*real_mmap)(void *, size_t, int, int, int, off_t);
static int (*real_epoll_ctl)(int, int, int, struct epoll_event *);
static int (*real_epoll_wait)(int, struct epoll_event *, int, int);

__attribute__((constructor)) static void init(void)
{
    real_syscall = (long (*)(long, ...))dlsym(RTLD_NEXT, "syscall");
    real_mmap = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
    real_epoll_ctl = (int (*)(int, int, int, struct epoll_event *))dlsym(RTLD_NEXT, "epoll_ctl");
    real_epoll_wait = (int (*)(int, struct epoll_event *, int, int))dlsym(RTLD_NEXT, "epoll_wait");
    const char *n = getenv("FC_WAKEUP_EVENTS");
    if (n && atoi(n) > 0)
        wakeup_events = (unsigned)atoi(n);
    unsetenv("LD_PRELOAD");
}

static struct buffer *find(int fd)
{
    for (int i = 0; i < nbuffers; i++)
        if (buffers[i].fd == fd)
            return &buffers[i];
    return NULL;
}

long syscall(long number, ...)
{
    va_list ap;
    va_start(ap, number);
    long a1 = va_arg(ap, long), a2 = va_arg(ap, long), a3 = va_arg(ap, long);
    long a4 = va_arg(ap, long), a5 = va_arg(ap, long), a6 = va_arg(ap, long);
    va_end(ap);
    struct perf_event_attr *attr = (struct perf_event_attr *)a1;
    if (number != SYS_perf_event_open || !attr || wakeup_events <= 1 || attr->type != PERF_TYPE_SOFTWARE
        || attr->config != PERF_COUNT_SW_BPF_OUTPUT || attr->watermark || attr->wakeup_events != 1
        || nbuffers == MAX_BUFFERS)
        return real_syscall(number, a1, a2, a3, a4, a5, a6);
    attr->wakeup_events = wakeup_events;
    long fd = real_syscall(number, a1, a2, a3, a4, a5, a6);
    attr->wakeup_events = 1;
    if (fd >= 0)
        buffers[nbuffers++] = (struct buffer){ .fd = (int)fd, .epfd = -1 };
    return fd;
}

void *mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset)
{
    void *p = real_mmap(addr, length, prot, flags, fd, offset);
    struct buffer *b = fd >= 0 && p != MAP_FAILED && offset == 0 ? find(fd) : NULL;
    if (b)
        b->page = p;
    return p;
}

int epoll_ctl(int epfd, int op, int fd, struct epoll_event *event)
{
    int r = real_epoll_ctl(epfd, op, fd, event);
    struct buffer *b = r == 0 ? find(fd) : NULL;
    if (b && op == EPOLL_CTL_ADD && event) {
        b->epfd = epfd;
        b->data = event->data.u64;
    } else if (b && op == EPOLL_CTL_DEL) {
        b->epfd = -1;
    }
    return r;
}

int epoll_wait(int epfd, struct epoll_event *events, int maxevents, int timeout)
{
    int n = real_epoll_wait(epfd, events, maxevents, timeout);
    if (n < 0)
        return n;
    for (int i = 0; i < nbuffers && n < maxevents; i++) {
        struct buffer *b = &buffers[i];
        if (b->epfd != epfd || !b->page)
            continue;
        uint64_t head = __atomic_load_n(&b->page->data_head, __ATOMIC_ACQUIRE);
        if (head == b->page->data_tail)
            continue;
        int reported = 0;
        for (int j = 0; j < n && !reported; j++)
            reported = events[j].data.u64 == b->data;
        if (!reported) {
            events[n].events = EPOLLIN;
            events[n].data.u64 = b->data;
            n++;
        }
    }
    return n;
}
