package dev.shopreviews.ratings.feed.service;

import java.time.Instant;

/**
 * Where the next keyset page starts: after the product review {@code id} (the plain feed, in id order) or after
 * ({@code modifiedAt}, {@code id}) (the detailed feed, most recently modified first). {@link #START}: the first page.
 */
public record FeedCursor(Instant modifiedAt, long id) {
    public static final FeedCursor START = new FeedCursor(null, 0);

    public boolean first() {
        return modifiedAt == null && id == 0;
    }

    public static FeedCursor after(FeedEntry entry) {
        return new FeedCursor(entry.modifiedAt(), entry.id());
    }
}
