package dev.shopreviews.partner.partnerapi.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.partner.Partner;
import dev.shopreviews.common.security.PartnerTokenCheck;
import dev.shopreviews.partner.partnerapi.repository.PartnerToken;
import dev.shopreviews.partner.partnerapi.repository.PartnerTokenRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Partner tokens (spec 5.4): issued and revoked by the operator, kept as SHA-256 hashes. The lookup is by hash,
 * so no stored token is ever compared character by character with what a caller sent. The check of a caller's
 * token is common security's ({@link PartnerTokenCheck}): endpoints declare {@code @RolesAllowed(Roles.PARTNER)}.
 */
@ApplicationScoped
public class PartnerTokens implements PartnerTokenCheck {

    public record Issued(long id, String partner, String token) {
    }

    private final PartnerTokenRepository repository;
    private final AuditLog audit;

    public PartnerTokens(PartnerTokenRepository repository, AuditLog audit) {
        this.repository = repository;
        this.audit = audit;
    }

    public Uni<List<PartnerToken>> list() {
        return Panache.withSession(() -> repository.list("order by id desc"));
    }

    /** Issues a token for {@code partner} (one line, 1-255 characters); the token itself is answered only now. */
    public Uni<Issued> issue(Operator who, String partnerName) {
        if (partnerName == null || partnerName.isBlank() || partnerName.trim().length() > 255
                || !TextInput.acceptable(partnerName, TextInput.Kind.LINE)) {
            throw EnvelopeException.invalid("partner is required: one line of at most 255 characters.");
        }
        String partner = partnerName.trim();
        String token = Codes.random(24);
        PartnerToken row = new PartnerToken();
        row.partner = partner;
        row.tokenHash = Codes.sha256Hex(token);
        row.createdAt = Instant.now();
        return Panache.withTransaction(() -> repository.persist(row)
                        .call(() -> audit.record(who, "partner-token.issue", "partner-token:" + row.id + " " + partner, null,
                                null, Map.of("partner", partner, "revoked", false))))
                .map(ignored -> new Issued(row.id, partner, token));
    }

    public Uni<Boolean> revoke(Operator who, long id) {
        return Panache.withTransaction(() -> repository.findById(id).chain(row -> {
            if (row == null) {
                return Uni.createFrom().item(false);
            }
            boolean wasRevoked = row.revokedAt != null;
            if (!wasRevoked) {
                row.revokedAt = Instant.now();
            }
            return audit.record(who, "partner-token.revoke", "partner-token:" + id + " " + row.partner, null,
                    Map.of("revoked", wasRevoked), Map.of("revoked", true)).replaceWith(true);
        }));
    }

    /** The partner the token belongs to; fails with 401 when the token is missing, unknown or revoked. */
    @Override
    public Uni<Partner> partnerOf(String token) {
        if (token == null || token.isBlank() || token.length() > 256) {
            return Uni.createFrom().failure(new EnvelopeException(401, INVALID_TOKEN));
        }
        return Panache.withSession(() -> repository.findActiveByHash(Codes.sha256Hex(token)))
                .map(row -> {
                    if (row == null) {
                        throw new EnvelopeException(401, INVALID_TOKEN);
                    }
                    return new Partner(row.partner);
                });
    }
}
