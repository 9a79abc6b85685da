/**
 * JSON scanning for the TEF reader (implementation, not API): the validating byte-level scanner,
 * exact decimal-to-nanosecond conversion, recognition of TEF's event keys, and the two ways of
 * turning one event object's bytes into a {@link org.featurecompass.tef.TefEvent} (a flat fast path
 * and Jackson), which give the same event. No Trace Compass type appears here.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.tef.json;
