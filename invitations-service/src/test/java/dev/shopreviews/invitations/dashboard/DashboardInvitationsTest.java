package dev.shopreviews.invitations.dashboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.owner.OwnerSessions;
import dev.shopreviews.common.testing.Db;
import dev.shopreviews.invitations.Fixtures;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The shop dashboard's invitations API: the owner's list, add, CSV upload and outcomes; everyone else refused. */
@QuarkusTest
class DashboardInvitationsTest {
    static final String KEY = "test-dashboard-session-key-0123456789abcdef";
    static final String ADDED = "Invitation successfully added to queue!";

    @Test
    void theOwnerAddsListsUploadsOrdersAndSeesOutcomes() {
        Fixtures.Shop shop = Fixtures.webshop();
        String session = session(shop.id());
        String base = base(shop.id());

        String first = Fixtures.email();
        change(session).body(Map.of("email", first, "order", "D-1", "customer_name", "Anna", "delay", 3))
                .post(base + "/invitations").then().statusCode(200).body("status", equalTo("success")).body("message", equalTo(ADDED));
        change(session).body(Map.of("email", first, "order", "D-1"))
                .post(base + "/invitations").then().statusCode(200).body("message", equalTo("Invitation already sent for this order."));
        // The spec's messages, from the spec's own checks.
        change(session).body(Map.of("email", "not-an-address")).post(base + "/invitations")
                .then().statusCode(400).body("status", equalTo("error")).body("message", equalTo("The email address is not valid."));
        change(session).body(Map.of("order", "D-2")).post(base + "/invitations")
                .then().statusCode(400).body("message", equalTo("Not all obligated variables are set."));
        change(session).body(Map.of("email", Fixtures.email(), "delay", "400")).post(base + "/invitations")
                .then().statusCode(400).body("message", equalTo("delay must be a whole number of days from 0 to 365."));

        read(session).get(base + "/invitations").then().statusCode(200)
                .body("items", hasSize(1)).body("total", equalTo(1)).body("next", equalTo(null))
                .body("items[0].email", equalTo(first)).body("items[0].order", equalTo("D-1"))
                .body("items[0].customer_name", equalTo("Anna")).body("items[0].delay", equalTo(3))
                .body("items[0].language", equalTo("nl")).body("items[0].status", equalTo("queued"))
                .body("items[0].reviewed", equalTo(false)).body("items[0].failure_reason", equalTo(null));

        // A dry run reports each row with the spec's messages and stores nothing.
        String dryRun = """
                name,EMAIL,order,delay,language,products
                "Jansen, Jan ""JJ""\",%s,C-1,2,en,KET-1|Blue kettle;MUG-2|Mug
                Piet,not-an-address,C-2,,,
                Klaas,%s,C-3,999,,
                Kees,%s,C-4,,,no-pipe-here
                """.formatted(Fixtures.email(), Fixtures.email(), Fixtures.email());
        JsonPath checked = csv(session, base, dryRun, true).then().statusCode(200).extract().jsonPath();
        assertEquals(true, checked.getBoolean("dry_run"));
        assertEquals(List.of("ok", "error", "error", "error"), checked.getList("rows.status"));
        assertEquals(List.of(2, 3, 4, 5), checked.getList("rows.line"));
        assertEquals("The email address is not valid.", checked.getString("rows[1].message"));
        assertEquals("delay must be a whole number of days from 0 to 365.", checked.getString("rows[2].message"));
        assertTrue(checked.getString("rows[3].message").startsWith("products must be sku|name pairs"));
        assertEquals(1, checked.getInt("valid"));
        assertEquals(3, checked.getInt("invalid"));
        assertEquals(0, checked.getInt("added"));
        read(session).get(base + "/invitations").then().body("total", equalTo(1));

        // An import of 20 rows, 4 of them invalid: only the 16 valid ones are added, each as one spec add.
        StringBuilder file = new StringBuilder("email,order,name,language,delay,products\r\n");
        List<String> valid = new ArrayList<>();
        for (int i = 1; i <= 20; i++) {
            String email = Fixtures.email();
            switch (i) {
                case 4 -> file.append("broken@,I-4,Four,en,1,\r\n");
                case 8 -> file.append(email).append(",I-8,Eight,english,1,\r\n");
                case 12 -> file.append(email).append(",I-12,Twelve,en,-1,\r\n");
                case 16 -> file.append(",I-16,Sixteen,en,1,\r\n");
                default -> {
                    valid.add(email);
                    file.append(email).append(",I-").append(i).append(",\"Name ").append(i).append("\",en,1,SKU-")
                            .append(i).append("|Product ").append(i).append("\r\n");
                }
            }
        }
        JsonPath imported = csv(session, base, file.toString(), false).then().statusCode(200).extract().jsonPath();
        assertEquals(false, imported.getBoolean("dry_run"));
        assertEquals(20, imported.getList("rows").size());
        assertEquals(16, imported.getInt("added"));
        assertEquals(16, imported.getInt("valid"));
        assertEquals(4, imported.getInt("invalid"));
        assertEquals("error", imported.getString("rows[3].status"));
        assertEquals("language must be an ISO-639-1 code of two letters.", imported.getString("rows[7].message"));
        assertEquals("Not all obligated variables are set.", imported.getString("rows[15].message"));
        assertEquals("added", imported.getString("rows[0].status"));
        assertEquals(ADDED, imported.getString("rows[0].message"));
        assertEquals(16, Db.count("select count(*) from invitation where webshop_id = ? and order_number like 'I-%'", shop.id()));
        assertEquals(1, Db.count("select count(*) from invitation where webshop_id = ? and products like '%\"SKU-1\"%'", shop.id()));

        // Listed afterwards, newest first, page by page through the cursor.
        Set<String> listed = new HashSet<>();
        String after = null;
        int pages = 0;
        do {
            RequestSpecification page = read(session).queryParam("limit", 5);
            if (after != null) {
                page.queryParam("after", after);
            }
            JsonPath answer = page.get(base + "/invitations").then().statusCode(200).body("total", equalTo(17))
                    .extract().jsonPath();
            listed.addAll(answer.getList("items.email"));
            after = answer.getString("next");
            pages++;
        } while (after != null && pages < 10);
        assertEquals(4, pages);
        assertEquals(17, listed.size());
        assertTrue(listed.containsAll(valid));
        assertTrue(listed.contains(first));

        // Outcomes of what the sender and the consent pop-up leave in the table.
        stored(shop.id(), "sent", null, true);
        stored(shop.id(), "sent", null, true);
        stored(shop.id(), "failed", "550 mailbox unavailable", false);
        stored(shop.id(), "opted_out", null, false);
        stored(shop.id(), "review_written", null, false);
        read(session).queryParam("status", "failed").get(base + "/invitations").then().statusCode(200)
                .body("total", equalTo(1)).body("items[0].status", equalTo("failed"))
                .body("items[0].failure_reason", equalTo("550 mailbox unavailable"));
        read(session).queryParam("status", "reviewed").get(base + "/invitations").then()
                .body("total", equalTo(1)).body("items[0].status", equalTo("reviewed")).body("items[0].reviewed", equalTo(true));
        read(session).queryParam("status", "queued").get(base + "/invitations").then().body("total", equalTo(17));
        read(session).queryParam("status", "opted_out").get(base + "/invitations").then().body("total", equalTo(1));
        JsonPath sent = read(session).queryParam("status", "sent").get(base + "/invitations").then()
                .body("total", equalTo(2)).extract().jsonPath();
        assertNotNull(sent.getString("items[0].sent_at"));

        JsonPath weeks = read(session).queryParam("by", "week").get(base + "/invitations/outcomes").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(26, weeks.getList("series").size());
        Map<String, Object> thisWeek = weeks.getMap("series[25]");
        assertEquals(2, thisWeek.get("sent"));
        assertEquals(1, thisWeek.get("failed"));
        assertEquals(1, thisWeek.get("opted_out"));
        assertEquals(1, thisWeek.get("reviewed"));
        assertEquals(0, thisWeek.get("opened"));
        assertEquals(0, weeks.getInt("series[0].sent"));
        JsonPath months = read(session).queryParam("by", "month").get(base + "/invitations/outcomes").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(12, months.getList("series").size());
        assertEquals(2, months.getInt("series[11].sent"));
        assertTrue(months.getString("series[11].period").endsWith("-01"));
    }

