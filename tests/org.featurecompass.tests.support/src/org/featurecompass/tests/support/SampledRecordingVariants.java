package org.featurecompass.tests.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Test fixtures for how a sampled recording says its samples were attributed: copies of
 * {@code doc/samples/demo-sampled-only.json} ({@code fc-record --sample 997} of the demo, region
 * maps, written before the {@code attribution} key existed) whose {@code otherData} is edited,
 * the samples left as they are. They test what is read and shown, not the attribution itself.
 */
public final class SampledRecordingVariants {

    /** The recording the variants are made from. */
    public static final String SOURCE = "doc/samples/demo-sampled-only.json"; //$NON-NLS-1$

    private static final String SAMPLING = "\"sampling\": {"; //$NON-NLS-1$
    private static final String RECORDER = "\"recorder\": \"fc-record\""; //$NON-NLS-1$

    /**
     * The {@code otherData.sampling.addressRanges} object the address-range variant declares, as
     * {@code fc-record --attribution ranges} writes it (BOARD 22:33, h15r).
     */
    public static final String ADDRESS_RANGES = "{\"binary\": \"fc-demo\", \"ranges\": 7, \"rangesDiscarded\": 1, " //$NON-NLS-1$
            + "\"entriesWithoutExit\": 0, \"samplesTranslated\": 175, \"samplesWithoutRange\": 5, \"samplesOutsideBinary\": 2, " //$NON-NLS-1$
            + "\"regionNamesSource\": \"none\", \"regionsUnnamed\": 3}"; //$NON-NLS-1$

    private SampledRecordingVariants() {
    }

    /**
     * @param directory where to write it
     * @return a copy whose samples declare {@code "attribution": "address-ranges"} (Kaufmann 2022,
     *         §3.4) with {@link #ADDRESS_RANGES}, named {@code demo-sampled-ranges.json}
     * @throws IOException if it cannot be read or written
     */
    public static Path addressRanges(Path directory) throws IOException {
        return write(directory, "demo-sampled-ranges.json", replaceOnce(source(), SAMPLING, //$NON-NLS-1$
                SAMPLING + "\"attribution\": \"address-ranges\", \"addressRanges\": " + ADDRESS_RANGES + ", ")); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * @param directory where to write it
     * @return a copy that neither has the {@code attribution} key nor says it came from
     *         {@code fc-record} (its {@code recorder} is another), named {@code demo-sampled-unstated.json}
     * @throws IOException if it cannot be read or written
     */
    public static Path notStated(Path directory) throws IOException {
        return write(directory, "demo-sampled-unstated.json", replaceOnce(source(), RECORDER, "\"recorder\": \"another-recorder\"")); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static String source() throws IOException {
        String text = Files.readString(RepositoryFiles.resolve(SOURCE));
        if (text.contains("\"attribution\"")) { //$NON-NLS-1$
            throw new IllegalStateException(SOURCE + " already declares an attribution: the variants assume it does not"); //$NON-NLS-1$
        }
        return text;
    }

    private static String replaceOnce(String text, String target, String replacement) {
        int at = text.indexOf(target);
        if (at < 0 || text.indexOf(target, at + 1) >= 0) {
            throw new IllegalStateException(SOURCE + ": expected exactly one " + target); //$NON-NLS-1$
        }
        return text.substring(0, at) + replacement + text.substring(at + target.length());
    }

    private static Path write(Path directory, String name, String text) throws IOException {
        Path file = directory.resolve(name);
        Files.writeString(file, text);
        return file;
    }
}
