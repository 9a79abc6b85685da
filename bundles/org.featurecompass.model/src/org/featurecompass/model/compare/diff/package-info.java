/**
 * The differential calling-context tree of two groups of executions (TraceCompare, Doray and
 * Dagenais 2016, §3.4.2; doc/references.md): per context of the union tree,
 * both groups' mean time per execution (0 where an execution never reached the context), the
 * difference B − A, Welch's t or Mann-Whitney's U, Benjamini-Hochberg q-values, significance
 * with a minimum effect, and a flame-graph layout whose boxes nest in their parents.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.model.compare.diff;
