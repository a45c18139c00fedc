package dev.shopreviews.partner;

import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.partner.operator.service.HashingSlots;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A flood of sign-ins, each for its own address from its own client (so no sign-in limit applies): only a few
 * password hashes run at once and a few wait, the rest are refused with 429 and Retry-After, nothing fails with 5xx,
 * and the service keeps answering its health check and its API during and after the flood.
 */
@QuarkusTest
class PasswordHashingFloodTest {

    @TestHTTPResource("/")
    URI base;

    @Test
    void sixtySignInsAtOnceAreAnsweredWithoutServerErrorsSomeRefusedAndTheServiceStaysUp() {
        Fixtures.Shop shop = Fixtures.webshop();
        String details = "api/1.0/webshop.json?id=" + shop.id() + "&code=" + shop.code();
        CompletableFuture<List<HttpResponse<String>>> flood = CompletableFuture.supplyAsync(() -> Parallel.fire(60, i ->
                Parallel.post(base, "dashboard/api/partner/account/session",
                        "{\"email\":\"flood-" + UUID.randomUUID() + "@example.com\",\"password\":\"a wrong password\"}",
                        OwnerSessions.CSRF_HEADER, "1", "X-Forwarded-For", "2001:db8:f100::" + Integer.toHexString(i + 1))));

        assertEquals(200, Parallel.send(Parallel.get(base, "q/health/live")).statusCode(), "health during the flood");
        assertEquals(200, Parallel.send(Parallel.get(base, details)).statusCode(), "the API during the flood");

        List<HttpResponse<String>> answers = flood.join();
        String statuses = answers.stream().map(a -> String.valueOf(a.statusCode())).toList().toString();
        assertTrue(answers.stream().allMatch(a -> a.statusCode() == 401 || a.statusCode() == 429), statuses);
        List<HttpResponse<String>> refused = answers.stream().filter(a -> a.statusCode() == 429).toList();
        assertTrue(!refused.isEmpty(), "some are refused: " + statuses);
        assertTrue(Parallel.count(answers, 401) > 0, "some are checked: " + statuses);
        for (HttpResponse<String> answer : refused) {
            assertTrue(answer.body().contains("\"status\":\"error\"") && answer.body().contains(HashingSlots.BUSY), answer.body());
            assertEquals("1", answer.headers().firstValue("Retry-After").orElse(null));
        }

        assertEquals(200, Parallel.send(Parallel.get(base, "q/health/live")).statusCode(), "health after the flood");
        assertEquals(200, Parallel.send(Parallel.get(base, details)).statusCode(), "the API after the flood");
    }
}
