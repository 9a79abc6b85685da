package org.featurecompass.tef;

/**
 * A JSON value kept as its compact JSON text: nested objects and arrays of {@code args}, JSON
 * {@code null}, and event fields this reader does not interpret.
 *
 * @param text the value as JSON, e.g. {@code {"a":[1,2]}} or {@code null}
 */
public record TefJsonText(String text) {
    @Override
    public String toString() {
        return text;
    }
}
