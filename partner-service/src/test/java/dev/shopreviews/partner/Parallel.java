package dev.shopreviews.partner;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;

/** Sends requests all at once (an attacker's burst) and collects the answers in order. */
public final class Parallel {
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    private Parallel() {
    }

    /** A JSON POST with the given headers (name, value pairs). */
    public static HttpRequest post(URI base, String path, String json, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json));
        for (int i = 0; i + 1 < headers.length; i += 2) {
            builder.header(headers[i], headers[i + 1]);
        }
        return builder.build();
    }

    public static HttpRequest get(URI base, String path) {
        return HttpRequest.newBuilder(base.resolve(path)).timeout(Duration.ofSeconds(60)).GET().build();
    }

    public static HttpResponse<String> send(HttpRequest request) {
        return CLIENT.sendAsync(request, HttpResponse.BodyHandlers.ofString()).join();
    }

    /** Starts all {@code count} requests before waiting for any answer. */
    public static List<HttpResponse<String>> fire(int count, IntFunction<HttpRequest> request) {
        List<CompletableFuture<HttpResponse<String>>> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sent.add(CLIENT.sendAsync(request.apply(i), HttpResponse.BodyHandlers.ofString()));
        }
        return sent.stream().map(CompletableFuture::join).toList();
    }

    /** How many answers had this status. */
    public static long count(List<HttpResponse<String>> answers, int status) {
        return answers.stream().filter(answer -> answer.statusCode() == status).count();
    }
}
