package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class SidebarScriptTest {

    @Test
    void unknownOrMalformedWebshopIdGetsANoOpScript() {
        for (String id : List.of("999999999999", "abc", "-1", "")) {
            given().queryParam("id", id).queryParam("c", "1").get("/sidebar.js").then().statusCode(200)
                    .contentType(startsWith("application/javascript")).body(containsString("unknown webshop"), not(containsString("function")));
        }
        given().get("/sidebar.js").then().statusCode(200).body(containsString("unknown webshop"));
    }

    @Test
    void scriptIsCacheableForTheTenMinuteWindowWithETagAnd304() {
        Fixtures.Shop shop = Fixtures.webshop("cache.example");
        Response first = given().queryParam("id", shop.id()).queryParam("c", "2900000").get("/sidebar.js");
        first.then().statusCode(200).header("Cache-Control", containsString("max-age=600")).contentType(startsWith("application/javascript"));
        String etag = first.header("ETag");
        assertTrue(etag != null && etag.startsWith("\""), "ETag present: " + etag);
        given().queryParam("id", shop.id()).queryParam("c", "2900001").header("If-None-Match", etag).get("/sidebar.js")
                .then().statusCode(304).header("Cache-Control", containsString("max-age=600"));
        given().queryParam("id", shop.id()).header("If-None-Match", "\"other\"").get("/sidebar.js").then().statusCode(200);
    }

    @Test
    void scriptWithSixLanguagesAndLongReviewsStaysUnderTenKilobytesGzipped() throws IOException {
        Fixtures.Shop shop = Fixtures.webshop("Big Shop", "big.example", "nl", List.of("nl", "en", "de", "fr", "es", "it"));
        Instant t = Instant.now();
        String longText = "Very good shop, ".repeat(200);
        for (int i = 0; i < 6; i++) {
            Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false, "Reviewer " + i, 5,
                    longText + i, t.plusSeconds(i));
        }
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", shop.id()).get("/sidebar.js").then().body(containsString("Reviewer 5")));
        String script = given().queryParam("id", shop.id()).get("/sidebar.js").then().extract().asString();
        assertTrue(script.contains("\"it\":{"), "carries Italian texts");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(script.getBytes(StandardCharsets.UTF_8));
        }
        assertTrue(out.size() <= 10 * 1024, "gzipped size " + out.size() + " bytes must be at most 10 KB");
    }

    @Test
    void reviewTextCannotEndTheScriptOrBreakTheDataLiteral() {
        Fixtures.Shop shop = Fixtures.webshop("escape.example");
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false, "Eve </script><script>alert(1)</script>",
                1, "\u2028 \"quoted\" </script>", Instant.now());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", shop.id()).get("/sidebar.js").then().body(containsString("Eve \\u003c/script\\u003e"),
                        not(containsString("</script>")), not(containsString("\u2028"))));
    }

    @Test
    void scriptServedGzippedWhenTheBrowserAcceptsIt() {
        Fixtures.Shop shop = Fixtures.webshop("gzip.example");
        given().queryParam("id", shop.id()).header("Accept-Encoding", "gzip").get("/sidebar.js").then().statusCode(200)
                .header("Content-Encoding", equalTo("gzip"));
    }
}
