/** Support shared by the workbench UI tests. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.views;
