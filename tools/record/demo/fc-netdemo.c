/*
 * fc-netdemo: a client and a server over TCP, to test execution graphs and
 * critical paths that cross processes and hosts (Giraldeau 2015, sections
 * 4.3 and 5.3). The client blocks on each request; the server, per request:
 *   1. sleeps --sleep-ms (a TIMER wait),
 *   2. takes a mutex that its "holder" thread keeps for --hold-ms of CPU work
 *      (a wait on another thread, which then runs on the path),
 *   3. writes --write-kb to --io FILE and fsyncs it (a BLOCK_DEVICE wait;
 *      skipped without --io),
 *   4. answers.
 * Feature regions (VaRA USDT convention, as fc-demo): the client's
 * FR(Request) id 1 around each request, the server's FR(Handle) id 2.
 *
 *   fc-netdemo both [options]            server in a child process, client here
 *   fc-netdemo server --port P [options] one server, serving --requests requests
 *   fc-netdemo client --host ADDR --port P [options]
 * Options: --requests N (3), --sleep-ms N (20), --hold-ms N (30),
 *          --write-kb N (256), --io FILE, --port P (0: any, with both),
 *          --inject ID:NS: NS ns of CPU work (injected_work, injected-work.h) at the end
 *          of every FR(Request) (ID 1, the client) or FR(Handle) (ID 2, the server),
 *          a regression of known size for the comparison's calibration
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <sys/sdt.h>
#include "injected-work.h"

struct options {
    int requests, sleep_ms, hold_ms, write_kb, port;
    const char *host, *io_path;
    struct injection inject;
};

__attribute__((noinline)) static void vtrace_begin(uint64_t id, const char *name)
{
    DTRACE_PROBE2(vtrace, feature_begin, id, name);
}

__attribute__((noinline)) static void vtrace_end(uint64_t id, const char *name)
{
    DTRACE_PROBE2(vtrace, feature_end, id, name);
}

__attribute__((noinline)) static void vtrace_init(void)
{
    DTRACE_PROBE(vtrace, feature_init);
}

__attribute__((noinline)) static void vtrace_finalize(void)
{
    DTRACE_PROBE(vtrace, feature_finalize);
}

static void die(const char *what)
{
    fprintf(stderr, "fc-netdemo: %s: %s\n", what, strerror(errno));
    exit(1);
}

static long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1000L + t.tv_nsec / 1000000L;
}

static void sleep_ms(int ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000L };
    while (nanosleep(&t, &t) != 0 && errno == EINTR) {
    }
}

/* CPU work for about ms milliseconds; volatile so it is not optimised away. */
static void spin_ms(int ms)
{
    volatile uint64_t x = 0;
    long end = now_ms() + ms;
    while (now_ms() < end) {
        for (int i = 0; i < 10000; i++) {
            x += (uint64_t)i * 2654435761u;
        }
    }
}

static void write_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0) {
            if (errno == EINTR) {
                continue;
            }
            die("write");
        }
        buf += w;
        n -= (size_t)w;
    }
}

static int read_full(int fd, char *buf, size_t n)
{
    size_t got = 0;
    while (got < n) {
        ssize_t r = read(fd, buf + got, n - got);
        if (r == 0) {
            return 0;
        }
        if (r < 0) {
            if (errno == EINTR) {
                continue;
            }
            die("read");
        }
        got += (size_t)r;
    }
    return 1;
}

/* The holder thread: on each request, takes the lock and works while holding it. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t signal_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t signal_cond = PTHREAD_COND_INITIALIZER;
static int pending, held, stop;

static void *holder(void *arg)
{
    const struct options *o = arg;
    pthread_setname_np(pthread_self(), "holder");
    for (;;) {
        pthread_mutex_lock(&signal_lock);
        while (!pending && !stop) {
            pthread_cond_wait(&signal_cond, &signal_lock);
        }
        if (stop) {
            pthread_mutex_unlock(&signal_lock);
            return NULL;
        }
        pending = 0;
        pthread_mutex_lock(&lock);
        held = 1;
        pthread_cond_broadcast(&signal_cond);
        pthread_mutex_unlock(&signal_lock);
        spin_ms(o->hold_ms);
        pthread_mutex_unlock(&lock);
    }
}

static void handle(int conn, const struct options *o, char *block)
{
    char request[64], reply[64] = "done";
    while (read_full(conn, request, sizeof request)) {
        vtrace_begin(2, "FR(Handle)");
        /* Let the holder take the lock before the sleep, so the lock is held when we ask. */
        pthread_mutex_lock(&signal_lock);
        pending = 1;
        held = 0;
        pthread_cond_signal(&signal_cond);
        while (!held) {
            pthread_cond_wait(&signal_cond, &signal_lock);
        }
        pthread_mutex_unlock(&signal_lock);
        sleep_ms(o->sleep_ms);
        pthread_mutex_lock(&lock);
        pthread_mutex_unlock(&lock);
        if (o->io_path) {
            int fd = open(o->io_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd < 0) {
                die(o->io_path);
            }
            write_all(fd, block, (size_t)o->write_kb * 1024);
            if (fsync(fd) != 0) {
                die("fsync");
            }
            close(fd);
        }
        if (o->inject.region == 2) {
            injected_work(o->inject.ns);
        }
        vtrace_end(2, "FR(Handle)");
        write_all(conn, reply, sizeof reply);
    }
}

