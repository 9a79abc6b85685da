package org.featurecompass.tef;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.json.TefJsonFactory;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * A trace's top-level {@code stackFrames} dictionary (TEF; doc/recorder-format.md, "Samples"):
 * frame id to name, category and parent id. The index keeps a top-level value only up to
 * {@link TefTraceMetadata#TOP_LEVEL_TEXT_LIMIT} bytes: of a cut dictionary, the entries written
 * whole before the cut are kept and {@link #cut()} is true, so that a reader can report the frames
 * it could not resolve instead of dropping them silently.
 *
 * @param frames the entries, by id, in file order
 * @param cut whether the dictionary was cut or could not be read to its end
 */
public record TefStackFrames(Map<String, Entry> frames, boolean cut) {

    /**
     * One frame.
     *
     * @param name the frame's name
     * @param category its category ({@code ""} if none)
     * @param parent the id of its parent, or null at a root
     */
    public record Entry(String name, String category, @Nullable String parent) {
    }

    /** An empty dictionary. */
    public static final TefStackFrames NONE = new TefStackFrames(Map.of(), false);

    /** Makes the map unmodifiable. */
    public TefStackFrames {
        frames = Collections.unmodifiableMap(new LinkedHashMap<>(frames));
    }

    /**
     * @param text the dictionary's JSON text as the index kept it (possibly ending with
     *            {@link TefTraceMetadata#CUT_MARK}), or null
     * @return its entries
     */
    public static TefStackFrames parse(@Nullable String text) {
        if (text == null) {
            return NONE;
        }
        boolean cut = text.endsWith(TefTraceMetadata.CUT_MARK);
        String json = cut ? text.substring(0, text.length() - TefTraceMetadata.CUT_MARK.length()) : text;
        Map<String, Entry> frames = new LinkedHashMap<>();
        try (JsonParser parser = TefJsonFactory.INSTANCE.createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return new TefStackFrames(frames, true);
            }
            String id;
            while ((id = parser.nextFieldName()) != null) {
                if (parser.nextToken() != JsonToken.START_OBJECT) {
                    parser.skipChildren();
                    cut = true; // not a frame object: the entry cannot be used
                    continue;
                }
                String name = null;
                String category = ""; //$NON-NLS-1$
                String parent = null;
                String key;
                while ((key = parser.nextFieldName()) != null) {
                    JsonToken token = parser.nextToken();
                    if (token.isStructStart()) {
                        parser.skipChildren();
                        continue;
                    }
                    String value = parser.getText();
                    switch (key) {
                    case "name" -> name = value; //$NON-NLS-1$
                    case "category" -> category = value; //$NON-NLS-1$
                    case "parent" -> parent = value; //$NON-NLS-1$
                    default -> {
                        // other keys are not needed
                    }
                    }
                }
                if (name == null) {
                    cut = true;
                } else {
                    frames.put(id, new Entry(name, category, parent));
                }
            }
        } catch (IOException e) {
            cut = true; // the entries read before the cut or the error are kept
        }
        return new TefStackFrames(frames, cut);
    }
}
