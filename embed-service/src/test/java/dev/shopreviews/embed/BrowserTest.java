package dev.shopreviews.embed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.events.Topics;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.KafkaTestClient;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The browser parts in REAL Chromium (Debian's /usr/bin/chromium) through playwright-core: src/test/browser/run.mjs
 * serves shop pages with the loader snippet on 127.0.0.1 (another origin than this service) and reports its checks.
 * Fails, never skips, when node, Chromium or node_modules are missing (src/test/browser/ensure-browser.sh installs them).
 */
@QuarkusTest
class BrowserTest {
    private static final Path DIR = Path.of("src/test/browser");
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @TestHTTPResource("/")
    URL root;

    record Check(String name, boolean ok, String detail) {
    }

    @Test
    void sidebarHonoursLoaderPageVariablesTooltipsAndClickClassesInChromium() throws Exception {
        Map<String, Object> shops = new LinkedHashMap<>();
        shops.put("main", shop(mainShop()));
        shops.put("multi", shop(Fixtures.webshop("Multi Shop", "127.0.0.1", "nl", List.of("nl", "en", "de", "fr", "es", "it"))));
        // The owner's dashboard settings: right, light, 25 % from the top (page variables override them)
        Fixtures.Shop styled = mainShop();
        String owner = new OwnerSessions("test-dashboard-session-key-0123456789abcdef", MAPPER).open(1L, "owner@example.com",
                List.of(styled.id()), Instant.now());
        given().cookie(OwnerSessions.COOKIE, owner).header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json")
                .body("{\"sidebar\":true,\"position\":\"right\",\"top\":\"25%\",\"theme\":\"light\",\"mobile\":\"top_bar\","
                        + "\"mobile_tab\":\"left\",\"tooltip\":true,\"language\":\"\"}")
                .put("/dashboard/api/embed/webshops/" + styled.id() + "/sidebar").then().statusCode(200);
        shops.put("styled", shop(styled));
        assertAllChecks(run("sidebar", shops, Map.of()));
    }

    @Test
    void consentPopUpRecordsReviewAndAskMeLaterOnTheBrokerFromChromium() throws Exception {
        Fixtures.Shop shop = mainShop();
        String id = UUID.randomUUID().toString().substring(0, 8);
        String numeric = String.valueOf(ThreadLocalRandom.current().nextLong(100_000_000L, 999_999_999L));
        Map<String, String> orders = Map.of("review", "BR-" + id, "later", "BL-" + id, "closed", "BC-" + id,
                "reviewText", "Browser review " + id, "formText", "Browser form review " + id, "brand", "WC-" + id, "numeric", numeric);
        assertAllChecks(run("consent", Map.of("main", shop(shop)), orders));

        ConsumerRecord<String, String> written = awaitOne(Topics.CONSENTS_RECORDED.name(), orders.get("review"));
        assertTrue(written.value().contains("\"choice\":\"review_written\"") && written.value().contains("\"invite_delay_days\":7"), written.value());
        ConsumerRecord<String, String> later = awaitOne(Topics.CONSENTS_RECORDED.name(), orders.get("later"));
        assertTrue(later.value().contains("\"choice\":\"ask_later\"") && later.value().contains("\"invite_delay_days\":5"), later.value());
        ConsumerRecord<String, String> review = awaitOne(Topics.REVIEWS_SUBMITTED.name(), orders.get("reviewText"));
        assertTrue(review.value().contains("\"origin\":\"popup\"") && review.value().contains(orders.get("review"))
                && review.value().contains("\"email\":\"jan@example.com\""), review.value());
        ConsumerRecord<String, String> form = awaitOne(Topics.REVIEWS_SUBMITTED.name(), orders.get("formText"));
        assertTrue(form.value().contains("\"origin\":\"form\"") && form.value().contains("fleur@example.com"), form.value());
        // the plugins' elements (brand ids): WooCommerce's with its first name decoded, PrestaShop's numeric order number
        ConsumerRecord<String, String> woo = awaitOne(Topics.CONSENTS_RECORDED.name(), "\"order_number\":\"" + orders.get("brand") + "\"");
        JsonNode wooConsent = MAPPER.readTree(woo.value());
        assertEquals("Zoë 'Jan' \"J\" <b>&~ x/y", wooConsent.get("first_name").asText(), woo.value());
        assertEquals("jan+test@example.com", wooConsent.get("email").asText(), woo.value());
        assertEquals(7, wooConsent.get("invite_delay_days").asInt(), woo.value());
        ConsumerRecord<String, String> presta = awaitOne(Topics.CONSENTS_RECORDED.name(), "\"order_number\":\"" + numeric + "\"");
        assertTrue(presta.value().contains("\"invite_delay_days\":3") && presta.value().contains("piet@example.com"), presta.value());
        assertTrue(KafkaTestClient.await(Topics.CONSENTS_RECORDED.name(), r -> r.value().contains(orders.get("closed")), 1,
                Duration.ofSeconds(3)).isEmpty(), "closing the pop-up records nothing");
    }

    @Test
    void theWooCommercePluginsSignedOrderDataBindsTheReviewAndAChangedFieldIsRefusedInChromium() throws Exception {
        String code = "Code-" + UUID.randomUUID();
        Fixtures.Shop shop = Fixtures.webshopWithCode("127.0.0.1", code);
        String id = UUID.randomUUID().toString().substring(0, 8);
        String order = "WS-" + id;
        com.fasterxml.jackson.databind.node.ObjectNode data = (com.fasterxml.jackson.databind.node.ObjectNode) MAPPER.readTree(
                "{\"webshopId\":\"%d\",\"orderNumber\":\"%s\",\"email\":\"jan+test@example.com\",\"firstName\":\"Zoë 'Jan' <b>&\",\"inviteDelay\":7}"
                        .formatted(shop.id(), order));
        String signature = SignedOrderDataTest.php(shop.id(), code, data);
        // what PHP's json_encode($data, JSON_HEX_QUOT | JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS) prints
        String element = ("<script type=\"application/json\" id =\"webwinkelkeur_order_completed\">{\"webshopId\":\"%d\",\"orderNumber\":\"%s\","
                + "\"email\":\"jan+test@example.com\",\"firstName\":\"Zo\\u00eb \\u0027Jan\\u0027 \\u003Cb\\u003E\\u0026\",\"inviteDelay\":7,"
                + "\"signature\":\"%s\"}</script>").formatted(shop.id(), order, signature);
        String tamperedOrder = "WT-" + id;
        String tampered = element.replace(order, tamperedOrder);
        Map<String, String> orders = Map.of("element", element, "tampered", tampered, "reviewText", "Signed review " + id,
                "tamperedText", "Tampered review " + id);
        assertAllChecks(run("signed", Map.of("main", shop(shop)), orders));
        assertEquals("jan+test@example.com", MAPPER.readTree(awaitOne(Topics.ORDERS_CONFIRMED.name(), order).value()).get("email").asText());
        assertTrue(awaitOne(Topics.REVIEWS_SUBMITTED.name(), "Signed review " + id).value().contains(order));
        assertTrue(KafkaTestClient.await(Topics.CONSENTS_RECORDED.name(), r -> r.value().contains(tamperedOrder), 1,
                Duration.ofSeconds(3)).isEmpty(), "the refused consent recorded nothing");
        assertTrue(KafkaTestClient.await(Topics.REVIEWS_SUBMITTED.name(), r -> r.value().contains("Tampered review " + id), 1,
                Duration.ofSeconds(1)).isEmpty(), "nor its review");
    }

    @Test
    void aReviewsOwnPageHasItsReviewJsonLdAndPassesAxeInChromium() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("Review Page Shop", "127.0.0.1", "nl", List.of("nl", "en"),
                "http://localhost:" + root.getPort() + "/embed/static/logo.svg");
        long shown = Fixtures.nextReviewId();
        long held = Fixtures.nextReviewId();
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), shown, true, false, "Anna Shown", 5, "Fast delivery", Instant.now());
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), held, false, false, "Held Back", 2, "Not yet", Instant.now());
        for (long id : List.of(shown, held)) {
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    given().get("/shop/" + shop.id() + "/reviews/" + id).then().statusCode(200));
        }
        assertAllChecks(run("reviewpage", Map.of("main", shop(shop)), Map.of("review", String.valueOf(shown), "held", String.valueOf(held))));
    }

    @Test
    void everyWidgetLayoutRendersInBothThemesInChromium() throws Exception {
        assertAllChecks(run("widgets", Map.of("main", shop(mainShop())), Map.of()));
    }

    @Test
    void sidebarScriptFetchedByChromiumIsAtMostTenKilobytesGzipped() throws Exception {
        Fixtures.Shop multi = Fixtures.webshop("Size Shop", "127.0.0.1", "nl", List.of("nl", "en", "de", "fr", "es", "it"));
        for (int i = 0; i < 5; i++) {
            Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), multi.id(), Fixtures.nextReviewId(), true, false, "Size " + i, 4,
                    "A long review text that repeats. ".repeat(20), Instant.now());
        }
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                given().queryParam("id", multi.id()).get("/sidebar.js").then().body(containsString("Size 4")));
        assertAllChecks(run("size", Map.of("multi", shop(multi)), Map.of()));
    }

    @Test
    void transparencyPageRendersInTwoLanguagesWithTheFiguresAndPassesAxeInChromium() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("Multi Shop", "127.0.0.1", "nl", List.of("nl", "en", "de"));
        assertAllChecks(run("transparency", Map.of("multi", shop(shop)), Map.of()));
    }

    @Test
    void aVisitorReportsAReviewFromThePublicPageByKeyboardAndThePagesPassAxeInChromium() throws Exception {
        assertAllChecks(run("report", Map.of("main", shop(mainShop())), Map.of()));
    }

    @Test
    void productPageJsonLdParsesWithItsRequiredPropertiesAndTheProductWidgetPassesAxeInChromium() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("Product Shop", "127.0.0.1", "nl", List.of("nl", "en"));
        String sku = "BR-" + UUID.randomUUID().toString().substring(0, 8);
        Instant t = Instant.now();
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, "Anna", true, null, t,
                List.of(new Fixtures.ProductRating("P-1", "Steel kettle", sku, null, 5, "Boils fast <b>really</b>")));
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, "Bram", false, null, t,
                List.of(new Fixtures.ProductRating("P-1", "Steel kettle", sku, null, 2, null)));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().queryParam("sku", sku)
                .get("/product/" + shop.id() + "/stars.json").then().body(containsString("\"rating_count\":2")));
        assertAllChecks(run("product", Map.of("main", shop(shop)), Map.of("sku", sku)));
    }

    @Test
    void anImportedReviewIsLabelledAsTextBySidebarJsAndTheBalloonWidgetWithItsReportLinkInChromium() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop("Import Shop", "127.0.0.1", "nl", List.of("nl", "en"));
        String source = "Old <i>Provider</i> & Co";
        Fixtures.reviewWithProducts(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, "Iris", true, null,
                Instant.now(), List.of(), source);
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().queryParam("id", shop.id()).get("/sidebar.js")
                .then().body(containsString("\"importedFrom\":\"Old \\u003ci")));
        assertAllChecks(run("imported", Map.of("main", shop(shop)), Map.of("source", source, "name", "Iris")));
    }

    private Fixtures.Shop mainShop() {
        Fixtures.Shop shop = Fixtures.webshop("Browser Shop", "127.0.0.1", "nl", List.of("nl", "en"),
                "http://localhost:" + root.getPort() + "/embed/static/logo.svg");
        Fixtures.summary(shop.id(), 12, "4.26", Instant.now());
        Fixtures.reviewChanged(Topics.REVIEWS_CREATED.name(), shop.id(), Fixtures.nextReviewId(), true, false, "Anna Shown", 5,
                "Fast delivery <b>not bold</b>", Instant.now());
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> given().queryParam("id", shop.id()).get("/sidebar.js")
                .then().body(containsString("Anna Shown"), containsString("\"amount\":12")));
        return shop;
    }

    private static Map<String, Object> shop(Fixtures.Shop shop) {
        return Map.of("id", shop.id(), "name", shop.name());
    }

    private static ConsumerRecord<String, String> awaitOne(String topic, String text) {
        List<ConsumerRecord<String, String>> found = KafkaTestClient.await(topic, r -> r.value() != null && r.value().contains(text), 1,
                Duration.ofSeconds(30));
        assertFalse(found.isEmpty(), "no event on " + topic + " containing " + text);
        return found.get(0);
    }

    private static void assertAllChecks(List<Check> checks) {
        assertFalse(checks.isEmpty(), "the browser script reported no checks");
        List<Executable> all = new ArrayList<>();
        for (Check check : checks) {
            all.add(() -> assertTrue(check.ok(), check.name() + " — " + check.detail()));
        }
        assertAll(all);
    }

    private List<Check> run(String scenario, Map<String, ?> shops, Map<String, String> orders) throws IOException, InterruptedException {
        assertTrue(Files.isExecutable(Path.of("/usr/bin/chromium")), "Chromium is missing at /usr/bin/chromium: run src/test/browser/ensure-browser.sh");
        assertTrue(Files.isDirectory(DIR.resolve("node_modules/playwright-core")) && Files.isDirectory(DIR.resolve("node_modules/axe-core")),
                "node_modules are missing: run src/test/browser/ensure-browser.sh");
        File output = Files.createTempFile("browser-" + scenario, ".json").toFile();
        File errors = Files.createTempFile("browser-" + scenario, ".err").toFile();
        ProcessBuilder builder = new ProcessBuilder("node", "run.mjs", scenario).directory(DIR.toFile())
                .redirectOutput(output).redirectError(errors);
        builder.environment().put("SERVICE_BASE", "http://localhost:" + root.getPort());
        builder.environment().put("SHOPS", MAPPER.writeValueAsString(shops));
        builder.environment().put("ORDERS", MAPPER.writeValueAsString(orders));
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new AssertionError("node is missing: the browser tests need node (and src/test/browser/ensure-browser.sh)", e);
        }
        boolean finished = process.waitFor(240, TimeUnit.SECONDS);
        if (!finished) {
            process.destroyForcibly();
        }
        String stdout = Files.readString(output.toPath(), StandardCharsets.UTF_8);
        String stderr = Files.readString(errors.toPath(), StandardCharsets.UTF_8);
        assertTrue(finished, "browser scenario " + scenario + " did not finish in time; stderr: " + stderr);
        assertEquals(0, process.exitValue(), "node exited with an error: " + stderr + stdout);
        String last = stdout.lines().filter(l -> l.startsWith("{\"checks\"")).reduce((a, b) -> b)
                .orElseThrow(() -> new AssertionError("no report from the browser script; stdout: " + stdout + " stderr: " + stderr));
        List<Check> checks = new ArrayList<>();
        for (JsonNode node : MAPPER.readTree(last).get("checks")) {
            checks.add(new Check(node.get("name").asText(), node.get("ok").asBoolean(), node.get("detail").asText()));
        }
        return checks;
    }
}
