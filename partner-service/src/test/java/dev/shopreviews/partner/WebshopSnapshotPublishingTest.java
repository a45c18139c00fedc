package dev.shopreviews.partner;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every webshop change reaches the compacted webshops topic through the outbox, with a hash of the code and its
 * encrypted copy, never the code.
 */
@QuarkusTest
class WebshopSnapshotPublishingTest {
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void createdWebshopIsPublishedWithTheCodesHashAndEncryptedCopyNeverTheCode() throws Exception {
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
        assertEquals(shop.code(), decrypt(snapshot.get("api_code_cipher").asText(), shop.id()),
                "the encrypted copy (SECRET_ENCRYPTION_KEY, bound to the webshop id) decrypts to the code");
        assertThrows(GeneralSecurityException.class, () -> decrypt(snapshot.get("api_code_cipher").asText(), shop.id() + 1),
                "a copy moved onto another webshop does not decrypt");
    }

    @Test
    void rotatingTheCodePublishesTheNewCodesHashAndEncryptedCopy() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        String code = given().header("Authorization", Fixtures.OPERATOR).post("/admin/webshops/" + shop.id() + "/rotate-code")
                .then().statusCode(200).extract().path("code");
        List<ConsumerRecord<String, String>> records = KafkaTestClient.await(Topics.WEBSHOPS.name(),
                record -> record.key().equals(String.valueOf(shop.id())), 2, Duration.ofSeconds(30));
        assertEquals(2, records.size());
        String json = records.get(1).value();
        JsonNode latest = mapper.readTree(json);
        assertEquals(Codes.sha256Hex(code), latest.get("api_code_hash").asText());
        assertEquals(code, decrypt(latest.get("api_code_cipher").asText(), shop.id()));
        assertFalse(json.contains(code), "the new code itself never leaves partner-service");
    }

    /** The format of ApiCodeCipher, decrypted here with the test profile's SECRET_ENCRYPTION_KEY. */
    private static String decrypt(String stored, long webshopId) throws GeneralSecurityException {
        assertTrue(stored.startsWith("v1:"), stored);
        byte[] in = Base64.getDecoder().decode(stored.substring(3));
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(HexFormat.of().parseHex(
                "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"), "AES"), new GCMParameterSpec(128, in, 0, 12));
        cipher.updateAAD(("api-code:" + webshopId).getBytes(StandardCharsets.UTF_8));
        return new String(cipher.doFinal(in, 12, in.length - 12), StandardCharsets.UTF_8);
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
