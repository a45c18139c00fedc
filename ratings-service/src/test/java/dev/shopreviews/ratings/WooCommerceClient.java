package dev.shopreviews.ratings;

import io.restassured.response.Response;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static io.restassured.RestAssured.given;

/**
 * What the public WordPress/WooCommerce plugin of the platform does with the detailed product feed (its
 * {@code API::getReviews} and {@code WooCommerce::doSyncReviews}), re-told in Java so tests send its exact request
 * and read the answer as it does: the query built like PHP's http_build_query ({@code detailed=1}, last_synced
 * omitted when null, urlencoded), only a 2xx {@code <feed>} taken, {@code feed->reviews->review} read (a missing
 * {@code reviews} is the plugin's fatal error), elements cast like PHP's (int) and (string), a deleted review's copy
 * found by review id, product and e-mail address, and the FIRST review's {@code modified} stored as the next
 * {@code last_synced}.
 */
public final class WooCommerceClient {
    /** A WooCommerce review comment: the plugin's copy of one feed review. */
    public record Comment(int reviewId, int productId, String email, String author, String content, int rating,
                          int approved) {
    }

    private final Fixtures.Shop shop;
    /** The plugin's option last_synced. */
    public String lastSynced;
    /** The shop's review comments, by comment id. */
    public final Map<Integer, Comment> comments = new LinkedHashMap<>();
    private int nextCommentId = 1;

    public WooCommerceClient(Fixtures.Shop shop) {
        this.shop = shop;
    }

    /** doSyncReviews: the reviews processed; an empty answer is the plugin's "No reviews to sync" (nothing stored). */
    public List<Element> sync(boolean all) throws Exception {
        List<Element> reviews = getReviews(all ? null : lastSynced);
        if (reviews.isEmpty()) {
            return reviews;
        }
        for (Element review : reviews) {
            process(review);
        }
        String modified = string(reviews.get(0), "modified");
        if (!modified.isEmpty()) {
            lastSynced = modified;
        }
        return reviews;
    }

    /** API::getReviews: the request, then feed->reviews->review (fails where the plugin throws or dies). */
    public List<Element> getReviews(String lastSynced) throws Exception {
        Response response = request(lastSynced);
        if (response.statusCode() < 200 || response.statusCode() >= 300) {
            throw new AssertionError("Could not retrieve product reviews: got HTTP " + response.statusCode() + ": "
                    + response.asString());
        }
        Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new ByteArrayInputStream(response.asByteArray()));
        Element root = document.getDocumentElement();
        if (root.getNodeName().equals("response") && string(root, "status").equals("error")) {
            throw new AssertionError("Could not retrieve product reviews: " + string(root, "message"));
        }
        if (!root.getNodeName().equals("feed")) {
            throw new AssertionError("unexpected root tag: " + root.getNodeName());
        }
        Element reviews = child(root, "reviews").orElseThrow(() ->
                new AssertionError("PHP Fatal error: $document->reviews->review on a feed without reviews"));
        return children(reviews, "review");
    }

    /** The exact request: id, code, detailed=1 and last_synced (left out when null), urlencoded like PHP. */
    public Response request(String lastSynced) {
        StringBuilder query = new StringBuilder("id=" + encode(String.valueOf(shop.id())) + "&code=" + encode(shop.code())
                + "&detailed=1");
        if (lastSynced != null) {
            query.append("&last_synced=").append(encode(lastSynced));
        }
        return given().urlEncodingEnabled(false).get("/api/1.0/product_reviews.xml?" + query);
    }

    /** doProcessReview: delete, update or insert the copy found by review id, product and e-mail address. */
    private void process(Element review) {
        Comment data = new Comment(integer(review, "review_id"), integer(product(review), "external_id"),
                string(review, "email"), string(child(review, "reviewer").orElseThrow(), "name"), string(review, "content"),
                integer(child(review, "ratings").orElseThrow(), "overall"), integer(review, "valid"));
        Optional<Integer> existing = comments.entrySet().stream().filter(c -> c.getValue().reviewId() == data.reviewId()
                && c.getValue().productId() == data.productId() && c.getValue().email().equals(data.email()))
                .map(Map.Entry::getKey).findFirst();
        if (integer(review, "deleted") != 0) {
            existing.ifPresent(comments::remove);
        } else if (existing.isPresent()) {
            comments.put(existing.get(), data);
        } else {
            comments.put(nextCommentId++, data);
        }
    }

    public static Element product(Element review) {
        return child(child(review, "products").orElseThrow(), "product").orElseThrow();
    }

    /** PHP's (string) of a SimpleXML child: its text, "" when there is no such element. */
    public static String string(Element parent, String name) {
        return child(parent, name).map(Element::getTextContent).orElse("");
    }

    /** PHP's (int) of a SimpleXML child: the leading integer of its text, 0 for "", a missing element or words. */
    public static int integer(Element parent, String name) {
        String text = string(parent, name).stripLeading();
        int end = text.startsWith("-") || text.startsWith("+") ? 1 : 0;
        while (end < text.length() && Character.isDigit(text.charAt(end))) {
            end++;
        }
        String digits = text.substring(0, end);
        return digits.isEmpty() || digits.equals("-") || digits.equals("+") ? 0 : Integer.parseInt(digits);
    }

    public static Optional<Element> child(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.get(0));
    }

    public static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            if (nodes.item(i).getNodeType() == Node.ELEMENT_NODE && nodes.item(i).getNodeName().equals(name)) {
                found.add((Element) nodes.item(i));
            }
        }
        return found;
    }

    /** PHP's urlencode (http_build_query's default): + becomes %2B, : %3A, a space +. */
    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