    @Test
    void aFileSavedByExcelInTheNetherlandsIsReadAsItsOwnerMeantIt() {
        Fixtures.Shop shop = Fixtures.webshop();
        String base = base(shop.id());
        String session = session(shop.id());
        String email = Fixtures.email();
        // Excel's "CSV (gescheiden door lijstscheidingsteken)": semicolons, Windows-1252, CRLF, quotes where a field holds a semicolon.
        byte[] file = ("email;order;name;products\r\n" + email + ";NL-1;Zoë Müller;\"KET-1|Ketel €;MUG-2|Mok\"\r\n")
                .getBytes(Charset.forName("windows-1252"));
        upload(session, base, "text/csv", file, "false").then().statusCode(200).body("added", equalTo(1));
        assertEquals(1, Db.count("select count(*) from invitation where webshop_id = ? and customer_name = 'Zoë Müller' "
                + "and products like '%Ketel €%' and products like '%\"MUG-2\"%'", shop.id()));
        // Excel's "Unicode text": UTF-16 with a byte order mark, tab-separated.
        String other = Fixtures.email();
        upload(session, base, "text/csv", ("\uFEFFemail\torder\r\n" + other + "\tNL-2\r\n").getBytes(StandardCharsets.UTF_16LE), "false")
                .then().statusCode(200).body("added", equalTo(1));
        assertEquals(2, Db.count("select count(*) from invitation where webshop_id = ?", shop.id()));
    }

