package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.messaging.EventJson;
import dev.shopreviews.common.messaging.UnusableRecord;
import dev.shopreviews.common.rules.ReviewSubmission;
import dev.shopreviews.common.testing.KafkaTestClient;
import org.apache.kafka.clients.consumer.ConsumerRecord;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static io.restassured.RestAssured.given;

/**
 * Posts the invitation review form as a browser does (form-encoded UTF-8, each value percent-encoded by hand so lone
 * surrogates reach the server as the bytes a hostile client sends) and reads what it published from the real
 * {@code reviews.submitted} topic the way ratings-service does: {@link EventJson} (its deserializer), then the core's
 * check {@link ReviewSubmission#refuse}.
 */
final class ReviewFormPosts {
    private static final AtomicInteger CLIENTS = new AtomicInteger();

    /** One post: the order number its link names (unique, so its event can be found) and the form's answer. */
    record Post(String order, Map<String, String> fields, int status, String body) {
        boolean accepted() {
            return status >= 200 && status < 300;
        }
    }

    private final String signingKey;
    private final String origin;
    private final Fixtures.Shop shop;

    ReviewFormPosts(String signingKey, String origin, Fixtures.Shop shop) {
        this.signingKey = signingKey;
        this.origin = origin;
        this.shop = shop;
    }

    /** A post with valid ratings and the given text fields (null: left out) through a fresh link with one product. */
    Post post(String comment, String name, String productText) {
        String order = "RULES-" + UUID.randomUUID();
        ReviewLink link = new ReviewLink(shop.id(), 4711L, order, "klant@example.com", "Kees", "en",
                List.of(new ReviewLink.Product("P-1", "Blue Kettle", "https://shop.example/kettle", null, "SKU1", "1234567890123")),
                Instant.now().plusSeconds(3600).getEpochSecond());
        String token = new SignedTokens(signingKey, new ObjectMapper().findAndRegisterModules()).sign(link);
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("token", token);
        fields.put("rating", "5");
        fields.put("shippingtime", "4");
        fields.put("customerservice", "5");
        fields.put("pricequality", "4");
        fields.put("aftersale", "3");
        fields.put("product_rating_0", "4");
        if (comment != null) {
            fields.put("comment", comment);
        }
        if (name != null) {
            fields.put("name", name);
        }
        if (productText != null) {
            fields.put("product_text_0", productText);
        }
        String body = fields.entrySet().stream().map(e -> encode(e.getKey()) + "=" + encode(e.getValue()))
                .collect(Collectors.joining("&"));
        int n = CLIENTS.incrementAndGet();
        io.restassured.response.Response answer = given().header("Origin", origin)
                .header("X-Forwarded-For", "198.19." + (n / 250) % 250 + "." + n % 250)
                .contentType("application/x-www-form-urlencoded; charset=UTF-8").body(body)
                .post("/embed/review");
        return new Post(order, fields, answer.statusCode(), answer.asString());
    }

    /**
     * The events the accepted posts published, each as ratings-service reads and checks it: the core's reason for
     * every one it would refuse (the deserializer's or the validator's), keyed by the post's order number. Also fails
     * when an accepted post published nothing.
     */
    static Map<String, String> refusedByTheCore(List<Post> posts) {
        Set<String> accepted = posts.stream().filter(Post::accepted).map(Post::order).collect(Collectors.toSet());
        Map<String, String> refused = new LinkedHashMap<>();
        if (accepted.isEmpty()) {
            return refused;
        }
        List<ConsumerRecord<String, String>> records = KafkaTestClient.await(Topics.REVIEWS_SUBMITTED.name(),
                r -> r.value() != null && accepted.stream().anyMatch(order -> r.value().contains("\"order_number\":\"" + order + "\"")),
                accepted.size(), Duration.ofSeconds(60));
        List<String> published = new ArrayList<>();
        for (ConsumerRecord<String, String> record : records) {
            String order = accepted.stream().filter(o -> record.value().contains(o)).findFirst().orElseThrow();
            published.add(order);
            try {
                ReviewSubmitted review = EventJson.read(Topics.REVIEWS_SUBMITTED, record.value());
                Optional<String> why = ReviewSubmission.refuse(review);
                why.ifPresent(reason -> refused.put(order, reason));
            } catch (UnusableRecord e) {
                refused.put(order, e.getMessage());
            }
        }
        for (String order : accepted) {
            if (!published.contains(order)) {
                refused.put(order, "accepted by the form but nothing published");
            }
        }
        return refused;
    }

    /** UTF-8 percent-encoding of every UTF-16 unit; a lone surrogate as its three bytes (what a broken client sends). */
    static String encode(String value) {
        StringBuilder out = new StringBuilder(value.length() * 3);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            int codePoint = c;
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                codePoint = Character.toCodePoint(c, value.charAt(++i));
            }
            if ((codePoint >= 'a' && codePoint <= 'z') || (codePoint >= 'A' && codePoint <= 'Z') || (codePoint >= '0' && codePoint <= '9')
                    || codePoint == '-' || codePoint == '_' || codePoint == '.') {
                out.append((char) codePoint);
                continue;
            }
            for (byte b : utf8(codePoint)) {
                out.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return out.toString();
    }

    private static byte[] utf8(int cp) {
        if (cp < 0x80) {
            return new byte[]{(byte) cp};
        }
        if (cp < 0x800) {
            return new byte[]{(byte) (0xC0 | cp >> 6), (byte) (0x80 | cp & 0x3F)};
        }
        if (cp < 0x10000) {
            return new byte[]{(byte) (0xE0 | cp >> 12), (byte) (0x80 | cp >> 6 & 0x3F), (byte) (0x80 | cp & 0x3F)};
        }
        return new byte[]{(byte) (0xF0 | cp >> 18), (byte) (0x80 | cp >> 12 & 0x3F), (byte) (0x80 | cp >> 6 & 0x3F),
                (byte) (0x80 | cp & 0x3F)};
    }
}
