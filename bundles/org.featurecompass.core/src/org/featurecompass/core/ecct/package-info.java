/**
 * Enhanced calling context trees of a trace (TraceCompare §3.1, §3.3.2): the threads' call stacks
 * read from the trace's instrumentation events and one ECCT per execution, built by the pure-Java
 * model ({@link org.featurecompass.model.ecct}).
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.ecct;
