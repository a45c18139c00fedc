package dev.shopreviews.ratings.feed.service;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.ratings.config.RatingsConfig;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import javax.xml.stream.XMLStreamException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Supplier;

/**
 * The product review feed (spec 4.6), for a worker thread: checks the request, then streams the feed page by page
 * from the database into the response, flushing after each page. Memory use does not grow with the feed's size.
 */
@ApplicationScoped
public class ProductReviewFeed {
    private final FeedReads reads;
    private final RatingsConfig config;
    private final ObjectMapper mapper;

    public ProductReviewFeed(FeedReads reads, RatingsConfig config, ObjectMapper mapper) {
        this.reads = reads;
        this.config = config;
        this.mapper = mapper;
    }

    public record Request(FeedQuery query, FeedXmlWriter.Publisher publisher) {
    }

    /** Authenticates and parses the parameters; throws the envelope error to answer. Blocking. */
    public Request prepare(String id, String code, String detailed, String lastSynced, String schema) {
        WebshopReplica shop = await(() -> reads.authenticate(id, code));
        return new Request(new FeedQuery(shop.id, detailed(detailed), LastSynced.parse(lastSynced), FeedSchema.parse(schema)),
                publisher(shop));
    }

    /** Writes the whole feed to {@code out}. Blocking. */
    public void write(Request request, OutputStream out) {
        int size = config.feed().pageSize();
        try {
            FeedXmlWriter writer = new FeedXmlWriter(out, request.query().schema(), request.query().detailed(),
                    entry -> reviewUrl(request.query().webshopId(), entry.reviewId()));
            writer.start(config.feed().aggregatorName(), request.publisher());
            FeedCursor after = FeedCursor.START;
            List<FeedEntry> page;
            do {
                FeedCursor from = after;
                page = await(() -> reads.page(request.query(), from, size));
                for (FeedEntry entry : page) {
                    writer.review(entry);
                    after = FeedCursor.after(entry);
                }
                writer.flush();
                out.flush();
            } while (page.size() == size);
            writer.finish();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("Product review feed could not be written", e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The public page of one review (served by embed-service), also used when a product has no URL of its own. */
    public String reviewUrl(long webshopId, long reviewId) {
        String base = config.publicBaseUrl().endsWith("/")
                ? config.publicBaseUrl().substring(0, config.publicBaseUrl().length() - 1) : config.publicBaseUrl();
        return base + "/shop/" + webshopId + "/reviews/" + reviewId;
    }

    static boolean detailed(String value) {
        if (value == null || value.isBlank() || value.trim().equals("0")) {
            return false;
        }
        if (value.trim().equals("1")) {
            return true;
        }
        throw EnvelopeException.invalid("Invalid value for detailed: expected 1.");
    }

    private FeedXmlWriter.Publisher publisher(WebshopReplica shop) {
        String logo = null;
        try {
            logo = mapper.readTree(shop.snapshot).path("logo").asText(null);
        } catch (Exception e) {
            // a snapshot without a readable logo: the favicon is optional
        }
        return new FeedXmlWriter.Publisher(shop.name, logo);
    }

    private static <T> T await(Supplier<Uni<T>> work) {
        try {
            return VertxContextSupport.subscribeAndAwait(work);
        } catch (RuntimeException e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
