package dev.shopreviews.invitations.template;

import dev.shopreviews.common.testing.Db;
import dev.shopreviews.common.testing.Mailbox;
import dev.shopreviews.invitations.Fixtures;
import dev.shopreviews.invitations.Owners;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A shop's own e-mail templates (issue 28): the built-in text is the default; a template is checked (fixed variables
 * only, syntax, both links) before a preview or a save, rendered HTML-escaped with a plain-text part, and can reach
 * nothing but its variables.
 */
@QuarkusTest
class MailTemplatesTest {
    static final String SUBJECT = "{shop_name} would like your review";
    static final String HTML = """
            <p>Dear {#if customer_name}{customer_name}{#else}customer{/if},</p>
            {#for product in products}<p>How is your {product}?</p>{/for}
            <p><a href="{review_link}">Review {shop_name}</a> - <a href="{opt_out_link}">no more e-mails</a></p>""";
    static final String TEXT = """
            Dear {#if customer_name}{customer_name}{#else}customer{/if},
            review us: {review_link}
            no more e-mails: {opt_out_link}""";

    static Map<String, Object> template(String subject, String html, String text) {
        Map<String, Object> body = new HashMap<>();
        body.put("subject", subject);
        body.put("html", html);
        body.put("text", text);
        return body;
    }

    @Test
    void aShopsOwnTemplateIsPreviewedSavedSentEscapedWithATextPartAndDeletedBackToTheBuiltInText() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String session = Owners.session(shop.id());
        String path = Owners.base(shop.id()) + "/templates/invitation/en";

        Owners.read(session).get(Owners.base(shop.id()) + "/templates").then().statusCode(200)
                .body("templates", hasSize(12)).body("templates.findAll { it.custom }", hasSize(0));
        Owners.read(session).get(path).then().statusCode(200).body("custom", equalTo(false))
                .body("subject", equalTo("How was your order at {shop_name}?"))
                .body("html", containsString("{review_link}")).body("text", containsString("{opt_out_link}"));

        Owners.change(session).body(template(SUBJECT, HTML, TEXT)).post(path + "/preview").then().statusCode(200)
                .body("subject", equalTo(shop.name() + " would like your review"))
                .body("html", containsString("Dear Alex Sample,")).body("html", containsString("How is your Sample product?"))
                .body("html", containsString("/embed/review?ref=SAMPLE-REVIEW-REFERENCE"));
        assertEquals(0, Db.count("select count(*) from mail_template where webshop_id = ?", shop.id()), "a preview stores nothing");

        Owners.change(session).body(template(SUBJECT, HTML, TEXT)).put(path).then().statusCode(200)
                .body("message", equalTo("E-mail template saved.")).body("custom", equalTo(true)).body("subject", equalTo(SUBJECT));
        assertEquals(1, Db.count("select count(*) from audit_entry where action = 'invitation.template' and webshop_id = ?", shop.id()));

        String email = Fixtures.email();
        Fixtures.add(shop, Map.of("email", email, "order", Fixtures.order(), "customer_name", "<b>Eve</b> & Co",
                "order_data", "{\"products\":[{\"id\":\"p1\",\"name\":\"<script>x</script>\"}]}"));
        Mailbox.Mail mail = Mailbox.awaitOne(email);
        assertEquals(shop.name() + " would like your review", mail.subject());
        assertTrue(mail.text().contains("text/html") && mail.text().contains("text/plain"), "HTML and plain-text parts");
        assertTrue(mail.text().contains("Dear &lt;b&gt;Eve&lt;/b&gt; &amp; Co,"), "HTML escaped: " + mail.text());
        assertTrue(mail.text().contains("How is your &lt;script&gt;x&lt;/script&gt;?"), mail.text());
        assertFalse(mail.text().contains("<b>Eve</b>,</p>"), "never unescaped in the HTML part");
        assertTrue(mail.text().contains("Dear <b>Eve</b> & Co,\r\nreview us: http") || mail.text().contains("Dear <b>Eve</b> & Co,\nreview us: http"),
                "the plain-text part as written: " + mail.text());
        assertTrue(mail.link("/embed/review").isPresent() && mail.link("/invitations/optout").isPresent());
        assertTrue(mail.header("List-Unsubscribe").isPresent());

