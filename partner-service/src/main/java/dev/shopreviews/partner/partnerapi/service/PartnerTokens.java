package dev.shopreviews.partner.partnerapi.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.partner.partnerapi.repository.PartnerToken;
import dev.shopreviews.partner.partnerapi.repository.PartnerTokenRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;

/**
 * Partner tokens (spec 5.4): issued and revoked by the operator, kept as SHA-256 hashes. The lookup is by hash,
 * so no stored token is ever compared character by character with what a caller sent.
 */
@ApplicationScoped
public class PartnerTokens {
    public static final String INVALID_TOKEN = "Invalid or missing token.";

    public record Issued(long id, String partner, String token) {
    }

    private final PartnerTokenRepository repository;

    public PartnerTokens(PartnerTokenRepository repository) {
        this.repository = repository;
    }

    public Uni<Issued> issue(String partner) {
        String token = Codes.random(24);
        PartnerToken row = new PartnerToken();
        row.partner = partner;
        row.tokenHash = Codes.sha256Hex(token);
        row.createdAt = Instant.now();
        return Panache.withTransaction(() -> repository.persist(row)).map(ignored -> new Issued(row.id, partner, token));
    }

    public Uni<Boolean> revoke(long id) {
        return Panache.withTransaction(() -> repository.findById(id).map(row -> {
            if (row == null) {
                return false;
            }
            if (row.revokedAt == null) {
                row.revokedAt = Instant.now();
            }
            return true;
        }));
    }

    /** The partner the token belongs to; fails with 401 when the token is missing, unknown or revoked. */
    public Uni<String> partnerOf(String token) {
        if (token == null || token.isBlank() || token.length() > 256) {
            return Uni.createFrom().failure(new EnvelopeException(401, INVALID_TOKEN));
        }
        return Panache.withSession(() -> repository.findActiveByHash(Codes.sha256Hex(token)))
                .map(row -> {
                    if (row == null) {
                        throw new EnvelopeException(401, INVALID_TOKEN);
                    }
                    return row.partner;
                });
    }
}
