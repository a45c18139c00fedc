package dev.shopreviews.embed.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.ReviewLinkIssued;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.links.LinkReferences;
import dev.shopreviews.common.links.ReviewLink;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.KafkaTestClient;
import dev.shopreviews.embed.Fixtures;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import dev.shopreviews.embed.privacy.service.RetentionCleanUp;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.sql.Timestamp;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.TemporalAdjusters;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The first opening of a known review link's form is recorded once (GET only), and the shop dashboard's
 * {@code link-opens} counts opened links by the week or month they were announced, in invitations-service's periods.
 */
@QuarkusTest
class DashboardLinkOpensTest {
    static final String KEY = "test-dashboard-session-key-0123456789abcdef";
    private static final ObjectMapper JSON = new ObjectMapper().findAndRegisterModules();

    @TestHTTPResource("/")
    URL root;

    @Inject
    RetentionCleanUp cleanUp;

    @Test
    void theFirstGetOfAKnownLinkIsRecordedOnceAndHeadAndPostAreNot() {
        Fixtures.Shop shop = Fixtures.webshop("opens.example");
        String ref = announce(shop.id(), Instant.now(), Instant.now().plus(Duration.ofDays(30)));

        given().queryParam("ref", ref).head("/embed/review").then().statusCode(200);
        // the form's POST with a problem answers the form again (its link is usable)
        given().header("Origin", "http://" + root.getHost() + ":" + root.getPort()).formParam("ref", ref)
                .formParam("rating", "9").post("/embed/review").then().statusCode(400);
        assertEquals(0, openedMicros(ref), "neither a HEAD nor the form's POST opens the link");

        given().queryParam("ref", ref).get("/embed/review").then().statusCode(200);
        long first = openedMicros(ref);
        assertTrue(first > 0, "the first GET records the opening");
        given().queryParam("ref", ref).get("/embed/review").then().statusCode(200);
        assertEquals(first, openedMicros(ref), "a second opening keeps the first time");
    }

    @Test
    void whenRecordingTheOpeningFailsTheFormIsStillServed() {
        Fixtures.Shop shop = Fixtures.webshop("opens-failing.example");
        String ref = announce(shop.id(), Instant.now(), Instant.now().plus(Duration.ofDays(30)));
        String function = "refuse_open_" + shop.id();
        Db.update("create function " + function + "() returns trigger language plpgsql as $$ begin "
                + "raise exception 'opening refused for this test'; end $$");
        Db.update("create trigger " + function + " before update of opened_at on known_review_link for each row "
                + "when (new.webshop_id = " + shop.id() + ") execute function " + function + "()");
        try {
            given().queryParam("ref", ref).get("/embed/review").then().statusCode(200)
                    .body(org.hamcrest.Matchers.containsString("Blue Kettle"));
            assertEquals(0, openedMicros(ref));
        } finally {
            Db.update("drop trigger " + function + " on known_review_link");
            Db.update("drop function " + function + "()");
        }
        given().queryParam("ref", ref).get("/embed/review").then().statusCode(200);
        assertTrue(openedMicros(ref) > 0, "recorded by the next opening");
    }

    @Test
    void unknownForgedAndExpiredLinksRecordNothing() {
        Fixtures.Shop shop = Fixtures.webshop("opens-unknown.example");
        String expired = announce(shop.id(), Instant.now(), Instant.now().minusSeconds(5));
        given().queryParam("ref", expired).get("/embed/review").then().statusCode(410);
        assertEquals(0, openedMicros(expired));

        given().queryParam("ref", LinkReferences.newReference()).get("/embed/review").then().statusCode(400);
        given().queryParam("ref", "forged'; update known_review_link set opened_at = now(); --").get("/embed/review")
                .then().statusCode(400);
        assertEquals(0, Db.count("select count(*) from known_review_link where webshop_id = ? and opened_at is not null", shop.id()));
    }

