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

    private static void publish(long id, long version, boolean active, String name, String domain, String mainLanguage,
                                List<String> languages, String logo) {
        String langs = String.join(",", languages.stream().map(l -> "\"" + l + "\"").toList());
        String json = """
                {"event_id":"%s","type":"webshop.snapshot","occurred_at":"%s","webshop_id":%d,"version":%d,
                 "api_code_hash":"%s","public_code":"pub-%d","name":"%s","url":"http://%s/","main_language":"%s",
                 "languages":[%s],"reply_access":false,"active":%s,"domains":["%s"],
                 "address":{"street":"Damrak","housenumber":"1","postalcode":"1012 LG","city":"Amsterdam","country":"Netherlands"},
                 "logo":"%s","hero_color":"#123456","hero_image":null,"approved_at":"2024-01-02T03:04:05Z",
                 "partner_assurances":{"acme":true},"created":"%s"}
                """.formatted(UUID.randomUUID(), Instant.now(), id, version, Codes.sha256Hex("code-" + id), id, name, domain,
                mainLanguage, langs, active, domain, logo, Instant.now());
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
