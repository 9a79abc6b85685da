package org.featurecompass.tef;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tef.json.TefJsonFactory;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * A trace's top-level {@code stackFrames} dictionary (TEF; doc/recorder-format.md, "Samples"):
 * frame id to name, category and parent id, read whole however large ({@link TefTrace#stackFrames()}
 * reads it from the file, not from the index's cut text). Of a dictionary that cannot be read to
 * its end (a damaged file), the entries written whole before the damage are kept and {@link #cut()}
 * is true, so that a reader can report the frames it could not resolve instead of dropping them
 * silently.
 *
 * @param frames the entries, by id, in file order
 * @param cut whether the dictionary could not be read to its end, or had unusable entries
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
     * @param json the dictionary's JSON text, from its opening brace on (what follows its end is
     *            not read)
     * @return its entries
     */
    public static TefStackFrames read(InputStream json) {
        Map<String, Entry> frames = new LinkedHashMap<>();
        boolean cut = false;
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
            cut = true; // the entries read before the damage are kept
        }
        return new TefStackFrames(frames, cut);
    }
}
