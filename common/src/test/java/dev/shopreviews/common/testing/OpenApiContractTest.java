package dev.shopreviews.common.testing;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** OpenApiContract refuses what an unannotated Uni<Response> endpoint looks like in the document. */
class OpenApiContractTest {
    private static final String DOCUMENTED = """
            {"paths":{"/api/1.0/x.json":{"get":{"summary":"X","responses":{
              "200":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/XAnswer"},
                     "examples":{"one":{"value":"{}"}}}}},
              "401":{"content":{"application/json":{"schema":{"$ref":"#/components/schemas/XError"},
                     "examples":{"wrong code":{"value":"{}"}}}}}}}},
             "/webshops/page":{"get":{"summary":"A page","responses":{"200":{"description":"OK"}}}}}}""";

    @Test
    void aFullyDocumentedOperationPasses() {
        assertDoesNotThrow(() -> OpenApiContract.assertDocumented(DOCUMENTED, Set.of("/webshops/page")));
    }

    @Test
    void anOperationWithoutItsAnnotationsFails() {
        String bare = """
                {"paths":{"/api/1.0/x.json":{"get":{"responses":{"200":{"description":"OK"}}}}}}""";
        AssertionFailedError failure = assertThrows(AssertionFailedError.class,
                () -> OpenApiContract.assertDocumented(bare, Set.of()));
        assertTrue(failure.getMessage().contains("GET /api/1.0/x.json: no summary"), failure.getMessage());
        assertTrue(failure.getMessage().contains("no 200 response with content"), failure.getMessage());
    }

    @Test
    void aMissingExampleOrErrorResponseFails() {
        String noExample = DOCUMENTED.replace("\"examples\":{\"one\":{\"value\":\"{}\"}}", "\"x\":1");
        assertThrows(AssertionFailedError.class, () -> OpenApiContract.assertDocumented(noExample, Set.of("/webshops/page")));
        String noError = DOCUMENTED.replace("\"401\"", "\"500\"");
        assertThrows(AssertionFailedError.class, () -> OpenApiContract.assertDocumented(noError, Set.of("/webshops/page")));
        assertThrows(AssertionFailedError.class, () -> OpenApiContract.assertDocumented(DOCUMENTED, Set.of()));
    }
}
