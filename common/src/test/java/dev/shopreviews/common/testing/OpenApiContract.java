package dev.shopreviews.common.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What a service's OpenAPI document ({@code /q/openapi?format=json}) must tell a shop developer: every operation has
 * a summary; every API operation (paths under /api/, /partner_api/, /webshops/, /admin/) answers 200 with content
 * naming its schema ({@code $ref} to the response record, or to its items for a list, for JSON) and an example, and
 * a JSON one also documents an error response (4xx) the same way; an operation whose success is 204 only needs that.
 * Resources return {@code Uni<Response>}, so without the annotations the document would show a bare "200 OK": this
 * fails when an endpoint loses them.
 */
public final class OpenApiContract {
    private static final List<String> API_PREFIXES = List.of("/api/", "/partner_api/", "/webshops/", "/admin/");
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    private OpenApiContract() {
    }

    /** {@code browserPages}: paths under the API prefixes that serve a browser (HTML) and need only a summary. */
    public static void assertDocumented(String openApiJson, Set<String> browserPages) throws Exception {
        JsonNode paths = new ObjectMapper().readTree(openApiJson).path("paths");
        List<String> problems = new ArrayList<>();
        int apiOperations = 0;
        for (Iterator<Map.Entry<String, JsonNode>> pathIt = paths.fields(); pathIt.hasNext(); ) {
            Map.Entry<String, JsonNode> path = pathIt.next();
            for (Iterator<Map.Entry<String, JsonNode>> opIt = path.getValue().fields(); opIt.hasNext(); ) {
                Map.Entry<String, JsonNode> operation = opIt.next();
                if (!METHODS.contains(operation.getKey())) {
                    continue;
                }
                String name = operation.getKey().toUpperCase() + " " + path.getKey();
                if (operation.getValue().path("summary").asText("").isBlank()) {
                    problems.add(name + ": no summary");
                }
                if (API_PREFIXES.stream().anyMatch(path.getKey()::startsWith) && !browserPages.contains(path.getKey())) {
                    apiOperations++;
                    check(name, operation.getValue().path("responses"), problems);
                }
            }
        }
        assertTrue(apiOperations > 0, "no API operation in the document");
        assertEquals(List.of(), problems, "operations the OpenAPI document does not describe fully");
    }

    private static void check(String name, JsonNode responses, List<String> problems) {
        JsonNode ok = responses.path("200");
        if (ok.isMissingNode() && responses.has("204")) {
            return;
        }
        if (ok.path("content").isEmpty()) {
            problems.add(name + ": no 200 response with content");
            return;
        }
        boolean json = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = ok.path("content").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> media = it.next();
            json |= media.getKey().startsWith("application/json");
            String problem = problem(media.getKey(), media.getValue());
            if (problem != null) {
                problems.add(name + ": 200 " + media.getKey() + " " + problem);
            }
        }
        if (!json) {
            return;
        }
        boolean documentedError = false;
        for (Iterator<Map.Entry<String, JsonNode>> it = responses.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> response = it.next();
            JsonNode body = response.getValue().path("content").path("application/json");
            documentedError |= response.getKey().startsWith("4") && !body.isMissingNode()
                    && problem("application/json", body) == null;
        }
        if (!documentedError) {
            problems.add(name + ": no 4xx response with a schema and an example");
        }
    }

    private static String problem(String mediaType, JsonNode media) {
        JsonNode schema = media.path("schema");
        if (schema.isMissingNode()) {
            return "has no schema";
        }
        if (mediaType.startsWith("application/json") && !schema.has("$ref") && !schema.path("items").has("$ref")) {
            return "names no response record ($ref)";
        }
        if (media.path("examples").isEmpty() && media.path("example").isMissingNode()) {
            return "has no example";
        }
        return null;
    }
}
