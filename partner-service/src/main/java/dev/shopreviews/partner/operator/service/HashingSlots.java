package dev.shopreviews.partner.operator.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.partner.config.PartnerConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.WorkerExecutor;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs the password hashes of requests (Argon2id, ~19 MiB and ~50 ms of CPU each) on their own few worker threads
 * ({@code shopreviews.password-hashing.concurrency}) with a short queue ({@code …queue}); past both a request is
 * refused at once with 429 (and Retry-After, {@code web.ApiAnswerHeaders}) instead of waiting or taking more memory.
 */
@ApplicationScoped
public class HashingSlots {
    public static final String BUSY = "Too many sign-ins at once. Try again in a moment.";

    /** The refusal when every hashing thread and the queue are taken. */
    public static final class Busy extends EnvelopeException {
        Busy() {
            super(429, BUSY);
        }
    }

    /** A place among the running and waiting hashes, held from {@link #take()} until released (once). */
    public final class Ticket {
        private final AtomicBoolean released = new AtomicBoolean();

        /** {@code work}'s result, computed on a hashing thread; the ticket is released after it. */
        public <T> Uni<T> hash(Supplier<T> work) {
            // Unordered: hashes of different requests need not wait for each other beyond the pool's size.
            return workers.executeBlocking(Uni.createFrom().item(work), false).eventually(this::release);
        }

        public void release() {
            if (released.compareAndSet(false, true)) {
                admitted.decrementAndGet();
            }
        }
    }

    private final WorkerExecutor workers;
    private final int admissible;
    private final AtomicInteger admitted = new AtomicInteger();

    public HashingSlots(Vertx vertx, PartnerConfig config) {
        PartnerConfig.PasswordHashing settings = config.passwordHashing();
        this.workers = vertx.createSharedWorkerExecutor("password-hashing", settings.concurrency());
        this.admissible = settings.concurrency() + settings.queue();
    }

    /**
     * A ticket for one hash, taken before the hash is due (a sign-in takes it inside the transaction that reserves its
     * attempt, so a refusal rolls the reservation back); throws {@link Busy} when all are taken.
     */
    public Ticket take() {
        if (admitted.incrementAndGet() > admissible) {
            admitted.decrementAndGet();
            throw new Busy();
        }
        return new Ticket();
    }

    /** {@code work}'s result, computed on a hashing thread; a {@link Busy} failure when all places are taken. */
    public <T> Uni<T> run(Supplier<T> work) {
        return Uni.createFrom().deferred(() -> take().hash(work));
    }
}
