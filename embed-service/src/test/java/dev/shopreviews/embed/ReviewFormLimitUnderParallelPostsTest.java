package dev.shopreviews.embed;

import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.links.SignedTokens;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The review form's limit per client and webshop (common TokenBuckets) holds when one client's posts arrive at once:
 * exactly the capacity passes (the test profile's 12; one more every 6 s, far longer than the burst).
 */
@QuarkusTest
class ReviewFormLimitUnderParallelPostsTest {
    private static final int CAPACITY = 12;  // %test.shopreviews.rate-limit.capacity
    private static final int POSTS = 30;

    @Inject
    SignedTokens tokens;

    @TestHTTPResource("/")
    URL root;

    @Test
    void thirtyParallelPostsOfTheReviewFormFromOneClientPassTheLimitExactlyTwelveTimes() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("parallel-form.example");
        String token = tokens.sign(new ReviewLink(shop.id(), 4712L, "PAR-" + UUID.randomUUID(), "klant@example.com", "Kees",
                "en", List.of(), Instant.now().plusSeconds(3600).getEpochSecond()));
        String self = "http://" + root.getHost() + ":" + root.getPort();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(POSTS);
        List<Integer> statuses = new ArrayList<>();
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < POSTS; i++) {
                Callable<Integer> post = () -> {
                    start.await();
                    // An invalid rating: past the limit the form comes back with its problem (400), nothing is sent.
                    return given().header("X-Forwarded-For", "198.18.30.1").header("Origin", self)
                            .formParam("token", token).formParam("rating", "9").formParam("name", "Kees")
                            .post("/embed/review").statusCode();
                };
                answers.add(pool.submit(post));
            }
            start.countDown();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(CAPACITY, statuses.stream().filter(status -> status == 400).count(), statuses::toString);
        assertEquals(POSTS - CAPACITY, statuses.stream().filter(status -> status == 429).count(), statuses::toString);
    }
}
