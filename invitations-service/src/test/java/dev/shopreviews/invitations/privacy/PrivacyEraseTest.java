package dev.shopreviews.invitations.privacy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** "Erase everything" on the privacy page: only the signed-in person, only from the page, at every webshop. */
@QuarkusTest
class PrivacyEraseTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Inject
    PrivacySessions sessions;

    @Test
    void theSignedInPersonErasesTheirAddressAtEveryWebshopFromThePageOnly() throws Exception {
        String email = Fixtures.email();
        String cookie = sessions.open(email, Instant.now());

        given().header(PrivacySessions.CSRF_HEADER, "1").post("/privacy/api/erase").then().statusCode(401)
                .body("status", equalTo("error"));
        given().cookie(PrivacySessions.COOKIE, "forged.value").header(PrivacySessions.CSRF_HEADER, "1")
                .post("/privacy/api/erase").then().statusCode(401);
        given().cookie(PrivacySessions.COOKIE, cookie).post("/privacy/api/erase").then().statusCode(403);
        given().cookie(PrivacySessions.COOKIE, sessions.open(email, Instant.now().minus(PrivacySessions.LIFETIME)))
                .header(PrivacySessions.CSRF_HEADER, "1").post("/privacy/api/erase").then().statusCode(401);

        Response erased = given().cookie(PrivacySessions.COOKIE, cookie).header(PrivacySessions.CSRF_HEADER, "1")
                .post("/privacy/api/erase");
        assertEquals(200, erased.statusCode(), erased.asString());
        String reference = erased.jsonPath().getString("reference");
        assertTrue(erased.getHeader("Set-Cookie").contains("Max-Age=0"), "the session ends");

        List<ConsumerRecord<String, String>> records = KafkaTestClient.await(Topics.CUSTOMERS_ERASED.name(),
                record -> record.value().contains(reference), 1, Duration.ofSeconds(30));
        assertEquals(1, records.size());
        JsonNode event = JSON.readTree(records.get(0).value());
        assertEquals(EmailHash.of(email), event.path("email_hash").asText());
        assertEquals(0, event.path("webshop_id").asLong(), "every webshop");
        assertEquals("person", event.path("requested_by").asText());
    }
}
