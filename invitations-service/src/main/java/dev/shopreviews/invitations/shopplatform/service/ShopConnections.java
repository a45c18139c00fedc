package dev.shopreviews.invitations.shopplatform.service;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.shopplatform.mapping.Platform;
import dev.shopreviews.invitations.shopplatform.repository.PlatformConnection;
import dev.shopreviews.invitations.shopplatform.repository.PlatformConnections;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A webshop's shop-platform connections in the dashboard ("Connect your shop"): the webhook address per platform and
 * its secret, generated here (WooCommerce: pasted into the webhook's Secret field) or the platform's own (Shopify shows
 * one signing secret for every webhook made in its admin; pasted here). Changes are audited (no secret in the audit).
 * The caller has checked the owner's session.
 */
@ApplicationScoped
public class ShopConnections {
    public static final String SECRET_INVALID =
            "secret must be one line of 16 to 200 characters without spaces or control characters.";
    private static final int SECRET_BYTES = 32;
    private final SecureRandom random = new SecureRandom();
    private final PlatformConnections connections;
    private final PlatformSecretCipher cipher;
    private final AuditLog audit;
    private final String baseUrl;

    public ShopConnections(PlatformConnections connections, PlatformSecretCipher cipher, AuditLog audit,
                           InvitationsConfig config) {
        this.connections = connections;
        this.cipher = cipher;
        this.audit = audit;
        this.baseUrl = config.publicBaseUrl().replaceAll("/+$", "");
    }

    /** One platform as the dashboard shows it; {@code secret} null while not connected. */
    public record View(String platform, String url, boolean connected, String secret, String source,
                       @JsonProperty("updated") Instant updated, @JsonProperty("last_delivery") Instant lastDelivery) {
    }

    /** What the audit log keeps of a connection: the platform and where its secret came from, never the secret. */
    record Audited(String platform, String source) {
    }

    @WithSession
    public Uni<List<View>> list(long webshopId) {
        return connections.ofWebshop(webshopId).map(rows -> {
            Map<String, PlatformConnection> byPlatform = rows.stream()
                    .collect(Collectors.toMap(row -> row.platform, Function.identity()));
            return Arrays.stream(Platform.values()).map(p -> view(webshopId, p, byPlatform.get(p.key()))).toList();
        });
    }

    /** A new random secret (64 hex digits), replacing any stored one. */
    @WithTransaction
    public Uni<View> generate(Owner owner, long webshopId, Platform platform) {
        byte[] raw = new byte[SECRET_BYTES];
        random.nextBytes(raw);
        return store(owner, webshopId, platform, HexFormat.of().formatHex(raw), "generated");
    }

    /** The platform's own signing secret, as the owner copied it (Shopify). */
    @WithTransaction
    public Uni<View> setPlatformSecret(Owner owner, long webshopId, Platform platform, String secret) {
        return store(owner, webshopId, platform, checked(secret), "platform");
    }

    @WithTransaction
    public Uni<View> disconnect(Owner owner, long webshopId, Platform platform) {
        return connections.findForChange(webshopId, platform.key()).chain(row -> {
            if (row == null) {
                return Uni.createFrom().item(view(webshopId, platform, null));
            }
            Audited before = new Audited(platform.key(), row.source);
            return connections.delete(row)
                    .chain(() -> audit.record(owner, "invitation.shop_platform", "webshop:" + webshopId, webshopId, before, null))
                    .replaceWith(view(webshopId, platform, null));
        });
    }

    private Uni<View> store(Owner owner, long webshopId, Platform platform, String secret, String source) {
        Instant now = Instant.now();
        return connections.findForChange(webshopId, platform.key()).chain(row -> {
            Audited before = row == null ? null : new Audited(platform.key(), row.source);
            PlatformConnection stored = row;
            if (stored == null) {
                stored = new PlatformConnection();
                stored.webshopId = webshopId;
                stored.platform = platform.key();
                stored.createdAt = now;
            }
            stored.secretEncrypted = cipher.encrypt(secret, webshopId, platform.key());
            stored.source = source;
            stored.updatedAt = now;
            PlatformConnection saved = stored;
            return connections.persist(saved)
                    .chain(() -> audit.record(owner, "invitation.shop_platform", "webshop:" + webshopId, webshopId,
                            before, new Audited(platform.key(), source)))
                    .replaceWith(() -> view(webshopId, platform, saved));
        });
    }

    private View view(long webshopId, Platform platform, PlatformConnection row) {
        String url = baseUrl + "/api/1.0/shop_platforms/" + platform.key() + "/" + webshopId;
        if (row == null) {
            return new View(platform.key(), url, false, null, null, null, null);
        }
        return new View(platform.key(), url, true, cipher.decrypt(row.secretEncrypted, webshopId, platform.key()),
                row.source, row.updatedAt, row.lastDeliveryAt);
    }

    static String checked(String secret) {
        String value = secret == null ? "" : secret.trim();
        if (value.length() < 16 || value.length() > 200 || value.contains(" ") || !TextInput.acceptable(value, TextInput.Kind.LINE)) {
            throw EnvelopeException.invalid(SECRET_INVALID);
        }
        return value;
    }
}
