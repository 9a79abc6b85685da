package org.featurecompass.benchmarks.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * The plain-text TSDL {@code metadata} of a CTF 1.8 trace whose stream files {@link CtfStreamFile}
 * writes, as LTTng declares it: the trace's packet header, the environment, a 1 GHz
 * {@code monotonic} clock, the packet context and {@code event_header_compact} of
 * {@link CtfStreamFile}, stream 0 (with an optional event context), then the events. The one
 * place these declarations are written, so that every writer's metadata matches the packets
 * {@link CtfStreamFile} writes ({@link KernelCtfWriter}, {@code UstCtfWriter}).
 */
public final class CtfMetadata {

    private final UUID fUuid;
    private final long fClockOffsetNs;
    private final List<String> fEnvironment = new ArrayList<>();
    private final List<String> fEventContext = new ArrayList<>();
    private final StringBuilder fEvents = new StringBuilder();
    private UUID fClockUuid;

    /**
     * @param uuid the trace's UUID (that of the packet headers)
     * @param clockOffsetNs the clock's offset from the epoch, ns
     */
    public CtfMetadata(UUID uuid, long clockOffsetNs) {
        fUuid = uuid;
        fClockOffsetNs = clockOffsetNs;
    }

    /**
     * @param key an entry of the {@code env} block
     * @param value its text (quoted in the TSDL)
     * @return this
     */
    public CtfMetadata env(String key, String value) {
        fEnvironment.add(key + " = \"" + value + "\";"); //$NON-NLS-1$ //$NON-NLS-2$
        return this;
    }

    /**
     * @param key an entry of the {@code env} block
     * @param value its integer value
     * @return this
     */
    public CtfMetadata env(String key, long value) {
        fEnvironment.add(key + " = " + value + ';'); //$NON-NLS-1$
        return this;
    }

    /**
     * @param clockUuid the clock's {@code uuid} (LTTng sets the host's boot id; Trace Compass takes
     *            it as the trace's host id), or {@code null} for none
     * @return this
     */
    public CtfMetadata clockUuid(UUID clockUuid) {
        fClockUuid = clockUuid;
        return this;
    }

    /**
     * @param fields the TSDL of the fields of stream 0's event context, which every event has
     *            between its header and its own fields
     * @return this
     */
    public CtfMetadata eventContext(String... fields) {
        fEventContext.addAll(List.of(fields));
        return this;
    }

    /**
     * Declares an event of stream 0.
     *
     * @param name its name
     * @param id its id (that given to {@link CtfStreamFile#event})
     * @param fields the TSDL of its fields, in order
     * @return this
     */
    public CtfMetadata event(String name, int id, String... fields) {
        return event(name, id, null, fields);
    }

    /**
     * Declares an event of stream 0 with a log level, as LTTng-UST does.
     *
     * @param name its name
     * @param id its id (that given to {@link CtfStreamFile#event})
     * @param logLevel its {@code loglevel}
     * @param fields the TSDL of its fields, in order
     * @return this
     */
    public CtfMetadata event(String name, int id, int logLevel, String... fields) {
        return event(name, id, Integer.valueOf(logLevel), fields);
    }

