package dev.shopreviews.common.auth;

import dev.shopreviews.common.api.EnvelopeException;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.function.Function;

/**
 * The spec's id/code check (section 5) against the local webshop replica. A missing id or code is
 * "Not all obligated variables are set."; a non-numeric id, an unknown id or a wrong code is
 * "Incorrect authentication credentials." (the same answer, so ids cannot be probed).
 * {@link #authenticate} and {@link #authenticatePublic} must be called inside a reactive Hibernate session;
 * {@link #authenticateWithoutSession} reads through the reactive SQL client and answers a detached replica.
 */
@ApplicationScoped
public class WebshopAuthenticator {
    private static final String REPLICA = """
            select id, api_code_hash, public_code, name, main_language, languages, reply_access, active, version,
                   snapshot, updated_at
            from webshop_replica where id = $1""";

    private final Pool pool;

    public WebshopAuthenticator(Pool pool) {
        this.pool = pool;
    }

    public Uni<WebshopReplica> authenticate(String id, String code) {
        return find(id, code, false, WebshopAuthenticator::inSession);
    }

    /** The same check as {@link #authenticate}, for requests that open no Hibernate session. */
    public Uni<WebshopReplica> authenticateWithoutSession(String id, String code) {
        return find(id, code, false, webshopId -> pool.preparedQuery(REPLICA).execute(Tuple.of(webshopId))
                .map(WebshopAuthenticator::replicaOrNull));
    }

    /** id + public_code, for calls from browser JavaScript where the spec allows it. */
    public Uni<WebshopReplica> authenticatePublic(String id, String publicCode) {
        return find(id, publicCode, true, WebshopAuthenticator::inSession);
    }

    private Uni<WebshopReplica> find(String id, String secret, boolean publicCode,
                                     Function<Long, Uni<? extends WebshopReplica>> lookup) {
        if (isBlank(id) || isBlank(secret)) {
            return Uni.createFrom().failure(EnvelopeException.missingVariables());
        }
        Long webshopId = parseId(id);
        if (webshopId == null) {
            return Uni.createFrom().failure(EnvelopeException.incorrectCredentials());
        }
        return lookup.apply(webshopId).map(shop -> {
            if (shop == null || !shop.active || !matches(shop, secret, publicCode)) {
                throw EnvelopeException.incorrectCredentials();
            }
            return shop;
        });
    }

    private static boolean matches(WebshopReplica shop, String secret, boolean publicCode) {
        return publicCode ? Codes.constantTimeEquals(secret, shop.publicCode) : Codes.matchesHash(secret, shop.apiCodeHash);
    }

    /** The numeric webshop id, or null when the text is not one. */
    public static Long parseId(String id) {
        String trimmed = id.trim();
        if (trimmed.isEmpty() || trimmed.length() > 18 || !trimmed.chars().allMatch(Character::isDigit)) {
            return null;
        }
        return Long.parseLong(trimmed);
    }

    // Not WebshopReplica::findById: that method reference names PanacheEntityBase, whose findById Panache
    // does not generate.
    private static Uni<WebshopReplica> inSession(Long webshopId) {
        return WebshopReplica.findById(webshopId);
    }

    private static WebshopReplica replicaOrNull(RowSet<Row> rows) {
        if (rows.size() == 0) {
            return null;
        }
        Row row = rows.iterator().next();
        WebshopReplica shop = new WebshopReplica();
        shop.id = row.getLong("id");
        shop.apiCodeHash = row.getString("api_code_hash");
        shop.publicCode = row.getString("public_code");
        shop.name = row.getString("name");
        shop.mainLanguage = row.getString("main_language");
        shop.languages = row.getString("languages");
        shop.replyAccess = row.getBoolean("reply_access");
        shop.active = row.getBoolean("active");
        shop.version = row.getLong("version");
        shop.snapshot = row.getString("snapshot");
        shop.updatedAt = row.getOffsetDateTime("updated_at").toInstant();
        return shop;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
