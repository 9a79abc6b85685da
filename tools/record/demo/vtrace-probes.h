/*
 * VaRA's regular USDT probes (Kaufmann 2022, section 3.3) for the demo workloads, as is-enabled
 * probes: each probe has a SystemTap sdt.h semaphore, a counter in the program's data that the
 * tracer sets while the probe is attached, and the hook skips the probe site while it is zero.
 * fc-record --budget switches tracing off by writing zero to the semaphores of feature_begin and
 * feature_end and on again by restoring them, so that while tracing is off a region entry costs
 * the program a load and a branch instead of a uprobe trap (doc/recorder.md, "Overhead budget").
 * VaRA's own hooks have no semaphores ("Semaphore: 0" in their notes); with them fc-record keeps
 * the probes attached while off. Built with -DFC_NO_PROBES there is no probe at all.
 */
#ifndef VTRACE_PROBES_H
#define VTRACE_PROBES_H

#ifdef FC_RAW_PROBES
/* VaRA's raw variant (Kaufmann 2022, section 3.3.1): one probe per region entry and exit, the
 * region id in the probe's name (doc/recorder.md, "Raw probes"), inline nops with no semaphore. */
#include <sys/sdt.h>
#define REGION_BEGIN(id, name) DTRACE_PROBE1(vtrace, fr_begin_##id, name)
#define REGION_END(id, name) DTRACE_PROBE1(vtrace, fr_end_##id, name)
#define VTRACE_INIT() DTRACE_PROBE(vtrace, feature_init)
#define VTRACE_FINALIZE() DTRACE_PROBE(vtrace, feature_finalize)
#else

#ifndef FC_NO_PROBES
#define _SDT_HAS_SEMAPHORES 1
#endif
#include <sys/sdt.h>

#ifdef FC_NO_PROBES
#undef DTRACE_PROBE
#undef DTRACE_PROBE2
#define DTRACE_PROBE(p, n) do { } while (0)
#define DTRACE_PROBE2(p, n, a, b) do { (void)(a); (void)(b); } while (0)
#define VTRACE_ENABLED(name) 0
#else
/* sdt.h names a probe's semaphore <provider>_<name>_semaphore and places it in .probes. */
#define VTRACE_SEMAPHORE(name) \
    unsigned short vtrace_##name##_semaphore __attribute__((unused, section(".probes")))
VTRACE_SEMAPHORE(feature_init);
VTRACE_SEMAPHORE(feature_finalize);
VTRACE_SEMAPHORE(feature_begin);
VTRACE_SEMAPHORE(feature_end);
#define VTRACE_ENABLED(name) __builtin_expect(vtrace_##name##_semaphore != 0, 0)
#endif

/* VaRA calls hook functions at region entry and exit; the probe sits inside them, so the regular
 * variant has one probe site per kind (not inlined). */
__attribute__((noinline)) static void vtrace_begin(uint64_t id, const char *name)
{
    if (VTRACE_ENABLED(feature_begin))
        DTRACE_PROBE2(vtrace, feature_begin, id, name);
    __asm__ volatile("" ::: "memory");
}

__attribute__((noinline)) static void vtrace_end(uint64_t id, const char *name)
{
    if (VTRACE_ENABLED(feature_end))
        DTRACE_PROBE2(vtrace, feature_end, id, name);
    __asm__ volatile("" ::: "memory");
}

#define VTRACE_INIT() DTRACE_PROBE(vtrace, feature_init)
#define VTRACE_FINALIZE() DTRACE_PROBE(vtrace, feature_finalize)
#define REGION_BEGIN(id, name) vtrace_begin(id, name)
#define REGION_END(id, name) vtrace_end(id, name)

#endif /* FC_RAW_PROBES */
#endif