    @Test
    void anotherOwnersSessionFindsNoWebshopAndChangesNothing() {
        Fixtures.Shop shop = Fixtures.webshop();
        Fixtures.Shop other = Fixtures.webshop();
        String base = base(shop.id());
        String owner = session(shop.id());
        change(owner).body(Map.of("email", Fixtures.email())).post(base + "/invitations").then().statusCode(200);
        String stranger = session(other.id());

        read(stranger).get(base + "/invitations").then().statusCode(404).body("message", equalTo("Webshop not found."));
        read(stranger).get(base + "/invitations/outcomes").then().statusCode(404).body("status", equalTo("error"));
        change(stranger).body(Map.of("email", Fixtures.email())).post(base + "/invitations").then().statusCode(404);
        csv(stranger, base, "email\n" + Fixtures.email() + "\n", false).then().statusCode(404);
        csv(stranger, base, "email\n" + Fixtures.email() + "\n", true).then().statusCode(404);
        read(stranger).get("/dashboard/api/invitations/webshops/not-a-number/invitations").then().statusCode(404);
        assertEquals(1, Db.count("select count(*) from invitation where webshop_id = ?", shop.id()));
        // Their own shop still answers them.
        read(stranger).get(base(other.id()) + "/invitations").then().statusCode(200).body("total", equalTo(0));
    }

    @Test
    void withoutASessionEverythingIsRefusedAndAChangeNeedsTheDashboardHeader() {
        Fixtures.Shop shop = Fixtures.webshop();
        String base = base(shop.id());
        given().get(base + "/invitations").then().statusCode(401).body("message", equalTo("Sign in to the dashboard."));
        given().get(base + "/invitations/outcomes").then().statusCode(401);
        given().cookie(OwnerSessions.COOKIE, "forged.cookie").get(base + "/invitations").then().statusCode(401);
        given().header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json").body(Map.of("email", Fixtures.email()))
                .post(base + "/invitations").then().statusCode(401);
        given().header(OwnerSessions.CSRF_HEADER, "1").contentType("text/csv").body("email\nx@example.com\n")
                .post(base + "/invitations/csv").then().statusCode(401);

        String session = session(shop.id());
        given().cookie(OwnerSessions.COOKIE, session).contentType("application/json").body(Map.of("email", Fixtures.email()))
                .post(base + "/invitations").then().statusCode(403)
                .body("message", equalTo("This request must come from the dashboard."));
        given().cookie(OwnerSessions.COOKIE, session).contentType("text/csv").body("email\n" + Fixtures.email() + "\n")
                .post(base + "/invitations/csv").then().statusCode(403);
        assertEquals(0, Db.count("select count(*) from invitation where webshop_id = ?", shop.id()));
    }

