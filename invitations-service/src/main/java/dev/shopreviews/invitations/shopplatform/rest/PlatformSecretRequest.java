package dev.shopreviews.invitations.shopplatform.rest;

import dev.shopreviews.common.api.JsonRequest;
import dev.shopreviews.invitations.shopplatform.service.ShopConnections;
import jakarta.validation.constraints.NotNull;

/**
 * The body of storing a platform's own signing secret: {@code {"secret": "…"}}, a string (missing, null or any other
 * JSON type: {@link ShopConnections#SECRET_INVALID}); its rules (one line, 16-200 characters, no spaces) are
 * {@link ShopConnections}'s, checked when it is stored.
 */
@JsonRequest(notObject = DashboardShopPlatformsResource.NOT_JSON)
public record PlatformSecretRequest(@NotNull(message = ShopConnections.SECRET_INVALID) String secret) {
}
