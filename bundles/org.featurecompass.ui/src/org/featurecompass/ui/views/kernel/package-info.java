/** Views over the kernel analyses. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.views.kernel;
