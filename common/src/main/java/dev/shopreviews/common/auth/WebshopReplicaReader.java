package dev.shopreviews.common.auth;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Webshop replicas read through the reactive SQL client, for paths that open no Hibernate session (detached). */
@ApplicationScoped
public class WebshopReplicaReader {
    private static final String BY_IDS = """
            select id, api_code_hash, public_code, name, main_language, languages, reply_access, active, version,
                   snapshot, updated_at
            from webshop_replica where id = any($1::bigint[])""";

    private final Pool pool;

    public WebshopReplicaReader(Pool pool) {
        this.pool = pool;
    }

    /** One answer per id, in the ids' order: the replica, or null for an unknown id. One statement for all. */
    public Uni<List<WebshopReplica>> byIds(List<Long> ids) {
        return pool.preparedQuery(BY_IDS).execute(Tuple.of(ids.toArray(Long[]::new))).map(rows -> {
            Map<Long, WebshopReplica> found = new HashMap<>();
            for (Row row : rows) {
                WebshopReplica shop = replica(row);
                found.put(shop.id, shop);
            }
            List<WebshopReplica> answers = new ArrayList<>(ids.size());
            ids.forEach(id -> answers.add(found.get(id)));
            return answers;
        });
    }

    private static WebshopReplica replica(Row row) {
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
}
