package dev.shopreviews.invitations.privacy;

import dev.shopreviews.invitations.BrokenSmtpProfile;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;

/**
 * The link's mail is handed over after the answer: what the mail server does with an address (refuses it, is slow,
 * is down) never reaches the answer, which is the same page for every well-formed address.
 */
@QuarkusTest
@TestProfile(BrokenSmtpProfile.class)
class PrivacyLinkWithoutMailServerTest {

    @Test
    void theAnswerDoesNotWaitForTheMailServer() {
        String email = Fixtures.email();
        given().header("X-Forwarded-For", "192.0.2.50").formParam("email", email).formParam("lang", "en")
                .post("/privacy/link").then().statusCode(200).body(containsString(email));
    }
}
