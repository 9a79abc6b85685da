/** What several test bundles share: locating the real traces of shared/traces. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.tests.support;
