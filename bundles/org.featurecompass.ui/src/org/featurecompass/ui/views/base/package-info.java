/** What the views of Feature Compass share: a summary line over the result, and its background job. */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.ui.views.base;
