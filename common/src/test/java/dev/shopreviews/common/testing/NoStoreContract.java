package dev.shopreviews.common.testing;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;

import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

/**
 * What every service's NoStoreAnswersTest checks of common's {@code web/NoStoreAnswers} in that service: answers of
 * the dashboard's, the console's and the privacy page's APIs carry {@code Cache-Control: no-store}, refusals too.
 */
public final class NoStoreContract {
    private static final String OPERATOR_KEY = "test-operator-session-key-0123456789abcdef";

    private NoStoreContract() {
    }

    /** Each path, asked without a session, is refused with the envelope and not stored. */
    public static void refusalsAreNotStored(List<String> paths) {
        for (String path : paths) {
            given().get(path).then().statusCode(401).body("status", equalTo("error"))
                    .header("Cache-Control", equalTo("no-store"));
        }
    }

    /** The service's audit log ({@code /operator/api/<service>/audit}) read by a signed-in moderator is not stored. */
    public static void aSignedInOperatorsAnswerIsNotStored(String service) {
        String session = new OperatorSessions(OPERATOR_KEY, new ObjectMapper()).open("nora", OperatorRole.MODERATOR, Instant.now());
        given().cookie(OperatorSessions.COOKIE, session).get("/operator/api/" + service + "/audit").then().statusCode(200)
                .header("Cache-Control", equalTo("no-store"));
    }
}
