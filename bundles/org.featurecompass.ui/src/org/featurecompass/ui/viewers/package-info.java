/** JFace viewer parts the suite's views share. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.viewers;
