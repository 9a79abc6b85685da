/** The Feature Compass perspective. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.perspective;
