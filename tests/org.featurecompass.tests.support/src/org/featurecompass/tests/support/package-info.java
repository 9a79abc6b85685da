/** What several test bundles share: locating the real traces of shared/traces and the repository's files, and the Python virtualenvs of peer tools. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.tests.support;
