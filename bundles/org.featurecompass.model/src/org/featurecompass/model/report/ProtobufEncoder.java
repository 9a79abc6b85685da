package org.featurecompass.model.report;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The subset of the Protocol Buffers binary wire format that a pprof profile needs, written by
 * hand to keep the model free of libraries
 * (protobuf.dev/programming-guides/encoding). A message is a sequence of fields; each field is a
 * key, the varint {@code (field_number << 3) | wire_type}, followed by its value:
 * <ul>
 * <li>wire type 0 (VARINT): {@code int64}, {@code uint64} and {@code bool} as a base-128
 * varint: 7 bits per byte, least significant group first, the high bit set on every byte but the
 * last; a negative {@code int64} is its two's complement, 10 bytes;</li>
 * <li>wire type 2 (LEN): a varint byte length, then the bytes: a UTF-8 string, an embedded
 * message, or a packed repeated scalar field (the varints one after another, proto3's default
 * for repeated numbers).</li>
 * </ul>
 * Fields are written in the order of the calls; proto3 readers accept any order and, for a
 * repeated field, several occurrences.
 */
public final class ProtobufEncoder {

    private static final int VARINT = 0;
    private static final int LEN = 2;

    private final ByteArrayOutputStream fBytes = new ByteArrayOutputStream();

    /**
     * @param field the field number
     * @param value an int64 or uint64 value (as a two's-complement long)
     * @return this
     */
    public ProtobufEncoder varintField(int field, long value) {
        key(field, VARINT);
        varint(fBytes, value);
        return this;
    }

    /**
     * @param field the field number
     * @param text a string, written as UTF-8
     * @return this
     */
    public ProtobufEncoder stringField(int field, String text) {
        return bytesField(field, text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * @param field the field number
     * @param message an embedded message
     * @return this
     */
    public ProtobufEncoder messageField(int field, ProtobufEncoder message) {
        return bytesField(field, message.toByteArray());
    }

    /**
     * @param field the field number of a repeated int64/uint64 field
     * @param values its values, written packed
     * @return this
     */
    public ProtobufEncoder packedVarints(int field, long[] values) {
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        for (long value : values) {
            varint(packed, value);
        }
        return bytesField(field, packed.toByteArray());
    }

    /** @return the message's bytes so far */
    public byte[] toByteArray() {
        return fBytes.toByteArray();
    }

    private ProtobufEncoder bytesField(int field, byte[] bytes) {
        key(field, LEN);
        varint(fBytes, bytes.length);
        fBytes.writeBytes(bytes);
        return this;
    }

    private void key(int field, int wireType) {
        varint(fBytes, ((long) field << 3) | wireType);
    }

    /**
     * @param out where to write
     * @param value the value, as an unsigned 64-bit number
     */
    static void varint(ByteArrayOutputStream out, long value) {
        long rest = value;
        while ((rest & ~0x7FL) != 0) {
            out.write((int) ((rest & 0x7F) | 0x80));
            rest >>>= 7;
        }
        out.write((int) rest);
    }
}
