package dev.shopreviews.embed;

import dev.shopreviews.common.testing.HostileValues;
import io.quarkus.test.junit.QuarkusTest;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property: whatever text (generated: any UTF-16 units including controls and lone surrogates, whitespace only,
 * text around and far beyond the limits, emoji) reaches the review form's comment, name and product text, every
 * post the form answers with its thank-you page published a {@code reviews.submitted} event ratings-service stores:
 * read from the real topic with the core's deserializer and checked with the core's check. The rest are 400 pages.
 */
@QuarkusTest
class ReviewFormPropertyTest {
    private static final int TRIES = 150;

    @ConfigProperty(name = "shopreviews.link-signing-key")
    String key;

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URL root;

    @Test
    void everyReviewTheFormAcceptsIsOneTheCoreStores() {
        ReviewFormPosts form = new ReviewFormPosts(key, "http://" + root.getHost() + ":" + root.getPort(),
                Fixtures.webshop("rules-property.example"));
        List<ReviewFormPosts.Post> posts = new ArrayList<>();
        Combinators.combine(text(), text(), text()).as(java.util.Arrays::asList).sampleStream().limit(TRIES)
                .forEach(fields -> posts.add(form.post(fields.get(0), fields.get(1), fields.get(2))));
        for (ReviewFormPosts.Post post : posts) {
            assertTrue(post.status() == 200 || post.status() == 400, post.status() + " for " + printable(post));
        }
        Map<String, String> refused = ReviewFormPosts.refusedByTheCore(posts);
        assertEquals(Map.of(), refused, () -> "accepted by the form, refused by the core: " + posts.stream()
                .filter(p -> refused.containsKey(p.order())).map(p -> refused.get(p.order()) + " <- " + printable(p)).toList());
        assertTrue(posts.stream().anyMatch(ReviewFormPosts.Post::accepted), "some generated posts are reviews the form takes");
    }

    /** Text for a field: null (left out) too, and often ordinary so that the other fields decide. */
    private static Arbitrary<String> text() {
        return Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(4, Arbitraries.strings().alpha().numeric().withChars(' ', '.', '!').ofMinLength(1).ofMaxLength(30)),
                net.jqwik.api.Tuple.of(3, Arbitraries.strings().all().ofMaxLength(30)),
                net.jqwik.api.Tuple.of(2, HostileValues.poisonedText()),
                net.jqwik.api.Tuple.of(1, Arbitraries.strings().withChars(" \t\r\n\u000b\u00a0\u2003\u3000").ofMaxLength(12)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(95, 105).map("n"::repeat)
                        .map(s -> " " + s + "\t")),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(4995, 5005).map("x"::repeat).map(s -> " " + s + "\n")),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(2495, 2505).map("\uD83D\uDE00"::repeat)),
                net.jqwik.api.Tuple.of(1, Arbitraries.integers().between(5001, 20_000).map("y"::repeat)),
                net.jqwik.api.Tuple.of(1, Arbitraries.just(null)));
    }

    private static String printable(ReviewFormPosts.Post post) {
        StringBuilder out = new StringBuilder();
        post.fields().forEach((field, value) -> {
            if (!field.equals("token")) {
                out.append(field).append('=').append(HostileValues.printable(value)).append(value.length() > 80 ? "…(" + value.length() + ")" : "").append(' ');
            }
        });
        return out.toString();
    }
}
