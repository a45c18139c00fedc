package dev.shopreviews.partner;

import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.common.owner.OwnerSessions;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sign-in limits hold when the wrong passwords arrive all at once: each attempt takes its slot in the step that
 * checks the limit, so exactly the limit's number of passwords is checked (401) and the rest are refused (429).
 * Every test counts from its own client address (X-Forwarded-For from the trusted loopback peer).
 */
@QuarkusTest
class SignInLimitsUnderParallelAttackTest {
    private static final String OWNER_SESSION = "dashboard/api/partner/account/session";
    private static final String OPERATOR_SESSION = "operator/api/partner/session";

    @TestHTTPResource("/")
    URI base;

    private static String client() {
        return "2001:db8::" + UUID.randomUUID().toString().substring(0, 4) + ":" + UUID.randomUUID().toString().substring(0, 4);
    }

    private static String unique(String label) {
        return label + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private HttpRequest ownerSignIn(String email, String password, String client) {
        return Parallel.post(base, OWNER_SESSION, "{\"email\":\"" + email + "\",\"password\":\"" + password + "\"}",
                OwnerSessions.CSRF_HEADER, "1", "X-Forwarded-For", client);
    }

    private HttpRequest operatorSignIn(String name, String client) {
        return Parallel.post(base, OPERATOR_SESSION, "{\"name\":\"" + name + "\",\"password\":\"wrong password\",\"code\":\"123456\"}",
                OperatorSessions.CSRF_HEADER, "1", "X-Forwarded-For", client);
    }

    private static void assertExactly(List<HttpResponse<String>> answers, int checked, int refused) {
        String statuses = answers.stream().map(a -> String.valueOf(a.statusCode())).toList().toString();
        assertEquals(checked, Parallel.count(answers, 401), "checked (401) of " + statuses);
        assertEquals(refused, Parallel.count(answers, 429), "refused (429) of " + statuses);
        assertTrue(answers.stream().filter(a -> a.statusCode() == 429)
                .allMatch(a -> a.body().contains("Too many failed sign-ins. Try again later.")), statuses);
    }

    @Test
    void tenWrongPasswordsAtOnceForOneOwnerAreCheckedOnlyFiveTimes() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = unique("attacked") + "@example.com";
        given().header("Authorization", Fixtures.OPERATOR).contentType("application/json")
                .body("{\"webshop_id\":\"" + shop.id() + "\",\"email\":\"" + email + "\"}").post("/admin/owners").then().statusCode(200);
        String client = client();
        assertExactly(Parallel.fire(10, i -> ownerSignIn(email, "wrong guess number " + i, client)), 5, 5);
        // the limit stays: the right password of another client is refused too
        assertEquals(429, Parallel.send(ownerSignIn(email, "wrong guess number 11", client())).statusCode());
    }

    @Test
    void tenWrongSignInsAtOnceForOneOperatorNameAreCheckedOnlyFiveTimes() {
        String name = unique("operator");
        String client = client();
        assertExactly(Parallel.fire(10, i -> operatorSignIn(name, client)), 5, 5);
    }

    @Test
    void theLimitPerClientHoldsForOwnersWhenTheLastSlotsAreTakenAtOnce() {
        String client = client();
        // 15 of the client's 20 failures one after another, each for another address (under the per-address limit)
        for (int i = 0; i < 15; i++) {
            assertEquals(401, Parallel.send(ownerSignIn(unique("probe") + "@example.com", "wrong guess", client)).statusCode());
        }
        assertExactly(Parallel.fire(10, i -> ownerSignIn(unique("burst") + "@example.com", "wrong guess", client)), 5, 5);
    }

    @Test
    void theLimitPerClientHoldsForOperatorsWhenTheLastSlotsAreTakenAtOnce() {
        String client = client();
        for (int i = 0; i < 15; i++) {
            assertEquals(401, Parallel.send(operatorSignIn(unique("probe"), client)).statusCode());
        }
        assertExactly(Parallel.fire(10, i -> operatorSignIn(unique("burst"), client)), 5, 5);
    }
}
