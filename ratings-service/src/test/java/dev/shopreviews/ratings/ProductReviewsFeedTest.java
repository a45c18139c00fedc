package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamReader;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.List;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Spec 4.6: the Google Product Review Feed 2.3, plain and detailed, incremental, streamed. */
@QuarkusTest
class ProductReviewsFeedTest {

    @Test
    void plainFeedValidatesAgainstTheProductReviewSchemaWithElementsInSchemaOrder() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted review = withProducts(shop, List.of(
                product("p-1", "Blue kettle", "https://shop.example/kettle", "KET-1", "8712345678906", 5, "Kookt snel & stil <3"),
                product("p-2", "Tea cups", null, null, null, 3, "Mooi maar klein")));
        ReviewSubmitted spam = withProducts(shop, List.of(
                product("p-3", "Spoon", null, null, null, 1, "Koop bij www.andere-winkel.example")));

        byte[] xml = feed(shop, null, null).then().statusCode(200).extract().asByteArray();
        schema().newValidator().validate(new StreamSource(new ByteArrayInputStream(xml)));

        Document document = parse(xml);
        Element feed = document.getDocumentElement();
        assertEquals(List.of("version", "aggregator", "publisher", "reviews"), childNames(feed));
        assertEquals("2.3", text(feed, "version"));
        assertEquals("Fixture Shop " + shop.id(), text(child(feed, "publisher"), "name"));
        List<Element> reviews = children(child(feed, "reviews"), "review");
        assertEquals(2, reviews.size(), "the quarantined review's product is not in the plain feed");
        Element kettle = reviews.get(0);
        assertEquals(List.of("review_id", "reviewer", "review_timestamp", "content", "review_url", "ratings", "products"),
                childNames(kettle));
        assertEquals(review.name(), text(child(kettle, "reviewer"), "name"));
        assertTrue(text(kettle, "review_timestamp").matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+00:00"));
        assertEquals("Kookt snel & stil <3", text(kettle, "content"));
        assertEquals("singleton", child(kettle, "review_url").getAttribute("type"));
        Element overall = child(child(kettle, "ratings"), "overall");
        assertEquals("5", overall.getTextContent());
        assertEquals("1", overall.getAttribute("min"));
        assertEquals("5", overall.getAttribute("max"));
        Element product = child(child(kettle, "products"), "product");
        assertEquals(List.of("product_ids", "product_name", "product_url"), childNames(product));
        assertEquals(List.of("gtins", "skus"), childNames(child(product, "product_ids")));
        assertEquals("8712345678906", text(child(child(product, "product_ids"), "gtins"), "gtin"));
        assertEquals("KET-1", text(child(child(product, "product_ids"), "skus"), "sku"));
        Element cups = child(child(reviews.get(1), "products"), "product");
        assertEquals(text(reviews.get(1), "review_url"), text(cups, "product_url"), "no product URL: the review's page");
        assertFalse(new String(xml).contains(spam.email()));
    }

    @Test
    void detailedFeedAddsSyncElementsSpamAndDeletedReviews() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted kept = withProducts(shop, List.of(product("k-1", "Kept", null, null, null, 4, "Blijft staan")));
        ReviewSubmitted spam = withProducts(shop, List.of(
                product("s-1", "Spam", null, null, null, 1, "Bel 0612345678 voor korting")));
        ReviewSubmitted removed = withProducts(shop, List.of(product("d-1", "Removed", null, null, null, 2, "Wordt verwijderd")));
        long removedId = ((Number) Fixtures.awaitReview(shop, removed.email()).get("id")).longValue();
        given().header("Authorization", "Bearer test-operator-token").delete("/admin/reviews/" + removedId)
                .then().statusCode(200);

        Document plain = parse(feed(shop, null, null).then().statusCode(200).extract().asByteArray());
        assertEquals(1, plain.getElementsByTagName("review").getLength(), "plain: neither spam nor deleted");

