package dev.shopreviews.common.testing;

import org.junit.jupiter.api.Test;

import java.util.Set;

import static io.restassured.RestAssured.given;

/**
 * The {@link OpenApiContract} test of one service: a service's {@code @QuarkusTest class OpenApiDocumentTest extends
 * OpenApiDocumentContract} runs it against the document that service serves.
 */
public abstract class OpenApiDocumentContract {

    /** Paths under the API prefixes that serve a browser page and need only a summary. */
    protected Set<String> browserPages() {
        return Set.of();
    }

    @Test
    void everyOperationIsDocumentedWithItsResponseRecordsAndExamples() throws Exception {
        String document = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
        OpenApiContract.assertDocumented(document, browserPages());
    }
}
