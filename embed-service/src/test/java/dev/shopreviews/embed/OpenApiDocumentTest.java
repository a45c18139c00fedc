package dev.shopreviews.embed;

import dev.shopreviews.common.testing.OpenApiDocumentContract;
import io.quarkus.test.junit.QuarkusTest;

import java.util.Set;

/** The OpenAPI document names every endpoint's response record with an example (common OpenApiContract). */
@QuarkusTest
class OpenApiDocumentTest extends OpenApiDocumentContract {

    @Override
    protected Set<String> browserPages() {
        return Set.of("/webshops/widget_html");
    }
}
