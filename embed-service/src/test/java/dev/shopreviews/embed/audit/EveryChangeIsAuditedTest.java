package dev.shopreviews.embed.audit;

import dev.shopreviews.common.audit.StateChangingEndpoints;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;

/**
 * Every state-changing endpoint of embed-service (POST, PUT, PATCH, DELETE of its resources, found by reflection) is
 * audited or listed here with the reason it is not. The owner's sidebar settings are audited; the rest are visitors'
 * posts, which are no account's change; a new endpoint an owner, an operator or an API code calls fails here until it is audited (and then gets a
 * scenario as in ratings-service's EveryChangeIsAuditedTest) or listed.
 */
class EveryChangeIsAuditedTest {
    static final Map<String, String> NOT_AUDITED = Map.of(
            "BrowserPostsResource#consent", "a visitor's choice in the pop-up (no account): published as consents.recorded "
                    + "and recorded by invitations-service in order_consent",
            "BrowserPostsResource#review", "a visitor's review in the pop-up (no account): published as reviews.submitted "
                    + "and stored by ratings-service with its evidence",
            "ReviewFormResource#submit", "a visitor's review through the review form (no account): published as "
                    + "reviews.submitted and stored by ratings-service with its evidence");

    @Test
    void everyStateChangingEndpointIsAuditedOrListedWithItsReason() throws Exception {
        // The owner's sidebar settings: its scenario is DashboardSidebarTest#theOwnersSettingsAreStoredAuditedAndInTheSidebarAtOnce.
        StateChangingEndpoints.assertAccountedFor("dev/shopreviews/embed", Set.of("DashboardSidebarResource#save"), NOT_AUDITED);
    }
}