static int listen_on(int port)
{
    int s = socket(AF_INET, SOCK_STREAM, 0), one = 1;
    struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                             .sin_addr.s_addr = htonl(INADDR_ANY) };
    if (s < 0 || setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0
        || bind(s, (struct sockaddr *)&a, sizeof a) != 0 || listen(s, 1) != 0) {
        die("listen");
    }
    return s;
}

static int bound_port(int s)
{
    struct sockaddr_in a;
    socklen_t n = sizeof a;
    if (getsockname(s, (struct sockaddr *)&a, &n) != 0) {
        die("getsockname");
    }
    return ntohs(a.sin_port);
}

static void serve(int listener, const struct options *o)
{
    pthread_t t;
    char *block = malloc((size_t)o->write_kb * 1024 + 1);
    if (!block) {
        die("malloc");
    }
    memset(block, 'x', (size_t)o->write_kb * 1024);
    pthread_setname_np(pthread_self(), "server");
    if (pthread_create(&t, NULL, holder, (void *)o) != 0) {
        die("pthread_create");
    }
    int conn = accept(listener, NULL, NULL);
    if (conn < 0) {
        die("accept");
    }
    handle(conn, o, block);
    close(conn);
    pthread_mutex_lock(&signal_lock);
    stop = 1;
    pthread_cond_broadcast(&signal_cond);
    pthread_mutex_unlock(&signal_lock);
    pthread_join(t, NULL);
    free(block);
}

static void run_client(const struct options *o, const char *host, int port)
{
    struct addrinfo hints = { .ai_family = AF_INET, .ai_socktype = SOCK_STREAM }, *ai;
    char service[16], request[64] = "work", reply[64];
    snprintf(service, sizeof service, "%d", port);
    if (getaddrinfo(host, service, &hints, &ai) != 0) {
        fprintf(stderr, "fc-netdemo: cannot resolve %s\n", host);
        exit(1);
    }
    int s = -1;
    /* The server may still be starting: under its own recorder, which may take longer than the
     * client's to attach its probes on a loaded machine (NetworkPathRecordingTest starts both at
     * once), so the client tries for a minute. */
    for (int attempt = 0; attempt < 1200; attempt++) {
        s = socket(AF_INET, SOCK_STREAM, 0);
        if (s < 0) {
            die("socket");
        }
        if (connect(s, ai->ai_addr, ai->ai_addrlen) == 0) {
            break;
        }
        close(s);
        s = -1;
        sleep_ms(50);
    }
    freeaddrinfo(ai);
    if (s < 0) {
        die("connect");
    }
    for (int i = 0; i < o->requests; i++) {
        vtrace_begin(1, "FR(Request)");
        write_all(s, request, sizeof request);
        if (!read_full(s, reply, sizeof reply)) {
            fprintf(stderr, "fc-netdemo: the server closed the connection\n");
            exit(1);
        }
        if (o->inject.region == 1) {
            injected_work(o->inject.ns);
        }
        vtrace_end(1, "FR(Request)");
        sleep_ms(5);
    }
    close(s);
}

static int number(const char *text, const char *option)
{
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v < 0 || v > 1000000) {
        fprintf(stderr, "fc-netdemo: %s needs a number from 0 to 1000000, not '%s'\n", option, text);
        exit(2);
    }
    return (int)v;
}

int main(int argc, char **argv)
{
    struct options o = { 3, 20, 30, 256, 0, "127.0.0.1", NULL, { 0, 0 } };
    if (argc < 2) {
        fprintf(stderr, "usage: fc-netdemo both|server|client [options]\n");
        return 2;
    }
    const char *mode = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) {
            fprintf(stderr, "fc-netdemo: %s needs a value\n", a);
            return 2;
        }
        if (!strcmp(a, "--requests")) o.requests = number(v, a);
        else if (!strcmp(a, "--sleep-ms")) o.sleep_ms = number(v, a);
        else if (!strcmp(a, "--hold-ms")) o.hold_ms = number(v, a);
        else if (!strcmp(a, "--write-kb")) o.write_kb = number(v, a);
        else if (!strcmp(a, "--port")) o.port = number(v, a);
        else if (!strcmp(a, "--host")) o.host = v;
        else if (!strcmp(a, "--io")) o.io_path = v;
        else if (!strcmp(a, "--inject")) {
            o.inject = parse_injection("fc-netdemo", v);
            if (o.inject.region > 2) {
                fprintf(stderr, "fc-netdemo: --inject %d: no such region (1 FR(Request), 2 FR(Handle))\n", o.inject.region);
                return 2;
            }
        }
        else {
            fprintf(stderr, "fc-netdemo: unknown option %s\n", a);
            return 2;
        }
        i++;
    }
    vtrace_init();
    if (!strcmp(mode, "server")) {
        serve(listen_on(o.port), &o);
    } else if (!strcmp(mode, "client")) {
        run_client(&o, o.host, o.port);
    } else if (!strcmp(mode, "both")) {
        int listener = listen_on(o.port), port = bound_port(listener);
        pid_t child = fork();
        if (child < 0) {
            die("fork");
        }
        if (child == 0) {
            serve(listener, &o);
            _exit(0);
        }
        close(listener);
        pthread_setname_np(pthread_self(), "client");
        run_client(&o, "127.0.0.1", port);
        int status;
        waitpid(child, &status, 0);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "fc-netdemo: the server failed\n");
            return 1;
        }
    } else {
        fprintf(stderr, "fc-netdemo: unknown mode %s (both, server or client)\n", mode);
        return 2;
    }
    vtrace_finalize();
    return 0;
}