        Owners.change(session).delete(path).then().statusCode(200).body("custom", equalTo(false));
        assertEquals(0, Db.count("select count(*) from mail_template where webshop_id = ?", shop.id()));
        String after = Fixtures.email();
        Fixtures.add(shop, Map.of("email", after, "order", Fixtures.order()));
        assertEquals("How was your order at " + shop.name() + "?", Mailbox.awaitOne(after).subject(), "the built-in text again");
    }

    @Test
    void aTemplateThatTriesToReachAnythingButItsVariablesIsRefusedAndNothingIsStored() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        String session = Owners.session(shop.id());
        String path = Owners.base(shop.id()) + "/templates/invitation/en";
        Map<String, String> hostile = Map.ofEntries(
                Map.entry("{inject:invitationSender}", "no namespaces, properties or methods"),
                Map.entry("{config:quarkus.datasource.password}", "no namespaces, properties or methods"),
                Map.entry("{data:review_link}", "no namespaces, properties or methods"),
                Map.entry("{review_link.getClass()}", "no namespaces, properties or methods"),
                Map.entry("{review_link.getClass().getClassLoader()}", "no namespaces, properties or methods"),
                Map.entry("{customer_name.raw}", "no namespaces, properties or methods"),
                Map.entry("{customer_name ?: 'x'}", "no namespaces, properties or methods"),
                Map.entry("{#include InvitationMail/invitation /}", "is not a valid template"),
                Map.entry("{#insert}x{/insert}", "is not a valid template"),
                Map.entry("{#let x=review_link}{x}{/let}", "is not a valid template"),
                Map.entry("{#for i in 1000000000}x{/for}", "a loop may only go through products"),
                Map.entry("{#for p in products}{#for q in products}x{/for}{/for}", "a loop may only go through products"),
                Map.entry("{order_total}", "unknown variable {order_total}"),
                Map.entry("{#if customer_name}unclosed", "is not a valid template"));
        hostile.forEach((expression, why) -> {
            String html = "<a href=\"{review_link}\">r</a> <a href=\"{opt_out_link}\">o</a> " + expression;
            for (String method : new String[]{"preview", "save"}) {
                var request = Owners.change(session).body(template(SUBJECT, html, TEXT));
                var response = method.equals("preview") ? request.post(path + "/preview") : request.put(path);
                response.then().statusCode(400).body("status", equalTo("error"))
                        .body("message", containsString(why)).body("message", containsString("html"));
            }
        });
        String[][] invalid = {
                {SUBJECT, "<p>no links at all</p>", TEXT, "html must show the review link {review_link}"},
                {SUBJECT, "{#if products}<a href=\"{review_link}\">r</a>{/if}<a href=\"{opt_out_link}\">o</a>", TEXT,
                        "html must show the review link {review_link} (also without a customer name or products)"},
                {SUBJECT, HTML, "{review_link} only", "text must show the opt-out link {opt_out_link}"},
                {"Hello\r\nBcc: victim@example.com", HTML, TEXT, "Invalid value for subject: must be a single line."},
                {"{review_link}", HTML, TEXT, "subject uses the unknown variable {review_link}"},
                {null, HTML, TEXT, "subject is required."},
                {SUBJECT, HTML, "x".repeat(20_001), "text is too long"}};
        for (String[] body : invalid) {
            Owners.change(session).body(template(body[0], body[1], body[2])).put(path)
                    .then().statusCode(400).body("message", containsString(body[3]));
        }
        Owners.change(session).body("[1]").put(path).then().statusCode(400);
        Owners.change(session).body(Map.of("subject", 1, "html", HTML, "text", TEXT)).put(path)
                .then().statusCode(400).body("message", equalTo("subject must be a text."));
        assertEquals(0, Db.count("select count(*) from mail_template where webshop_id = ?", shop.id()), "nothing stored");
    }

    @Test
    void templatesFollowTheDashboardRules() {
        Fixtures.Shop shop = Fixtures.webshop("en", "en");
        Fixtures.Shop other = Fixtures.webshop("en", "en");
        String path = Owners.base(shop.id()) + "/templates/reminder/nl";
        Owners.read("forged").get(path).then().statusCode(401).body("message", equalTo("Sign in to the dashboard."));
        Owners.read(Owners.session(other.id())).get(path).then().statusCode(404).body("message", equalTo("Webshop not found."));
        Owners.read(Owners.session(shop.id())).contentType("application/json").body(template(SUBJECT, HTML, TEXT)).put(path)
                .then().statusCode(403).body("message", equalTo("This request must come from the dashboard."));
        Owners.change(Owners.session(other.id())).body(template(SUBJECT, HTML, TEXT)).put(path).then().statusCode(404);
        Owners.read(Owners.session(shop.id())).get(Owners.base(shop.id()) + "/templates/newsletter/nl").then().statusCode(404);
        Owners.read(Owners.session(shop.id())).get(Owners.base(shop.id()) + "/templates/reminder/pt").then().statusCode(404);
        Owners.read(Owners.session(shop.id())).get(path).then().statusCode(200).body("custom", equalTo(false))
                .body("subject", equalTo("Herinnering: hoe was je bestelling bij {shop_name}?"));
        assertEquals(0, Db.count("select count(*) from mail_template where webshop_id = ?", shop.id()));
    }
}