    @Test
    void openedLinksAreCountedInThePeriodTheyWereAnnouncedAndEmptyPeriodsAreZero() {
        Fixtures.Shop shop = Fixtures.webshop("opens-series.example");
        Instant now = Instant.now();
        Instant fiveWeeksAgo = now.minus(Duration.ofDays(35));
        String thisWeek = announce(shop.id(), now, now.plus(Duration.ofDays(30)));
        String older = announce(shop.id(), fiveWeeksAgo, now.plus(Duration.ofDays(30)));
        announce(shop.id(), now, now.plus(Duration.ofDays(30))); // never opened
        given().queryParam("ref", thisWeek).get("/embed/review").then().statusCode(200);
        given().queryParam("ref", thisWeek).get("/embed/review").then().statusCode(200);
        given().queryParam("ref", older).get("/embed/review").then().statusCode(200);

        String session = session(shop.id());
        JsonPath weeks = read(session).queryParam("by", "week").get(base(shop.id()) + "/link-opens").then().statusCode(200)
                .body("status", equalTo("success")).body("message", equalTo("Opened review links retrieved."))
                .body("by", equalTo("week")).extract().jsonPath();
        List<Map<String, Object>> series = weeks.getList("series");
        assertEquals(26, series.size());
        LocalDate monday = LocalDate.now(ZoneOffset.UTC).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        assertEquals(monday.minusWeeks(25).toString(), series.get(0).get("period"));
        assertEquals(monday.toString(), series.get(25).get("period"));
        LocalDate olderMonday = LocalDate.ofInstant(fiveWeeksAgo, ZoneOffset.UTC).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        for (Map<String, Object> period : series) {
            String day = (String) period.get("period");
            int expected = day.equals(monday.toString()) || day.equals(olderMonday.toString()) ? 1 : 0;
            assertEquals(expected, period.get("opened"), day);
        }

        JsonPath months = read(session).queryParam("by", "MONTH").get(base(shop.id()) + "/link-opens").then().statusCode(200)
                .body("by", equalTo("month")).extract().jsonPath();
        List<Map<String, Object>> monthly = months.getList("series");
        assertEquals(12, monthly.size());
        LocalDate firstOfMonth = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1);
        assertEquals(firstOfMonth.minusMonths(11).toString(), monthly.get(0).get("period"));
        assertEquals(firstOfMonth.toString(), monthly.get(11).get("period"));
        LocalDate olderMonth = LocalDate.ofInstant(fiveWeeksAgo, ZoneOffset.UTC).withDayOfMonth(1);
        int total = 0;
        for (Map<String, Object> period : monthly) {
            int opened = (Integer) period.get("opened");
            total += opened;
            String day = (String) period.get("period");
            if (!day.equals(firstOfMonth.toString()) && !day.equals(olderMonth.toString())) {
                assertEquals(0, opened, day);
            }
        }
        assertEquals(2, total);
        assertEquals(olderMonth.equals(firstOfMonth) ? 2 : 1, monthly.get(11).get("opened"));

