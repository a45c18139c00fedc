package dev.shopreviews.ratings;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.common.testing.Db;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

import javax.xml.XMLConstants;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.SchemaFactory;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static dev.shopreviews.ratings.ProductReviewsFeedTest.child;
import static dev.shopreviews.ratings.ProductReviewsFeedTest.childNames;
import static dev.shopreviews.ratings.ProductReviewsFeedTest.children;
import static dev.shopreviews.ratings.ProductReviewsFeedTest.parse;
import static dev.shopreviews.ratings.ProductReviewsFeedTest.product;
import static dev.shopreviews.ratings.ProductReviewsFeedTest.text;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The product review feed with {@code schema=2.4} (an extension): Google's schema 2.4, its new elements filled from
 * what we hold, in the XSD's order; 2.3 stays the default, unchanged.
 */
@QuarkusTest
class ProductReviewsFeedSchema24Test {
    static final String XSD_ENV = "SR_GOOGLE_REVIEWS_XSD";
    static final String XSD = "shared/spec/google/product_reviews_2.4.xsd";
    static final String LOCATION_24 = "http://www.google.com/shopping/reviews/schema/product/2.4/product_reviews.xsd";

    @Test
    void thousandProductReviewsWithEveryOptionalElementValidateAgainstGoogles24Schema() throws Exception {
        Path xsd = googleSchema24().orElse(null);
        String configured = System.getenv(XSD_ENV);
        Assumptions.assumeTrue(xsd != null, configured != null && !configured.isBlank()
                ? "Google's 2.4 XSD not found at " + XSD_ENV + "=" + configured
                : "Google's 2.4 XSD not found: no " + XSD + " in " + Path.of("").toAbsolutePath()
                + " or a directory above it (expected at <repo root>/../" + XSD + "; or set " + XSD_ENV + ")");
        Fixtures.Shop shop = Fixtures.webshop(false);
        // Invitation and form reviews (both collection methods), half incentivized, every product with GTIN and SKU.
        Db.update("insert into review(webshop_id, origin, order_number, name, email, country, language, rating, shippingtime,"
                + " customerservice, pricequality, aftersale, verified, incentivized, created_at, modified_at)"
                + " select ?, case when g % 3 = 0 then 'form' else 'invitation' end, 'o-' || g, 'Reviewer ' || g,"
                + " 'r' || g || '@example.com', case when g % 2 = 0 then 'DE' else 'NL' end, case when g % 2 = 0 then 'de' else 'nl' end,"
                + " 1 + g % 5, 4, 4, 4, 4, g % 3 <> 0, g % 2 = 0, now(), now() from generate_series(1, 1000) g", shop.id());
        Db.update("insert into product_review(review_id, webshop_id, product_id, name, url, sku, gtin, rating, text)"
                + " select id, webshop_id, 'p-' || id, 'Product ' || id, 'https://shop.example/p/' || id, 'SKU-' || id,"
                + " '8712345678906', 1 + id % 5, 'Goed product & <prima> ' || id from review where webshop_id = ?", shop.id());

        Response response = feed(shop, "2.4", null);
        response.then().statusCode(200);
        assertEquals("chunked", response.getHeader("Transfer-Encoding"), "streamed like the 2.3 feed");
        byte[] xml = response.asByteArray();
        SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI).newSchema(xsd.toFile()).newValidator()
                .validate(new StreamSource(new ByteArrayInputStream(xml)));

