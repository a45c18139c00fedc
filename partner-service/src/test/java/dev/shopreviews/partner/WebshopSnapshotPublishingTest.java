package dev.shopreviews.partner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every webshop change reaches the compacted webshops topic through the outbox, with a hash of the code only. */
@QuarkusTest
class WebshopSnapshotPublishingTest {
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void createdWebshopIsPublishedWithTheCodesHashNeverTheCode() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        List<ConsumerRecord<String, String>> records = KafkaTestClient.await(Topics.WEBSHOPS.name(),
                record -> record.key().equals(String.valueOf(shop.id())), 1, Duration.ofSeconds(30));
        assertEquals(1, records.size(), "snapshot of webshop " + shop.id() + " on the broker");
        String json = records.get(0).value();
        JsonNode snapshot = mapper.readTree(json);
        assertEquals(Codes.sha256Hex(shop.code()), snapshot.get("api_code_hash").asText());
        assertFalse(json.contains(shop.code()), "the API code itself never leaves partner-service");
        assertEquals(shop.publicCode(), snapshot.get("public_code").asText());
        assertEquals(1, snapshot.get("version").asLong());
        assertEquals("nl", snapshot.get("main_language").asText());
    }

    @Test
    void grantingReplyAccessPublishesANewerVersion() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        given().header("Authorization", Fixtures.OPERATOR).post("/admin/webshops/" + shop.id() + "/reply-access")
                .then().statusCode(200);
        List<ConsumerRecord<String, String>> records = KafkaTestClient.await(Topics.WEBSHOPS.name(),
                record -> record.key().equals(String.valueOf(shop.id())), 2, Duration.ofSeconds(30));
        assertEquals(2, records.size());
        JsonNode latest = mapper.readTree(records.get(1).value());
        assertEquals(2, latest.get("version").asLong());
        assertTrue(latest.get("reply_access").asBoolean());
    }
}
