package dev.shopreviews.invitations.shopplatform.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.WebshopReplica;
import dev.shopreviews.invitations.invitation.service.InvitationAdds;
import dev.shopreviews.invitations.invitation.service.WebshopLookups;
import dev.shopreviews.invitations.shopplatform.mapping.Platform;
import dev.shopreviews.invitations.shopplatform.mapping.PlatformOrder;
import dev.shopreviews.invitations.shopplatform.mapping.PlatformOrders;
import dev.shopreviews.invitations.shopplatform.repository.PlatformConnection;
import dev.shopreviews.invitations.shopplatform.repository.PlatformConnections;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * A platform's order webhook for one webshop (docs/api-notes.md, "Shop platforms"): the signature (base64 HMAC-SHA256
 * of the raw body under the webshop's secret for that platform), then the order, then the spec's add
 * ({@link InvitationAdds}, the path of POST /api/1.0/invitations.json), each delivery and each order at most once.
 */
@ApplicationScoped
public class PlatformWebhooks {
    public static final String BAD_SIGNATURE = "The webhook signature is missing or wrong.";
    public static final String PING = "Ping received.";
    public static final String DUPLICATE_DELIVERY = "This delivery was processed before.";
    public static final String DUPLICATE_ORDER = "This order was handled before; no second invitation.";
    public static final String TRY_AGAIN = "The invitation could not be added now; deliver again later.";
    /** WooCommerce's test delivery when a webhook is saved: {@code webhook_id=N}, form-encoded, not signed. */
    private static final Pattern WOOCOMMERCE_PING = Pattern.compile("webhook_id=\\d{1,20}");
    private static final Logger LOG = Logger.getLogger(PlatformWebhooks.class);

    private final PlatformConnections connections;
    private final PlatformSecretCipher cipher;
    private final WebshopLookups webshops;
    private final InvitationAdds adds;

    public PlatformWebhooks(PlatformConnections connections, PlatformSecretCipher cipher, WebshopLookups webshops,
                            InvitationAdds adds) {
        this.connections = connections;
        this.cipher = cipher;
        this.adds = adds;
        this.webshops = webshops;
    }

    /** One delivery as received. {@code deliveryId} may be null (then only the order is deduplicated). */
    public record Delivery(Platform platform, Long webshopId, String topic, String signature, String deliveryId, byte[] body) {
    }

    /** The HTTP status and message answered to the platform ({@code success} below 300). */
    public record Answer(int status, String message) {
    }

    public Uni<Answer> receive(Delivery delivery) {
        if (delivery.platform() == Platform.WOOCOMMERCE && delivery.topic() == null && delivery.signature() == null
                && WOOCOMMERCE_PING.matcher(new String(delivery.body(), StandardCharsets.US_ASCII).trim()).matches()) {
            return Uni.createFrom().item(new Answer(200, PING));
        }
        if (delivery.webshopId() == null || delivery.signature() == null) {
            return Uni.createFrom().item(new Answer(401, BAD_SIGNATURE));
        }
        long webshopId = delivery.webshopId();
        String platform = delivery.platform().key();
        return Panache.withSession(() -> connections.find(webshopId, platform)).chain(connection -> {
            if (connection == null || !signedWith(connection, delivery)) {
                return Uni.createFrom().item(new Answer(401, BAD_SIGNATURE));
            }
            return webshops.find(webshopId).chain(shop -> {
                if (shop == null || !shop.active) {
                    return Uni.createFrom().item(new Answer(403, EnvelopeException.deactivated().getMessage()));
                }
                return handle(shop, delivery);
            });
        });
    }

    private Uni<Answer> handle(WebshopReplica shop, Delivery delivery) {
        long webshopId = shop.id;
        String platform = delivery.platform().key();
        Instant now = Instant.now();
        PlatformOrders.Reading reading = PlatformOrders.read(delivery.platform(), delivery.topic(), delivery.body());
        if (reading instanceof PlatformOrders.Ignored ignored) {
            return Panache.withTransaction(() -> connections.touch(webshopId, platform, now))
                    .replaceWith(new Answer(200, ignored.reason()));
        }
        PlatformOrder order = ((PlatformOrders.Done) reading).order();
        return Panache.withTransaction(() -> connections.touch(webshopId, platform, now)
                .chain(() -> delivery.deliveryId() == null ? Uni.createFrom().item(true)
                        : connections.claimDelivery(webshopId, platform, delivery.deliveryId(), now))
                .chain(newDelivery -> !newDelivery ? Uni.createFrom().item(Claim.DUPLICATE_DELIVERY)
                        : connections.claimOrder(webshopId, platform, order.platformOrderId(), order.orderNumber(), now)
                        .map(newOrder -> newOrder ? Claim.CLAIMED : Claim.DUPLICATE_ORDER)))
                .chain(claim -> switch (claim) {
                    case DUPLICATE_DELIVERY -> Uni.createFrom().item(new Answer(200, DUPLICATE_DELIVERY));
                    case DUPLICATE_ORDER -> Uni.createFrom().item(new Answer(200, DUPLICATE_ORDER));
                    case CLAIMED -> invite(shop, delivery, order);
                });
    }

    private enum Claim { CLAIMED, DUPLICATE_DELIVERY, DUPLICATE_ORDER }

    /** The spec's add; a refusal of the order's data is final (200, not retried), a passing failure releases the claims. */
    private Uni<Answer> invite(WebshopReplica shop, Delivery delivery, PlatformOrder order) {
        long webshopId = shop.id;
        String platform = delivery.platform().key();
        return Uni.createFrom().deferred(() -> adds.add(shop, PlatformOrders.toForm(delivery.platform(), order)))
                .chain(outcome -> Panache.withTransaction(() -> connections.settleOrder(webshopId, platform,
                                order.platformOrderId(), outcome.queued() ? "queued" : outcome.message()))
                        .replaceWith(new Answer(200, outcome.message())))
                .onFailure().recoverWithUni(failure -> {
                    if (failure instanceof EnvelopeException refused && refused.httpStatus() == 400) {
                        return Panache.withTransaction(() -> connections.settleOrder(webshopId, platform,
                                        order.platformOrderId(), "refused: " + refused.getMessage()))
                                .replaceWith(new Answer(200, "No invitation: " + refused.getMessage()));
                    }
                    if (!(failure instanceof EnvelopeException)) {
                        LOG.errorf(failure, "Shop-platform order of webshop %d (%s) could not be added", webshopId, platform);
                    }
                    String message = failure instanceof EnvelopeException known ? known.getMessage() : TRY_AGAIN;
                    int status = failure instanceof EnvelopeException known && known.httpStatus() == 429 ? 429 : 503;
                    return Panache.withTransaction(() -> connections.release(webshopId, platform, delivery.deliveryId(),
                                    order.platformOrderId()))
                            .replaceWith(new Answer(status, message));
                });
    }

    private boolean signedWith(PlatformConnection connection, Delivery delivery) {
        String secret;
        try {
            secret = cipher.decrypt(connection.secretEncrypted, connection.webshopId, connection.platform);
        } catch (IllegalStateException e) {
            LOG.errorf("Shop-platform secret of webshop %d (%s) cannot be decrypted", connection.webshopId, connection.platform);
            return false;
        }
        byte[] given;
        try {
            given = Base64.getDecoder().decode(delivery.signature().trim());
        } catch (IllegalArgumentException e) {
            return false;
        }
        return MessageDigest.isEqual(hmac(secret, delivery.body()), given);
    }

    /** HMAC-SHA256 of the raw body, keyed with the secret's UTF-8 bytes (as both platforms sign). */
    public static byte[] hmac(String secret, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
