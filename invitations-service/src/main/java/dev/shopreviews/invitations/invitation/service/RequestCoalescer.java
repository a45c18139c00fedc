package dev.shopreviews.invitations.invitation.service;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import org.jboss.logging.Logger;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Group commit for requests: at most {@code maxInFlight} calls run at once; items submitted while all of them are
 * busy wait and go together, up to {@code maxBatch} per call. A lone item goes at once (no timer, no added wait);
 * under load one call carries many items. When a call of several items fails (a deadlock, a lost connection), each
 * of them is tried once more alone, so one bad item cannot fail the others. Results are handed back on the Vert.x
 * context that submitted the item.
 */
public final class RequestCoalescer<T, R> {
    private static final Logger LOG = Logger.getLogger(RequestCoalescer.class);

    private final Function<List<T>, Uni<List<R>>> call;
    private final int maxBatch;
    private final int maxInFlight;
    private final ArrayDeque<Pending<T, R>> waiting = new ArrayDeque<>();
    private int inFlight; // guarded by this

    /** {@code call} answers one result per item, in the items' order. */
    public RequestCoalescer(Function<List<T>, Uni<List<R>>> call, int maxBatch, int maxInFlight) {
        if (maxBatch < 1 || maxInFlight < 1) {
            throw new IllegalArgumentException("maxBatch and maxInFlight must be at least 1");
        }
        this.call = call;
        this.maxBatch = maxBatch;
        this.maxInFlight = maxInFlight;
    }

    public Uni<R> submit(T item) {
        return Uni.createFrom().emitter(emitter -> {
            synchronized (this) {
                waiting.add(new Pending<>(item, emitter, Vertx.currentContext()));
            }
            sendNext();
        });
    }

    /** Items waiting for a free call (for tests and metrics). */
    public synchronized int waiting() {
        return waiting.size();
    }

    private void sendNext() {
        List<Pending<T, R>> batch = new ArrayList<>();
        synchronized (this) {
            if (inFlight >= maxInFlight || waiting.isEmpty()) {
                return;
            }
            inFlight++;
            while (batch.size() < maxBatch && !waiting.isEmpty()) {
                batch.add(waiting.poll());
            }
        }
        send(batch);
    }

    private void send(List<Pending<T, R>> batch) {
        invoke(batch).subscribe().with(
                results -> {
                    finished();
                    for (int i = 0; i < batch.size(); i++) {
                        batch.get(i).succeed(results.get(i));
                    }
                },
                failure -> {
                    finished();
                    if (batch.size() == 1) {
                        batch.get(0).fail(failure);
                        return;
                    }
                    LOG.warnf("A call of %d items failed (%s); trying each of them alone", batch.size(), failure.toString());
                    batch.forEach(this::sendAlone);
                });
    }

    private void sendAlone(Pending<T, R> pending) {
        invoke(List.of(pending)).subscribe().with(results -> pending.succeed(results.get(0)), pending::fail);
    }

    private Uni<List<R>> invoke(List<Pending<T, R>> batch) {
        List<T> items = batch.stream().map(Pending::item).toList();
        return Uni.createFrom().deferred(() -> call.apply(items)).map(results -> {
            if (results.size() != items.size()) {
                throw new IllegalStateException(results.size() + " results for " + items.size() + " items");
            }
            return results;
        });
    }

    private void finished() {
        synchronized (this) {
            inFlight--;
        }
        sendNext();
    }

    private record Pending<T, R>(T item, UniEmitter<? super R> emitter, Context context) {
        void succeed(R result) {
            onContext(() -> emitter.complete(result));
        }

        void fail(Throwable failure) {
            onContext(() -> emitter.fail(failure));
        }

        private void onContext(Runnable action) {
            if (context == null || context == Vertx.currentContext()) {
                action.run();
            } else {
                context.runOnContext(ignored -> action.run());
            }
        }
    }
}
