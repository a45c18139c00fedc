package dev.shopreviews.invitations.privacy;

import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.not;

/**
 * The signed-in privacy page labels a review a shop imported from another provider with its source, in English and
 * Dutch, and never calls such a review verified (the list comes from ratings-service's import_source, docs/privacy.md).
 */
@QuarkusTest
class PrivacyImportLabelTest {

    @Inject
    PrivacySessions sessions;

    @Test
    void theReviewListNamesTheSourceOfImportedReviewsInBothLanguages() {
        String cookie = sessions.open(Fixtures.email(), Instant.now());
        given().cookie(PrivacySessions.COOKIE, cookie).get("/privacy/?lang=en").then().statusCode(200)
                .body(containsString("data-imported-from=\"Imported from\""))
                .body(containsString("T.importedFrom + ' ' + review.import_source"))
                .body(containsString("if (review.verified && !review.import_source)"))
                .body(not(containsString("if (review.verified) {")));
        given().cookie(PrivacySessions.COOKIE, cookie).get("/privacy/?lang=nl").then().statusCode(200)
                .body(containsString("data-imported-from=\"Geïmporteerd van\""));
    }
}
