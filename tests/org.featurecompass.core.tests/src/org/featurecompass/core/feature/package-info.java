/**
 * Tests of the feature-region analyses ({@code org.featurecompass.core.feature.*}) on real and
 * generated TEF traces, cross-checked against VaRA-Tool-Suite and committed reference scripts.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.feature;
