package dev.shopreviews.webhooks;

import dev.shopreviews.common.testing.OpenApiDocumentContract;
import io.quarkus.test.junit.QuarkusTest;

/** The OpenAPI document names every endpoint's response record with an example (common OpenApiContract). */
@QuarkusTest
class OpenApiDocumentTest extends OpenApiDocumentContract {
}
