/**
 * Enhanced calling context trees (ECCTs) of executions, after Doray &amp; Dagenais, TraceCompare
 * (IEEE TPDS 2017), §3.1 (data model), §3.3.2 (Figs. 5–6, construction from a critical path and
 * a state history) and §3.3.4 (one generic tree for all executions, sparse values per
 * execution). Pure Java, no Trace Compass type.
 * <ul>
 * <li>{@link org.featurecompass.model.ecct.Frame} / {@link org.featurecompass.model.ecct.FrameTable}:
 * interned frames (functions, feature regions, wait reasons, thread markers);</li>
 * <li>{@link org.featurecompass.model.ecct.ContextTree}: a tree of calling contexts, used both
 * as the union ECCT shared by all executions and as the tree of thread stacks;</li>
 * <li>{@link org.featurecompass.model.ecct.StackSource}: the stack of a thread over time
 * ({@link org.featurecompass.model.ecct.ThreadStackHistory}, recorded from instrumented enter/exit
 * events or from samples);</li>
 * <li>{@link org.featurecompass.model.ecct.EcctGenerator}: GENERATEECCT / UPDATETHREADSTACK;</li>
 * <li>{@link org.featurecompass.model.ecct.Ecct}, {@link org.featurecompass.model.ecct.EcctStore},
 * {@link org.featurecompass.model.ecct.EcctAggregate}: per-execution values and their sums over
 * any subset of executions.</li>
 * </ul>
 * Timestamps and durations are nanoseconds.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.ecct;
