package dev.shopreviews.webhooks.delivery.service;

import io.smallrye.mutiny.Uni;
import org.jboss.logging.Logger;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * The per-endpoint concurrency cap of one worker: at most {@code perEndpoint} attempts run at once against one
 * host:port, the rest wait here (a bounded few, since the claim skips saturated endpoints), so one slow endpoint
 * never takes the slots of the others. Also bounds the total in flight.
 */
final class EndpointSlots {
    private static final Logger LOG = Logger.getLogger(EndpointSlots.class);

    private final int perEndpoint;
    private final int maxTotal;
    private final Map<String, Integer> running = new HashMap<>();
    private final Map<String, ArrayDeque<Supplier<Uni<Void>>>> waiting = new HashMap<>();
    private final Runnable onFree;
    private int total;

    /** {@code onFree} runs whenever an attempt finished (the worker then claims more). */
    EndpointSlots(int perEndpoint, int maxTotal, Runnable onFree) {
        this.perEndpoint = Math.max(1, perEndpoint);
        this.maxTotal = Math.max(1, maxTotal);
        this.onFree = onFree;
    }

    /** How many more deliveries this worker may claim now. */
    synchronized int room() {
        return maxTotal - total;
    }

    /**
     * Endpoints that already have a full set of running attempts and a full set waiting behind them here (the
     * waiting set is claimed ahead so a fast endpoint never idles between claims).
     */
    synchronized Set<String> saturated() {
        Set<String> full = new HashSet<>();
        running.forEach((endpoint, count) -> {
            ArrayDeque<Supplier<Uni<Void>>> queued = waiting.get(endpoint);
            if (count + (queued == null ? 0 : queued.size()) >= 2 * perEndpoint) {
                full.add(endpoint);
            }
        });
        return full;
    }

    /** Runs the attempt now or as soon as the endpoint has a free slot. */
    void submit(String endpoint, Supplier<Uni<Void>> attempt) {
        boolean start;
        synchronized (this) {
            total++;
            int now = running.getOrDefault(endpoint, 0);
            start = now < perEndpoint;
            if (start) {
                running.put(endpoint, now + 1);
            } else {
                waiting.computeIfAbsent(endpoint, key -> new ArrayDeque<>()).add(attempt);
            }
        }
        if (start) {
            run(endpoint, attempt);
        }
    }

    private void run(String endpoint, Supplier<Uni<Void>> attempt) {
        Uni<Void> work;
        try {
            work = attempt.get();
        } catch (RuntimeException e) {
            work = Uni.createFrom().failure(e);
        }
        work.subscribe().with(ignored -> finished(endpoint), failure -> {
            LOG.errorf(failure, "Webhook delivery to %s failed unexpectedly", endpoint);
            finished(endpoint);
        });
    }

    private void finished(String endpoint) {
        Supplier<Uni<Void>> next;
        synchronized (this) {
            total--;
            ArrayDeque<Supplier<Uni<Void>>> queue = waiting.get(endpoint);
            next = queue == null ? null : queue.poll();
            if (queue != null && queue.isEmpty()) {
                waiting.remove(endpoint);
            }
            if (next == null) {
                int left = running.getOrDefault(endpoint, 1) - 1;
                if (left <= 0) {
                    running.remove(endpoint);
                } else {
                    running.put(endpoint, left);
                }
            }
        }
        if (next != null) {
            run(endpoint, next);
        }
        onFree.run();
    }
}
