package org.featurecompass.model.feature;

/**
 * A region name that starts like a VaRA feature list, {@code FR(...)}, but is not one: an
 * unclosed parenthesis or an empty feature between commas.
 */
public final class MalformedRegionNameException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    MalformedRegionNameException(String regionName, String reason) {
        super("Malformed feature region name \"" + regionName + "\": " + reason); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
