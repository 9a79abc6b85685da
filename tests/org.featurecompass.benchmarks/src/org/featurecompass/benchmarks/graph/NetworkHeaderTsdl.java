package org.featurecompass.benchmarks.graph;

/**
 * The TSDL of the fields of LTTng-modules 2.9's {@code net_dev_template} events
 * ({@code net_dev_queue}, {@code net_if_receive_skb}, {@code net_if_rx}), as LTTng writes its
 * metadata on x86 (byte alignment, {@code byte_order = be} on the header fields): the socket
 * buffer's address, length and device, then the {@code network_header_type} enumeration and the
 * {@code network_header} variant it selects (IPv4 or IPv6 header, each with its
 * {@code transport_header} variant, selected by the {@code protocol} or {@code nexthdr}
 * enumeration: the TCP header or nothing). The layout follows the declarations of LTTng-modules'
 * {@code instrumentation/events/lttng-module/net.h} (tag v2.9.0); Trace Compass's
 * {@code Lttng29EventLayout} reads the TCP header at
 * {@code network_header/Any/transport_header/tcp/seq}.
 */
final class NetworkHeaderTsdl {

    /** The field declarations, one per line, in event order. */
    static final String[] FIELDS = {
            "integer { size = 64; align = 8; signed = 0; encoding = none; base = 16; } _skbaddr;", //$NON-NLS-1$
            "integer { size = 32; align = 8; signed = 0; encoding = none; base = 10; } _len;", //$NON-NLS-1$
            "string _name;", //$NON-NLS-1$
            "enum : integer { size = 8; align = 8; signed = 0; encoding = none; base = 10; } { \"_unknown\" = 0, \"_ipv4\" = 1, \"_ipv6\" = 2, } _network_header_type;", //$NON-NLS-1$
            "variant <_network_header_type> {\n" //$NON-NLS-1$
                    + "\t\t\tstruct {\n\t\t\t} _unknown;\n" //$NON-NLS-1$
                    + "\t\t\tstruct {\n" //$NON-NLS-1$
                    + be(4, 4, 10, "version") + be(4, 4, 10, "ihl") + be(8, 8, 10, "tos") + be(16, 8, 10, "tot_len") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    + be(16, 8, 16, "id") + be(16, 8, 10, "frag_off") + be(8, 8, 10, "ttl") + transportEnum("protocol") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    + be(16, 8, 16, "checksum") + beArray(8, 10, "saddr", 4) + beArray(8, 10, "daddr", 4) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    + transportVariant("protocol") //$NON-NLS-1$
                    + "\t\t\t} _ipv4;\n" //$NON-NLS-1$
                    + "\t\t\tstruct {\n" //$NON-NLS-1$
                    + be(4, 4, 10, "version") + be(4, 4, 10, "prio") + beArray(8, 16, "flow_lbl", 3) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    + be(16, 8, 10, "payload_len") + transportEnum("nexthdr") + be(8, 8, 10, "hop_limit") //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    + beArray(16, 16, "saddr", 8) + beArray(16, 16, "daddr", 8) //$NON-NLS-1$ //$NON-NLS-2$
                    + transportVariant("nexthdr") //$NON-NLS-1$
                    + "\t\t\t} _ipv6;\n" //$NON-NLS-1$
                    + "\t\t} _network_header;" //$NON-NLS-1$
    };

    private NetworkHeaderTsdl() {
    }

    /** A big-endian integer field of the headers. */
    private static String be(int size, int align, int base, String name) {
        return "\t\t\t\tinteger { size = " + size + "; align = " + align + "; signed = 0; encoding = none; base = " + base //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + "; byte_order = be; } _" + name + ";\n"; //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** An array of big-endian integers, after the empty aligned struct LTTng declares before arrays. */
    private static String beArray(int size, int base, String name, int length) {
        return "\t\t\t\tstruct { } align(8) _" + name + "_padding;\n" //$NON-NLS-1$ //$NON-NLS-2$
                + "\t\t\t\tinteger { size = " + size + "; align = 8; signed = 0; encoding = none; base = " + base //$NON-NLS-1$ //$NON-NLS-2$
                + "; byte_order = be; } _" + name + '[' + length + "];\n"; //$NON-NLS-1$
    }

    /** The IP protocol number as LTTng's {@code transport_header_type} enumeration: 6 is TCP. */
    private static String transportEnum(String name) {
        return "\t\t\t\tenum : integer { size = 8; align = 8; signed = 0; encoding = none; base = 10; byte_order = be; } {" //$NON-NLS-1$
                + " \"_unknown\" = 0 ... 5, \"_tcp\" = 6, \"_unknown\" = 7 ... 255, } _" + name + ";\n"; //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** The transport header selected by the protocol enumeration {@code tag}: the TCP header or nothing. */
    private static String transportVariant(String tag) {
        return "\t\t\t\tvariant <_" + tag + "> {\n" //$NON-NLS-1$ //$NON-NLS-2$
                + "\t\t\t\t\tstruct {\n\t\t\t\t\t} _unknown;\n" //$NON-NLS-1$
                + "\t\t\t\t\tstruct {\n" //$NON-NLS-1$
                + tcp("source_port", 16, 8, 10) + tcp("dest_port", 16, 8, 10) + tcp("seq", 32, 8, 10) + tcp("ack_seq", 32, 8, 10) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                + tcp("data_offset", 4, 4, 10) + tcp("reserved", 3, 1, 10) + tcp("flags", 9, 1, 16) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + tcp("window_size", 16, 8, 10) + tcp("checksum", 16, 8, 16) + tcp("urg_ptr", 16, 8, 10) //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                + "\t\t\t\t\t} _tcp;\n" //$NON-NLS-1$
                + "\t\t\t\t} _transport_header;\n"; //$NON-NLS-1$
    }

    private static String tcp(String name, int size, int align, int base) {
        return "\t" + be(size, align, base, name); //$NON-NLS-1$
    }
}