        Document detailed = parse(feed(shop, "1", "2000-01-01 00:00:00").then().statusCode(200).extract().asByteArray());
        List<Element> reviews = children(child(detailed.getDocumentElement(), "reviews"), "review");
        assertEquals(3, reviews.size());
        // Most recently modified first: the deletion, then the spam, then the kept review.
        Element keptReview = reviews.get(2);
        assertEquals(List.of("review_id", "reviewer", "review_timestamp", "content", "review_url", "ratings", "products",
                "is_spam", "email", "valid", "modified"), childNames(keptReview));
        assertEquals("false", text(keptReview, "is_spam"));
        assertEquals(kept.email(), text(keptReview, "email"));
        assertEquals("1", text(keptReview, "valid"));
        assertTrue(text(keptReview, "modified").matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+00:00"));
        assertEquals(List.of("product_name", "product_url", "external_id"),
                childNames(child(child(keptReview, "products"), "product")));
        assertEquals("k-1", text(child(child(keptReview, "products"), "product"), "external_id"));
        assertEquals("true", text(reviews.get(1), "is_spam"));
        assertEquals(spam.email(), text(reviews.get(1), "email"));
        assertEquals("0", text(reviews.get(1), "valid"), "quarantined: not public");
        assertEquals(List.of("review_id", "reviewer", "review_timestamp", "content", "review_url", "ratings", "products",
                "is_spam", "email", "valid", "deleted", "modified"), childNames(reviews.get(0)));
        assertEquals("1", child(reviews.get(0), "deleted").getTextContent());
        assertEquals("0", text(reviews.get(0), "valid"));
        assertEquals(removed.email(), text(reviews.get(0), "email"));
    }

    @Test
    void lastSyncedReturnsOnlyReviewsChangedAfterIt() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted old = withProducts(shop, List.of(product("o-1", "Old", null, null, null, 4, "Oude review")));
        Db.update("update review set modified_at = timestamptz '2020-01-01 00:00:00+00' where email = ?", old.email());
        ReviewSubmitted fresh = withProducts(shop, List.of(product("n-1", "New", null, null, null, 5, "Nieuwe review")));

