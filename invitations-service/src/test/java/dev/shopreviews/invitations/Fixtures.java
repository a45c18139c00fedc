package dev.shopreviews.invitations;

import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.events.ConsentRecorded;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.restassured.specification.RequestSpecification;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

/** Webshops (published on the webshops topic as partner-service would), invitations and consents for the tests. */
public final class Fixtures {

    public record Shop(long id, String code, String name) {
        public RequestSpecification auth() {
            return given().queryParam("id", id).queryParam("code", code);
        }
    }

    private Fixtures() {
    }

    public static Shop webshop() {
        return webshop("nl", "nl,en");
    }

    /** A new active webshop, replicated into this service (waits until its credentials work). */
    public static Shop webshop(String mainLanguage, String languages) {
        return webshop(mainLanguage, languages, "Fixture Shop %d");
    }

    /** As {@link #webshop(String, String)} with a name pattern ({@code %d}: the id), written into the snapshot JSON as given (escape it). */
    public static Shop webshop(String mainLanguage, String languages, String namePattern) {
        long id = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
        Shop shop = new Shop(id, Codes.random(16), namePattern.formatted(id));
        publish(shop, 1, true, mainLanguage, languages);
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                shop.auth().get("/api/1.0/invitations.json").statusCode() == 200);
        return shop;
    }

    /**
     * Publishes a newer snapshot of the shop (as partner-service does when the operator deactivates or reactivates it):
     * {@code version} must grow. Does not wait.
     */
    public static void snapshot(Shop shop, long version, boolean active) {
        publish(shop, version, active, "en", "en");
    }

    private static void publish(Shop shop, long version, boolean active, String mainLanguage, String languages) {
        String now = Instant.now().toString();
        String snapshot = """
                {"event_id":"%s","type":"webshop.snapshot","occurred_at":"%s","webshop_id":%d,"version":%d,
                 "api_code_hash":"%s","public_code":"%s","name":"%s","url":"https://shop-%d.example/",
                 "main_language":"%s","languages":[%s],"reply_access":false,"active":%s,
                 "domains":["shop-%d.example"],"address":null,"logo":null,"hero_color":null,"hero_image":null,
                 "approved_at":null,"partner_assurances":{},"created":"%s"}
                """.formatted(UUID.randomUUID(), now, shop.id(), version, Codes.sha256Hex(shop.code()), "pub-" + shop.id(),
                shop.name(), shop.id(), mainLanguage, quoted(languages), active, shop.id(), now);
        KafkaTestClient.send(Topics.WEBSHOPS.name(), String.valueOf(shop.id()), snapshot);
    }

    /** A fresh customer address nobody else uses. */
    public static String email() {
        return "customer-" + UUID.randomUUID().toString().substring(0, 12) + "@example.com";
    }

    public static String order() {
        return "ORD-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** POST /api/1.0/invitations.json with the given form fields; answers the status message. */
    public static String add(Shop shop, Map<String, ?> form) {
        return shop.auth().contentType("application/x-www-form-urlencoded").formParams(form)
                .post("/api/1.0/invitations.json")
                .then().statusCode(200).extract().path("message");
    }

    /** Publishes the customer's pop-up choice on consents.recorded, as embed-service would. */
    public static void consent(Shop shop, String order, String choice, int inviteDelayDays) {
        consent(shop, order, choice, inviteDelayDays, null);
    }

    /** A consent from the pop-up for the order, given for {@code email} (null: the page had no address). */
    public static void consent(Shop shop, String order, String choice, int inviteDelayDays, String email) {
        String event = """
                {"event_id":"%s","type":"%s","occurred_at":"%s","webshop_id":%d,"order_number":"%s",
                 "choice":"%s","invite_delay_days":%d,"email":%s,"first_name":null}
                """.formatted(UUID.randomUUID(), ConsentRecorded.TYPE, Instant.now(), shop.id(), order, choice,
                inviteDelayDays, email == null ? "null" : "\"" + email + "\"");
        KafkaTestClient.send(Topics.CONSENTS_RECORDED.name(), ConsentRecorded.key(shop.id(), order), event);
    }

    /** Waits until the service answers has_consent true for the order (the consent event was processed). */
    public static void awaitConsent(Shop shop, String order) {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                Boolean.TRUE.equals(shop.auth().queryParam("orderNumber", order)
                        .get("/api/2.0/order_permissions.json").path("has_consent")));
    }

    private static String quoted(String csv) {
        return String.join(",", java.util.Arrays.stream(csv.split(",")).map(s -> "\"" + s + "\"").toList());
    }
}
