package dev.shopreviews.ratings.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.ratings.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import static dev.shopreviews.ratings.dashboard.DashboardFixtures.base;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.owner;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerChange;
import static dev.shopreviews.ratings.dashboard.DashboardFixtures.ownerCookie;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** POST /dashboard/api/ratings/webshops/{id}/imports: the owner's CSV import, dry run first (an extension). */
@QuarkusTest
class DashboardCsvImportTest {
    static final String CSV = "source_review_id,created,name,language,country,rating,shippingtime,customerservice,"
            + "pricequality,aftersale,comment,verified_purchase\r\n"
            + "r-1,2023-05-04,Jan,nl,NL,5,5,4,4,5,\"Snel geleverd, \"\"top\"\"\",false\r\n"
            + "r-2,2023-05-06T12:00:00+02:00,Piet,nl,NL,3,,,,,\"Twee\nregels\",true\r\n";

    @Inject
    ObjectMapper mapper;

    @Test
    void aDryRunChecksEveryRowAndStoresNothingThenTheImportStoresThemOnce() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id());

        post(cookie, shop.id(), "?source=oldprovider", CSV).statusCode(200).body("dry_run", equalTo(true))
                .body("message", equalTo("Dry run: nothing was imported.")).body("imported", equalTo(2))
                .body("review_ids", equalTo(List.of())).body("already_imported", equalTo(List.of()));
        assertEquals(0, Fixtures.ratings(shop).getInt("total"), "a dry run stores nothing");

        post(cookie, shop.id(), "?source=oldprovider&dry_run=false", CSV).statusCode(200).body("dry_run", equalTo(false))
                .body("message", equalTo("Reviews imported")).body("imported", equalTo(2));
        List<Map<String, Object>> items = Fixtures.ratings(shop).getList("ratings");
        assertEquals(2, items.size());
        Map<String, Object> jan = items.stream().filter(item -> "Jan".equals(item.get("name"))).findFirst().orElseThrow();
        assertEquals("Snel geleverd, \"top\"", jan.get("comment"));
        assertEquals("2023-05-04 00:00:00", jan.get("created"));
        assertEquals(Map.of("shippingtime", 5, "customerservice", 4, "pricequality", 4, "aftersale", 5), jan.get("ratings"));
        Map<String, Object> piet = items.stream().filter(item -> "Piet".equals(item.get("name"))).findFirst().orElseThrow();
        assertEquals("2023-05-06 10:00:00", piet.get("created"));
        assertEquals("Twee\nregels", piet.get("comment"));
        items.forEach(item -> {
            assertEquals(true, item.get("imported"));
            assertEquals("oldprovider", item.get("import_source"));
            assertEquals(false, item.get("verified"));
        });

        post(cookie, shop.id(), "?source=oldprovider", CSV).statusCode(200).body("imported", equalTo(0))
                .body("already_imported", equalTo(List.of("r-1", "r-2")));
        post(cookie, shop.id(), "?source=oldprovider&dry_run=false", CSV).statusCode(200).body("imported", equalTo(0))
                .body("already_imported", equalTo(List.of("r-1", "r-2")));
        assertEquals(2, Fixtures.ratings(shop).getInt("total"), "importing the same file again stores nothing new");
    }

    @Test
    void semicolonSeparatedFilesAreReadToo() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id());
        post(cookie, shop.id(), "?source=excel&dry_run=false",
                "\uFEFFsource_review_id;created;name;language;rating;comment\nx-1;2022-02-02;Els;nl;4;Prima, echt\n")
                .statusCode(200).body("message", equalTo("Reviews imported")).body("imported", equalTo(1));
        assertEquals("Prima, echt", Fixtures.ratings(shop).getString("ratings[0].comment"));
    }

    @Test
    void windows1252AndTabSeparatedFilesFromSpreadsheetsAreReadAsWritten() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id());
        byte[] excel = "source_review_id;created;name;language;rating;comment\r\nw-1;2022-02-02;Zoë;nl;5;Snel geleverd, één dag – top\r\n"
                .getBytes(Charset.forName("windows-1252"));
        ownerChange(cookie).contentType("text/csv").body(excel).post(base(shop.id()) + "/imports?source=excel&dry_run=false")
                .then().statusCode(200).body("imported", equalTo(1));
        byte[] tabs = "source_review_id\tcreated\tname\tlanguage\trating\nt-1\t2022-02-03\tJörg\tde\t4\n".getBytes(StandardCharsets.UTF_8);
        ownerChange(cookie).contentType("text/csv").body(tabs).post(base(shop.id()) + "/imports?source=sheets&dry_run=false")
                .then().statusCode(200).body("imported", equalTo(1));
        List<String> names = Fixtures.ratings(shop).getList("ratings.name");
        assertTrue(names.containsAll(List.of("Zoë", "Jörg")), names::toString);
        assertTrue(Fixtures.ratings(shop).getList("ratings.comment").contains("Snel geleverd, één dag – top"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "no rows|source_review_id,created,name,language,rating\\n|Invalid CSV: expected a header row and at least one review.",
            "unknown column|source_review_id,created,name,language,rating,stars\\na,2022-01-01,N,nl,5,5\\n|Invalid CSV: unknown column \"stars\"",
            "missing column|source_review_id,created,name,language\\na,2022-01-01,N,nl\\n|Invalid CSV: the column rating is required.",
            "unclosed quote|source_review_id,created,name,language,rating\\na,2022-01-01,\"N,nl,5\\n|Invalid CSV: Line 2: a quoted field is not closed.",
            "field count|source_review_id,created,name,language,rating\\na,2022-01-01,N,nl\\n|row 1: has 4 fields, the header 5.",
            "future date|source_review_id,created,name,language,rating\\na,2022-01-01,N,nl,5\\nb,2999-01-01,N,nl,5\\n|row 2: created is in the future",
            "rating text|source_review_id,created,name,language,rating\\na,2022-01-01,N,nl,five\\n|row 1: rating must be an integer from 1 to 5",
            "line break in name|source_review_id,created,name,language,rating\\na,2022-01-01,\"N\\nBcc: x@example.com\",nl,5\\n|row 1: name must be a single line",
    })
    void badFilesAreRefusedAndNothingIsStored(String name, String csv, String message) {
        Fixtures.Shop shop = badShop();
        post(ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id()), shop.id(), "?source=old&dry_run=false",
                csv.replace("\\n", "\n")).statusCode(400).body("status", equalTo("error")).body("message", containsString(message));
        assertEquals(0, Fixtures.ratings(shop).getInt("total"), "nothing stored");
    }

    @Test
    void theSourceAndTheDryRunFlagAreChecked() {
        Fixtures.Shop shop = badShop();
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id());
        post(cookie, shop.id(), "?dry_run=false", CSV).statusCode(400).body("message", containsString("Invalid value for source"));
        post(cookie, shop.id(), "?source=old&dry_run=yes", CSV).statusCode(400)
                .body("message", equalTo("Invalid value for dry_run: expected true or false."));
        assertEquals(0, Fixtures.ratings(shop).getInt("total"), "nothing stored");
    }

    @Test
    void onlyTheShopsOwnerMayImportAndOnlyFromTheDashboard() {
        Fixtures.Shop shop = badShop();
        Fixtures.Shop other = Fixtures.webshop(false);
        String cookie = ownerCookie(mapper, DashboardFixtures.ownerId(), shop.id());
        String path = base(shop.id()) + "/imports?source=old&dry_run=false";
        io.restassured.RestAssured.given().contentType("text/csv").header("X-Dashboard-Request", "1").body(CSV).post(path)
                .then().statusCode(401);
        owner(cookie).contentType("text/csv").body(CSV).post(path).then().statusCode(403);
        post(cookie, other.id(), "?source=old&dry_run=false", CSV).statusCode(404);
        assertEquals(0, Fixtures.ratings(shop).getInt("total"), "nothing stored");
        assertEquals(0, Fixtures.ratings(other).getInt("total"), "nothing stored");
    }

    private static Fixtures.Shop bad;

    private static Fixtures.Shop badShop() {
        if (bad == null) {
            bad = Fixtures.webshop(false);
        }
        return bad;
    }

    private static ValidatableResponse post(String cookie, long webshopId, String query, String csv) {
        return ownerChange(cookie).contentType("text/csv; charset=UTF-8").body(csv).post(base(webshopId) + "/imports" + query).then();
    }
}
