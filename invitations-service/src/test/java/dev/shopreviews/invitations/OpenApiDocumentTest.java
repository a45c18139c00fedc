package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.OpenApiDocumentContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The OpenAPI document names every endpoint's response record with an example (common OpenApiContract). */
@QuarkusTest
class OpenApiDocumentTest extends OpenApiDocumentContract {

    @Test
    void addingAnInvitationDocumentsItsFormFieldsForBothFormEncodings() {
        JsonPath doc = given().get("/q/openapi?format=json").jsonPath();
        Map<String, Object> content = doc.getMap("paths.'/api/1.0/invitations.json'.post.requestBody.content");
        assertTrue(content.keySet().containsAll(List.of("application/x-www-form-urlencoded", "multipart/form-data")), content.toString());
        Map<String, Object> fields = doc.getMap("components.schemas.AddInvitationFields.properties");
        assertTrue(fields.keySet().containsAll(List.of("email", "order", "delay", "customer_name", "phone_numbers[]", "order_data")),
                fields.toString());
        assertEquals(List.of("email"), doc.getList("components.schemas.AddInvitationFields.required"));
    }
}
