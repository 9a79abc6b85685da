/** Trace Compass adapters for kernel traces: analyses that feed the model's kernel accounting. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.kernel;