        Document document = parse(xml);
        assertEquals(1000, document.getElementsByTagName("review").getLength());
        for (String element : List.of("review_language", "review_country", "is_verified_purchase", "is_incentivized_review",
                "collection_method", "gtin", "sku")) {
            assertEquals(1000, document.getElementsByTagName(element).getLength(), element + " in every review");
        }
        assertEquals(1, document.getElementsByTagName("favicon").getLength());
        List<String> methods = children(child(document.getDocumentElement(), "reviews"), "review").stream()
                .map(review -> text(review, "collection_method")).distinct().sorted().toList();
        assertEquals(List.of("post_fulfillment", "unsolicited"), methods);
    }

    @Test
    void schema24NamesItsSchemaAndPutsTheNewElementsInTheXsdsOrder() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ReviewSubmitted invited = ProductReviewsFeedTest.withProducts(shop, List.of(
                product("p-1", "Blue kettle", "https://shop.example/kettle", "KET-1", "8712345678906", 5, "Kookt snel")));
        Db.update("update review set incentivized = true where email = ?", invited.email());
        ReviewSubmitted form = Fixtures.withProducts(Fixtures.withLanguage(Fixtures.review(shop, ReviewSubmitted.ORIGIN_FORM), "de"),
                List.of(product("p-2", "Tea cups", null, null, null, 3, "Etwas klein")));
        Fixtures.submit(form);
        Fixtures.awaitReview(shop, form.email());
        ReviewSubmitted popup = ProductReviewsFeedTest.withProducts(shop, List.of(product("p-3", "Spoon", null, null, null, 4, "Handig")));
        Db.update("update review set origin = 'popup' where email = ?", popup.email());

        byte[] xml = feed(shop, "2.4", null).then().statusCode(200).extract().asByteArray();
        Document document = parse(xml);
        Element feed = document.getDocumentElement();
        assertEquals(LOCATION_24, feed.getAttribute("xsi:noNamespaceSchemaLocation"), "the schema location of 2.4");
        assertEquals("2.4", text(feed, "version"));
        assertEquals(List.of("version", "aggregator", "publisher", "reviews"), childNames(feed));
        assertEquals(0, document.getElementsByTagName("deleted_reviews").getLength(), "2.4 has no deleted_reviews");
        List<Element> reviews = children(child(feed, "reviews"), "review");
        assertEquals(3, reviews.size());
        Element kettle = reviews.get(0);
        assertEquals(List.of("review_id", "reviewer", "review_language", "review_country", "review_timestamp", "content",
                "review_url", "ratings", "products", "is_verified_purchase", "is_incentivized_review", "collection_method"),
                childNames(kettle));
        assertEquals("nl", text(kettle, "review_language"));
        assertEquals("NL", text(kettle, "review_country"));
        assertEquals("true", text(kettle, "is_verified_purchase"));
        assertEquals("true", text(kettle, "is_incentivized_review"));
        assertEquals("post_fulfillment", text(kettle, "collection_method"));
        Element cups = reviews.get(1);
        assertEquals("de", text(cups, "review_language"));
        assertEquals("false", text(cups, "is_verified_purchase"), "a form review is not verified");
        assertEquals("false", text(cups, "is_incentivized_review"));
        assertEquals("unsolicited", text(cups, "collection_method"));
        assertFalse(childNames(reviews.get(2)).contains("collection_method"),
                "the pop-up asks before fulfilment: neither of the schema's values, so none");
    }

    @Test
    void schema23IsTheDefaultAndUnchanged() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ProductReviewsFeedTest.withProducts(shop, List.of(product("p-1", "Kettle", null, "K-1", "8712345678906", 4, "Prima")));
        byte[] plain = feed(shop, null, null).then().statusCode(200).extract().asByteArray();
        byte[] explicit = feed(shop, "2.3", null).then().statusCode(200).extract().asByteArray();
        assertArrayEquals(plain, explicit);
        Document document = parse(plain);
        assertEquals("2.3", text(document.getDocumentElement(), "version"));
        assertEquals(List.of("review_id", "reviewer", "review_timestamp", "content", "review_url", "ratings", "products"),
                childNames(children(child(document.getDocumentElement(), "reviews"), "review").get(0)));
        byte[] detailed = feed(shop, "2.3", "1").then().statusCode(200).extract().asByteArray();
        assertFalse(new String(detailed).contains("is_verified_purchase"));
    }

    @Test
    void detailedSchema24KeepsTheSyncElementsAfterTheSchemasOwn() throws Exception {
        Fixtures.Shop shop = Fixtures.webshop(false);
        ProductReviewsFeedTest.withProducts(shop, List.of(product("p-1", "Kettle", null, null, null, 4, "Prima")));
        Document document = parse(feed(shop, "2.4", "1").then().statusCode(200).extract().asByteArray());
        Element review = children(child(document.getDocumentElement(), "reviews"), "review").get(0);
        assertEquals(List.of("review_id", "reviewer", "review_language", "review_country", "review_timestamp", "content",
                "review_url", "ratings", "products", "is_spam", "is_verified_purchase", "is_incentivized_review",
                "collection_method", "email", "valid", "modified"), childNames(review));
    }

    @Test
    void unknownSchemaIsRefusedWithTheXmlError() {
        Fixtures.Shop shop = Fixtures.webshop(false);
        for (String bad : List.of("2.5", "2.2", "24", "latest")) {
            feed(shop, bad, null).then().statusCode(400).contentType("application/xml")
                    .body(equalTo("<?xml version=\"1.0\" encoding=\"UTF-8\"?><error><status>error</status>"
                            + "<message>Invalid value for schema: expected 2.3 or 2.4.</message></error>"));
        }
    }

    static Response feed(Fixtures.Shop shop, String schema, String detailed) {
        var request = given().queryParam("id", shop.id()).queryParam("code", shop.code()).queryParam("schema", schema);
        if (detailed != null) {
            request = request.queryParam("detailed", detailed);
        }
        return request.get("/api/1.0/product_reviews.xml");
    }

    /** {@value #XSD_ENV}, else the first {@value #XSD} found in the module's directory or one above it. */
    static Optional<Path> googleSchema24() {
        String configured = System.getenv(XSD_ENV);
        if (configured != null && !configured.isBlank()) {
            Path path = Path.of(configured);
            return Files.isRegularFile(path) ? Optional.of(path) : Optional.empty();
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(XSD);
            if (Files.isRegularFile(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
