package dev.shopreviews.invitations;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The email+order rule is the database's unique constraint: concurrent identical requests queue exactly one. */
@QuarkusTest
class AddInvitationRaceTest {

    @Test
    void thirtyTwoConcurrentIdenticalRequestsQueueExactlyOne() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop();
        Map<String, String> form = Map.of("email", Fixtures.email(), "order", Fixtures.order(), "delay", "3");
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            List<Future<String>> answers = new ArrayList<>();
            for (int i = 0; i < 32; i++) {
                Callable<String> request = () -> {
                    start.await();
                    return Fixtures.add(shop, form);
                };
                answers.add(pool.submit(request));
            }
            start.countDown();
            List<String> messages = new ArrayList<>();
            for (Future<String> answer : answers) {
                messages.add(answer.get());
            }
            assertEquals(1, messages.stream().filter("Invitation successfully added to queue!"::equals).count(), messages::toString);
            assertEquals(31, messages.stream().filter("Invitation already sent for this order."::equals).count(), messages::toString);
        } finally {
            pool.shutdownNow();
        }
        shop.auth().queryParam("order", 100).get("/api/1.0/invitations.json").then().body("invitations", hasSize(1));
    }
}
