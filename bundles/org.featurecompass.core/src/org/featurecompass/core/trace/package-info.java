/** What the suite's Trace Compass analyses share: reading a trace once, and reporting. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.trace;
