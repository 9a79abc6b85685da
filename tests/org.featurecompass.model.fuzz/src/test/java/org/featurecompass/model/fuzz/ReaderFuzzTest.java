package org.featurecompass.model.fuzz;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

import org.featurecompass.model.compare.io.ComparisonFile;
import org.featurecompass.model.compare.io.ComparisonFormatException;
import org.featurecompass.model.compare.io.ComparisonSpec;
import org.featurecompass.model.execution.DefinitionFormatException;
import org.featurecompass.model.execution.ExecutionDefinition;
import org.featurecompass.model.execution.ExecutionDefinitionsJson;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzz tests of the model's two file readers (Jazzer): an execution-definitions
 * file ({@link ExecutionDefinitionsJson}) and a saved comparison ({@link ComparisonFile}). The
 * oracle: reading either succeeds or throws the reader's format exception (whose message names the
 * place); what was read is written and read back to the same value. Anything else, an
 * {@link Error} included, is a finding. Corpus: {@code ReaderFuzzTestInputs/<test>/}.
 */
class ReaderFuzzTest {

    @FuzzTest
    void executionDefinitions(byte[] json) throws IOException {
        List<ExecutionDefinition> definitions;
        try {
            definitions = ExecutionDefinitionsJson.read(new InputStreamReader(new java.io.ByteArrayInputStream(json), StandardCharsets.UTF_8));
        } catch (DefinitionFormatException e) {
            return;
        }
        StringWriter written = new StringWriter();
        ExecutionDefinitionsJson.write(definitions, written);
        List<ExecutionDefinition> again;
        try {
            again = ExecutionDefinitionsJson.read(new StringReader(written.toString()));
        } catch (DefinitionFormatException e) {
            throw new IllegalStateException("what was read and written cannot be read back: " + e.getMessage() + '\n' + written, e); //$NON-NLS-1$
        }
        if (!again.equals(definitions)) {
            throw new IllegalStateException("read back differently:\n" + definitions + '\n' + again); //$NON-NLS-1$
        }
    }

    @FuzzTest
    void savedComparison(byte[] json) throws IOException {
        ComparisonSpec spec;
        try {
            spec = ComparisonFile.read(new InputStreamReader(new java.io.ByteArrayInputStream(json), StandardCharsets.UTF_8));
        } catch (ComparisonFormatException e) {
            return;
        }
        String written = ComparisonFile.toJson(spec);
        ComparisonSpec again;
        try {
            again = ComparisonFile.read(new StringReader(written));
        } catch (ComparisonFormatException e) {
            throw new IllegalStateException("what was read and written cannot be read back: " + e.getMessage() + '\n' + written, e); //$NON-NLS-1$
        }
        if (!ComparisonFile.toJson(again).equals(written)) {
            throw new IllegalStateException("read back differently:\n" + written + '\n' + ComparisonFile.toJson(again)); //$NON-NLS-1$
        }
    }
}
