package dev.shopreviews.apiclients;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The public API's document, as the build wrote it from the services' own documents (src/build/PublicApi.java). */
class PublicApiDocumentTest {
    private static final List<String> SPEC_OPERATIONS = List.of("addInvitation", "listInvitations", "listRatings",
            "getRatingsSummary", "getWebshop", "getProductReviews", "checkOrderPermission", "addReviewReply",
            "subscribeWebhook", "fetchWebshopsByDomain", "createPartnerProfile");
    private static JsonNode document;
    private static final List<JsonNode> operations = new ArrayList<>();

    @BeforeAll
    static void read() throws IOException {
        document = new ObjectMapper().readTree(Path.of("target/public-api.json").toFile());
        document.path("paths").forEach(path -> path.forEach(operations::add));
    }

    @Test
    void everyOperationOfTheSpecIsThereUnderItsOperationId() {
        Set<String> ids = new HashSet<>();
        operations.forEach(operation -> assertTrue(ids.add(operation.path("operationId").asText()),
                "operationIds are unique: " + operation.path("operationId")));
        assertTrue(ids.containsAll(SPEC_OPERATIONS), "spec 4.1-4.11 are all there: " + ids);
        assertTrue(operations.stream().allMatch(operation -> operation.path("operationId").asText().matches("[a-z][A-Za-z]+")));
    }

    @Test
    void theApiCodeIsASecuritySchemeNotAParameter() {
        JsonNode apiCode = document.path("components").path("securitySchemes").path("apiCode");
        assertEquals("apiKey", apiCode.path("type").asText());
        assertEquals("query", apiCode.path("in").asText());
        assertEquals("code", apiCode.path("name").asText());
        for (JsonNode operation : operations) {
            operation.path("parameters").forEach(parameter -> assertTrue(
                    !Set.of("code", "public_code", "token").contains(parameter.path("name").asText()),
                    operation.path("operationId") + " takes its credential through the security scheme"));
        }
        JsonNode listRatings = document.path("paths").path("/api/1.0/ratings.json").path("get").path("security");
        assertEquals(2, listRatings.size(), "ratings.json takes the API code or the public code");
    }

    @Test
    void onlyPublicPathsAndOnlySchemasThatAreUsed() throws IOException {
        document.path("paths").fieldNames().forEachRemaining(path -> assertTrue(
                path.startsWith("/api/") || path.startsWith("/partner_api/") || path.startsWith("/webshops/"), path));
        String text = Files.readString(Path.of("target/public-api.json"));
        document.path("components").path("schemas").fieldNames().forEachRemaining(name ->
                assertTrue(text.contains("\"#/components/schemas/" + name + "\""), name + " is referenced"));
        assertTrue(!text.contains("/dashboard/") && !text.contains("/operator/") && !text.contains("/admin/"));
    }
}
