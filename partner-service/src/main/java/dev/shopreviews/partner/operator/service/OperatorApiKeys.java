package dev.shopreviews.partner.operator.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.partner.operator.repository.OperatorApiKey;
import dev.shopreviews.partner.operator.repository.OperatorApiKeyRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Named, revocable API keys for operators' scripts (admins create and revoke them; only the SHA-256 is stored). A
 * script exchanges its key for a console session token of {@link #TOKEN_LIFETIME}, which every service checks
 * itself like a person's cookie: a revoked key gets no new token, and its last token expires within that time.
 */
@ApplicationScoped
public class OperatorApiKeys {
    public static final Duration TOKEN_LIFETIME = Duration.ofMinutes(10);
    static final String PREFIX = "srk_";
    static final String UNKNOWN = "Unknown or revoked API key.";

    /** A new key, shown once, with its stored row. */
    public record Created(OperatorApiKey row, String key) {
    }

    /** A session token for a script, and until when it holds. */
    public record Token(String token, Instant expiresAt) {
    }

    private final OperatorApiKeyRepository keys;
    private final OperatorSessions sessions;
    private final AuditLog audit;

    public OperatorApiKeys(OperatorApiKeyRepository keys, OperatorSessions sessions, AuditLog audit) {
        this.keys = keys;
        this.sessions = sessions;
        this.audit = audit;
    }

    public Uni<List<OperatorApiKey>> list() {
        return Panache.withSession(keys::newestFirst);
    }

    public Uni<Created> create(Operator who, String name, String role) {
        OperatorRole parsedRole = OperatorRole.parse(role)
                .orElseThrow(() -> EnvelopeException.invalid("role must be admin or moderator."));
        if (name == null || !OperatorAccounts.NAME.matcher(name).matches()) {
            throw EnvelopeException.invalid("name must be 2-64 characters: lower-case letters, digits, dot, dash, underscore.");
        }
        String key = PREFIX + Codes.random(24);
        OperatorApiKey row = new OperatorApiKey();
        row.name = name;
        row.role = parsedRole.value();
        row.keyHash = Codes.sha256Hex(key);
        row.createdAt = Instant.now();
        row.createdBy = who.actor();
        return Panache.withTransaction(() -> keys.findByName(name).chain(existing -> {
            if (existing != null) {
                throw new EnvelopeException(409, "An API key with this name exists.");
            }
            return keys.persist(row).call(saved -> audit.record(who, "api-key.create", "api-key:" + name, null, null,
                    Map.of("role", saved.role, "revoked", false)));
        })).map(saved -> new Created(saved, key));
    }

    public Uni<OperatorApiKey> revoke(Operator who, long id) {
        return Panache.withTransaction(() -> keys.findById(id)
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound("API key not found."))
                .call(row -> {
                    boolean wasRevoked = row.revokedAt != null;
                    if (!wasRevoked) {
                        row.revokedAt = Instant.now();
                    }
                    return audit.record(who, "api-key.revoke", "api-key:" + row.name, null,
                            Map.of("revoked", wasRevoked), Map.of("revoked", true));
                }));
    }

    /** The session token for {@code Authorization: Bearer <key>}; 401 for a missing, unknown or revoked key. */
    public Uni<Token> exchange(String authorization) {
        String prefix = "Bearer ";
        if (authorization == null || !authorization.startsWith(prefix) || authorization.length() > 200) {
            return Uni.createFrom().failure(new EnvelopeException(401, UNKNOWN));
        }
        String key = authorization.substring(prefix.length()).trim();
        Instant now = Instant.now();
        return Panache.withTransaction(() -> keys.findUsable(Codes.sha256Hex(key)).chain(row -> {
            if (row == null) {
                return Uni.createFrom().failure(new EnvelopeException(401, UNKNOWN));
            }
            row.lastUsedAt = now;
            OperatorRole role = OperatorRole.parse(row.role).orElseThrow();
            Operator script = new Operator("key:" + row.name, role, false);
            // A session opened with a key is audited like an operator's sign-in: the token itself never.
            return audit.record(script, "api-key.token", "api-key:" + row.name, null, null,
                            Map.of("role", row.role, "expires_in_minutes", TOKEN_LIFETIME.toMinutes()))
                    .map(ignored -> new Token(sessions.open(script.name(), role, now, TOKEN_LIFETIME), now.plus(TOKEN_LIFETIME)));
        }));
    }
}
