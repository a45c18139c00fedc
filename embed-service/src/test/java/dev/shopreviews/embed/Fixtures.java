package dev.shopreviews.embed;

import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.testing.KafkaTestClient;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;

/** Gives embed-service its data the way production does: events on the real broker, then waits until they are read. */
public final class Fixtures {
    private static final AtomicLong REVIEW_IDS = new AtomicLong(ThreadLocalRandom.current().nextLong(1_000_000L, 9_000_000_000L));

    public record Shop(long id, String name, String domain) {
    }

    private Fixtures() {
    }

    /**
     * A webshop with the given languages whose own domain is {@code domain}; waits until the read model has it (its
     * public page, read from the database on every request) and then until sidebar.js knows it. Asking sidebar.js first
     * would cache the no-op script of a then unknown id for {@code shopreviews.sidebar.unknown-ttl}.
     */
    public static Shop webshop(String name, String domain, String mainLanguage, List<String> languages) {
        return webshop(name, domain, mainLanguage, languages, "https://" + domain + "/logo.png");
    }

    public static Shop webshop(String name, String domain, String mainLanguage, List<String> languages, String logo) {
        long id = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
        publish(id, 1, true, name, domain, mainLanguage, languages, logo);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get("/shop/" + id + "/en").then().statusCode(200));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", id).get("/sidebar.js").then().statusCode(200).body(containsString("\"id\":" + id)));
        return new Shop(id, name, domain);
    }

    /**
     * A webshop that is deactivated from its first snapshot (name "Fixture Shop", nl and en); waits until its public
     * page says so. sidebar.js is not asked, so nothing of it is cached yet.
     */
    public static Shop deactivatedWebshop(String domain) {
        long id = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
        publish(id, 1, false, "Fixture Shop", domain, "nl", List.of("nl", "en"), "https://" + domain + "/logo.png");
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get("/shop/" + id + "/en").then().statusCode(200)
                .body(containsString("not available at the moment")));
        return new Shop(id, "Fixture Shop", domain);
    }

    /**
     * A newer snapshot of a shop made by {@link #webshop(String)} or {@link #deactivatedWebshop} (partner-service
     * publishes one when the operator deactivates or reactivates it); {@code version} must grow. Does not wait.
     */
    public static void snapshot(Shop shop, long version, boolean active) {
        publish(shop.id(), version, active, shop.name(), shop.domain(), "nl", List.of("nl", "en"), "https://" + shop.domain() + "/logo.png");
    }

    /** The test profile's SECRET_ENCRYPTION_KEY (partner-service's ApiCodeCipher encrypts with it, embed-service decrypts). */
    public static final String SECRET_ENCRYPTION_KEY = "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0";

    /**
     * A webshop whose snapshot carries the encrypted copy of its API code {@code code} (as partner-service publishes
     * it for a code issued or rotated since it keeps one), so embed-service can check its order-data signatures.
     */
    public static Shop webshopWithCode(String domain, String code) {
        long id = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
        publish(id, 1, true, "Signed Shop", domain, "nl", List.of("nl", "en"), "https://" + domain + "/logo.png", encryptedCode(code, id));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().get("/shop/" + id + "/en").then().statusCode(200));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", id).get("/sidebar.js").then().statusCode(200).body(containsString("\"id\":" + id)));
        return new Shop(id, "Signed Shop", domain);
    }

    /** partner-service's ApiCodeCipher format: v1:base64(nonce + AES-256-GCM ciphertext + tag), data "api-code:<id>". */
    public static String encryptedCode(String code, long webshopId) {
        try {
            byte[] nonce = new byte[12];
            new java.security.SecureRandom().nextBytes(nonce);
            javax.crypto.Cipher cipher = javax.crypto.Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(javax.crypto.Cipher.ENCRYPT_MODE, new javax.crypto.spec.SecretKeySpec(
                    java.util.HexFormat.of().parseHex(SECRET_ENCRYPTION_KEY), "AES"), new javax.crypto.spec.GCMParameterSpec(128, nonce));
            cipher.updateAAD(("api-code:" + webshopId).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(code.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            byte[] out = new byte[nonce.length + sealed.length];
            System.arraycopy(nonce, 0, out, 0, nonce.length);
            System.arraycopy(sealed, 0, out, nonce.length, sealed.length);
            return "v1:" + java.util.Base64.getEncoder().encodeToString(out);
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void publish(long id, long version, boolean active, String name, String domain, String mainLanguage,
                                List<String> languages, String logo) {
        publish(id, version, active, name, domain, mainLanguage, languages, logo, null);
    }

    private static void publish(long id, long version, boolean active, String name, String domain, String mainLanguage,
                                List<String> languages, String logo, String apiCodeCipher) {
        String langs = String.join(",", languages.stream().map(l -> "\"" + l + "\"").toList());
        String json = """
                {"event_id":"%s","type":"webshop.snapshot","occurred_at":"%s","webshop_id":%d,"version":%d,
                 "api_code_hash":"%s","public_code":"pub-%d","name":"%s","url":"http://%s/","main_language":"%s",
                 "languages":[%s],"reply_access":false,"active":%s,"domains":["%s"],
                 "address":{"street":"Damrak","housenumber":"1","postalcode":"1012 LG","city":"Amsterdam","country":"Netherlands"},
                 "logo":"%s","hero_color":"#123456","hero_image":null,"approved_at":"2024-01-02T03:04:05Z",
                 "partner_assurances":{"acme":true},"created":"%s","api_code_cipher":%s}
                """.formatted(UUID.randomUUID(), Instant.now(), id, version, Codes.sha256Hex("code-" + id), id, name, domain,
                mainLanguage, langs, active, domain, logo, Instant.now(), apiCodeCipher == null ? "null" : quote(apiCodeCipher));
        KafkaTestClient.send(Topics.WEBSHOPS.name(), String.valueOf(id), json);
    }

    public static Shop webshop(String domain) {
        return webshop("Fixture Shop", domain, "nl", List.of("nl", "en"));
    }

    public static void summary(long webshopId, long amount, String average, Instant occurredAt) {
        String json = """
                {"event_id":"%s","type":"ratings.summary","occurred_at":"%s","webshop_id":%d,"amount":%d,"rating_average":%s,
                 "ratings_average":{"shippingtime":4.10,"customerservice":3.90,"pricequality":4.00,"aftersale":3.50}}
                """.formatted(UUID.randomUUID(), occurredAt, webshopId, amount, average);
        KafkaTestClient.send(Topics.RATINGS_SUMMARY.name(), String.valueOf(webshopId), json);
    }

    public static long nextReviewId() {
        return REVIEW_IDS.incrementAndGet();
    }

    /** Sends a ReviewChanged event; answers its event id. */
    public static String reviewChanged(String topic, long webshopId, long reviewId, boolean published, boolean quarantine,
                                       String name, int rating, String comment, Instant occurredAt) {
        return reviewChanged(topic, webshopId, reviewId, published, quarantine, name, rating, comment, occurredAt, null);
    }

    /** A ReviewChanged event with {@code hidden_reason} (null: not hidden); answers its event id. */
    public static String reviewChanged(String topic, long webshopId, long reviewId, boolean published, boolean quarantine,
                                       String name, int rating, String comment, Instant occurredAt, String hiddenReason) {
        String eventId = UUID.randomUUID().toString();
        String json = """
                {"event_id":"%s","type":"%s","occurred_at":"%s","webshop_id":%d,"published":%s,
                 "review":{"id":%d,"name":%s,"email":"someone@example.com","order_number":"A-1","rating":%d,
                  "ratings":{"shippingtime":5,"customerservice":4,"pricequality":4,"aftersale":3},"comment":%s,
                  "date":"2025-03-01","country":"NL","language":"nl","created":"2025-03-01 10:00:00","read":false,
                  "quarantine":%s,"verified":true,"reaction":""},"hidden_reason":%s}
                """.formatted(eventId, topic, occurredAt, webshopId, published, reviewId, quote(name), rating,
                comment == null ? "null" : quote(comment), quarantine, hiddenReason == null ? "null" : quote(hiddenReason));
        KafkaTestClient.send(topic, String.valueOf(webshopId), json);
        return eventId;
    }

    /** A product review of a ReviewChanged event ({@code products}); null fields are sent as null. */
    public record ProductRating(String productId, String name, String sku, String gtin, int rating, String text) {
        String json() {
            return """
                    {"product_id":%s,"name":%s,"url":"https://shop.example/p","image_url":null,"sku":%s,"gtin":%s,"rating":%d,"text":%s}"""
                    .formatted(nullable(productId), nullable(name), nullable(sku), nullable(gtin), rating, nullable(text));
        }
    }

    /** A ReviewChanged event with {@code verified} and {@code products} (null: the field is left out); answers its event id. */
    public static String reviewWithProducts(String topic, long webshopId, long reviewId, boolean published, String name,
                                            boolean verified, String hiddenReason, Instant occurredAt, List<ProductRating> products) {
        return reviewWithProducts(topic, webshopId, reviewId, published, name, verified, hiddenReason, occurredAt, products, null);
    }

    /**
     * The same with {@code import_source} (the provider a shop imported the review from; null: the field is left out,
     * as in events written before it existed); answers its event id.
     */
    public static String reviewWithProducts(String topic, long webshopId, long reviewId, boolean published, String name,
                                            boolean verified, String hiddenReason, Instant occurredAt, List<ProductRating> products,
                                            String importSource) {
        String eventId = UUID.randomUUID().toString();
        String productsJson = (products == null ? "" : ",\"products\":[" + String.join(",", products.stream().map(ProductRating::json).toList()) + "]")
                + (importSource == null ? "" : ",\"import_source\":" + quote(importSource));
        String json = """
                {"event_id":"%s","type":"%s","occurred_at":"%s","webshop_id":%d,"published":%s,
                 "review":{"id":%d,"name":%s,"email":"someone@example.com","order_number":"A-1","rating":4,
                  "ratings":{"shippingtime":5,"customerservice":4,"pricequality":4,"aftersale":3},"comment":"Shop comment",
                  "date":"2025-03-01","country":"NL","language":"nl","created":"2025-03-01 10:00:%02d","read":false,
                  "quarantine":false,"verified":%s,"reaction":""},"hidden_reason":%s%s}
                """.formatted(eventId, topic, occurredAt, webshopId, published, reviewId, quote(name), reviewId % 60, verified,
                nullable(hiddenReason), productsJson);
        KafkaTestClient.send(topic, String.valueOf(webshopId), json);
        return eventId;
    }

    private static String nullable(String text) {
        return text == null ? "null" : quote(text);
    }

    public static String quote(String text) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                default -> out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
