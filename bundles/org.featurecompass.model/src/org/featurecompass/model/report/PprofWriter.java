package org.featurecompass.model.report;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a {@link StackProfile} as a pprof profile: a gzip-compressed {@code Profile} message of
 * pprof's profile.proto (github.com/google/pprof, proto/profile.proto), which {@code go tool
 * pprof}, Pyroscope and speedscope read. Mapping of our profile onto it:
 * <ul>
 * <li>{@code sample_type} (field 1): the profile's value types, e.g. {@code self/nanoseconds},
 * {@code instances/count}; {@code default_sample_type} (14) the first;</li>
 * <li>one {@code Function} (5) per distinct frame name (id from 1, {@code name} the frame, no
 * {@code system_name}: pprof takes a function whose name equals its system name for a linker
 * symbol and "demangles" it, turning e.g. {@code <script>alert(x)</script>} into {@code alert};
 * our frames are names as the trace gave them), and one {@code Location} (4) per function with
 * the same id and one {@code Line} pointing to it: frames are not code addresses;</li>
 * <li>one {@code Sample} (2) per stack: {@code location_id} leaf first, as pprof requires, and the
 * stack's values;</li>
 * <li>{@code string_table} (6): index 0 is the empty string, as pprof requires, then every string
 * in order of first use;</li>
 * <li>{@code comment} (13): the profile's name. No time stamp, so the same profile gives the same
 * bytes; the gzip header has no file name and a zero time, as {@link GZIPOutputStream} writes it.</li>
 * </ul>
 */
public final class PprofWriter {

    // profile.proto field numbers
    private static final int PROFILE_SAMPLE_TYPE = 1;
    private static final int PROFILE_SAMPLE = 2;
    private static final int PROFILE_LOCATION = 4;
    private static final int PROFILE_FUNCTION = 5;
    private static final int PROFILE_STRING_TABLE = 6;
    private static final int PROFILE_COMMENT = 13;
    private static final int PROFILE_DEFAULT_SAMPLE_TYPE = 14;
    private static final int VALUE_TYPE_TYPE = 1;
    private static final int VALUE_TYPE_UNIT = 2;
    private static final int SAMPLE_LOCATION_ID = 1;
    private static final int SAMPLE_VALUE = 2;
    private static final int LOCATION_ID = 1;
    private static final int LOCATION_LINE = 4;
    private static final int LINE_FUNCTION_ID = 1;
    private static final int FUNCTION_ID = 1;
    private static final int FUNCTION_NAME = 2;

    private PprofWriter() {
    }

    /**
     * @param profile the profile
     * @param out where the gzip-compressed profile goes (not closed)
     * @throws IOException if writing fails
     */
    public static void write(StackProfile profile, OutputStream out) throws IOException {
        GZIPOutputStream gzip = new GZIPOutputStream(out);
        gzip.write(encode(profile));
        gzip.finish();
    }

    /**
     * @param profile the profile
     * @return the gzip-compressed profile
     */
    public static byte[] toBytes(StackProfile profile) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            write(profile, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not with a byte array
        }
        return bytes.toByteArray();
    }

    /**
     * @param profile the profile
     * @return the uncompressed {@code Profile} message
     */
    static byte[] encode(StackProfile profile) {
        Map<String, Long> strings = new LinkedHashMap<>();
        strings.put("", 0L); //$NON-NLS-1$
        Map<String, Long> functions = new LinkedHashMap<>();
        ProtobufEncoder message = new ProtobufEncoder();
        for (StackProfile.ValueType type : profile.types()) {
            message.messageField(PROFILE_SAMPLE_TYPE, new ProtobufEncoder().varintField(VALUE_TYPE_TYPE, index(strings, type.type()))
                    .varintField(VALUE_TYPE_UNIT, index(strings, type.unit())));
        }
        for (StackProfile.Stack stack : profile.stacks()) {
            List<String> frames = stack.frames();
            long[] locations = new long[frames.size()];
            for (int i = 0; i < frames.size(); i++) {
                String frame = frames.get(frames.size() - 1 - i); // leaf first
                Long id = functions.get(frame);
                if (id == null) {
                    id = Long.valueOf(functions.size() + 1L);
                    functions.put(frame, id);
                }
                locations[i] = id.longValue();
            }
            message.messageField(PROFILE_SAMPLE, new ProtobufEncoder().packedVarints(SAMPLE_LOCATION_ID, locations)
                    .packedVarints(SAMPLE_VALUE, stack.values()));
        }
        for (Map.Entry<String, Long> function : functions.entrySet()) {
            long id = function.getValue().longValue();
            message.messageField(PROFILE_LOCATION, new ProtobufEncoder().varintField(LOCATION_ID, id)
                    .messageField(LOCATION_LINE, new ProtobufEncoder().varintField(LINE_FUNCTION_ID, id)));
        }
        for (Map.Entry<String, Long> function : functions.entrySet()) {
            long name = index(strings, function.getKey());
            message.messageField(PROFILE_FUNCTION, new ProtobufEncoder().varintField(FUNCTION_ID, function.getValue().longValue())
                    .varintField(FUNCTION_NAME, name));
        }
        long comment = index(strings, profile.name());
        for (String string : strings.keySet()) {
            message.stringField(PROFILE_STRING_TABLE, string);
        }
        message.packedVarints(PROFILE_COMMENT, new long[] { comment });
        message.varintField(PROFILE_DEFAULT_SAMPLE_TYPE, profile.types().isEmpty() ? 0 : index(strings, profile.types().get(0).type()));
        return message.toByteArray();
    }

    private static long index(Map<String, Long> strings, String string) {
        Long index = strings.get(string);
        if (index == null) {
            index = Long.valueOf(strings.size());
            strings.put(string, index);
        }
        return index.longValue();
    }
}
