package dev.shopreviews.invitations.api;

import dev.shopreviews.common.api.PathErrorBody;
import dev.shopreviews.invitations.consent.rest.OrderPermission;
import dev.shopreviews.invitations.invitation.rest.InvitationAnswers;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** The error bodies of this service's endpoints that carry fields on error, for errors found before they run. */
@Singleton
public class ErrorBodies {
    @Produces
    @Singleton
    PathErrorBody invitations() {
        return new PathErrorBody("/api/1.0/invitations.json", InvitationAnswers::error);
    }

    @Produces
    @Singleton
    PathErrorBody orderPermissions() {
        return new PathErrorBody("/api/2.0/order_permissions.json", OrderPermission::error);
    }
}
