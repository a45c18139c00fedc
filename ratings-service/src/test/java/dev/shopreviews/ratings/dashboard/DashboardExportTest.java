package dev.shopreviews.ratings.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static dev.shopreviews.ratings.dashboard.DashboardFixtures.base;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.owner;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerCookie;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.row;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An owner takes every review of their webshop along, as JSON or CSV, whatever the shop's size. */
@QuarkusTest
class DashboardExportTest {
    @Inject
    ObjectMapper mapper;

    @Test
    void everyReviewThatIsNotDeletedLeavesOnceAcrossPagesAsJson() {
        long shop = DashboardReviewsTest.shopId();
        // 1,203 reviews: three pages of 500 and a short one, several with the same creation time (the keyset's tie).
        Db.update("insert into review (webshop_id, origin, order_number, name, email, country, language, rating, shippingtime, "
                + "customerservice, pricequality, aftersale, comment, verified, created_at, modified_at) "
                + "select ?, 'form', 'exp-' || g, 'Export ' || g, 'exp' || g || '@example.com', 'NL', 'nl', 1 + g % 5, 4, 4, 4, 4, "
                + "'Review ' || g, g % 2 = 0, now() - ((g / 3) || ' minutes')::interval, now() from generate_series(1, 1203) g", shop);
        var held = row(shop);
        held.quarantine = true;
        held.insert();
        var deleted = row(shop);
        deleted.deleted = true;
        long deletedId = deleted.insert();
        long ownerId = DashboardFixtures.ownerId();

        JsonPath export = owner(ownerCookie(mapper, ownerId, shop)).get(base(shop) + "/export").then().statusCode(200)
                .header("Content-Disposition", containsString("attachment; filename=\"reviews-" + shop + "-"))
                .body("status", equalTo("success")).body("webshop_id", equalTo(shop)).extract().jsonPath();
        List<Long> ids = export.getList("reviews.id", Long.class);
        assertEquals(1204, ids.size(), "every review not deleted, the held one too");
        assertEquals(ids.size(), new HashSet<>(ids).size(), "none twice across the pages");
        assertTrue(!ids.contains(deletedId), "a deleted review is not exported");
        assertEquals(Set.of(1, 2, 3, 4, 5), new HashSet<>(export.getList("reviews.rating", Integer.class)));
        assertEquals(1, Db.count("select count(*) from audit_entry where action = 'reviews.export' and actor = ? and subject = ?",
                "owner:" + ownerId, "webshop:" + shop), "the export is audited");
    }

    @Test
    void csvIsOneQuotedLinePerReviewAndNothingInItRunsAsAFormula() {
        long shop = DashboardReviewsTest.shopId();
        var hostile = row(shop);
        hostile.name = "=HYPERLINK(\"https://evil.example\",\"klik\")";
        hostile.comment = "Goed, \"echt\" goed\r\nTweede regel";
        hostile.created = Instant.now().minusSeconds(30);
        hostile.insert();
        var plain = row(shop);
        plain.name = "Anna";
        plain.created = Instant.now().minusSeconds(90);
        plain.insert();

        String csv = owner(ownerCookie(mapper, DashboardFixtures.ownerId(), shop)).queryParam("format", "csv")
                .get(base(shop) + "/export").then().statusCode(200).contentType(containsString("text/csv"))
                .extract().asString();
        String[] lines = csv.split("\r\n(?=\")");
        assertEquals(3, lines.length, "a header and two reviews: " + csv);
        assertTrue(lines[0].startsWith("\"id\",\"created\",\"date\",\"name\",\"email\""), lines[0]);
        assertTrue(lines[1].contains("\"'=HYPERLINK(\"\"https://evil.example\"\",\"\"klik\"\")\""), "the formula is inert: " + lines[1]);
        assertTrue(lines[1].contains("\"Goed, \"\"echt\"\" goed\r\nTweede regel\""), "quotes doubled, the line break kept inside quotes");
        assertTrue(lines[2].contains("\"Anna\""), lines[2]);
    }

    @Test
    void onlyTheOwnerOfTheShopGetsItAndAnUnknownFormatIsRefused() {
        long shop = DashboardReviewsTest.shopId();
        row(shop).insert();
        given().get(base(shop) + "/export").then().statusCode(401).body("message", equalTo("Sign in to the dashboard."));
        owner(ownerCookie(mapper, DashboardFixtures.ownerId(), shop + 1)).get(base(shop) + "/export").then().statusCode(404)
                .body("message", equalTo("Webshop not found."));
        owner(ownerCookie(mapper, DashboardFixtures.ownerId(), shop)).queryParam("format", "xlsx").get(base(shop) + "/export")
                .then().statusCode(400).body("message", equalTo("format must be json or csv."));
    }
}
