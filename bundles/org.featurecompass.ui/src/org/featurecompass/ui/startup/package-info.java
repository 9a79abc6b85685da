/** What the workbench does at start-up for Feature Compass. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.startup;
