package dev.shopreviews.ratings.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.TemporalAdjusters;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static dev.shopreviews.ratings.dashboard.DashboardFixtures.base;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.owner;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerCookie;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.row;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shop owner's reads in the dashboard: the ratings overview and the filtered, cursor-paged review list. */
@QuarkusTest
class DashboardReviewsTest {
    @Inject
    ObjectMapper mapper;

    @Test
    void ownerSeesTheOverviewOfTheirShopsPublishedReviewsPerMonthAndPerWeek() {
        long shop = shopId();
        Instant now = Instant.now().minusSeconds(60);
        Instant sixtyDaysAgo = now.minus(60, ChronoUnit.DAYS);
        insert(shop, 5, now, r -> { });
        insert(shop, 3, now, r -> { });
        insert(shop, 4, sixtyDaysAgo, r -> { });
        insert(shop, 2, now.minus(400, ChronoUnit.DAYS), r -> { });
        insert(shop, 1, now, r -> r.quarantine = true);
        insert(shop, 1, now, r -> r.held = true);
        insert(shop, 1, now, r -> r.deleted = true);
        insert(shop, 1, now, r -> r.hiddenReason = "Names a member of staff.");
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop);

        JsonPath month = owner(cookie).get(base(shop) + "/overview").then().statusCode(200)
                .body("status", equalTo("success")).body("by", equalTo("month")).extract().jsonPath();
        assertEquals(5, month.getInt("amount"), "published as the summary counts them: hidden counts, held/quarantined/deleted not");
        assertEquals(3.0f, month.getFloat("average"));
        assertEquals(5.0f, month.getFloat("sub_ratings.shippingtime"));
        assertEquals(3.0f, month.getFloat("sub_ratings.pricequality"));
        List<Map<String, Object>> series = month.getList("series");
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        assertEquals(12, series.size());
        assertEquals(today.withDayOfMonth(1).minusMonths(11).toString(), series.get(0).get("period"));
        assertEquals(today.withDayOfMonth(1).toString(), series.get(11).get("period"));
        assertEquals(3, series.get(11).get("amount"), "this month: 5, 3 and the hidden 1");
        assertEquals(3.0f, ((Number) series.get(11).get("average")).floatValue());
        String sixtyDaysMonth = LocalDate.ofInstant(sixtyDaysAgo, ZoneOffset.UTC).withDayOfMonth(1).toString();
        Map<String, Object> older = series.stream().filter(p -> sixtyDaysMonth.equals(p.get("period"))).findFirst().orElseThrow();
        assertEquals(1, older.get("amount"));
        assertEquals(4.0f, ((Number) older.get("average")).floatValue());
        assertEquals(4, series.stream().mapToInt(p -> (Integer) p.get("amount")).sum(), "the review of 400 days ago is not in the series");
        assertTrue(series.stream().filter(p -> (Integer) p.get("amount") == 0).allMatch(p -> p.get("average") == null));

        JsonPath week = owner(cookie).queryParam("by", "week").get(base(shop) + "/overview").then().statusCode(200)
                .body("by", equalTo("week")).extract().jsonPath();
        List<Map<String, Object>> weeks = week.getList("series");
        LocalDate monday = today.with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
        assertEquals(26, weeks.size());
        assertEquals(monday.minusWeeks(25).toString(), weeks.get(0).get("period"));
        assertEquals(monday.toString(), weeks.get(25).get("period"));
        assertEquals(4, weeks.stream().mapToInt(p -> (Integer) p.get("amount")).sum());

