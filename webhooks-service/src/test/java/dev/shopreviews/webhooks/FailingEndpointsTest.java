package dev.shopreviews.webhooks;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The operator console's failing endpoints: retried and dead deliveries per subscription, since when; delivered ones never. */
@QuarkusTest
class FailingEndpointsTest {

    @Test
    void anEndpointFailingForDaysIsListedWithItsRetryingAndDeadDeliveries() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Subscription failing = Fixtures.subscribe(shop, "http://127.0.0.1:9/failing", Topics.REVIEWS_CREATED.name());
        Fixtures.Subscription healthy = Fixtures.subscribe(shop, "http://127.0.0.1:9/healthy", Topics.REVIEWS_CREATED.name());
        Fixtures.storedDelivery(failing, shop, "pending", "a@example.com", Duration.ofDays(3));
        Fixtures.storedDelivery(failing, shop, "dead", "b@example.com", Duration.ofDays(2));
        Fixtures.storedDelivery(healthy, shop, "delivered", "c@example.com", Duration.ofDays(4));
        String moderator = new OperatorSessions("test-operator-session-key-0123456789abcdef", new ObjectMapper())
                .open("mia", OperatorRole.MODERATOR, Instant.now());

        JsonPath answer = given().cookie(OperatorSessions.COOKIE, moderator).queryParam("limit", 500)
                .get("/operator/api/webhooks/failing-endpoints").then().statusCode(200).extract().jsonPath();
        Map<String, Object> listed = answer.getMap("endpoints.find { it.subscription_id == " + failing.id() + " }");
        assertEquals(1, listed.get("retrying"));
        assertEquals(1, listed.get("dead"));
        assertTrue(Instant.parse((String) listed.get("failing_since")).isBefore(Instant.now().minus(Duration.ofDays(2))));
        assertNull(answer.get("endpoints.find { it.subscription_id == " + healthy.id() + " }"));

        given().get("/operator/api/webhooks/failing-endpoints").then().statusCode(401);
        given().cookie(OperatorSessions.COOKIE, moderator).queryParam("limit", "0").get("/operator/api/webhooks/failing-endpoints")
                .then().statusCode(400);
    }
}
