package dev.shopreviews.ratings.feed.service;

import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.ratings.feed.repository.FeedEntries;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/**
 * The feed's database reads, each in a session of its own ({@code @WithSession}): {@link ProductReviewFeed} writes
 * the feed from a worker thread and awaits them one after the other, so no session (nor its connection) is held
 * while a page goes out to the client.
 */
@ApplicationScoped
public class FeedReads {
    private final WebshopAuthenticator authenticator;
    private final FeedEntries entries;

    public FeedReads(WebshopAuthenticator authenticator, FeedEntries entries) {
        this.authenticator = authenticator;
        this.entries = entries;
    }

    @WithSession
    public Uni<WebshopReplica> authenticate(String id, String code) {
        return authenticator.authenticate(id, code);
    }

    @WithSession
    public Uni<List<FeedEntry>> page(FeedQuery query, FeedCursor after, int size) {
        return entries.page(query, after, size);
    }
}
