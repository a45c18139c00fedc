package dev.shopreviews.ratings;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Clients that hang up while their request waits for a pooled database connection (browsers closing a tab, a
 * gateway timing out, a load generator stopping) must not cost the service that connection. Hibernate Reactive
 * 3.4.1 loses it when the request's Uni is cancelled at that moment (hibernate-reactive#4133); the resources are
 * {@code @Cancellable(false)}, so the work runs to completion and returns the connection.
 */
@QuarkusTest
class ClientHangUpTest {
    private static final int ROUNDS = 6;
    private static final int HANG_UPS_PER_ROUND = 100;

    @TestHTTPResource("/api/1.0/ratings.json")
    URI ratings;

    @Test
    void requestsWhoseClientsHangUpLeaveTheConnectionPoolWhole() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String query = "?id=" + shop.id() + "&code=" + shop.code() + "&limit=100";
        for (int round = 0; round < ROUNDS; round++) {
            hangUpBurst(query);
            // Afterwards the service still serves a burst larger than its pool (12), every request in time.
            assertEquals(List.of(), failedConcurrentRequests(URI.create(ratings + query), 40),
                    "answers other than 200 after hang-up round " + (round + 1));
        }
    }

    /** Opens many connections at once, sends a request on each and resets them all without reading the answer. */
    private void hangUpBurst(String query) throws IOException {
        byte[] request = ("GET " + ratings.getPath() + query + " HTTP/1.1\r\nHost: " + ratings.getHost() + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < HANG_UPS_PER_ROUND; i++) {
                Socket socket = new Socket(ratings.getHost(), ratings.getPort());
                socket.setSoLinger(true, 0); // close() resets the connection at once
                OutputStream out = socket.getOutputStream();
                out.write(request);
                out.flush();
                sockets.add(socket);
            }
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }

    /** Sends {@code count} requests at once; answers a description of each that was not a 200 within 20 s. */
    private static List<String> failedConcurrentRequests(URI uri, int count) throws Exception {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        List<CompletableFuture<String>> answers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(20)).GET().build();
            answers.add(client.sendAsync(request, HttpResponse.BodyHandlers.discarding())
                    .thenApply(response -> response.statusCode() == 200 ? null : "status " + response.statusCode())
                    .exceptionally(failure -> (failure.getCause() == null ? failure : failure.getCause()).toString()));
        }
        List<String> failed = new ArrayList<>();
        for (CompletableFuture<String> answer : answers) {
            String problem = answer.get(30, TimeUnit.SECONDS);
            if (problem != null) {
                failed.add(problem);
            }
        }
        return failed;
    }
}
