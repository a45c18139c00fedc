package dev.shopreviews.ratings.feed.service;

import dev.shopreviews.common.events.ReviewSubmitted;
import dev.shopreviews.ratings.review.repository.Review;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.OutputStream;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.regex.Pattern;

/**
 * Writes the Google Product Review Feed 2.3 (spec 2.5), or 2.4 when asked, with a StAX writer, element by element in
 * schema order, straight to the response stream. The plain feed holds only elements of Google's schema; the detailed
 * feed adds is_spam (a schema element) and the sync extensions external_id, email, valid (1 public, 0 not),
 * deleted ({@code 1}, deleted and erased reviews only) and modified.
 * 2.4 adds review_language and review_country (after reviewer), is_verified_purchase, is_incentivized_review and
 * collection_method (after is_spam), in the order of Google's 2.4 XSD.
 */
public final class FeedXmlWriter {
    public static final String SCHEMA_LOCATION = FeedSchema.V2_3.location();
    static final String POST_FULFILLMENT = "post_fulfillment";
    static final String UNSOLICITED = "unsolicited";
    private static final Pattern LANGUAGE = Pattern.compile("^[a-z]{2}$");
    private static final Pattern COUNTRY = Pattern.compile("^[A-Z]{2}$");
    private static final DateTimeFormatter ISO_WITH_OFFSET = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ssxxx");
    private static final Pattern GTIN = Pattern.compile("^\\d{8,14}$");
    private static final Pattern HTTP_URL = Pattern.compile("^https?://\\S+\\.\\S+$");
    /** Reviewer name and content of an erased review (detailed feed only, reported as deleted): both are required. */
    static final String ANONYMOUS = "Anonymous";
    static final String ERASED = "Erased at the reviewer's request.";
    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newFactory();

    public record Publisher(String name, String favicon) {
    }

    public interface ReviewUrls {
        String of(FeedEntry entry);
    }

    private final XMLStreamWriter xml;
    private final FeedSchema schema;
    private final boolean detailed;
    private final ReviewUrls urls;
    private boolean reviewsOpen;

    public FeedXmlWriter(OutputStream out, FeedSchema schema, boolean detailed, ReviewUrls urls) throws XMLStreamException {
        this.xml = FACTORY.createXMLStreamWriter(out, "UTF-8");
        this.schema = schema;
        this.detailed = detailed;
        this.urls = urls;
    }

    public void start(String aggregator, Publisher publisher) throws XMLStreamException {
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeStartElement("feed");
        xml.writeNamespace("vc", "http://www.w3.org/2007/XMLSchema-versioning");
        xml.writeNamespace("xsi", "http://www.w3.org/2001/XMLSchema-instance");
        xml.writeAttribute("http://www.w3.org/2001/XMLSchema-instance", "noNamespaceSchemaLocation", schema.location());
        text("version", schema.version());
        xml.writeStartElement("aggregator");
        text("name", aggregator);
        xml.writeEndElement();
        xml.writeStartElement("publisher");
        text("name", publisher.name());
        if (publisher.favicon() != null && HTTP_URL.matcher(publisher.favicon()).matches()) {
            text("favicon", publisher.favicon());
        }
        xml.writeEndElement();
    }

    public void review(FeedEntry entry) throws XMLStreamException {
        openReviews();
        String reviewUrl = urls.of(entry);
        xml.writeStartElement("review");
        text("review_id", String.valueOf(entry.id()));
        xml.writeStartElement("reviewer");
        if (entry.erased()) {
            xml.writeStartElement("name");
            xml.writeAttribute("is_anonymous", "true");
            xml.writeCharacters(ANONYMOUS);
            xml.writeEndElement();
        } else {
            text("name", entry.reviewerName());
        }
        xml.writeEndElement();
        if (schema == FeedSchema.V2_4 && !entry.erased()) {
            optional("review_language", entry.language(), LANGUAGE);
            optional("review_country", entry.country(), COUNTRY);
        }
        text("review_timestamp", timestamp(entry.createdAt()));
        text("content", entry.erased() ? ERASED : entry.hidden() ? Review.HIDDEN_NOTICE + entry.hiddenReason() : entry.text());
        xml.writeStartElement("review_url");
        xml.writeAttribute("type", "singleton");
        xml.writeCharacters(reviewUrl);
        xml.writeEndElement();
        xml.writeStartElement("ratings");
        xml.writeStartElement("overall");
        xml.writeAttribute("min", "1");
        xml.writeAttribute("max", "5");
        xml.writeCharacters(String.valueOf(entry.rating()));
        xml.writeEndElement();
        xml.writeEndElement();
        products(entry, reviewUrl);
        if (detailed) {
            text("is_spam", String.valueOf(entry.quarantine() || entry.hidden()));
        }
        if (schema == FeedSchema.V2_4) {
            collection(entry);
        }
        if (detailed) {
            text("email", entry.reviewerEmail());
            // Sync clients read (int) valid as "approved" and (int) deleted as "remove your copy" (docs/api-notes.md).
            text("valid", entry.publiclyShown() ? "1" : "0");
            if (entry.deleted()) {
                text("deleted", "1");
            }
            text("modified", timestamp(entry.modifiedAt()));
        }
        xml.writeEndElement();
    }

