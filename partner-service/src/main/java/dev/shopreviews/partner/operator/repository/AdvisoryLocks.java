package dev.shopreviews.partner.operator.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * PostgreSQL's transaction-scoped advisory locks, one per (space, key): a limit that counts rows and then adds one
 * holds its key's lock for that transaction, so two requests at once cannot both see the last free slot. Every
 * caller takes its locks in the order of the spaces' numbers, so two transactions never wait for each other in a ring.
 */
@ApplicationScoped
public class AdvisoryLocks {
    public static final int OPERATOR_NAME = 1;
    public static final int OPERATOR_CLIENT = 2;
    public static final int OWNER_EMAIL = 3;
    public static final int OWNER_CLIENT = 4;
    public static final int OWNER_RESET = 5;

    /** Waits for the lock of {@code key} in {@code space}; it is released when the current transaction ends. */
    public Uni<Void> lock(int space, String key) {
        return Panache.getSession().chain(session -> session
                        .createNativeQuery("select 1 from pg_advisory_xact_lock(?1, hashtext(?2))", Integer.class)
                        .setParameter(1, space).setParameter(2, key).getSingleResult())
                .replaceWithVoid();
    }
}
