package org.featurecompass.model.report;

import java.util.List;

/**
 * Writes a {@link StackProfile} as folded stacks, the input of Brendan Gregg's
 * {@code flamegraph.pl} and {@code difffolded.pl}, speedscope and Pyroscope: one line per stack,
 * {@code frame;frame;frame value}, frames from the outermost, the value a non-negative integer,
 * lines ended by LF, in the profile's order. The format has no escaping: in a frame name, a
 * {@code ;} (the frame separator) becomes {@code :}, and line breaks and tabs become spaces
 * (the value is read after the last space, so spaces inside names are kept). Stacks whose value
 * is zero are left out, as the format's consumers ignore them.
 */
public final class FoldedStacksWriter {

    private FoldedStacksWriter() {
    }

    /**
     * @param profile the profile
     * @param valueIndex which of its values (e.g. 0 for self time)
     * @return the folded text
     */
    public static String write(StackProfile profile, int valueIndex) {
        StringBuilder text = new StringBuilder();
        for (StackProfile.Stack stack : profile.stacks()) {
            long value = stack.value(valueIndex);
            if (value == 0) {
                continue;
            }
            List<String> frames = stack.frames();
            for (int i = 0; i < frames.size(); i++) {
                if (i > 0) {
                    text.append(';');
                }
                text.append(frame(frames.get(i)));
            }
            text.append(' ').append(value).append('\n');
        }
        return text.toString();
    }

    /**
     * @param name a frame name
     * @return it with the separators of the format replaced
     */
    static String frame(String name) {
        return name.replace(';', ':').replace('\n', ' ').replace('\r', ' ').replace('\t', ' ');
    }
}
