package dev.shopreviews.partner;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.partner.operator.service.Totp;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/**
 * An operator's sessions end with their deactivation or their sign-out, in every copy: console cookies and the
 * tokens of their API keys alike (all are the same signed session).
 */
@QuarkusTest
class OperatorSessionEndTest {
    private static final String KEY = "test-operator-session-key-0123456789abcdef";
    private static final OperatorSessions SESSIONS = new OperatorSessions(KEY, new ObjectMapper());

    private static int me(String cookie) {
        return given().cookie(OperatorSessions.COOKIE, cookie).get("/operator/api/partner/session").statusCode();
    }

    private static String name(String label) {
        return label + "-" + UUID.randomUUID().toString().substring(0, 6);
    }

    @Test
    void aDeactivatedOperatorsOpenSessionsStopAtOnce() {
        String admin = SESSIONS.open(name("admin"), OperatorRole.ADMIN, Instant.now());
        String name = name("leaving");
        Response created = given().cookie(OperatorSessions.COOKIE, admin).header(OperatorSessions.CSRF_HEADER, "1")
                .contentType(ContentType.JSON)
                .body("{\"name\":\"" + name + "\",\"role\":\"moderator\",\"password\":\"moderator-password-1\"}")
                .post("/operator/api/partner/operators");
        created.then().statusCode(200);
        String code = Totp.codeAt(created.jsonPath().getString("data.totp_secret"), Instant.now().getEpochSecond());
        String session = given().header(OperatorSessions.CSRF_HEADER, "1").contentType(ContentType.JSON)
                .body("{\"name\":\"" + name + "\",\"password\":\"moderator-password-1\",\"code\":\"" + code + "\"}")
                .post("/operator/api/partner/session").then().statusCode(200).extract().cookie(OperatorSessions.COOKIE);
        String script = SESSIONS.open(name, OperatorRole.MODERATOR, Instant.now(), Duration.ofMinutes(10));
        given().cookie(OperatorSessions.COOKIE, session).get("/operator/api/partner/session").then().statusCode(200);

        given().cookie(OperatorSessions.COOKIE, admin).header(OperatorSessions.CSRF_HEADER, "1")
                .post("/operator/api/partner/operators/" + name + "/deactivate").then().statusCode(200);

        await().atMost(Duration.ofSeconds(30)).until(() -> me(session) == 401 && me(script) == 401);
        given().cookie(OperatorSessions.COOKIE, admin).get("/operator/api/partner/session").then().statusCode(200);
    }

    @Test
    void signingOutEndsTheOperatorsOtherSessionsButNotTheNextSignIn() {
        String name = name("careful");
        String laptop = SESSIONS.open(name, OperatorRole.MODERATOR, Instant.now().minusSeconds(2));
        String phone = SESSIONS.open(name, OperatorRole.MODERATOR, Instant.now().minusSeconds(1));

        given().cookie(OperatorSessions.COOKIE, laptop).header(OperatorSessions.CSRF_HEADER, "1")
                .delete("/operator/api/partner/session").then().statusCode(200);

        await().atMost(Duration.ofSeconds(30)).until(() -> me(phone) == 401 && me(laptop) == 401);
        String next = SESSIONS.open(name, OperatorRole.MODERATOR, Instant.now());
        given().cookie(OperatorSessions.COOKIE, next).get("/operator/api/partner/session").then().statusCode(200);
    }
}
