package dev.shopreviews.embed.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.embed.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The owner's sidebar settings (spec 4.12: the page variables "override dashboard settings"): stored from the
 * dashboard, checked field by field, audited, and written into the webshop's sidebar.js at once.
 */
@QuarkusTest
class DashboardSidebarTest {
    static final String KEY = "test-dashboard-session-key-0123456789abcdef";
    static final String SAVED = """
            {"sidebar":true,"position":"right","top":"40%","theme":"light","mobile":"bottom_right","mobile_tab":"center",\
            "tooltip":false,"language":"deu"}""";

    @Test
    void theOwnersSettingsAreStoredAuditedAndInTheSidebarAtOnce() {
        Fixtures.Shop shop = Fixtures.webshop("sidebar-settings.example");
        long owner = ThreadLocalRandom.current().nextLong(1, 1_000_000_000L);
        String session = session(owner, shop.id());
        await().atMost(Duration.ofSeconds(30)).until(() -> sidebar(shop.id()).contains("\"settings\""));
        assertTrue(sidebar(shop.id()).contains("\"settings\":{\"sidebar\":true,\"position\":\"left\",\"top\":\"300\","
                + "\"theme\":\"dark\",\"mobile\":\"top_bar\",\"mobile_tab\":\"left\",\"tooltip\":true,\"language\":\"\"}"),
                "the spec's defaults before the owner saves any");
        read(session).get(base(shop.id())).then().statusCode(200).body("position", equalTo("left"))
                .body("message", equalTo("Sidebar settings retrieved."));

        change(session).body(SAVED).put(base(shop.id())).then().statusCode(200)
                .body("message", equalTo("Sidebar settings saved.")).body("position", equalTo("right"))
                .body("mobile_tab", equalTo("center")).body("tooltip", equalTo(false));
        read(session).get(base(shop.id())).then().statusCode(200).body("top", equalTo("40%")).body("language", equalTo("deu"));
        assertTrue(sidebar(shop.id()).contains("\"settings\":" + SAVED), "this instance's cached script is replaced at once");
        assertEquals(1, Db.count("select count(*) from audit_entry where webshop_id = ? and action = 'sidebar.settings.change' "
                + "and actor = ? and subject = ? and \"after\"::text like '%\"right\"%'", shop.id(), "owner:" + owner,
                "webshop:" + shop.id()));
    }

    @Test
    void aWrongFieldIsRefusedByNameAndNothingIsStored() {
        Fixtures.Shop shop = Fixtures.webshop("sidebar-wrong.example");
        String session = session(1, shop.id());
        Map<String, String> wrong = Map.of(
                SAVED.replace("\"right\"", "\"middle\""), "Invalid value for position: expected left, right.",
                SAVED.replace("\"sidebar\":true", "\"sidebar\":\"true\""), "Invalid value for sidebar: expected true or false.",
                SAVED.replace("\"40%\"", "\"140%\""), "Invalid value for top: expected pixels such as 300 or 300px, or a percentage such as 40%.",
                SAVED.replace("\"40%\"", "40"), "Invalid value for top: expected pixels such as 300 or 300px, or a percentage such as 40%.",
                SAVED.replace(",\"language\":\"deu\"", ""), "Invalid value for language: expected \"\", nld, eng, deu, fra, spa, ita, url, html, browser.",
                SAVED.replace("\"light\"", "\"light;}\""), "Invalid value for theme: expected dark, light.",
                "[1,2]", "The body must be a JSON object of sidebar settings.",
                "{\"position\":", "The body must be a JSON object of sidebar settings.");
        wrong.forEach((body, message) -> change(session).body(body).put(base(shop.id())).then().statusCode(400)
                .body("status", equalTo("error")).body("message", equalTo(message)));
        assertEquals(0, Db.count("select count(*) from sidebar_settings where webshop_id = ?", shop.id()));
    }

    @Test
    void onlyTheShopsOwnerFromTheDashboardMayChangeThem() {
        Fixtures.Shop shop = Fixtures.webshop("sidebar-owner.example");
        Fixtures.Shop other = Fixtures.webshop("sidebar-other.example");
        String stranger = session(2, other.id());
        given().contentType("application/json").header(OwnerSessions.CSRF_HEADER, "1").body(SAVED).put(base(shop.id()))
                .then().statusCode(401);
        given().cookie(OwnerSessions.COOKIE, session(3, shop.id())).contentType("application/json").body(SAVED)
                .put(base(shop.id())).then().statusCode(403);
        change(stranger).body(SAVED).put(base(shop.id())).then().statusCode(404).body("message", equalTo("Webshop not found."));
        read(stranger).get(base(shop.id())).then().statusCode(404);
        change(stranger).body(SAVED).put("/dashboard/api/embed/webshops/not-a-number/sidebar").then().statusCode(404);
        assertEquals(0, Db.count("select count(*) from sidebar_settings where webshop_id = ?", shop.id()));
    }

    @Test
    void savesAtOnceForANewShopAllSucceedWithOneRow() {
        Fixtures.Shop shop = Fixtures.webshop("sidebar-parallel.example");
        String session = session(4, shop.id());
        List<CompletableFuture<Integer>> saves = IntStream.range(0, 8).mapToObj(i -> CompletableFuture.supplyAsync(() ->
                change(session).body(SAVED.replace("40%", (10 + i) + "%")).put(base(shop.id())).statusCode())).toList();
        assertEquals(List.of(200, 200, 200, 200, 200, 200, 200, 200), saves.stream().map(CompletableFuture::join).toList());
        assertEquals(1, Db.count("select count(*) from sidebar_settings where webshop_id = ?", shop.id()));
    }

    private static String sidebar(long webshopId) {
        return given().queryParam("id", webshopId).queryParam("c", 1).get("/sidebar.js").then().statusCode(200)
                .extract().asString();
    }

    static String session(long owner, long webshop) {
        return new OwnerSessions(KEY, new ObjectMapper()).open(owner, "owner@example.com", List.of(webshop), Instant.now());
    }

    static String base(long webshop) {
        return "/dashboard/api/embed/webshops/" + webshop + "/sidebar";
    }

    static RequestSpecification read(String session) {
        return given().cookie(OwnerSessions.COOKIE, session);
    }

    static RequestSpecification change(String session) {
        return given().cookie(OwnerSessions.COOKIE, session).header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json");
    }
}
