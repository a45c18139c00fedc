package dev.shopreviews.invitations.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/**
 * The dashboard's, the operator console's and the privacy page's answers of this service are never stored by a
 * cache ({@code Cache-Control: no-store}), the refusals (envelope errors) too.
 */
@QuarkusTest
class NoStoreAnswersTest {
    /** Representative endpoints of each API, asked without a session: refused with the envelope. */
    static final List<String> REFUSED = List.of("/dashboard/api/invitations/webshops/1/settings", "/operator/api/invitations/audit", "/privacy/api/invitations/export");

    @Test
    void refusalsOfTheDashboardConsoleAndPrivacyApisAreNotStored() {
        for (String path : REFUSED) {
            given().get(path).then().statusCode(401).body("status", equalTo("error"))
                    .header("Cache-Control", equalTo("no-store"));
        }
    }

    @Test
    void aSignedInOperatorsAnswerIsNotStored() {
        String session = new OperatorSessions("test-operator-session-key-0123456789abcdef", new ObjectMapper())
                .open("nora", OperatorRole.MODERATOR, Instant.now());
        given().cookie(OperatorSessions.COOKIE, session).get("/operator/api/invitations/audit").then().statusCode(200)
                .header("Cache-Control", equalTo("no-store"));
    }
}
