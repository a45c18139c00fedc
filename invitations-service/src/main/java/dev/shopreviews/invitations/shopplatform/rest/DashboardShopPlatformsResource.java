package dev.shopreviews.invitations.shopplatform.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.api.RequestBodies;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.shopplatform.mapping.Platform;
import dev.shopreviews.invitations.shopplatform.service.ShopConnections;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.List;
import java.util.function.Supplier;

/**
 * The dashboard's "Connect your shop" page: per platform (WooCommerce, Shopify) the webhook address of the webshop
 * and its secret, for the signed-in owner (declared with @RolesAllowed). A change needs X-Dashboard-Request: 1 and is audited
 * ({@code invitation.shop_platform}, without the secret).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/invitations/webshops/{webshop}/shop-platforms")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: invitations")
public class DashboardShopPlatformsResource {
    static final String NOT_JSON = "The body must be a JSON object {\"secret\": …}.";
    private static final String UNKNOWN_PLATFORM = "Unknown shop platform.";

    private final SecurityIdentity identity;
    private final ShopConnections shops;
    private final RequestBodies bodies;

    public DashboardShopPlatformsResource(SecurityIdentity identity, ShopConnections shops, RequestBodies bodies) {
        this.identity = identity;
        this.shops = shops;
        this.bodies = bodies;
    }

    @JsonPropertyOrder({"status", "message", "platforms"})
    public record Platforms(String status, String message, List<ShopConnections.View> platforms) {
    }

    @JsonPropertyOrder({"status", "message", "platform"})
    public record OnePlatform(String status, String message, ShopConnections.View platform) {
    }

    @GET
    @Operation(summary = "The webshop's webhook address and secret per shop platform (WooCommerce, Shopify)",
            description = "platforms[{platform, url, connected, secret, source (generated | platform), updated, last_delivery}]; "
                    + "secret and source are null while the platform is not connected.")
    @APIResponse(responseCode = "200", description = "Both platforms", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Platforms.class)))
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops")
    public Uni<Response> list(@PathParam("webshop") String webshop) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return shops.list(shop).map(views -> Envelope.ok(new Platforms(Messages.SUCCESS, "Shop platforms retrieved.", views)));
        });
    }

    @POST
    @Path("/{platform}/secret")
    @Operation(summary = "Make a new secret for the platform's webhook (WooCommerce: paste it into the webhook's Secret)",
            description = "Needs X-Dashboard-Request: 1. Replaces the stored secret: deliveries signed with the old one get 401.")
    @APIResponse(responseCode = "200", description = "The platform with its new secret", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OnePlatform.class)))
    @APIResponse(responseCode = "403", description = "Without X-Dashboard-Request: 1")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops, or an unknown platform")
    public Uni<Response> generate(@PathParam("webshop") String webshop, @PathParam("platform") String platform) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            return shops.generate(owner, shop, platform(platform))
                    .map(view -> Envelope.ok(new OnePlatform(Messages.SUCCESS, "New secret made.", view)));
        });
    }

    @PUT
    @Path("/{platform}/secret")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Store the platform's own signing secret (Shopify: the one shown under Settings → Notifications → Webhooks)",
            description = "Needs X-Dashboard-Request: 1. Body {\"secret\": \"…\"}: one line, 16-200 characters, no spaces.")
    @APIResponse(responseCode = "200", description = "Stored", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OnePlatform.class)))
    @APIResponse(responseCode = "400", description = "No JSON object, or the secret invalid; nothing stored")
    @APIResponse(responseCode = "403", description = "Without X-Dashboard-Request: 1")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops, or an unknown platform")
    public Uni<Response> set(@PathParam("webshop") String webshop, @PathParam("platform") String platform, String body) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            Platform which = platform(platform);
            // After the ownership and the platform (404), as documented: read here, not as a @Valid parameter.
            String secret = bodies.read(body, PlatformSecretRequest.class).secret();
            return shops.setPlatformSecret(owner, shop, which, secret)
                    .map(view -> Envelope.ok(new OnePlatform(Messages.SUCCESS, "Secret saved.", view)));
        });
    }

    @DELETE
    @Path("/{platform}")
    @Operation(summary = "Disconnect the platform: its secret is deleted, its deliveries get 401",
            description = "Needs X-Dashboard-Request: 1.")
    @APIResponse(responseCode = "200", description = "Disconnected", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OnePlatform.class)))
    @APIResponse(responseCode = "403", description = "Without X-Dashboard-Request: 1")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops, or an unknown platform")
    public Uni<Response> disconnect(@PathParam("webshop") String webshop, @PathParam("platform") String platform) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            return shops.disconnect(owner, shop, platform(platform))
                    .map(view -> Envelope.ok(new OnePlatform(Messages.SUCCESS, "Disconnected.", view)));
        });
    }

    private static Platform platform(String key) {
        return Platform.of(key).orElseThrow(() -> EnvelopeException.notFound(UNKNOWN_PLATFORM));
    }

    private static Uni<Response> guarded(Supplier<Uni<? extends Response>> work) {
        return Envelope.guard(Uni.createFrom().deferred(work), ErrorBody.PLAIN);
    }

    /** The path's webshop id; a malformed one is nobody's webshop (401 without a session, else 404). */
    private static long webshopId(String webshop) {
        Long id = TextInput.id(webshop);
        return id == null ? -1 : id;
    }
}
