package dev.shopreviews.embed;

import dev.shopreviews.common.testing.OpenApiDocumentContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The OpenAPI document names every endpoint's response record with an example (common OpenApiContract). */
@QuarkusTest
class OpenApiDocumentTest extends OpenApiDocumentContract {

    @Override
    protected Set<String> browserPages() {
        return Set.of("/webshops/widget_html");
    }

    @Test
    void thePopUpsBodiesAreDocumentedAsTheirRecords() {
        JsonPath doc = given().get("/q/openapi?format=json").jsonPath();
        Map<String, Object> consent = doc.getMap("components.schemas.ConsentPost.properties");
        assertTrue(consent.keySet().containsAll(List.of("order_number", "choice", "invite_delay", "email", "first_name",
                "language", "review")), consent.toString());
        Map<String, Object> review = doc.getMap("components.schemas.ReviewPost.properties");
        assertTrue(review.keySet().containsAll(List.of("rating", "ratings", "comment", "name", "email", "language")), review.toString());
        String paths = doc.getMap("paths").toString();
        assertTrue(paths.contains("#/components/schemas/ConsentPost") && paths.contains("#/components/schemas/ReviewPost"),
                "the two POSTs name their body's schema");
    }
}