    @Test
    void badInputIsAnsweredWithAnEnvelopeAndStoresNothing() {
        Fixtures.Shop shop = Fixtures.webshop();
        String session = session(shop.id());
        String base = base(shop.id());

        for (Map<String, String> query : List.of(Map.of("after", "garbage"), Map.of("after", "bm90OmFjdXJzb3I"),
                Map.of("limit", "0"), Map.of("limit", "101"), Map.of("limit", "x"), Map.of("status", "lost"))) {
            read(session).queryParams(query).get(base + "/invitations").then().statusCode(400).body("status", equalTo("error"));
        }
        read(session).queryParam("by", "year").get(base + "/invitations/outcomes").then().statusCode(400)
                .body("message", equalTo("by must be week or month."));

        change(session).body("{\"email\": ").post(base + "/invitations").then().statusCode(400)
                .body("message", equalTo("The body must be a JSON object."));
        change(session).body("[1,2]").post(base + "/invitations").then().statusCode(400);
        change(session).body("{\"email\": {\"nested\": true}}").post(base + "/invitations").then().statusCode(400);
        change(session).body("{\"email\": \"a\\u0000b@example.com\"}").post(base + "/invitations").then().statusCode(400);
        given().cookie(OwnerSessions.COOKIE, session).header(OwnerSessions.CSRF_HEADER, "1").contentType("text/plain")
                .body("email=x").post(base + "/invitations").then().statusCode(415).body("status", equalTo("error"));

        String email = Fixtures.email();
        String good = "email\n" + email + "\n";
        upload(session, base, "application/json", "{\"email\":\"x@example.com\"}".getBytes(StandardCharsets.UTF_8), "false")
                .then().statusCode(400).body("message", equalTo("Upload the file as text/csv."));
        upload(session, base, "text/csv", new byte[0], "false").then().statusCode(400).body("message", equalTo("The file is empty."));
        upload(session, base, "text/csv", "\r\n\r\n".getBytes(StandardCharsets.UTF_8), "false").then().statusCode(400);
        upload(session, base, "text/csv", (email + ",O-1\n").getBytes(StandardCharsets.UTF_8), "false").then().statusCode(400)
                .body("message", equalTo("The first line must be the header naming the columns: email, order, name, language, "
                        + "delay, products (email required)."));
        upload(session, base, "text/csv", ("email,secret\n" + email + ",x\n").getBytes(StandardCharsets.UTF_8), "false")
                .then().statusCode(400).body("message", equalTo("Unknown column in the header: \"secret\". The columns are "
                        + "email, order, name, language, delay, products."));
        upload(session, base, "text/csv", "email\n".getBytes(StandardCharsets.UTF_8), "false").then().statusCode(400)
                .body("message", equalTo("The file has no orders below the header."));
        upload(session, base, "text/csv", ("email,name\n" + email + ",\"never closed\n").getBytes(StandardCharsets.UTF_8), "false")
                .then().statusCode(400).body("message", equalTo("Line 2: a quoted field is not closed."));
        upload(session, base, "text/csv", new byte[]{'e', 'm', 'a', 'i', 'l', '\n', (byte) 0x81, (byte) 0x28, '\n'}, "false")
                .then().statusCode(400).body("message", equalTo("The file must be UTF-8 or Windows-1252 text."));
        upload(session, base, "text/csv", new byte[]{'P', 'K', 3, 4, 20, 0, 6, 0}, "false")
                .then().statusCode(400).body("message", equalTo("The file is not text: save it from the spreadsheet as CSV."));
        upload(session, base, "text/csv", good.getBytes(StandardCharsets.UTF_8), "maybe").then().statusCode(400)
                .body("message", equalTo("dry_run must be true or false."));
        StringBuilder tooMany = new StringBuilder("email\n");
        for (int i = 0; i <= 1_000; i++) {
            tooMany.append("row").append(i).append("@example.com\n");
        }
        upload(session, base, "text/csv", tooMany.toString().getBytes(StandardCharsets.UTF_8), "false").then().statusCode(413)
                .body("status", equalTo("error"));
        assertEquals(413, oversizedUploadStatus(session, base));
        assertEquals(0, Db.count("select count(*) from invitation where webshop_id = ?", shop.id()));

        // Formula, HTML and control characters in fields: control characters are the spec's row error; the rest is
        // text (answered as JSON, mailed through escaping templates), stored as given.
        String formula = Fixtures.email();
        String html = Fixtures.email();
        String control = Fixtures.email();
        String hostile = "email,name,order\n"
                + formula + ",\"=HYPERLINK(\"\"http://evil.example\"\")\",+SUM(A1)\n"
                + html + ",<script>alert(1)</script>,<b>O-1</b>\n"
                + control + ",\"Bell\u0007\",O-2\n"
                + "\"tab\tbefore@example.com\",x,O-3\n";
        JsonPath answer = upload(session, base, "text/csv; charset=utf-8", hostile.getBytes(StandardCharsets.UTF_8), "false")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("added", "added", "error", "error"), answer.getList("rows.status"));
        assertEquals("Invalid value for customer_name: contains a control character.", answer.getString("rows[2].message"));
        assertEquals("Invalid value for email: must be a single line.", answer.getString("rows[3].message"));
        assertEquals("=HYPERLINK(\"http://evil.example\")", firstName(formula));
        assertEquals("<script>alert(1)</script>", firstName(html));
        assertEquals(0, Db.count("select count(*) from invitation where webshop_id = ? and email = ?", shop.id(), control));
        JsonPath list = read(session).get(base + "/invitations").then().statusCode(200).extract().jsonPath();
        assertEquals(2, list.getInt("total"));
        assertTrue(list.getList("items.order").contains("+SUM(A1)"));
    }

    @Test
    void theFormAndTheCsvUploadRefuseANonAsciiLocalPartWithTheSpecMessage() {
        Fixtures.Shop shop = Fixtures.webshop();
        String session = session(shop.id());
        String base = base(shop.id());
        String unique = Fixtures.order();
        change(session).body(Map.of("email", "j\u00fcrgen-" + unique + "@example.com")).post(base + "/invitations")
                .then().statusCode(400).body("status", equalTo("error")).body("message", equalTo("The email address is not valid."));
        String ascii = "jurgen-" + unique + "@example.com";
        String upload = """
                email,order
                j\u00fcrgen-%s@example.com,U-1
                %s,U-2
                """.formatted(unique, ascii);
        JsonPath result = csv(session, base, upload, false).then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("error", "added"), result.getList("rows.status"));
        assertEquals("The email address is not valid.", result.getString("rows[0].message"));
        assertEquals(1, Db.count("select count(*) from invitation where webshop_id = ?", shop.id()));
        assertEquals(1, Db.count("select count(*) from invitation where webshop_id = ? and email = ?", shop.id(), ascii));
    }

    private static String firstName(String email) {
        List<String> names = new ArrayList<>();
        try (var connection = Db.connect(); var statement = connection.prepareStatement(
                "select customer_name from invitation where email = ?")) {
            statement.setString(1, email);
            try (var rows = statement.executeQuery()) {
                while (rows.next()) {
                    names.add(rows.getString(1));
                }
            }
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        assertEquals(1, names.size());
        return names.get(0);
    }

    /** A 1.1 MB upload: the HTTP layer answers 413 from the Content-Length (a broken pipe meanwhile is tried again). */
    private static int oversizedUploadStatus(String session, String base) {
        byte[] body = ("email\n" + "x".repeat(1_100_000) + "\n").getBytes(StandardCharsets.UTF_8);
        for (int attempt = 1; ; attempt++) {
            try {
                return upload(session, base, "text/csv", body, "true").statusCode();
            } catch (Exception e) {
                boolean cutOff = e instanceof java.io.IOException || e.getCause() instanceof java.io.IOException;
                if (!cutOff || attempt == 5) {
                    throw e;
                }
            }
        }
    }

    private static void stored(long shop, String state, String error, boolean sent) {
        Db.update("""
                insert into invitation (webshop_id, email, order_number, language, delay_days, state, created_at, scheduled_at,
                    sent_at, next_attempt_at, attempts, last_error)
                values (?, ?, ?, 'en', 0, ?, now(), now(), case when ? then now() end, now(), 1, ?)""",
                shop, Fixtures.email(), "S-" + ThreadLocalRandom.current().nextLong(1, Long.MAX_VALUE), state, sent, error);
    }

    static String session(long webshop) {
        return new OwnerSessions(KEY, new ObjectMapper()).open(ThreadLocalRandom.current().nextLong(1, 1_000_000),
                "owner@example.com", List.of(webshop), Instant.now());
    }

    static String base(long webshop) {
        return "/dashboard/api/invitations/webshops/" + webshop;
    }

    static RequestSpecification read(String session) {
        return given().cookie(OwnerSessions.COOKIE, session);
    }

    static RequestSpecification change(String session) {
        return given().cookie(OwnerSessions.COOKIE, session).header(OwnerSessions.CSRF_HEADER, "1").contentType("application/json");
    }

    static Response csv(String session, String base, String text, boolean dryRun) {
        return upload(session, base, "text/csv", text.getBytes(StandardCharsets.UTF_8), String.valueOf(dryRun));
    }

    static Response upload(String session, String base, String contentType, byte[] body, String dryRun) {
        return given().cookie(OwnerSessions.COOKIE, session).header(OwnerSessions.CSRF_HEADER, "1")
                .contentType(contentType).body(body).queryParam("dry_run", dryRun).post(base + "/invitations/csv");
    }
}
