package io.quarkus.smallrye.openapi.runtime;

import io.quarkus.smallrye.openapi.OpenApiFilter;
import io.smallrye.openapi.runtime.io.Format;
import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DeferredOpenApiDocumentServiceTest {
    private static final String DEFAULT = "<default>";

    @Test
    void theStartOnlyNotesADocumentItsFirstRequestBuildsIt() {
        DeferredOpenApiDocumentService documents = new DeferredOpenApiDocumentService();
        documents.prepareDocument(null, noFilters(), DEFAULT);
        documents.prepareDocument(null, noFilters(), "internal");
        assertTrue(documents.deferred(DEFAULT), "nothing built during the start");

        documents.getDocument(DEFAULT, Format.JSON);
        assertFalse(documents.deferred(DEFAULT), "built by its first request");
        assertTrue(documents.deferred("internal"), "another document waits for its own first request");
        documents.getDocument(DEFAULT, Format.YAML);
        assertFalse(documents.deferred(DEFAULT));
    }

    private static Map<OpenApiFilter.RunStage, List<String>> noFilters() {
        Map<OpenApiFilter.RunStage, List<String>> filters = new EnumMap<>(OpenApiFilter.RunStage.class);
        for (OpenApiFilter.RunStage stage : OpenApiFilter.RunStage.values()) {
            filters.put(stage, List.of());
        }
        return filters;
    }
}