        Document all = parse(feed(shop, null, null).then().statusCode(200).extract().asByteArray());
        assertEquals(2, all.getElementsByTagName("review").getLength());
        Document since = parse(feed(shop, null, "2021-06-30 12:00:00").then().statusCode(200).extract().asByteArray());
        List<Element> reviews = children(child(since.getDocumentElement(), "reviews"), "review");
        assertEquals(1, reviews.size());
        assertEquals("Nieuwe review", text(reviews.get(0), "content"));
        assertTrue(fresh.email().length() > 0);
        Document none = parse(feed(shop, null, "2999-01-01 00:00:00").then().statusCode(200).extract().asByteArray());
        assertEquals(List.of("version", "aggregator", "publisher"), childNames(none.getDocumentElement()),
                "no reviews: the optional reviews element is left out, the feed stays valid");
    }

    @Test
    void malformedLastSyncedOrDetailedIsRefusedWithAnXmlError() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        for (String bad : List.of("2024-13-01 00:00:00", "2024-01-01", "2024-01-01T00:00:00", "yesterday", "2024-02-30 10:00:00")) {
            feed(shop, null, bad).then().statusCode(400).contentType("application/xml")
                    .body(org.hamcrest.Matchers.equalTo("<?xml version=\"1.0\" encoding=\"UTF-8\"?><error><status>error</status>"
                            + "<message>Invalid value for last_synced: expected YYYY-MM-DD HH:MM:SS (UTC) or an ISO 8601 "
                            + "datetime with offset such as 2026-11-27T10:15:30+00:00.</message></error>"));
        }
        feed(shop, "yes", null).then().statusCode(400)
                .body(org.hamcrest.Matchers.containsString("<message>Invalid value for detailed: expected 1.</message>"));
    }

    @Test
    void wrongOrMissingCredentialsAreRefusedWithAnXmlError() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        given().queryParam("id", shop.id()).queryParam("code", "nope").get("/api/1.0/product_reviews.xml")
                .then().statusCode(401).contentType("application/xml")
                .body(org.hamcrest.Matchers.containsString("<message>Incorrect authentication credentials.</message>"));
        given().queryParam("id", shop.id()).get("/api/1.0/product_reviews.xml")
                .then().statusCode(400)
                .body(org.hamcrest.Matchers.containsString("<message>Not all obligated variables are set.</message>"));
    }

    @Test
    void thousandsOfReviewsAreStreamedInPagesAsOneValidFeed() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        Db.update("insert into review(webshop_id, origin, order_number, name, email, country, language, rating, shippingtime,"
                + " customerservice, pricequality, aftersale, verified, created_at, modified_at)"
                + " select ?, 'invitation', 'bulk-' || g, 'Bulk ' || g, 'bulk' || g || '@example.com', 'NL', 'nl', 4, 4, 4, 4, 4,"
                + " true, now(), now() from generate_series(1, 2500) g", shop.id());  // 25 pages of the tests' 100
        Db.update("insert into product_review(review_id, webshop_id, product_id, name, url, rating, text)"
                + " select id, webshop_id, 'p-' || id, 'Product ' || id, 'https://shop.example/p/' || id, 5, 'Prima product ' || id"
                + " from review where webshop_id = ?", shop.id());

        Response response = feed(shop, null, null);
        response.then().statusCode(200);
        assertEquals("chunked", response.getHeader("Transfer-Encoding"), "streamed, not buffered to a known length");
        byte[] xml = response.asByteArray();
        schema().newValidator().validate(new StreamSource(new ByteArrayInputStream(xml)));
        XMLStreamReader reader = XMLInputFactory.newFactory().createXMLStreamReader(new ByteArrayInputStream(xml));
        int reviews = 0;
        long previousId = 0;
        while (reader.hasNext()) {
            if (reader.next() == XMLStreamConstants.START_ELEMENT && reader.getLocalName().equals("review_id")) {
                long id = Long.parseLong(reader.getElementText());
                assertTrue(id > previousId, "each review once, in id order across pages");
                previousId = id;
                reviews++;
            }
        }
        assertEquals(2_500, reviews);
    }

    static ReviewSubmitted withProducts(Fixtures.Shop shop, List<ReviewSubmitted.ProductReview> products) {
        ReviewSubmitted review = Fixtures.withProducts(Fixtures.review(shop, ReviewSubmitted.ORIGIN_INVITATION), products);
        Fixtures.submit(review);
        Fixtures.awaitReview(shop, review.email());
        return review;
    }

    static ReviewSubmitted.ProductReview product(String id, String name, String url, String sku, String gtin, int rating,
                                                 String text) {
        return new ReviewSubmitted.ProductReview(id, name, url, null, sku, gtin, rating, text);
    }

    static Response feed(Fixtures.Shop shop, String detailed, String lastSynced) {
        var request = given().queryParam("id", shop.id()).queryParam("code", shop.code());
        if (detailed != null) {
            request = request.queryParam("detailed", detailed);
        }
        if (lastSynced != null) {
            request = request.queryParam("last_synced", lastSynced);
        }
        return request.get("/api/1.0/product_reviews.xml");
    }

    static Schema schema() throws Exception {
        SchemaFactory factory = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
        return factory.newSchema(ProductReviewsFeedTest.class.getResource("/xsd/product_reviews_2.3.xsd"));
    }

    static Document parse(byte[] xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE && (name == null || nodes.item(i).getNodeName().equals(name))) {
                found.add((Element) nodes.item(i));
            }
        }
        return found;
    }

    static List<String> childNames(Element parent) {
        return children(parent, null).stream().map(Element::getNodeName).toList();
    }

    static Element child(Element parent, String name) {
        return children(parent, name).get(0);
    }

    static String text(Element parent, String name) {
        return child(parent, name).getTextContent();
    }
}