        // by absent: weeks, as invitations-service
        read(session).get(base(shop.id()) + "/link-opens").then().statusCode(200).body("by", equalTo("week"))
                .body("series.size()", equalTo(26));
    }

    @Test
    void openingsOfLinksDeletedByRetentionAreStillCounted() throws Throwable {
        long shop = ThreadLocalRandom.current().nextLong(1L << 42, 1L << 43);
        Instant now = Instant.now();
        Instant tenWeeksAgo = now.minus(Duration.ofDays(70));
        Instant expired = now.minus(RetentionCleanUp.LINKS_AFTER_EXPIRY).minus(Duration.ofDays(1));
        stored(shop, "a", tenWeeksAgo, expired, tenWeeksAgo.plusSeconds(60));
        stored(shop, "b", tenWeeksAgo.plusSeconds(1), expired, tenWeeksAgo.plusSeconds(120));
        stored(shop, "c", tenWeeksAgo, expired, null); // never opened
        stored(shop, "d", tenWeeksAgo, now.plus(Duration.ofDays(5)), tenWeeksAgo.plusSeconds(60)); // still kept

        VertxContextSupport.subscribeAndAwait(() -> cleanUp.cleanUp(now));
        assertEquals(1, Db.count("select count(*) from known_review_link where webshop_id = ?", shop));
        VertxContextSupport.subscribeAndAwait(() -> cleanUp.cleanUp(now)); // a second run adds nothing

        String week = LocalDate.ofInstant(tenWeeksAgo, ZoneOffset.UTC).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY)).toString();
        List<Map<String, Object>> series = read(session(shop)).queryParam("by", "week").get(base(shop) + "/link-opens")
                .then().statusCode(200).extract().jsonPath().getList("series");
        for (Map<String, Object> period : series) {
            assertEquals(period.get("period").equals(week) ? 3 : 0, period.get("opened"), (String) period.get("period"));
        }
    }

    @Test
    void anotherOwnerFindsNoWebshopWithoutASessionSignInAndABadByIsRefused() {
        Fixtures.Shop shop = Fixtures.webshop("opens-auth.example");
        long other = ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
        String base = base(shop.id());

        read(session(other)).get(base + "/link-opens").then().statusCode(404)
                .body("status", equalTo("error")).body("message", equalTo("Webshop not found."));
        read(session(shop.id())).get("/dashboard/api/embed/webshops/not-a-number/link-opens").then().statusCode(404)
                .body("message", equalTo("Webshop not found."));
        given().get(base + "/link-opens").then().statusCode(401)
                .body("status", equalTo("error")).body("message", equalTo("Sign in to the dashboard."));
        given().cookie(OwnerSessions.COOKIE, "forged.cookie").get(base + "/link-opens").then().statusCode(401);
        read(session(shop.id())).queryParam("by", "day").get(base + "/link-opens").then().statusCode(400)
                .body("status", equalTo("error")).body("message", equalTo("by must be week or month."));
    }

    /** Announces a link as invitations-service does (issued at {@code issuedAt}); waits until it is stored, unopened. */
    private static String announce(long webshopId, Instant issuedAt, Instant expiresAt) {
        long invitationId = ThreadLocalRandom.current().nextLong(1_000_000L, 9_000_000_000L);
        ReviewLink link = new ReviewLink(webshopId, invitationId, "O-" + invitationId, "klant@example.com", "Kees", "nl",
                List.of(new ReviewLink.Product("P-1", "Blue Kettle", "https://shop.example/kettle", null, "SKU1", null)),
                expiresAt.getEpochSecond());
        String ref = LinkReferences.newReference();
        try {
            KafkaTestClient.send(Topics.REVIEW_LINKS.name(), String.valueOf(invitationId), JSON.writeValueAsString(
                    new ReviewLinkIssued(UUID.randomUUID().toString(), ReviewLinkIssued.TYPE, issuedAt, LinkReferences.hash(ref), link)));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(200)).until(() ->
                Db.count("select count(*) from known_review_link where ref_hash = ?", LinkReferences.hash(ref)) == 1);
        return ref;
    }

    /** A known link stored as the consumer would have, opened at {@code openedAt} (null: never). */
    private static void stored(long shop, String name, Instant announcedAt, Instant expiresAt, Instant openedAt) {
        Db.update("insert into known_review_link (ref_hash, invitation_id, webshop_id, link, expires_at, announced_at, opened_at) "
                        + "values (?, ?, ?, ?, ?, ?, ?)", Long.toHexString(shop) + name, 1L, shop,
                "{\"email\":\"" + name + "@example.com\"}", Timestamp.from(expiresAt), Timestamp.from(announcedAt),
                openedAt == null ? null : Timestamp.from(openedAt));
    }

    /** The link's opened_at in microseconds since the epoch; 0 while unopened. */
    private static long openedMicros(String ref) {
        return Db.count("select coalesce((extract(epoch from opened_at) * 1000000)::bigint, 0) from known_review_link "
                + "where ref_hash = ?", LinkReferences.hash(ref));
    }

    static String session(long webshop) {
        return new OwnerSessions(KEY, new ObjectMapper()).open(ThreadLocalRandom.current().nextLong(1, 1_000_000),
                "owner@example.com", List.of(webshop), Instant.now());
    }

    static String base(long webshop) {
        return "/dashboard/api/embed/webshops/" + webshop;
    }

    static RequestSpecification read(String session) {
        return given().cookie(OwnerSessions.COOKIE, session);
    }
}
