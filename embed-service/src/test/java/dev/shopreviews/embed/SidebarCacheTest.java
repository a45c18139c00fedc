package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.zip.GZIPInputStream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * sidebar.js from the in-memory cache, seen on the wire (java.net.http does not decode gzip, so the bytes are the
 * ones sent). The test profile keeps entries for 10 minutes: a change seen here came through the invalidation.
 */
@QuarkusTest
class SidebarCacheTest {
    /** HTTP/1.1, as the gateway speaks to the service. */
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();
    /** Cleartext HTTP/2 (h2c upgrade), which the service accepts too. */
    private static final HttpClient HTTP2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2)
            .connectTimeout(Duration.ofSeconds(10)).build();

    @TestHTTPResource("/")
    URL root;

    private HttpResponse<byte[]> get(long id, String... headers) {
        return get(HTTP, id, headers);
    }

    private HttpResponse<byte[]> get(HttpClient client, long id, String... headers) {
        URI uri = URI.create("http://localhost:" + root.getPort() + "/sidebar.js?id=" + id + "&c=1");
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(30));
        if (headers.length > 0) {
            request.headers(headers);
        }
        try {
            return client.send(request.GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The script as the browser reads it: gunzipped when it came gzipped. */
    private static String text(HttpResponse<byte[]> response) {
        if (response.headers().allValues("Content-Encoding").contains("gzip")) {
            return new String(gunzip(response.body()), StandardCharsets.UTF_8);
        }
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private static byte[] gunzip(byte[] body) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("not a gzip body", e);
        }
    }

    private static void assertCommonHeaders(HttpResponse<byte[]> response) {
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/javascript"));
        assertEquals("public, max-age=600", response.headers().firstValue("Cache-Control").orElse(null));
        assertEquals("nosniff", response.headers().firstValue("X-Content-Type-Options").orElse(null));
        assertTrue(response.headers().allValues("Vary").stream().anyMatch(v -> v.toLowerCase().contains("accept-encoding")),
                "Vary: Accept-Encoding, was " + response.headers().allValues("Vary"));
        if (response.version() == HttpClient.Version.HTTP_1_1) {
            assertEquals(String.valueOf(response.body().length), response.headers().firstValue("Content-Length").orElse(null));
        }
    }

    @Test
    void sidebarIsServedPrecompressedToClientsThatAcceptGzip() {
        Fixtures.Shop shop = Fixtures.webshop("gzip-wire.example");
        HttpResponse<byte[]> plain = get(shop.id());
        for (HttpClient client : List.of(HTTP, HTTP2)) {
            HttpResponse<byte[]> gzipped = get(client, shop.id(), "Accept-Encoding", "gzip, deflate, br");
            assertCommonHeaders(gzipped);
            assertEquals(List.of("gzip"), gzipped.headers().allValues("Content-Encoding"), client.version() + ": one coding, compressed once");
            byte[] decoded = gunzip(gzipped.body());
            assertEquals(new String(plain.body(), StandardCharsets.UTF_8), new String(decoded, StandardCharsets.UTF_8), client.version().toString());
            assertTrue(gzipped.body().length < plain.body().length / 2, gzipped.body().length + " of " + plain.body().length + " bytes");
            assertEquals(plain.headers().firstValue("ETag"), gzipped.headers().firstValue("ETag"));
        }
    }

    @Test
    void clientsWithoutGzipGetThePlainScript() {
        Fixtures.Shop shop = Fixtures.webshop("plain-wire.example");
        for (String[] headers : List.of(new String[0], new String[]{"Accept-Encoding", "identity"},
                new String[]{"Accept-Encoding", "gzip;q=0"}, new String[]{"Accept-Encoding", "gzip;q=0, identity"})) {
            HttpResponse<byte[]> response = get(shop.id(), headers);
            assertCommonHeaders(response);
            assertFalse(response.headers().allValues("Content-Encoding").stream().anyMatch(v -> !v.equals("identity")),
                    List.of(headers) + " got " + response.headers().allValues("Content-Encoding"));
            String script = new String(response.body(), StandardCharsets.UTF_8);
            assertTrue(script.contains("\"id\":" + shop.id()), List.of(headers) + ": plain JavaScript");
        }
    }

    @Test
    void aMatchingETagAnswers304WithVaryWhateverTheEncoding() {
        Fixtures.Shop shop = Fixtures.webshop("etag-wire.example");
        String etag = get(shop.id(), "Accept-Encoding", "gzip").headers().firstValue("ETag").orElseThrow();
        for (String[] headers : List.of(new String[]{"If-None-Match", etag}, new String[]{"If-None-Match", etag, "Accept-Encoding", "gzip"})) {
            HttpResponse<byte[]> response = get(shop.id(), headers);
            assertEquals(304, response.statusCode());
            assertEquals(0, response.body().length);
            assertEquals(etag, response.headers().firstValue("ETag").orElse(null));
            assertEquals("public, max-age=600", response.headers().firstValue("Cache-Control").orElse(null));
            assertTrue(response.headers().allValues("Vary").stream().anyMatch(v -> v.toLowerCase().contains("accept-encoding")));
        }
    }

    @Test
    void unknownIdsGetTheNoOpScriptInBothEncodings() {
        long unknown = 8_999_999_999_999_999L;
        HttpResponse<byte[]> plain = get(unknown);
        HttpResponse<byte[]> gzipped = get(unknown, "Accept-Encoding", "gzip");
        assertEquals("public, max-age=60", plain.headers().firstValue("Cache-Control").orElse(null));
        assertTrue(text(plain).contains("unknown webshop"));
        assertEquals(text(plain), text(gzipped));
        assertEquals(List.of("gzip"), gzipped.headers().allValues("Content-Encoding"));
    }

    @Test
    void aNewReviewReplacesTheCachedSidebar() {
        Fixtures.Shop shop = Fixtures.webshop("fresh-wire.example");
        String before = text(get(shop.id(), "Accept-Encoding", "gzip"));
        assertFalse(before.contains("Rita Recent"));
        long review = Fixtures.nextReviewId();
        Instant t = Instant.now();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), review, true, false, "Rita Recent", 5, "Arrived next day", t);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertTrue(text(get(shop.id(), "Accept-Encoding", "gzip")).contains("Rita Recent")));
        assertTrue(text(get(shop.id())).contains("Rita Recent"), "the plain script is the same new entry");

        Fixtures.reviewChanged(Topics.REVIEWS_DELETED.name(), shop.id(), review, false, false, "Rita Recent", 5, "Arrived next day", t.plusSeconds(1));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertFalse(text(get(shop.id(), "Accept-Encoding", "gzip")).contains("Rita Recent")));
    }

    @Test
    void aNewSummaryReplacesTheCachedSidebar() {
        Fixtures.Shop shop = Fixtures.webshop("summary-wire.example");
        assertTrue(text(get(shop.id())).contains("\"amount\":0"));
        Fixtures.summary(shop.id(), 41, "4.10", Instant.now());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertTrue(text(get(shop.id())).contains("\"amount\":41")));
    }

    @Test
    void theCacheCountsItsHitsAndMissesForTheMetrics() {
        Fixtures.Shop shop = Fixtures.webshop("metrics-" + System.nanoTime() + ".example");
        await().atMost(Duration.ofSeconds(30)).until(() -> get(shop.id()).body().length > 1000);
        double hits = counter("hit");
        double misses = counter("miss");

        get(shop.id());
        get(shop.id());

        assertEquals(hits + 2, counter("hit"), "both answered from memory");
        assertEquals(misses, counter("miss"));
        assertTrue(misses >= 1, "the first request of the webshop loaded it");
    }

    private double counter(String result) {
        String metrics = io.restassured.RestAssured.get("/q/metrics").asString();
        return metrics.lines().filter(l -> l.startsWith("embed_sidebar_cache_requests_total{") && l.contains("result=\"" + result + "\""))
                .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum();
    }
}
