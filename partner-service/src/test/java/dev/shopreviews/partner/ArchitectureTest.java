package dev.shopreviews.partner;

import dev.shopreviews.common.testing.ArchitectureRules;
import org.junit.jupiter.api.Test;

/**
 * partner-service keeps the services' shape (common ArchitectureRules); the violations from before the rules are listed
 * in src/test/resources/archunit-store and may only shrink.
 */
class ArchitectureTest {

    @Test
    void theServiceKeepsTheShapeOfEveryService() {
        ArchitectureRules.assertShape("partner");
    }
}
