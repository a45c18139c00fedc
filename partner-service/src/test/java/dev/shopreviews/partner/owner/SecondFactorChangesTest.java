package dev.shopreviews.partner.owner;

import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.partner.Fixtures;
import dev.shopreviews.partner.operator.service.Totp;
import dev.shopreviews.partner.owner.service.OwnerSignIn;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The second factor changes only with the current password and, while it is on, a current code of it: a session
 * alone can neither replace nor remove it (which would lock the owner out). Each change is audited.
 */
@QuarkusTest
class SecondFactorChangesTest {
    private static final String ACCOUNT = "/dashboard/api/partner/account/";
    private static final String PASSWORD = DashboardAccountTest.PASSWORD;
    // its own client address: these failures count against no other test's per-client limit
    private final String client = "2001:db8:2fa::" + UUID.randomUUID().toString().substring(0, 4);

    private ValidatableResponse post(String cookie, String path, String body) {
        return given().cookie(OwnerSessions.COOKIE, cookie).header(DashboardAccountTest.CSRF, "1").header("X-Forwarded-For", client)
                .contentType(ContentType.JSON).body(body).post(ACCOUNT + path).then();
    }

    private static String codeOfNextStep(String secret) {
        // the step after the one just used: a code works once
        return Totp.codeAt(secret, Instant.now().getEpochSecond() + 30);
    }

    private static String secretOf(String email) {
        return Db.text("select totp_secret from owner_account where email = ?", email);
    }

    @Test
    void aNewSecondFactorNeedsTheCurrentPassword() {
        DashboardAccountTest.Signed owner = DashboardAccountTest.owner(Fixtures.webshop().id());
        post(owner.cookie(), "totp", "{}").statusCode(400).body("message", equalTo(OwnerSignIn.WRONG_CURRENT));
        post(owner.cookie(), "totp", "{\"password\":\"not my password at all\"}").statusCode(400)
                .body("message", equalTo(OwnerSignIn.WRONG_CURRENT));
        assertEquals(null, Db.text("select totp_pending from owner_account where email = ?", owner.email()));
        post(owner.cookie(), "totp", "{\"password\":\"" + PASSWORD + "\"}").statusCode(200).body("data.secret", notNullValue());
    }

    @Test
    void replacingOrTurningOffTheSecondFactorNeedsThePasswordAndACurrentCode() {
        DashboardAccountTest.Signed owner = DashboardAccountTest.owner(Fixtures.webshop().id());
        String secret = post(owner.cookie(), "totp", "{\"password\":\"" + PASSWORD + "\"}").statusCode(200).extract().path("data.secret");
        // switching the factor on ends the owner's sessions; this browser continues with the new one it is given
        String session = post(owner.cookie(), "totp/confirm", "{\"code\":\"" + Totp.codeAt(secret, Instant.now().getEpochSecond()) + "\"}")
                .statusCode(200).extract().cookie(OwnerSessions.COOKIE);
        await().atMost(Duration.ofSeconds(30)).until(() -> given().cookie(OwnerSessions.COOKIE, owner.cookie())
                .get(ACCOUNT + "session").statusCode() == 401);
        given().cookie(OwnerSessions.COOKIE, session).get(ACCOUNT + "session").then().statusCode(200);

        // the session and the password alone, or a code with a wrong password: refused, and the factor stays
        post(session, "totp", "{\"password\":\"" + PASSWORD + "\"}").statusCode(400).body("message", equalTo(OwnerSignIn.WRONG_CURRENT));
        post(session, "totp/off", "{\"password\":\"" + PASSWORD + "\"}").statusCode(400);
        post(session, "totp/off", "{\"password\":\"not my password at all\",\"code\":\"" + codeOfNextStep(secret) + "\"}").statusCode(400);
        given().cookie(OwnerSessions.COOKIE, session).contentType(ContentType.JSON)
                .body("{\"password\":\"" + PASSWORD + "\",\"code\":\"" + codeOfNextStep(secret) + "\"}")
                .post(ACCOUNT + "totp/off").then().statusCode(403);
        given().header(DashboardAccountTest.CSRF, "1").contentType(ContentType.JSON).body("{\"password\":\"" + PASSWORD + "\"}")
                .post(ACCOUNT + "totp/off").then().statusCode(401);
        assertEquals(secret, secretOf(owner.email()));

        // both: the factor is off, sign-in needs no code again, and the audit log shows it
        post(session, "totp/off", "{\"password\":\"" + PASSWORD + "\",\"code\":\"" + codeOfNextStep(secret) + "\"}").statusCode(200)
                .body("message", equalTo("Second factor off."));
        assertEquals(null, secretOf(owner.email()));
        DashboardAccountTest.signIn(owner.email(), PASSWORD, null).then().statusCode(200);
        long id = Db.count("select id from owner_account where email = ?", owner.email());
        assertEquals(1, Db.count("select count(*) from audit_entry where action = 'owner.totp.off' and subject = ?", "owner:" + id));
        assertEquals(1, Db.count("select count(*) from audit_entry where action = 'owner.totp.on' and subject = ?", "owner:" + id));
    }
}