    /** 2.4: what we know of how the review came about. */
    private void collection(FeedEntry entry) throws XMLStreamException {
        text("is_verified_purchase", String.valueOf(entry.verified()));
        text("is_incentivized_review", String.valueOf(entry.incentivized()));
        String method = collectionMethod(entry.origin());
        if (method != null) {
            text("collection_method", method);
        }
    }

    /**
     * An invitation is sent after the shop's order reached the status it invites at (shipped or completed): post
     * fulfilment. The add-review form is unsolicited. The pop-up asks at checkout, before fulfilment: neither of
     * the schema's two values is true of it, so it has none.
     */
    static String collectionMethod(String origin) {
        if (ReviewSubmitted.ORIGIN_INVITATION.equals(origin)) {
            return POST_FULFILLMENT;
        }
        return ReviewSubmitted.ORIGIN_FORM.equals(origin) ? UNSOLICITED : null;
    }

    private void optional(String element, String value, Pattern valid) throws XMLStreamException {
        if (value != null && valid.matcher(value).matches()) {
            text(element, value);
        }
    }

    private void products(FeedEntry entry, String reviewUrl) throws XMLStreamException {
        xml.writeStartElement("products");
        xml.writeStartElement("product");
        boolean gtin = entry.gtin() != null && GTIN.matcher(entry.gtin()).matches();
        boolean sku = entry.sku() != null && !entry.sku().isBlank();
        if (gtin || sku) {
            xml.writeStartElement("product_ids");
            if (gtin) {
                xml.writeStartElement("gtins");
                text("gtin", entry.gtin());
                xml.writeEndElement();
            }
            if (sku) {
                xml.writeStartElement("skus");
                text("sku", entry.sku());
                xml.writeEndElement();
            }
            xml.writeEndElement();
        }
        text("product_name", entry.productName());
        boolean ownUrl = entry.productUrl() != null && HTTP_URL.matcher(entry.productUrl()).matches();
        text("product_url", ownUrl ? entry.productUrl() : reviewUrl);
        if (detailed) {
            text("external_id", entry.productId());
        }
        xml.writeEndElement();
        xml.writeEndElement();
    }

    private void openReviews() throws XMLStreamException {
        if (!reviewsOpen) {
            xml.writeStartElement("reviews");
            reviewsOpen = true;
        }
    }

    /**
     * Ends the document and pushes what is buffered to the client. The detailed feed always has {@code reviews}
     * (sync clients read {@code feed->reviews->review} and fail without it); the plain feed leaves the optional
     * element out when empty, since Google's schema wants at least one review in it.
     */
    public void finish() throws XMLStreamException {
        if (detailed) {
            openReviews();
        }
        if (reviewsOpen) {
            xml.writeEndElement();
        }
        xml.writeEndElement();
        xml.writeEndDocument();
        xml.flush();
        xml.close();
    }

    public void flush() throws XMLStreamException {
        xml.flush();
    }

    private void text(String element, String value) throws XMLStreamException {
        xml.writeStartElement(element);
        xml.writeCharacters(clean(value));
        xml.writeEndElement();
    }

    static String timestamp(Instant instant) {
        return ISO_WITH_OFFSET.format(instant.atOffset(ZoneOffset.UTC));
    }

    /** Drops characters XML 1.0 cannot carry (control characters, unpaired surrogates). */
    static String clean(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                out.append(c).append(value.charAt(++i));
            } else if (c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)) {
                out.append(c);
            }
        }
        return out.toString();
    }
}
