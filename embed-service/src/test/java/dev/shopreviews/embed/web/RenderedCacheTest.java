package dev.shopreviews.embed.web;

import io.smallrye.mutiny.Uni;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cache itself, with a counting loader and a hand-moved clock (no waiting, no timing). */
class RenderedCacheTest {
    private static final Duration TTL = Duration.ofSeconds(30);
    private static final Duration UNKNOWN_TTL = Duration.ofSeconds(10);
    private static final Rendered UNKNOWN = Rendered.of("/* unknown */", "application/javascript", Duration.ofMinutes(1), false);

    private final AtomicLong now = new AtomicLong(1_000_000_000L);
    private final Map<Long, AtomicInteger> loads = new ConcurrentHashMap<>();
    private final AtomicInteger version = new AtomicInteger();

    /** Ids below 1000 exist; their body names the id and a version that changes on every load. */
    private Uni<Rendered> load(long id) {
        loads.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
        return Uni.createFrom().item(id < 1000
                ? Rendered.of("shop " + id + " v" + version.incrementAndGet(), "application/javascript", Duration.ofMinutes(10), true)
                : UNKNOWN);
    }

    private RenderedCache<Long> cache(int maxEntries) {
        return new RenderedCache<>(this::load, TTL, UNKNOWN_TTL, maxEntries, now::get);
    }

    private int loadsOf(long id) {
        AtomicInteger count = loads.get(id);
        return count == null ? 0 : count.get();
    }

    private void advance(Duration by) {
        now.addAndGet(by.toNanos());
    }

    @Test
    void concurrentMissesRenderOnce() {
        CompletableFuture<Rendered> database = new CompletableFuture<>();
        AtomicInteger started = new AtomicInteger();
        Function<Long, Uni<Rendered>> slow = id -> {
            started.incrementAndGet();
            return Uni.createFrom().completionStage(database);
        };
        RenderedCache<Long> cache = new RenderedCache<>(slow, TTL, UNKNOWN_TTL, 10, now::get);

        CompletableFuture<Rendered> first = cache.get(1L).subscribeAsCompletionStage().toCompletableFuture();
        CompletableFuture<Rendered> second = cache.get(1L).subscribeAsCompletionStage().toCompletableFuture();
        CompletableFuture<Rendered> third = cache.get(1L).subscribeAsCompletionStage().toCompletableFuture();
        assertEquals(1, started.get(), "one load for three concurrent misses");
        assertFalse(first.isDone() || second.isDone() || third.isDone());

        Rendered rendered = Rendered.of("shop 1", "application/javascript", Duration.ofMinutes(10), true);
        database.complete(rendered);
        assertSame(rendered, first.join());
        assertSame(rendered, second.join());
        assertSame(rendered, third.join());
        assertSame(rendered, cache.get(1L).await().indefinitely(), "and then kept");
        assertEquals(1, started.get());
    }

    @Test
    void aHitIsServedFromMemoryUntilItsTimeToLivePasses() {
        RenderedCache<Long> cache = cache(10);
        Rendered first = cache.get(7L).await().indefinitely();
        advance(TTL.minusSeconds(1));
        assertSame(first, cache.get(7L).await().indefinitely());
        assertEquals(1, loadsOf(7));

        advance(Duration.ofSeconds(1));
        Rendered second = cache.get(7L).await().indefinitely();
        assertEquals(2, loadsOf(7), "read and rendered again after the time-to-live");
        assertTrue(second.text().endsWith("v2"), second.text());
    }

    @Test
    void unknownIdsAreKeptForTheirShorterTimeToLive() {
        RenderedCache<Long> cache = cache(10);
        for (int i = 0; i < 5; i++) {
            assertSame(UNKNOWN, cache.get(5000L).await().indefinitely());
        }
        assertEquals(1, loadsOf(5000), "a repeated unknown id costs one load");
        advance(UNKNOWN_TTL);
        cache.get(5000L).await().indefinitely();
        assertEquals(2, loadsOf(5000));
    }

    @Test
    void anInvalidatedEntryIsLoadedAgain() {
        RenderedCache<Long> cache = cache(10);
        Rendered before = cache.get(3L).await().indefinitely();
        Rendered other = cache.get(4L).await().indefinitely();
        cache.invalidate(3L);
        Rendered after = cache.get(3L).await().indefinitely();
        assertEquals(2, loadsOf(3));
        assertFalse(before.text().equals(after.text()));
        assertSame(other, cache.get(4L).await().indefinitely(), "other keys are kept");
    }

    @Test
    void aLoadInvalidatedWhileRunningAnswersItsRequestButIsNotKept() {
        CompletableFuture<Rendered> database = new CompletableFuture<>();
        AtomicInteger started = new AtomicInteger();
        RenderedCache<Long> cache = new RenderedCache<>(id -> started.incrementAndGet() == 1
                ? Uni.createFrom().completionStage(database)
                : load(id), TTL, UNKNOWN_TTL, 10, now::get);
        CompletableFuture<Rendered> waiting = cache.get(1L).subscribeAsCompletionStage().toCompletableFuture();
        cache.invalidate(1L);
        Rendered stale = Rendered.of("read before the change", "application/javascript", Duration.ofMinutes(10), true);
        database.complete(stale);
        assertSame(stale, waiting.join());
        assertTrue(cache.get(1L).await().indefinitely().text().startsWith("shop 1"), "the next request loads again");
        assertEquals(2, started.get());
    }

    @Test
    void aFailedLoadIsNotKept() {
        AtomicInteger started = new AtomicInteger();
        RenderedCache<Long> cache = new RenderedCache<>(id -> started.incrementAndGet() == 1
                ? Uni.createFrom().failure(new IllegalStateException("database down"))
                : load(id), TTL, UNKNOWN_TTL, 10, now::get);
        assertThrows(IllegalStateException.class, () -> cache.get(1L).await().indefinitely());
        assertTrue(cache.get(1L).await().indefinitely().text().startsWith("shop 1"));
        assertEquals(2, started.get());
    }

    @Test
    void theCacheIsBoundedAndEvictsUnknownIdsFirstThenTheOldest() {
        RenderedCache<Long> cache = cache(3);
        cache.get(1L).await().indefinitely();
        advance(Duration.ofSeconds(1));
        cache.get(2L).await().indefinitely();
        advance(Duration.ofSeconds(1));
        cache.get(5000L).await().indefinitely();
        advance(Duration.ofSeconds(1));
        cache.get(3L).await().indefinitely();
        assertEquals(3, cache.size());
        for (long id : List.of(1L, 2L, 3L)) {
            cache.get(id).await().indefinitely();
            assertEquals(1, loadsOf(id), "shop " + id + " kept; the unknown id went first");
        }
        advance(Duration.ofSeconds(1));
        cache.get(4L).await().indefinitely();
        assertEquals(3, cache.size());
        cache.get(1L).await().indefinitely();
        assertEquals(2, loadsOf(1), "then the oldest");

        for (long unknown = 5001; unknown < 5100; unknown++) {
            cache.get(unknown).await().indefinitely();
            assertTrue(cache.size() <= 3, "bounded: " + cache.size());
        }
        cache.get(4L).await().indefinitely();
        assertEquals(1, loadsOf(4), "a flood of unknown ids evicts unknown ids, not the shops");
    }
}
