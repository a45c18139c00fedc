package dev.shopreviews.ratings.feed.rest;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.ratings.feed.service.ProductReviewFeed;
import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;
import org.jboss.logging.Logger;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.StringWriter;

/**
 * Spec 4.6: retrieve product reviews, the Google Product Review Feed 2.3 (or 2.4 with {@code schema=2.4}, an
 * extension), streamed (chunked) from a worker thread.
 * Errors are XML too: {@code <error><status>error</status><message>…</message></error>} with 400, 401 or 500.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/product_reviews.xml")
// Open to the framework: the id/code is checked in the endpoint (ProductReviewFeed.prepare), because the feed's
// refusals are XML documents (spec 4.6), which the framework's envelope answers (common SecurityAnswers) cannot be.
@PermitAll
public class ProductReviewsResource {
    static final String XML = "application/xml; charset=UTF-8";
    private static final Logger LOG = Logger.getLogger(ProductReviewsResource.class);

    private final ProductReviewFeed feed;

    public ProductReviewsResource(ProductReviewFeed feed) {
        this.feed = feed;
    }

    // An XML document, not a record: the schema is Google's product_reviews 2.3 XSD, named in the document itself.
    static final String EXAMPLE = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><feed xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
            + "xsi:noNamespaceSchemaLocation=\"http://www.google.com/shopping/reviews/schema/product/2.3/product_reviews.xsd\">"
            + "<version>2.3</version><aggregator><name>Shop reviews</name></aggregator><publisher><name>Example shop</name></publisher>"
            + "<reviews><review><review_id>5123-0</review_id><reviewer><name>Anna de Vries</name></reviewer>"
            + "<review_timestamp>2026-11-24T09:12:45Z</review_timestamp><content>Fits well.</content>"
            + "<review_url type=\"singleton\">https://shop.example/product/42</review_url>"
            + "<ratings><overall min=\"1\" max=\"5\">5</overall></ratings><products><product><product_ids>"
            + "<gtins><gtin>8712345678906</gtin></gtins><skus><sku>SKU-42</sku></skus></product_ids>"
            + "<product_name>Rain jacket</product_name><product_url>https://shop.example/product/42</product_url>"
            + "</product></products></review></reviews></feed>";
    static final String EXAMPLE_401 = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><error><status>error</status>"
            + "<message>Incorrect authentication credentials.</message></error>";

    @GET
    @Blocking
    @Produces("application/xml")
    @Operation(summary = "Retrieve the Google Product Review Feed 2.3 of the webshop's product reviews (spec 4.6)")
    @APIResponse(responseCode = "200", description = "The feed, streamed.", content = @Content(mediaType = "application/xml",
            schema = @Schema(type = SchemaType.STRING, description = "product_reviews.xsd 2.3"),
            examples = @ExampleObject(name = "one product review", value = EXAMPLE)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(
            mediaType = "application/xml", schema = @Schema(type = SchemaType.STRING),
            examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    @APIResponse(responseCode = "400", description = "id or code missing, or detailed, last_synced or schema invalid.", content = @Content(
            mediaType = "application/xml", schema = @Schema(type = SchemaType.STRING)))
    public Response retrieve(@Parameter(description = "webshop id") @QueryParam("id") String id,
                             @Parameter(description = "the webshop's API code") @QueryParam("code") String code,
                             @Parameter(description = "1: the detailed feed, which also reports deleted reviews")
                             @QueryParam("detailed") String detailed,
                             @Parameter(description = "only reviews changed since then: YYYY-MM-DD HH:MM:SS (UTC, the spec's) "
                                     + "or ISO 8601 with offset (the feed's own modified, as sync clients send it back)")
                             @QueryParam("last_synced") String lastSynced,
                             @Parameter(description = "2.3 (default, the spec's) or 2.4 (an extension: Google's schema 2.4 with "
                                     + "review_language, review_country, is_verified_purchase, is_incentivized_review, collection_method)")
                             @QueryParam("schema") String schema) {
        ProductReviewFeed.Request request;
        try {
            request = feed.prepare(id, code, detailed, lastSynced, schema);
        } catch (EnvelopeException e) {
            return error(e.httpStatus(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("Product review feed request failed", e);
            return error(500, Messages.UNEXPECTED);
        }
        StreamingOutput body = out -> {
            try {
                feed.write(request, out);
            } catch (RuntimeException e) {
                // The status line is gone already: the client sees a truncated document, never a stack trace.
                LOG.error("Product review feed broke off while streaming", e);
                throw e;
            }
        };
        return Response.ok(body, XML).build();
    }

    static Response error(int status, String message) {
        StringWriter text = new StringWriter();
        try {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(text);
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeStartElement("error");
            xml.writeStartElement("status");
            xml.writeCharacters(Messages.ERROR);
            xml.writeEndElement();
            xml.writeStartElement("message");
            xml.writeCharacters(message);
            xml.writeEndElement();
            xml.writeEndElement();
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return Response.status(status).type(XML).entity(text.toString()).build();
    }
}
