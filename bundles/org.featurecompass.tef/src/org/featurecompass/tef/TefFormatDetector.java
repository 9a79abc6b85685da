package org.featurecompass.tef;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.zip.GZIPInputStream;

import org.featurecompass.tef.index.GzipExpander;
import org.featurecompass.tef.json.JsonByteScanner;
import org.featurecompass.tef.json.TefJsonFactory;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * Decides from the first 64 KiB of a file (decompressed if gzip) whether it is a TEF trace, for
 * trace-type validation. Confidence is 0 to 100:
 * <ul>
 * <li>100: an object whose {@code traceEvents} key holds an array, or an array whose first element
 * is an object with {@code ph} and {@code ts} (or an {@code M} event);</li>
 * <li>60: an array whose first element has {@code ph} only;</li>
 * <li>50: an object with TEF's other top-level keys but whose {@code traceEvents} lies beyond the
 * first 64 KiB;</li>
 * <li>1: an empty array;</li>
 * <li>0: anything else, including JSON that is not TEF and files that are not JSON.</li>
 * </ul>
 */
public final class TefFormatDetector {

    private static final int PREFIX_BYTES = 64 * 1024;
    private static final Set<String> OTHER_TEF_KEYS = Set.of("displayTimeUnit", "timestampUnit", "systemTraceEvents", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            "otherData", "stackFrames", "samples", "metadata", "powerTraceAsString", "controllerTraceDataKey"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$

    private TefFormatDetector() {
    }

    /**
     * @param file any file
     * @return how confident it is a TEF trace, 0 to 100; 0 when it cannot be read
     */
    public static int confidence(Path file) {
        byte[] prefix;
        try {
            prefix = readPrefix(file);
        } catch (IOException e) {
            return 0;
        }
        int[] evidence = { 0 };
        try (JsonParser parser = TefJsonFactory.INSTANCE.createParser(prefix)) {
            JsonToken root = parser.nextToken();
            if (root == JsonToken.START_OBJECT) {
                return objectConfidence(parser, evidence);
            }
            if (root == JsonToken.START_ARRAY) {
                return arrayConfidence(parser, evidence);
            }
            return 0;
        } catch (IOException e) {
            return evidence[0]; // the prefix ended or the JSON broke: keep what was seen before
        }
    }

    private static int objectConfidence(JsonParser parser, int[] evidence) throws IOException {
        String field;
        while ((field = parser.nextFieldName()) != null) {
            JsonToken value = parser.nextToken();
            if ("traceEvents".equals(field)) { //$NON-NLS-1$
                return value == JsonToken.START_ARRAY ? 100 : 0;
            }
            if (OTHER_TEF_KEYS.contains(field)) {
                evidence[0] = 50;
            }
            parser.skipChildren();
        }
        return 0;
    }

    private static int arrayConfidence(JsonParser parser, int[] evidence) throws IOException {
        JsonToken first = parser.nextToken();
        if (first == JsonToken.END_ARRAY) {
            return 1;
        }
        if (first != JsonToken.START_OBJECT) {
            return 0;
        }
        boolean hasTs = false;
        String phase = null;
        String field;
        while ((field = parser.nextFieldName()) != null) {
            JsonToken value = parser.nextToken();
            if ("ph".equals(field) && value == JsonToken.VALUE_STRING) { //$NON-NLS-1$
                phase = parser.getText();
            } else if ("ts".equals(field)) { //$NON-NLS-1$
                hasTs = value.isNumeric() || value == JsonToken.VALUE_STRING;
            }
            parser.skipChildren();
            evidence[0] = phase == null ? 0 : (hasTs || "M".equals(phase)) ? 100 : 60; //$NON-NLS-1$
        }
        return evidence[0];
    }

    private static byte[] readPrefix(Path file) throws IOException {
        boolean gzip = GzipExpander.hasGzipMagic(file);
        try (InputStream raw = Files.newInputStream(file); InputStream in = gzip ? new GZIPInputStream(raw) : raw) {
            byte[] buffer = new byte[PREFIX_BYTES];
            int n = 0;
            try {
                int r;
                while (n < buffer.length && (r = in.read(buffer, n, buffer.length - n)) > 0) {
                    n += r;
                }
            } catch (IOException e) {
                // a damaged gzip stream: judge what was decompressed
            }
            // up to the first byte that is not UTF-8: Jackson's shared key table could read a key
            // of such bytes as one it read in an earlier parse (JsonByteScanner.firstIllFormedUtf8)
            int illFormed = JsonByteScanner.firstIllFormedUtf8(buffer, 0, n);
            return Arrays.copyOf(buffer, illFormed < 0 ? n : illFormed);
        }
    }
}
