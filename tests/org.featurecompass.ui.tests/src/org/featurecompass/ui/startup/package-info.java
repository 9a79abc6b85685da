/** Tests of what the workbench does at start-up. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.startup;
