package dev.shopreviews.invitations.shopplatform.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.invitations.shopplatform.mapping.Platform;
import dev.shopreviews.invitations.shopplatform.service.PlatformWebhooks;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * The shop platforms' own order webhooks, one address per webshop and platform (an extension of the spec; the
 * dashboard's "Connect your shop" page shows it): {@code POST /api/1.0/shop_platforms/woocommerce/{webshop}} and
 * {@code …/shopify/{webshop}}. docs/api-notes.md, "Shop platforms".
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/shop_platforms")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop platforms")
// Public to the framework: signed per request by the platform's HMAC, checked in the endpoint.
@PermitAll
public class PlatformWebhooksResource {
    static final String INVITED = "{\"status\":\"success\",\"message\":\"Invitation successfully added to queue!\"}";
    static final String FORGED = "{\"status\":\"error\",\"message\":\"The webhook signature is missing or wrong.\"}";
    private final PlatformWebhooks webhooks;

    public PlatformWebhooksResource(PlatformWebhooks webhooks) {
        this.webhooks = webhooks;
    }

    @POST
    @Path("/woocommerce/{webshop}")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "WooCommerce order webhook (Settings → Advanced → Webhooks; topic Order updated)",
            description = "Signed by WooCommerce: X-WC-Webhook-Signature = base64 HMAC-SHA256 of the raw body with the "
                    + "webhook's secret (the one the dashboard shows). A completed order becomes an invitation (the "
                    + "spec's add), each delivery (X-WC-Webhook-Delivery-ID) and each order once. The unsigned ping "
                    + "WooCommerce sends when the webhook is saved (body webhook_id=N) is answered 200.")
    @APIResponse(responseCode = "200", description = "Invited, ignored (another topic or status) or processed before; the message says which",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = {@ExampleObject(name = "invited", value = INVITED),
                            @ExampleObject(name = "not completed", value = "{\"status\":\"success\",\"message\":\"Order status processing: invitations follow completed orders.\"}"),
                            @ExampleObject(name = "ping", value = "{\"status\":\"success\",\"message\":\"Ping received.\"}")}))
    @APIResponse(responseCode = "401", description = "Signature missing or wrong, or the webshop has no WooCommerce secret; nothing stored",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = @ExampleObject(name = "forged", value = FORGED)))
    @APIResponse(responseCode = "403", description = "The webshop was deactivated")
    @APIResponse(responseCode = "429", description = "The webshop's daily e-mail quota is used up; WooCommerce's next delivery tries again")
    public Uni<Response> wooCommerce(@Parameter(description = "webshop id") @PathParam("webshop") String webshop,
                                     @HeaderParam("X-WC-Webhook-Topic") String topic,
                                     @HeaderParam("X-WC-Webhook-Signature") String signature,
                                     @HeaderParam("X-WC-Webhook-Delivery-ID") String deliveryId,
                                     byte[] body) {
        return receive(Platform.WOOCOMMERCE, webshop, topic, signature, deliveryId, body);
    }

    @POST
    @Path("/shopify/{webshop}")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Shopify order webhook (Settings → Notifications → Webhooks; event Order fulfillment, JSON)",
            description = "Signed by Shopify: X-Shopify-Hmac-Sha256 = base64 HMAC-SHA256 of the raw body with the "
                    + "signing secret Shopify shows under the webhooks (pasted into the dashboard). A fulfilled order "
                    + "becomes an invitation (the spec's add), each delivery (X-Shopify-Webhook-Id) and each order once.")
    @APIResponse(responseCode = "200", description = "Invited, ignored (another topic or status, a test order) or processed before",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = {@ExampleObject(name = "invited", value = INVITED),
                            @ExampleObject(name = "delivered again", value = "{\"status\":\"success\",\"message\":\"This delivery was processed before.\"}")}))
    @APIResponse(responseCode = "401", description = "Signature missing or wrong, or the webshop has no Shopify secret; nothing stored",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = @ExampleObject(name = "forged", value = FORGED)))
    @APIResponse(responseCode = "403", description = "The webshop was deactivated")
    @APIResponse(responseCode = "429", description = "The webshop's daily e-mail quota is used up; Shopify retries")
    public Uni<Response> shopify(@Parameter(description = "webshop id") @PathParam("webshop") String webshop,
                                 @HeaderParam("X-Shopify-Topic") String topic,
                                 @HeaderParam("X-Shopify-Hmac-Sha256") String signature,
                                 @HeaderParam("X-Shopify-Webhook-Id") String deliveryId,
                                 byte[] body) {
        return receive(Platform.SHOPIFY, webshop, topic, signature, deliveryId, body);
    }

    private Uni<Response> receive(Platform platform, String webshop, String topic, String signature, String deliveryId,
                                  byte[] body) {
        PlatformWebhooks.Delivery delivery = new PlatformWebhooks.Delivery(platform, TextInput.id(webshop), blankToNull(topic),
                blankToNull(signature), deliveryId(deliveryId), body == null ? new byte[0] : body);
        return Envelope.guarded(() -> webhooks.receive(delivery).map(answer -> Envelope.json(answer.status(),
                answer.status() < 300 ? StatusMessage.success(answer.message()) : StatusMessage.error(answer.message()))));
    }

    /** A delivery id as a key: one line, at most 200 characters; anything else is no id (the order still counts once). */
    private static String deliveryId(String value) {
        String id = blankToNull(value);
        return id == null || id.length() > 200 || !TextInput.acceptable(id, TextInput.Kind.LINE) ? null : id;
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
