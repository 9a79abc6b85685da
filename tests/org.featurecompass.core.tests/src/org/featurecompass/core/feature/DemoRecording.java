package org.featurecompass.core.feature;

import org.eclipse.jdt.annotation.Nullable;
import org.featurecompass.tests.support.RepositoryFiles;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The bundled demo recording ({@code doc/samples/demo-recording.json}) opened once for a test
 * class, with its feature analyses run, and closed after it. Register it with
 * {@code @RegisterExtension static final DemoRecording DEMO = new DemoRecording();}.
 */
final class DemoRecording implements BeforeAllCallback, AfterAllCallback {

    private @Nullable FeatureTraceFixture fFixture;

    @Override
    public void beforeAll(@Nullable ExtensionContext context) throws Exception {
        fFixture = new FeatureTraceFixture(RepositoryFiles.resolve("doc/samples/demo-recording.json"));
    }

    @Override
    public void afterAll(@Nullable ExtensionContext context) throws Exception {
        FeatureTraceFixture fixture = fFixture;
        fFixture = null;
        if (fixture != null) {
            fixture.close();
        }
    }

    /** @return the open recording */
    FeatureTraceFixture fixture() {
        FeatureTraceFixture fixture = fFixture;
        if (fixture == null) {
            throw new IllegalStateException("the demo recording was not opened");
        }
        return fixture;
    }
}
