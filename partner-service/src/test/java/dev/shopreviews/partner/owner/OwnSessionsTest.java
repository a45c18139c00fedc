package dev.shopreviews.partner.owner;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.partner.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The owner's list of open dashboard sessions: each sign-in is one, ending one refuses that cookie (in every
 * service: through {@code sessions.ended}) while the owner's others go on; only the owner's own can be ended, and
 * cookies from before sessions had ids keep working.
 */
@QuarkusTest
class OwnSessionsTest {
    static final String SESSIONS = "/dashboard/api/partner/account/sessions";
    static final String FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
    static final String KEY = "test-dashboard-session-key-0123456789abcdef";

    private static int me(String cookie) {
        return given().cookie(OwnerSessions.COOKIE, cookie).get("/dashboard/api/partner/account/session").statusCode();
    }

    private static JsonPath sessions(String cookie) {
        return given().cookie(OwnerSessions.COOKIE, cookie).get(SESSIONS).then().statusCode(200).extract().jsonPath();
    }

    private static String secondSignIn(String email) {
        return given().header(OwnerSessions.CSRF_HEADER, "1").header("User-Agent", FIREFOX).contentType(ContentType.JSON)
                .body(Map.of("email", email, "password", DashboardAccountTest.PASSWORD))
                .post("/dashboard/api/partner/account/session").then().statusCode(200).extract().cookie(OwnerSessions.COOKIE);
    }

    private static io.restassured.response.Response end(String cookie, String id) {
        return given().cookie(OwnerSessions.COOKIE, cookie).header(OwnerSessions.CSRF_HEADER, "1").post(SESSIONS + "/" + id + "/end");
    }

    private static long ownerId(String cookie) {
        return given().cookie(OwnerSessions.COOKIE, cookie).get("/dashboard/api/partner/account/session")
                .then().statusCode(200).extract().jsonPath().getLong("data.id");
    }

    @Test
    void twoSessionsAreListedAndEndingOneRefusesItsCookieWhileTheOtherGoesOn() {
        Fixtures.Shop shop = Fixtures.webshop();
        DashboardAccountTest.Signed owner = DashboardAccountTest.owner(shop.id());
        String laptop = owner.cookie();
        String phone = secondSignIn(owner.email());

        JsonPath listed = sessions(laptop);
        assertEquals(2, listed.getList("data").size(), listed.prettify());
        assertEquals(List.of(false, true), listed.getList("data.current"), "newest first; the laptop's is marked");
        assertEquals("Firefox on Windows", listed.getString("data[0].client"));
        String phoneId = listed.getString("data[0].id");
        assertEquals(phoneId, sessions(phone).getString("data.find { it.current }.id"));

        given().cookie(OwnerSessions.COOKIE, laptop).post(SESSIONS + "/" + phoneId + "/end").then().statusCode(403);
        end(laptop, phoneId).then().statusCode(200).body("message", equalTo("Session ended."));

        await().atMost(Duration.ofSeconds(30)).until(() -> me(phone) == 401);
        given().cookie(OwnerSessions.COOKIE, phone).get("/dashboard/api/partner/account/session").then().statusCode(401)
                .body("status", equalTo("error")).body("message", equalTo("Sign in to the dashboard."));
        given().cookie(OwnerSessions.COOKIE, phone).get("/dashboard/api/partner/webshops/" + shop.id()).then().statusCode(401);
        assertEquals(200, me(laptop));
        given().cookie(OwnerSessions.COOKIE, laptop).get("/dashboard/api/partner/webshops/" + shop.id()).then().statusCode(200);
        assertEquals(1, sessions(laptop).getList("data").size());

        long id = ownerId(laptop);
        String subject = "owner-session:" + phoneId;
        assertEquals("owner:" + id, Db.text("select actor from audit_entry where action = 'owner.session.end' and subject = ?", subject));
        String after = Db.text("select after from audit_entry where action = 'owner.session.end' and subject = ?", subject);
        assertFalse(after.contains("@") || after.contains(owner.email()), after);
    }

    @Test
    void anotherOwnersSessionAnswersLikeAnUnknownOneAndGoesOn() {
        DashboardAccountTest.Signed owner = DashboardAccountTest.owner(Fixtures.webshop().id());
        DashboardAccountTest.Signed other = DashboardAccountTest.owner(Fixtures.webshop().id());
        String ownerSession = sessions(owner.cookie()).getString("data[0].id");

        String foreign = end(other.cookie(), ownerSession).then().statusCode(404).extract().asString();
        String unknown = end(other.cookie(), OwnerSessions.newSessionId()).then().statusCode(404).extract().asString();
        assertEquals(unknown, foreign);
        assertTrue(foreign.contains("Session not found."), foreign);
        assertFalse(sessions(other.cookie()).getList("data.id").contains(ownerSession));

        assertNull(Db.text("select ended_at from owner_session where id = ?", ownerSession));
        assertEquals(0, Db.count("select count(*) from audit_entry where subject = ?", "owner-session:" + ownerSession));
        assertEquals(200, me(owner.cookie()));
    }

    @Test
    void aCookieFromBeforeSessionIdsStillWorksAndSignOutStillEndsEverySession() {
        Fixtures.Shop shop = Fixtures.webshop();
        DashboardAccountTest.Signed owner = DashboardAccountTest.owner(shop.id());
        long id = ownerId(owner.cookie());
        Instant opened = Instant.now();
        String old = new SignedTokens(KEY, new ObjectMapper()).sign(Map.of("owner", id, "email", owner.email(),
                "webshops", List.of(shop.id()), "expires_at", opened.plus(OwnerSessions.LIFETIME).getEpochSecond(),
                "opened_at", opened.toEpochMilli()));
        String another = secondSignIn(owner.email());

        assertEquals(200, me(old));
        given().cookie(OwnerSessions.COOKIE, old).get("/dashboard/api/partner/webshops/" + shop.id()).then().statusCode(200);
        JsonPath listed = sessions(old);
        assertEquals(2, listed.getList("data").size(), "the old cookie is in no list");
        assertFalse(listed.getList("data.current").contains(true));
        end(old, sessions(another).getString("data.find { it.current }.id")).then().statusCode(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> me(another) == 401);
        assertEquals(200, me(old));

        given().cookie(OwnerSessions.COOKIE, owner.cookie()).header(OwnerSessions.CSRF_HEADER, "1")
                .delete("/dashboard/api/partner/account/session").then().statusCode(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> me(old) == 401);
        assertEquals(401, me(owner.cookie()));
        assertNotNull(Db.text("select min(ended_at)::text from owner_session where owner_id = ?", id));
        assertEquals(0, Db.count("select count(*) from owner_session where owner_id = ? and ended_at is null", id));
    }
}
