/**
 * Symbols for the function addresses of LTTng UST call stacks: the symbol files a user gives
 * (ELF binaries, {@code nm}-style mapping files) and Trace Compass's own symbol providers.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.featurecompass.core.symbols;