        long empty = shopId();
        owner(ownerCookie(mapper, DashboardFixtures.ownerId(), empty)).get(base(empty) + "/overview").then().statusCode(200)
                .body("amount", equalTo(0)).body("average", nullValue()).body("sub_ratings.aftersale", nullValue())
                .body("series.size()", equalTo(12));
        owner(cookie).queryParam("by", "year").get(base(shop) + "/overview").then().statusCode(400)
                .body("status", equalTo("error")).body("message", equalTo("Invalid value for by: expected week or month."));
    }

    @Test
    void ownerFiltersAndPagesTheirShopsReviewsNewestFirstWithACursor() {
        long shop = shopId();
        Instant base = Instant.now().minus(10, ChronoUnit.DAYS).truncatedTo(ChronoUnit.SECONDS);
        long a = insert(shop, 5, base.plus(1, ChronoUnit.DAYS), r -> { r.verified = true; r.name = "Anna de Vries"; });
        long b = insert(shop, 5, base.plus(2, ChronoUnit.DAYS), r -> { r.reaction = "Dank je wel!"; r.language = "en"; });
        Instant tie = base.plus(3, ChronoUnit.DAYS);
        long c = insert(shop, 3, tie, r -> r.comment = "Ik ben 100% tevreden");
        long d = insert(shop, 3, tie, r -> r.comment = "Ik ben 1000 keer tevreden, snake_case");
        long e = insert(shop, 1, base.plus(4, ChronoUnit.DAYS), r -> { r.quarantine = true; r.comment = "Kijk op example.com"; });
        long f = insert(shop, 2, base.plus(5, ChronoUnit.DAYS), r -> { r.hiddenReason = "Names a member of staff."; r.comment = "Geheimwoord Piet"; });
        insert(shop, 5, base.plus(6, ChronoUnit.DAYS), r -> r.deleted = true);
        long other = shopId();
        insert(other, 5, base.plus(1, ChronoUnit.DAYS), r -> { });
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop);

        JsonPath all = list(cookie, shop, Map.of());
        assertEquals(List.of(f, e, d, c, b, a), ids(all), "newest first, (created, id) desc; deleted and other shops' left out");
        assertEquals(6, all.getInt("total"));
        assertNull(all.get("next"));
        Map<String, Object> hidden = all.getMap("items[0]");
        assertEquals("Hidden by the moderators: Names a member of staff.", hidden.get("comment"));
        assertEquals("hidden", hidden.get("state"));
        assertEquals(true, hidden.get("hidden"));
        assertEquals("quarantined", all.getString("items[1].state"));
        Map<String, Object> replied = all.getMap("items[4]");
        assertEquals("Dank je wel!", replied.get("reply"));
        assertEquals("en", replied.get("language"));
        assertEquals(Map.of("shippingtime", 5, "customerservice", 4, "pricequality", 3, "aftersale", 4), replied.get("ratings"));
        assertEquals(false, replied.get("reported"));
        assertTrue(((String) replied.get("email")).endsWith("@example.com"), "the shop sees the address, as in ratings.json");
        assertNull(all.get("items[5].reply"));
        assertTrue(all.getString("items[0].created").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z"));

        // Pages of two: every review once, in order, across the tie of c and d.
        List<Long> paged = new ArrayList<>();
        String after = null;
        int pages = 0;
        do {
            Map<String, String> query = after == null ? Map.of("limit", "2") : Map.of("limit", "2", "after", after);
            JsonPath page = list(cookie, shop, query);
            assertEquals(6, page.getInt("total"));
            paged.addAll(ids(page));
            after = page.getString("next");
            pages++;
        } while (after != null);
        assertEquals(List.of(f, e, d, c, b, a), paged);
        assertEquals(3, pages);
        JsonPath second = list(cookie, shop, Map.of("limit", "3"));
        assertEquals(List.of(c, b, a), ids(list(cookie, shop, Map.of("limit", "3", "after", second.getString("next")))));

        // Filters and their combinations.
        assertEquals(List.of(b, a), ids(list(cookie, shop, Map.of("rating", "5"))));
        assertEquals(List.of(a), ids(list(cookie, shop, Map.of("rating", "5", "verified", "true"))));
        assertEquals(List.of(f, e, d, c, b), ids(list(cookie, shop, Map.of("verified", "false"))));
        assertEquals(List.of(b), ids(list(cookie, shop, Map.of("replied", "true"))));
        assertEquals(List.of(a), ids(list(cookie, shop, Map.of("replied", "false", "rating", "5"))));
        assertEquals(List.of(b), ids(list(cookie, shop, Map.of("language", "EN"))));
        assertEquals(List.of(a), ids(list(cookie, shop, Map.of("language", "nl", "rating", "5"))));
        String day2 = LocalDate.ofInstant(base.plus(2, ChronoUnit.DAYS), ZoneOffset.UTC).toString();
        String day3 = LocalDate.ofInstant(tie, ZoneOffset.UTC).toString();
        assertEquals(List.of(d, c, b), ids(list(cookie, shop, Map.of("from", day2, "to", day3))));
        assertEquals(List.of(d, c), ids(list(cookie, shop, Map.of("from", day3, "to", day3))));
        JsonPath filteredPage = list(cookie, shop, Map.of("from", day2, "to", day3, "limit", "1"));
        assertEquals(3, filteredPage.getInt("total"));
        assertEquals(List.of(b), ids(list(cookie, shop, Map.of("from", day2, "to", day3, "limit", "1",
                "after", list(cookie, shop, Map.of("from", day2, "to", day3, "limit", "2")).getString("next")))));

        // Text search: plain substring of name or comment, any case, wildcards taken literally.
        assertEquals(List.of(c), ids(list(cookie, shop, Map.of("q", "100%"))));
        assertEquals(List.of(d), ids(list(cookie, shop, Map.of("q", "snake_case"))));
        assertEquals(List.of(), ids(list(cookie, shop, Map.of("q", "_%"))));
        assertEquals(List.of(d, c), ids(list(cookie, shop, Map.of("q", "TEVREDEN"))));
        assertEquals(List.of(a), ids(list(cookie, shop, Map.of("q", "de vries"))));
        assertEquals(List.of(), ids(list(cookie, shop, Map.of("q", "geheimwoord"))), "a hidden review's own comment is not the shop's to search");
        assertEquals(1, list(cookie, shop, Map.of("q", "tevreden", "rating", "3", "limit", "1")).getInt("items.size()"));
    }

    @Test
    void theReviewListOfAShopWithManyReviewsIsReadByTheIndexPageAfterPage() throws Exception {
        long shop = shopId();
        Db.update("insert into review (webshop_id, origin, order_number, name, email, country, language, rating, shippingtime, "
                + "customerservice, pricequality, aftersale, comment, verified, created_at, modified_at) "
                + "select ?, 'form', 'bulk-' || g, 'Bulk ' || g, 'bulk' || g || '@example.com', 'NL', case when g % 3 = 0 then 'en' else 'nl' end, "
                + "1 + g % 5, 4, 4, 4, 4, 'Bulk review number ' || g, g % 2 = 0, now() - (g || ' minutes')::interval, now() "
                + "from generate_series(1, 20000) g", shop);
        Db.update("analyze review");
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop);

        JsonPath first = list(cookie, shop, Map.of("limit", "100"));
        assertEquals(20_000, first.getInt("total"));
        String after = first.getString("next");
        for (int i = 0; i < 20; i++) {
            after = list(cookie, shop, Map.of("limit", "100", "after", after)).getString("next");
        }
        JsonPath filtered = list(cookie, shop, Map.of("rating", "5", "verified", "true", "language", "en", "limit", "50"));
        assertEquals(50, filtered.getInt("items.size()"));

        // The keyset read is an index scan of review_by_shop_newest, not a sort of the shop's reviews.
        try (Connection connection = Db.connect(); var statement = connection.prepareStatement(
                "explain select * from review where webshop_id = ? and deleted_at is null and created_at <= now() - interval '1 day' "
                        + "and (created_at < now() - interval '1 day' or id < 5) order by created_at desc, id desc limit 26")) {
            statement.setLong(1, shop);
            StringBuilder plan = new StringBuilder();
            try (ResultSet rows = statement.executeQuery()) {
                while (rows.next()) {
                    plan.append(rows.getString(1)).append('\n');
                }
            }
            assertTrue(plan.toString().contains("review_by_shop_newest") && !plan.toString().contains("Sort"), plan.toString());
        }
    }

    private JsonPath list(String cookie, long shop, Map<String, String> query) {
        return owner(cookie).queryParams(query).get(base(shop) + "/reviews").then().statusCode(200)
                .body("status", equalTo("success")).extract().jsonPath();
    }

    private static List<Long> ids(JsonPath page) {
        return page.getList("items.id", Object.class).stream().map(id -> ((Number) id).longValue()).toList();
    }

    private static long insert(long shop, int rating, Instant created, java.util.function.Consumer<DashboardFixtures.Row> tweak) {
        DashboardFixtures.Row row = row(shop);
        row.rating = rating;
        row.created = created;
        tweak.accept(row);
        return row.insert();
    }

    static long shopId() {
        return ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_000_000_000_000L);
    }
}
