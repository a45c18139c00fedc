package dev.shopreviews.invitations.erasure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.CustomerErased;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@code POST /api/1.0/customer_erasure.json} (a shop erases a customer) and {@code POST /admin/customer-erasures}. */
@QuarkusTest
class CustomerErasureEndpointTest {
    private static final String PATH = "/api/1.0/customer_erasure.json";
    private static final String ADMIN = "/admin/customer-erasures";
    private static final String UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aWrongOrMissingCodeIsRefusedWithTheEnvelopeAndNothingIsPublished() {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        given().queryParam("id", shop.id()).queryParam("code", "wrong").contentType("application/x-www-form-urlencoded")
                .formParam("email", email).post(PATH)
                .then().statusCode(401).body("status", equalTo("error"))
                .body("message", equalTo("Incorrect authentication credentials."));
        given().queryParam("id", shop.id()).contentType("application/json").body("{\"email\":\"" + email + "\"}").post(PATH)
                .then().statusCode(400).body("message", equalTo("Not all obligated variables are set."));
        assertEquals(List.of(), KafkaTestClient.await(Topics.CUSTOMERS_ERASED.name(),
                record -> EmailHash.of(email).equals(record.key()), 1, Duration.ofSeconds(3)));
    }

    @Test
    void aMissingOrInvalidEmailIs400WithAClearMessage() {
        Fixtures.Shop shop = Fixtures.webshop();
        shop.auth().contentType("application/x-www-form-urlencoded").formParam("other", "x").post(PATH)
                .then().statusCode(400).body("status", equalTo("error")).body("message", equalTo("The email address is missing."));
        shop.auth().contentType("application/json").body("{}").post(PATH)
                .then().statusCode(400).body("message", equalTo("The email address is missing."));
        shop.auth().post(PATH)
                .then().statusCode(400).body("message", equalTo("The email address is missing."));
        shop.auth().contentType("application/x-www-form-urlencoded").formParam("email", "not an address").post(PATH)
                .then().statusCode(400).body("message", equalTo("The email address is not valid."));
        shop.auth().contentType("application/json").body("{\"email\":\"anna@\"}").post(PATH)
                .then().statusCode(400).body("message", equalTo("The email address is not valid."));
        shop.auth().contentType("application/json").body("{\"email\":42}").post(PATH)
                .then().statusCode(400).body("message", equalTo("The email address is not valid."));
        shop.auth().contentType("application/x-www-form-urlencoded").formParam("email", "anna@example.com\r\nBcc: x@example.com")
                .post(PATH).then().statusCode(400).body("message", equalTo("The email address is not valid."));
        shop.auth().contentType("application/json").body("[\"anna@example.com\"]").post(PATH)
                .then().statusCode(400).body("status", equalTo("error"));
        shop.auth().contentType("application/json").body("{not json").post(PATH)
                .then().statusCode(400).body("status", equalTo("error"));
    }

    @Test
    void aShopsErasureAnswersAReferenceAndPublishesTheHashForThatShopOnly() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        String email = Fixtures.email();
        String reference = shop.auth().contentType("application/x-www-form-urlencoded").formParam("email", " " + email.toUpperCase() + " ")
                .post(PATH).then().statusCode(200)
                .body("status", equalTo("success"))
                .body("message", equalTo("Erasure requested: everything stored about this address at your webshop is erased within a minute."))
                .body("reference", matchesPattern(UUID_PATTERN))
                .extract().path("reference");

        JsonNode event = published(reference);
        assertEquals(reference, event.path("event_id").asText());
        assertEquals(reference, event.path("reference").asText());
        assertEquals(CustomerErased.TYPE, event.path("type").asText());
        assertEquals(shop.id(), event.path("webshop_id").asLong());
        assertEquals(EmailHash.of(email), event.path("email_hash").asText());
        assertEquals("shop", event.path("requested_by").asText());
        assertEquals(-1, event.toString().indexOf(email), "the event carries no address");
    }

    @Test
    void theEmailMayComeAsJsonOrMultipartToo() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        String byJson = Fixtures.email();
        String json = shop.auth().contentType("application/json").body("{\"email\":\"" + byJson + "\"}").post(PATH)
                .then().statusCode(200).body("status", equalTo("success")).extract().path("reference");
        assertEquals(EmailHash.of(byJson), published(json).path("email_hash").asText());

        String byMultipart = Fixtures.email();
        String multipart = shop.auth().multiPart("email", byMultipart).post(PATH)
                .then().statusCode(200).body("status", equalTo("success")).extract().path("reference");
        assertEquals(EmailHash.of(byMultipart), published(multipart).path("email_hash").asText());
    }

    @Test
    void theOperatorErasesAnAddressAtEveryWebshopWithItsToken() throws Exception {
        String email = Fixtures.email();
        given().contentType("application/json").body("{\"email\":\"" + email + "\"}").post(ADMIN)
                .then().statusCode(401).body("message", equalTo("Operator token required."));
        given().header("Authorization", "Bearer wrong").contentType("application/json").body("{\"email\":\"" + email + "\"}")
                .post(ADMIN).then().statusCode(401);
        given().header("Authorization", "Bearer test-operator-token").contentType("application/json").body("{}")
                .post(ADMIN).then().statusCode(400).body("message", equalTo("The email address is missing."));
        given().header("Authorization", "Bearer test-operator-token").contentType("application/json").body("{\"email\":\"x\"}")
                .post(ADMIN).then().statusCode(400).body("message", equalTo("The email address is not valid."));

        String reference = given().header("Authorization", "Bearer test-operator-token").contentType("application/json")
                .body("{\"email\":\"" + email + "\"}").post(ADMIN)
                .then().statusCode(200).body("status", equalTo("success"))
                .body("reference", matchesPattern(UUID_PATTERN)).extract().path("reference");
        JsonNode event = published(reference);
        assertEquals(CustomerErased.EVERY_SHOP, event.path("webshop_id").asLong());
        assertEquals(EmailHash.of(email), event.path("email_hash").asText());
        assertEquals("operator", event.path("requested_by").asText());
    }

    private static JsonNode published(String reference) throws Exception {
        List<ConsumerRecord<String, String>> records = KafkaTestClient.await(Topics.CUSTOMERS_ERASED.name(),
                record -> record.value().contains(reference), 1, Duration.ofSeconds(30));
        assertEquals(1, records.size(), "CustomerErased " + reference + " on customers.erased");
        JsonNode event = JSON.readTree(records.get(0).value());
        assertEquals(event.path("email_hash").asText(), records.get(0).key(), "keyed by the hash");
        return event;
    }
}
