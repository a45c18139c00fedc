package dev.shopreviews.invitations;

import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.hibernate.reactive.mutiny.Mutiny;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Adding an invitation reuses cached query plans. Hibernate Reactive 3.4.1 never finds a native select in its query
 * plan cache (every call adds a new, colliding entry until lookups scan thousands of them), so the add path must not
 * use native selects (docs/operations.md, Known issues).
 */
@QuarkusTest
class QueryPlanCacheTest {
    private static final int ADDS = 20;

    @Inject
    Mutiny.SessionFactory sessions;

    @Test
    void addingInvitationsReusesCachedQueryPlans() {
        Fixtures.Shop shop = Fixtures.webshop();
        addWithOrder(shop); // the first add may fill the cache
        long missesBefore = sessions.getStatistics().getQueryPlanCacheMissCount();
        for (int i = 0; i < ADDS; i++) {
            addWithOrder(shop);
        }
        long misses = sessions.getStatistics().getQueryPlanCacheMissCount() - missesBefore;
        // A native select on the add path would miss at least once per add; a little slack for background work.
        assertTrue(misses < ADDS / 2, misses + " query plan cache misses during " + ADDS + " adds");
    }

    private static void addWithOrder(Fixtures.Shop shop) {
        Fixtures.add(shop, Map.of("email", Fixtures.email(), "order", Fixtures.order(), "delay", 30, "language", "en"));
    }
}
