package dev.shopreviews.embed.dashboard;

import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.embed.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.Map;

import static dev.shopreviews.embed.dashboard.DashboardSidebarTest.SAVED;
import static dev.shopreviews.embed.dashboard.DashboardSidebarTest.base;
import static dev.shopreviews.embed.dashboard.DashboardSidebarTest.change;
import static dev.shopreviews.embed.dashboard.DashboardSidebarTest.session;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Hostile and clumsy bodies at the sidebar settings' save, which binds to a validated record (common RequestBodies):
 * strings for booleans, numbers and 4.5 for texts, arrays, objects, null, missing fields, huge and poisoned texts.
 * Each is the 400 envelope naming the first wrong field in the settings' order, whatever the content type, never a
 * 5xx, and stores nothing; the session, the dashboard header and the ownership are still answered before the body.
 */
@QuarkusTest
class DashboardSidebarHostileBodiesTest {
    static final String NOT_AN_OBJECT = "The body must be a JSON object of sidebar settings.";
    static final String POSITION = "Invalid value for position: expected left, right.";
    static final String TOP = "Invalid value for top: expected pixels such as 300 or 300px, or a percentage such as 40%.";
    static final String MOBILE = "Invalid value for mobile: expected none, top_bar, top, top_left, top_right, top_manual, "
            + "bottom, bottom_left, bottom_right, bottom_manual.";
    static final String TAB = "Invalid value for mobile_tab: expected left, center, right.";
    static final String LANGUAGE = "Invalid value for language: expected \"\", nld, eng, deu, fra, spa, ita, url, html, browser.";
    static final String HUGE = "\"" + "x".repeat(70_000) + "\"";

    @Test
    void everyFieldTakesOnlyItsOwnTypeAndValues() {
        Fixtures.Shop shop = Fixtures.webshop("sidebar-hostile.example");
        String session = session(5, shop.id());

        Map<String, String> refused = new LinkedHashMap<>();
        for (String body : new String[]{"", " ", "null", "[]", "[" + SAVED + "]", "\"text\"", "42", "4.5", "true",
                "{not json", "{\"sidebar\":", "<sidebar>true</sidebar>", "sidebar=true&position=left"}) {
            refused.put(body, NOT_AN_OBJECT);
        }
        for (String flag : new String[]{"\"true\"", "\"false\"", "1", "0", "1.0", "4.5", "null", "[]", "[true]", "{}", HUGE}) {
            refused.put(SAVED.replace("\"sidebar\":true", "\"sidebar\":" + flag), "Invalid value for sidebar: expected true or false.");
            refused.put(SAVED.replace("\"tooltip\":false", "\"tooltip\":" + flag), "Invalid value for tooltip: expected true or false.");
        }
        for (String text : new String[]{"7", "4.5", "true", "null", "[\"right\"]", "{\"value\":\"right\"}", "\"\"", "\" right\"",
                "\"RIGHT\"", HUGE}) {
            refused.put(SAVED.replace("\"position\":\"right\"", "\"position\":" + text), POSITION);
            refused.put(SAVED.replace("\"mobile\":\"bottom_right\"", "\"mobile\":" + text), MOBILE);
            refused.put(SAVED.replace("\"mobile_tab\":\"center\"", "\"mobile_tab\":" + text), TAB);
            if (!text.equals("\"\"")) {  // empty: the webshop's default language
                refused.put(SAVED.replace("\"language\":\"deu\"", "\"language\":" + text), LANGUAGE);
            }
        }
        for (String top : new String[]{"40", "4.5", "\"4.5\"", "\"101%\"", "\"-40%\"", "\"40 %\"", "\"123456\"", "\"40em\"",
                "null", "[\"40%\"]", "true", HUGE}) {
            refused.put(SAVED.replace("\"top\":\"40%\"", "\"top\":" + top), TOP);
        }
        refused.put("{}", "Invalid value for sidebar: expected true or false.");
        refused.put(SAVED.replace("\"sidebar\":true,", ""), "Invalid value for sidebar: expected true or false.");
        refused.put(SAVED.replace("\"mobile_tab\"", "\"mobileTab\""), TAB);
        refused.put(SAVED.replace("\"tooltip\"", "\"Tooltip\""), "Invalid value for tooltip: expected true or false.");
        // The first wrong field of the settings' order, wherever it stands in the body and whatever the later ones are.
        refused.put("{\"language\":7,\"tooltip\":\"no\",\"position\":[],\"sidebar\":true}", POSITION);
        refused.put(SAVED.replace("\"light\"", "\"light;}\"").replace("\"40%\"", "40"), TOP);
        refused.put(SAVED.replace("\"deu\"", "\"de\\u0000u\""), "Invalid value for language: contains a control character.");
        refused.put(SAVED.replace("\"right\"", "\"ri\\u001bght\""), "Invalid value for position: contains a control character.");
        refused.put(SAVED.replace("\"right\"", "\"ri\\ud800ght\""), "Invalid value for position: contains an invalid character.");
        refused.put(SAVED.replace("}", ",\"note\":\"\\u0007\"}"), "Invalid value for note: contains a control character.");

        refused.forEach((body, message) -> {
            for (String type : new String[]{"application/json", "text/plain; charset=UTF-8"}) {
                var answer = change(session).contentType(type).body(body).put(base(shop.id()));
                assertEquals(400, answer.statusCode(), type + " " + abbreviated(body));
                assertEquals(Map.of("status", "error", "message", message), answer.jsonPath().getMap(""), type + " " + abbreviated(body));
            }
        });
        assertEquals(0, Db.count("select count(*) from sidebar_settings where webshop_id = ?", shop.id()), "nothing stored");

        change(session).contentType("text/plain").body(SAVED.replace("}", ",\"unknown\":[1,{}]}")).put(base(shop.id()))
                .then().statusCode(200).body("position", equalTo("right")).body("tooltip", equalTo(false));
        assertEquals(1, Db.count("select count(*) from sidebar_settings where webshop_id = ?", shop.id()));
    }

    private static String abbreviated(String body) {
        return body.length() > 200 ? body.substring(0, 200) + "…" : body;
    }

    @Test
    void theSessionHeaderAndOwnershipAreAnsweredBeforeABadBody() {
        Fixtures.Shop shop = Fixtures.webshop("sidebar-hostile-owner.example");
        Fixtures.Shop other = Fixtures.webshop("sidebar-hostile-other.example");
        String bad = "{\"sidebar\":\"yes\"}";
        given().contentType("application/json").header(OwnerSessions.CSRF_HEADER, "1").body(bad).put(base(shop.id()))
                .then().statusCode(401);
        given().cookie(OwnerSessions.COOKIE, session(6, shop.id())).contentType("application/json").body(bad)
                .put(base(shop.id())).then().statusCode(403);
        change(session(7, other.id())).body(bad).put(base(shop.id())).then().statusCode(404)
                .body("message", equalTo("Webshop not found."));
        change(session(7, other.id())).body("[").put("/dashboard/api/embed/webshops/not-a-number/sidebar").then().statusCode(404);
        assertEquals(0, Db.count("select count(*) from sidebar_settings where webshop_id = ?", shop.id()));
    }
}
