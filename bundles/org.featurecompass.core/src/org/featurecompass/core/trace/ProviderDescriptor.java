package org.featurecompass.core.trace;

import org.eclipse.jdt.annotation.NonNullByDefault;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;

/**
 * What a factory tells Trace Compass of one of its providers, so that
 * {@code DataProviderManager.getAvailableProviders(trace)} lists it (the list Trace Compass's
 * trace server hands the Theia and VS Code trace viewers): the provider's id (the one its
 * factory is registered under in plugin.xml), name, type of output and a description. Trace
 * Compass 6.2 has no public implementation of {@link IDataProviderDescriptor} (its
 * {@code DataProviderDescriptor} is internal there), hence this one; from 11 the interface only
 * gained default methods.
 */
@NonNullByDefault
public final class ProviderDescriptor implements IDataProviderDescriptor {

    private final String fId;
    private final String fName;
    private final ProviderType fType;
    private final String fDescription;

    /**
     * @param id the provider's id
     * @param name its name, for the user
     * @param type what it answers: {@link ProviderType#DATA_TREE} for an {@code ITmfTreeDataProvider},
     *        {@link ProviderType#TIME_GRAPH} for an {@code ITimeGraphDataProvider},
     *        {@link ProviderType#TREE_TIME_XY} for an {@code ITmfTreeXYDataProvider}
     * @param description one sentence on what it serves, for the user
     */
    public ProviderDescriptor(String id, String name, ProviderType type, String description) {
        fId = id;
        fName = name;
        fType = type;
        fDescription = description;
    }

    @Override
    public String getId() {
        return fId;
    }

    @Override
    public String getName() {
        return fName;
    }

    @Override
    public ProviderType getType() {
        return fType;
    }

    @Override
    public String getDescription() {
        return fDescription;
    }

    @Override
    public String toString() {
        return fId + " (" + fType + ')'; //$NON-NLS-1$
    }
}
