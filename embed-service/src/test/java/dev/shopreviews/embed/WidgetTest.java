package dev.shopreviews.embed;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertTrue;

@QuarkusTest
class WidgetTest {

    private static final String WIDTH_INVALID = "Invalid value for width_amount: expected a CSS width such as 300px, "
            + "100%, 20em, 25rem or 50vw (% and vw at most 100, em and rem at most 500).";

    private static Map<String, String> params(long id, String layout) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("id", String.valueOf(id));
        p.put("layout", layout);
        p.put("theme", "light");
        p.put("color", "#0b5cad");
        p.put("show", "yes");
        p.put("view", "list");
        p.put("amount", "2");
        p.put("width", "manual");
        p.put("width_amount", "300px");
        p.put("height", "250");
        p.put("interval", "5000");
        p.put("language", "eng");
        return p;
    }

    private static RequestSpecification with(Map<String, String> params) {
        RequestSpecification spec = given();
        params.forEach(spec::queryParam);
        return spec;
    }

    @Test
    void everyLayoutRendersInBothThemesWithSizeAndColour() {
        Fixtures.Shop shop = Fixtures.webshop("layouts.example");
        for (String layout : List.of("new_default", "new_badges", "new_button-text", "new_button-stars", "new_button_logo",
                "new_button_logo-score", "new_button_logo-sm", "new_balloon")) {
            for (String theme : List.of("light", "dark")) {
                Map<String, String> p = params(shop.id(), layout);
                p.put("theme", theme);
                with(p).get("/webshops/widget_html").then().statusCode(200).contentType(startsWith("text/html"))
                        .header("Cache-Control", containsString("max-age=600"))
                        .body(containsString("data-layout=\"" + layout + "\""), containsString("class=\"widget " + theme),
                                containsString("--c:#0b5cad;width:300px;height:250px"));
            }
        }
    }

    @Test
    void invalidParametersAreRefusedWithAReadableMessage() {
        Fixtures.Shop shop = Fixtures.webshop("params.example");
        Object[][] cases = {
                {"id", "abc", "Invalid value for id: expected a numeric webshop ID."},
                {"layout", "new_fancy", "Invalid value for layout: expected one of new_default, new_badges, new_button-text, new_button-stars, new_button_logo, new_button_logo-score, new_button_logo-sm, new_balloon."},
                {"theme", "pink", "Invalid value for theme: expected light or dark."},
                {"color", "red;}body{display:none", "Invalid value for color: expected a CSS colour such as #0b5cad, rgb(11, 92, 173) or a colour name."},
                {"show", "maybe", "Invalid value for show: expected yes or no."},
                {"view", "grid", "Invalid value for view: expected slider or list."},
                {"amount", "7", "Invalid value for amount: expected a number from 1 to 6."},
                {"amount", "0", "Invalid value for amount: expected a number from 1 to 6."},
                {"width", "wide", "Invalid value for width: expected auto or manual."},
                {"width_amount", "501em", WIDTH_INVALID},
                {"width_amount", "101vw", WIDTH_INVALID},
                {"width_amount", "0px", WIDTH_INVALID},
                {"width_amount", "30pt", WIDTH_INVALID},
                {"width_amount", "1e3px", WIDTH_INVALID},
                {"width_amount", "20em;color:red", WIDTH_INVALID},
                {"height", "tall", "Invalid value for height: expected a number of pixels from 1 to 5000."},
                {"interval", "fast", "Invalid value for interval: expected milliseconds from 1000 to 600000."},
                {"language", "nederlands", "Invalid value for language: expected one of nld, eng, deu, fra, spa, ita."},
                {"language", "pol", "Invalid value for language: expected one of nld, eng, deu, fra, spa, ita."},
        };
        for (Object[] c : cases) {
            Map<String, String> p = params(shop.id(), "new_default");
            p.put((String) c[0], (String) c[1]);
            with(p).get("/webshops/widget_html").then().statusCode(400).contentType(startsWith("text/plain"))
                    .body(equalTo(c[2] + "\n"));
        }
        Map<String, String> missing = params(shop.id(), "new_default");
        missing.remove("height");
        with(missing).get("/webshops/widget_html").then().statusCode(400).body(containsString("Invalid value for height"));
        Map<String, String> auto = params(shop.id(), "new_badges");
        auto.put("width", "auto");
        auto.remove("width_amount");
        auto.remove("show");
        auto.remove("amount");
        with(auto).get("/webshops/widget_html").then().statusCode(200).body(containsString("width:100%"));
        with(params(987654321098L, "new_default")).get("/webshops/widget_html").then().statusCode(404).body(equalTo("Unknown webshop.\n"));
    }

    @Test
    void widthAmountTakesTheCssLengthsShopsWrite() {
        Fixtures.Shop shop = Fixtures.webshop("widths.example");
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("300", "300px");
        expected.put("300px", "300px");
        expected.put("100%", "100%");
        expected.put("20em", "20em");
        expected.put("22.5rem", "22.5rem");
        expected.put("50vw", "50vw");
        expected.forEach((given, css) -> {
            Map<String, String> p = params(shop.id(), "new_badges");
            p.put("width_amount", given);
            with(p).get("/webshops/widget_html").then().statusCode(200).body(containsString("width:" + css + ";height:250px"));
        });
    }

    @Test
    void languageNotEnabledForTheWebshopFallsBackToEnglish() {
        Fixtures.Shop shop = Fixtures.webshop("Lang Shop", "lang.example", "nl", List.of("nl", "de"));
        Map<String, String> p = params(shop.id(), "new_button-text");
        p.put("language", "deu");
        with(p).get("/webshops/widget_html").then().statusCode(200).body(containsString("Unsere Bewertungen lesen"), containsString("lang=\"de\""));
        p.put("language", "fra");
        with(p).get("/webshops/widget_html").then().statusCode(200).body(containsString("Read our reviews"), containsString("lang=\"en\""),
                not(containsString("Lire nos avis")));
        p.put("language", "nld");
        with(p).get("/webshops/widget_html").then().statusCode(200).body(containsString("Lees onze reviews"));
    }

    /** The spec's ISO-639-3 codes, and the forms shop software sends: ISO-639-1, ISO-639-2/B and region tags. */
    @Test
    void languageTakesTheSpecsCodesAndTheTwoLetterAndRegionFormsClientsSend() {
        Fixtures.Shop shop = Fixtures.webshop("Lang Forms Shop", "lang-forms.example", "nl", List.of("nl", "de"));
        Map<String, String> p = params(shop.id(), "new_button-text");
        for (String german : List.of("deu", "DEU", "de", "ger", "de-DE", "de_AT")) {
            p.put("language", german);
            with(p).get("/webshops/widget_html").then().statusCode(200).body(containsString("lang=\"de\""));
        }
        for (String dutch : List.of("nl", "dut", "nl_BE")) {
            p.put("language", dutch);
            with(p).get("/webshops/widget_html").then().statusCode(200).body(containsString("Lees onze reviews"));
        }
    }

    @Test
    void reviewTextIsAlwaysEscaped() {
        Fixtures.Shop shop = Fixtures.webshop("xss.example");
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false, "<img src=x onerror=alert(1)>", 5,
                "</main><script>alert('x')</script>", Instant.now());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> with(params(shop.id(), "new_default")).get("/webshops/widget_html")
                .then().body(containsString("&lt;img src=x onerror=alert(1)&gt;"), containsString("&lt;/main&gt;&lt;script&gt;"),
                        not(containsString("<script>alert"))));
    }

    @Test
    void cssCanNeverLeaveTheStyleContext() {
        Fixtures.Shop shop = Fixtures.webshop("css.example");
        String[][] refused = {
                {".x{color:red}</style><script>alert(1)</script>", "Invalid value for css: the character < is not allowed."},
                {"@import url(http://evil.example/x.css);", "Invalid value for css: @import is allowed only of an https URL."},
                {"@import 'data:text/css,body{}';", "Invalid value for css: @import is allowed only of an https URL."},
                {".x{background:url(javascript:alert(1))}", "Invalid value for css: url() is allowed only with an https URL."},
                {".x{width:expression(alert(1))}", "Invalid value for css: expression( is not allowed."},
                {".x{color:\\72 ed}", "Invalid value for css: backslash escapes are not allowed."},
                {"http://cdn.example/widget.css", "Invalid value for css: a stylesheet URL must use https."},
                {"https://cdn.example/a.css\"><script>", "Invalid value for css: the stylesheet URL contains characters that are not allowed."},
        };
        for (String[] c : refused) {
            Map<String, String> p = params(shop.id(), "new_default");
            p.put("css", c[0]);
            with(p).get("/webshops/widget_html").then().statusCode(400).body(equalTo(c[1] + "\n"));
        }
        Map<String, String> rules = params(shop.id(), "new_default");
        rules.put("css", ".widget > p{color:#333 !important} @import url(\"https://cdn.example/x.css\");");
        with(rules).get("/webshops/widget_html").then().statusCode(200)
                .body(containsString("<style>.widget > p{color:#333 !important} @import url(\"https://cdn.example/x.css\");</style>"));
        Map<String, String> url = params(shop.id(), "new_default");
        url.put("css", "https://cdn.example/widget.css?v=2");
        with(url).get("/webshops/widget_html").then().statusCode(200)
                .body(containsString("<link rel=\"stylesheet\" href=\"https://cdn.example/widget.css?v=2\">"))
                .header("Content-Security-Policy", containsString("default-src 'none'"));
    }

    @Test
    void widgetIsCacheableWithETagAnd304() {
        Fixtures.Shop shop = Fixtures.webshop("wcache.example");
        Response first = with(params(shop.id(), "new_balloon")).get("/webshops/widget_html");
        String etag = first.header("ETag");
        assertTrue(etag != null && !etag.isBlank());
        with(params(shop.id(), "new_balloon")).header("If-None-Match", etag).get("/webshops/widget_html").then().statusCode(304);
    }
}
