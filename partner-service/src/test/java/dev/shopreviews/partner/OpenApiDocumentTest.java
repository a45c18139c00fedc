package dev.shopreviews.partner;

import dev.shopreviews.common.testing.OpenApiContract;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static io.restassured.RestAssured.given;

/** The OpenAPI document names every endpoint's response record with an example (common OpenApiContract). */
@QuarkusTest
class OpenApiDocumentTest {

    @Test
    void everyOperationIsDocumentedWithItsResponseRecordsAndExamples() throws Exception {
        String document = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
        OpenApiContract.assertDocumented(document, Set.of());
    }
}
