package dev.shopreviews.embed.web;

import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * An in-memory cache of {@link Rendered} responses by key, in front of a loader that reads and renders them.
 * <ul>
 *   <li>A hit costs a map lookup: no session, no query, no rendering, no hashing, no compression.</li>
 *   <li>An entry is used for {@code ttl} after it was stored ({@code unknownTtl} for a stand-in, {@link Rendered#found()}
 *       false), then loaded again on the next request; {@link #invalidate} drops it at once.</li>
 *   <li>Concurrent misses of one key share one load (a memoized {@link Uni}); a load that fails is not kept.</li>
 *   <li>At most {@code maxEntries} entries (loads in progress aside): past that, expired entries go first, then
 *       stand-ins, then the oldest, in batches of a tenth of the bound so the sort is not paid on every miss.</li>
 * </ul>
 * A load that was in progress when its key was invalidated still answers its waiting requests, but is not kept.
 */
public final class RenderedCache<K> {
    private static final Comparator<Stored> EVICTION_ORDER = Comparator.<Stored>comparingInt(s -> s.expired ? 0 : 1)
            .thenComparingInt(s -> s.done.rendered().found() ? 1 : 0)
            .thenComparingLong(s -> s.done.storedAt());

    private final Map<K, Slot> slots = new ConcurrentHashMap<>();
    private final Function<K, Uni<Rendered>> loader;
    private final long ttlNanos;
    private final long unknownTtlNanos;
    private final int maxEntries;
    private final LongSupplier nanoTime;
    private final Object evicting = new Object();
    private final LongAdder hits = new LongAdder();
    private final LongAdder misses = new LongAdder();

    /**
     * @param loader     reads and renders the entry of a key (called once per miss; may answer a stand-in)
     * @param ttl        how long a found entry is used
     * @param unknownTtl how long a stand-in is used
     * @param maxEntries bound of the number of entries
     * @param nanoTime   monotonic clock in nanoseconds ({@code System::nanoTime}; tests pass their own)
     */
    public RenderedCache(Function<K, Uni<Rendered>> loader, Duration ttl, Duration unknownTtl, int maxEntries, LongSupplier nanoTime) {
        if (maxEntries < 1) {
            throw new IllegalArgumentException("maxEntries must be at least 1, is " + maxEntries);
        }
        this.loader = loader;
        this.ttlNanos = ttl.toNanos();
        this.unknownTtlNanos = unknownTtl.toNanos();
        this.maxEntries = maxEntries;
        this.nanoTime = nanoTime;
    }

    /** The entry of {@code key}: from memory when fresh, else from the loader (shared with concurrent misses). */
    public Uni<Rendered> get(K key) {
        Slot slot = slots.get(key);
        if (slot != null) {
            Done done = slot.done;
            if (done == null) {
                return onCallersContext(slot.load);
            }
            if (!expired(done, nanoTime.getAsLong())) {
                hits.increment();
                return Uni.createFrom().item(done.rendered());
            }
        }
        misses.increment();
        Slot mine = new Slot(key);
        Slot winner = slots.compute(key, (k, current) -> current != null && !expired(current, nanoTime.getAsLong()) ? current : mine);
        if (winner == mine && slots.size() > maxEntries) {
            evict();
        }
        return onCallersContext(winner.load);
    }

    /** Drops the entry of {@code key} (the next request loads it again). */
    public void invalidate(K key) {
        slots.remove(key);
    }

    /** Requests answered from memory so far. */
    public long hits() {
        return hits.sum();
    }

    /** Requests that waited for a load (their own or a concurrent one) so far. */
    public long misses() {
        return misses.sum();
    }

    /** Number of entries, loads in progress included. */
    public int size() {
        return slots.size();
    }

    private boolean expired(Slot slot, long now) {
        Done done = slot.done;
        return done != null && expired(done, now);
    }

    private boolean expired(Done done, long now) {
        return now - done.storedAt() >= (done.rendered().found() ? ttlNanos : unknownTtlNanos);
    }

    private void evict() {
        synchronized (evicting) {
            int excess = slots.size() - maxEntries;
            if (excess <= 0) {
                return;
            }
            long now = nanoTime.getAsLong();
            slots.entrySet().stream()
                    .filter(e -> e.getValue().done != null)
                    .map(e -> new Stored(e.getKey(), e.getValue(), e.getValue().done, expired(e.getValue().done, now)))
                    .sorted(EVICTION_ORDER)
                    .limit(excess + maxEntries / 10)
                    .forEach(s -> slots.remove(s.key, s.slot));
        }
    }

    /**
     * A shared load completes on the thread of the request that started it; the others continue on their own Vert.x
     * context (their own event loop and request context), as they would after their own load.
     */
    private static Uni<Rendered> onCallersContext(Uni<Rendered> shared) {
        Context context = Vertx.currentContext();
        return context == null ? shared : shared.emitOn(task -> context.runOnContext(ignored -> task.run()));
    }

    private record Done(Rendered rendered, long storedAt) {
    }

    private record Stored(Object key, Object slot, Done done, boolean expired) {
    }

    /** One key's entry: a load in progress ({@code done} null) or its result and when it was stored. */
    private final class Slot {
        final Uni<Rendered> load;
        volatile Done done;

        Slot(K key) {
            this.load = Uni.createFrom().deferred(() -> loader.apply(key))
                    .invoke(rendered -> done = new Done(rendered, nanoTime.getAsLong()))
                    .onFailure().invoke(failure -> slots.remove(key, this))
                    .memoize().indefinitely();
        }
    }
}
