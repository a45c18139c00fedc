package dev.shopreviews.ratings.web;

import dev.shopreviews.common.testing.NoStoreContract;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

import java.util.List;

/**
 * The dashboard's, the operator console's and the privacy page's answers of this service are never stored by a
 * cache ({@code Cache-Control: no-store}, common {@code web/NoStoreAnswers}), the refusals (envelope errors) too.
 */
@QuarkusTest
class NoStoreAnswersTest {
    /** Representative endpoints of each API, asked without a session: refused with the envelope. */
    static final List<String> REFUSED = List.of("/dashboard/api/ratings/webshops/1/reviews", "/operator/api/ratings/audit", "/privacy/api/reviews/export");

    @Test
    void refusalsOfTheDashboardConsoleAndPrivacyApisAreNotStored() {
        NoStoreContract.refusalsAreNotStored(REFUSED);
    }

    @Test
    void aSignedInOperatorsAnswerIsNotStored() {
        NoStoreContract.aSignedInOperatorsAnswerIsNotStored("ratings");
    }
}
