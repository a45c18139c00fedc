package dev.shopreviews.ratings.feed.rest;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.ratings.feed.service.ProductReviewFeed;
import io.smallrye.common.annotation.Blocking;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import org.jboss.resteasy.reactive.server.Cancellable;
import org.jboss.logging.Logger;

import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import java.io.StringWriter;

/**
 * Spec 4.6: retrieve product reviews, the Google Product Review Feed 2.3, streamed (chunked) from a worker thread.
 * Errors are XML too: {@code <error><status>error</status><message>…</message></error>} with 400, 401 or 500.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/product_reviews.xml")
public class ProductReviewsResource {
    static final String XML = "application/xml; charset=UTF-8";
    private static final Logger LOG = Logger.getLogger(ProductReviewsResource.class);

    private final ProductReviewFeed feed;

    public ProductReviewsResource(ProductReviewFeed feed) {
        this.feed = feed;
    }

    @GET
    @Blocking
    @Produces("application/xml")
    public Response retrieve(@QueryParam("id") String id, @QueryParam("code") String code,
                             @QueryParam("detailed") String detailed, @QueryParam("last_synced") String lastSynced) {
        ProductReviewFeed.Request request;
        try {
            request = feed.prepare(id, code, detailed, lastSynced);
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
