package dev.shopreviews.invitations.privacy;

import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The privacy page's link requests under parallel attack (docs/privacy.md): the per-address limit holds when the
 * requests arrive at once, and the answer's timing does not tell a known address from an unknown one.
 */
@QuarkusTest
class PrivacyLinkUnderAttackTest {
    private static final int PAIRS = 30;

    @Test
    void eightParallelRequestsForOneAddressMailExactlyThreeLinks() throws Exception {
        String email = Fixtures.email();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        List<Integer> statuses = new ArrayList<>();
        try {
            List<Future<Integer>> answers = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String client = "192.0.2." + (100 + i);  // other clients, so only the address's limit applies
                Callable<Integer> request = () -> {
                    start.await();
                    return askLink(email, client);
                };
                answers.add(pool.submit(request));
            }
            start.countDown();
            for (Future<Integer> answer : answers) {
                statuses.add(answer.get());
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(3, statuses.stream().filter(status -> status == 200).count(), statuses::toString);
        assertEquals(5, statuses.stream().filter(status -> status == 429).count(), statuses::toString);
        List<Mailbox.Mail> mails = await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(250))
                .until(() -> Mailbox.messages(email), list -> list.size() >= 3);
        assertEquals(3, mails.size(), "one mail per reserved slot");
    }

    @Test
    void aKnownAddressIsNotAnsweredMoreSlowlyThanAnUnknownOne() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        List<String> known = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            String email = Fixtures.email();
            Fixtures.add(shop, Map.of("email", email, "order", Fixtures.order()));
            known.add(email);
        }
        known.forEach(Mailbox::awaitOne);  // known here and at the mail server: its invitation was mailed
        askLink(Fixtures.email(), "192.0.2.200");  // warm-up

        int knownSlower = 0;
        for (int i = 0; i < PAIRS; i++) {
            String unknown = Fixtures.email();
            // Interleaved, each first in every other pair, each from a fresh client.
            long knownNanos;
            long unknownNanos;
            if (i % 2 == 0) {
                knownNanos = timed(known.get(i), "198.18.0." + i);
                unknownNanos = timed(unknown, "198.18.1." + i);
            } else {
                unknownNanos = timed(unknown, "198.18.1." + i);
                knownNanos = timed(known.get(i), "198.18.0." + i);
            }
            if (knownNanos > unknownNanos) {
                knownSlower++;
            }
        }
        // With equal work before the answer, known is slower in about half the pairs; in 26 or more of 30 only by a
        // chance of 3 in 100,000.
        assertTrue(knownSlower <= 25, "known slower in " + knownSlower + " of " + PAIRS + " pairs");
    }

    private static long timed(String email, String client) {
        long start = System.nanoTime();
        int status = askLink(email, client);
        long nanos = System.nanoTime() - start;
        assertEquals(200, status);
        return nanos;
    }

    private static int askLink(String email, String client) {
        return given().header("X-Forwarded-For", client).formParam("email", email).formParam("lang", "en")
                .post("/privacy/link").statusCode();
    }
}
