package dev.shopreviews.embed;

import dev.shopreviews.common.input.TextInput;
import io.quarkus.test.junit.QuarkusTest;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Inputs the review form accepted while ratings-service refused the review it published (a dead letter, the
 * customer's review lost): the form now refuses them with its usual error, and what it accepts the core stores.
 */
@QuarkusTest
class ReviewFormMatchesTheCoreTest {
    @ConfigProperty(name = "shopreviews.link-signing-key")
    String key;

    @io.quarkus.test.common.http.TestHTTPResource("/")
    java.net.URL root;

    private ReviewFormPosts form(String domain) {
        return new ReviewFormPosts(key, "http://" + root.getHost() + ":" + root.getPort(), Fixtures.webshop(domain));
    }

    /**
     * The input found for the issue: the comment "Fine" and a NEL (U+0085, a C1 control that trimming keeps). The old
     * form answered its thank-you page; ratings-service's deserializer refused the event ("Invalid value for comment:
     * contains a control character.") and it became a dead letter.
     */
    @Test
    void aCommentWithAC1ControlCharacterIsRefusedByTheFormInsteadOfBecomingADeadLetter() {
        ReviewFormPosts form = form("rules-nel.example");
        ReviewFormPosts.Post post = form.post("Fine\u0085", "Kees", null);
        assertEquals(Map.of(), ReviewFormPosts.refusedByTheCore(List.of(post)), "accepted by the form, refused by the core");
        assertEquals(400, post.status());
        assertTrue(post.body().contains(TextInput.invalid("comment", "contains a control character")), post.body());
    }

    @Test
    void controlCharactersNoncharactersAndBrokenUtf8InAnyTextFieldAreRefusedByTheForm() {
        ReviewFormPosts form = form("rules-controls.example");
        List<ReviewFormPosts.Post> posts = List.of(
                form.post("Great\u0000kettle", "Kees", null),
                form.post("Fine", "Kees", "Boils \ufffe fast"),
                form.post("Half a surrogate \ud83d", "Kees", null),
                form.post("Fine", "Kees\nBcc: victim@example.com", null),
                form.post("Fine", "Kees\u001b", null));
        assertEquals(Map.of(), ReviewFormPosts.refusedByTheCore(posts), "accepted by the form, refused by the core");
        for (ReviewFormPosts.Post post : posts) {
            assertEquals(400, post.status(), post.fields().toString());
        }
        assertTrue(posts.get(3).body().contains(TextInput.invalid("name", "must be a single line")), posts.get(3).body());
    }

    @Test
    void textWithinTheLimitsAfterTrimmingIsPublishedTrimmedAndStoredByTheCore() {
        ReviewFormPosts form = form("rules-trim.example");
        List<ReviewFormPosts.Post> posts = List.of(
                form.post("  " + "x".repeat(5000) + " \n", " " + "n".repeat(100) + " ", "\t" + "p".repeat(5000)),
                form.post("\uD83D\uDE00".repeat(2500), "Zo\u00eb \uD83D\uDE00", "   "),
                form.post(" \t\r\n ", "Kees", null));
        for (ReviewFormPosts.Post post : posts) {
            assertEquals(200, post.status(), post.fields().toString());
        }
        assertEquals(Map.of(), ReviewFormPosts.refusedByTheCore(posts));
    }
}