    private CtfMetadata event(String name, int id, Integer logLevel, String[] fields) {
        fEvents.append("event {\n\tname = \"").append(name).append("\";\n\tid = ").append(id) //$NON-NLS-1$ //$NON-NLS-2$
                .append(";\n\tstream_id = 0;\n"); //$NON-NLS-1$
        if (logLevel != null) {
            fEvents.append("\tloglevel = ").append(logLevel).append(";\n"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        fEvents.append("\tfields := struct {\n"); //$NON-NLS-1$
        for (String field : fields) {
            fEvents.append("\t\t").append(field).append('\n'); //$NON-NLS-1$
        }
        fEvents.append("\t};\n};\n\n"); //$NON-NLS-1$
        return this;
    }

    /** @return the TSDL of a signed 32-bit decimal field {@code _name} */
    public static String i32(String name) {
        return "integer { size = 32; align = 8; signed = 1; encoding = none; base = 10; } _" + name + ';'; //$NON-NLS-1$
    }

    /** @return the TSDL of an unsigned 32-bit decimal field {@code _name} */
    public static String u32(String name) {
        return "integer { size = 32; align = 8; signed = 0; encoding = none; base = 10; } _" + name + ';'; //$NON-NLS-1$
    }

    /** @return the TSDL of a signed 64-bit decimal field {@code _name} */
    public static String i64(String name) {
        return "integer { size = 64; align = 8; signed = 1; encoding = none; base = 10; } _" + name + ';'; //$NON-NLS-1$
    }

    /** @return the TSDL of an unsigned 64-bit hexadecimal field {@code _name} (an address) */
    public static String hex64(String name) {
        return "integer { size = 64; align = 8; signed = 0; encoding = none; base = 16; } _" + name + ';'; //$NON-NLS-1$
    }

    /**
     * @return the TSDL of a NUL-padded text field {@code _name[bytes]} of UTF-8 bytes, signed
     *         characters or unsigned as the tracer declares them
     */
    public static String text(String name, boolean signed, int bytes) {
        return "integer { size = 8; align = 8; signed = " + (signed ? 1 : 0) + "; encoding = UTF8; base = 10; } _" + name //$NON-NLS-1$ //$NON-NLS-2$
                + '[' + bytes + "];"; //$NON-NLS-1$
    }

    /** @return the metadata file's text */
    @Override
    public String toString() {
        StringBuilder tsdl = new StringBuilder();
        tsdl.append("""
                /* CTF 1.8 */

                typealias integer { size = 8; align = 8; signed = false; } := uint8_t;
                typealias integer { size = 32; align = 8; signed = false; } := uint32_t;
                typealias integer { size = 64; align = 8; signed = false; } := uint64_t;
                typealias integer { size = 64; align = 8; signed = false; } := unsigned long;
                typealias integer { size = 5; align = 1; signed = false; } := uint5_t;

                trace {
                	major = 1;
                	minor = 8;
                	uuid = "%s";
                	byte_order = le;
                	packet.header := struct {
                		uint32_t magic;
                		uint8_t  uuid[16];
                		uint32_t stream_id;
                		uint64_t stream_instance_id;
                	};
                };

                env {
                """.formatted(fUuid));
        for (String entry : fEnvironment) {
            tsdl.append('\t').append(entry).append('\n');
        }
        tsdl.append("""
                };

                clock {
                	name = "monotonic";
                %s	description = "Monotonic Clock";
                	freq = 1000000000; /* Frequency, in Hz */
                	offset = %d;
                };

                typealias integer {
                	size = 27; align = 1; signed = false;
                	map = clock.monotonic.value;
                } := uint27_clock_monotonic_t;

                typealias integer {
                	size = 64; align = 8; signed = false;
                	map = clock.monotonic.value;
                } := uint64_clock_monotonic_t;

                struct packet_context {
                	uint64_clock_monotonic_t timestamp_begin;
                	uint64_clock_monotonic_t timestamp_end;
                	uint64_t content_size;
                	uint64_t packet_size;
                	uint64_t packet_seq_num;
                	unsigned long events_discarded;
                	uint32_t cpu_id;
                };

                struct event_header_compact {
                	enum : uint5_t { compact = 0 ... 30, extended = 31 } id;
                	variant <id> {
                		struct {
                			uint27_clock_monotonic_t timestamp;
                		} compact;
                		struct {
                			uint32_t id;
                			uint64_clock_monotonic_t timestamp;
                		} extended;
                	} v;
                } align(8);

                stream {
                	id = 0;
                	event.header := struct event_header_compact;
                	packet.context := struct packet_context;
                """.formatted(fClockUuid == null ? "" : "\tuuid = \"" + fClockUuid + "\";\n", fClockOffsetNs)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        if (!fEventContext.isEmpty()) {
            tsdl.append("\tevent.context := struct {\n"); //$NON-NLS-1$
            for (String field : fEventContext) {
                tsdl.append("\t\t").append(field).append('\n'); //$NON-NLS-1$
            }
            tsdl.append("\t};\n"); //$NON-NLS-1$
        }
        tsdl.append("};\n\n").append(fEvents); //$NON-NLS-1$
        return tsdl.toString();
    }
}
