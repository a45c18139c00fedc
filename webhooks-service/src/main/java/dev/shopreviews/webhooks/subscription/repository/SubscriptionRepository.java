package dev.shopreviews.webhooks.subscription.repository;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlClient;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code webhook_subscription} table through the reactive SQL client. Every method takes the client to run on:
 * the {@code Pool} for a single statement, or the connection of a {@code pool.withTransaction(...)} the caller
 * opened ({@code Subscriptions}).
 */
@ApplicationScoped
public class SubscriptionRepository {
    private static final String COLUMNS = "id, webshop_id, url, endpoint, topic, active, secret_encrypted, created_at, updated_at";

    /** The webshop's own subscription, or null (also for another shop's id). */
    public Uni<WebhookSubscription> ofWebshop(SqlClient client, long webshopId, long webhookId) {
        return client.preparedQuery("select " + COLUMNS + " from webhook_subscription where id = $1 and webshop_id = $2")
                .execute(Tuple.of(webhookId, webshopId))
                .map(rows -> rows.size() == 0 ? null : subscription(rows.iterator().next()));
    }

    public Uni<List<WebhookSubscription>> allOf(SqlClient client, long webshopId) {
        return client.preparedQuery("select " + COLUMNS + " from webhook_subscription where webshop_id = $1 order by id")
                .execute(Tuple.of(webshopId))
                .map(SubscriptionRepository::subscriptions);
    }

    public Uni<Long> countOf(SqlClient client, long webshopId) {
        return client.preparedQuery("select count(*) from webhook_subscription where webshop_id = $1")
                .execute(Tuple.of(webshopId))
                .map(rows -> rows.iterator().next().getLong(0));
    }

    /** Inserts the subscription and sets its id. */
    public Uni<WebhookSubscription> insert(SqlClient client, WebhookSubscription subscription) {
        return client.preparedQuery("""
                        insert into webhook_subscription (webshop_id, url, endpoint, topic, active, secret_encrypted,
                                                          created_at, updated_at)
                        values ($1, $2, $3, $4, $5, $6, $7, $8) returning id""")
                .execute(Tuple.from(new Object[]{subscription.webshopId, subscription.url, subscription.endpoint,
                        subscription.topic, subscription.active, subscription.secretEncrypted,
                        timestamp(subscription.createdAt), timestamp(subscription.updatedAt)}))
                .map(rows -> {
                    subscription.id = rows.iterator().next().getLong("id");
                    return subscription;
                });
    }

    /** Writes is_active and updated_at of the subscription. */
    public Uni<Void> updateActive(SqlClient client, WebhookSubscription subscription) {
        return client.preparedQuery("update webhook_subscription set active = $2, updated_at = $3 where id = $1")
                .execute(Tuple.of(subscription.id, subscription.active, timestamp(subscription.updatedAt)))
                .replaceWithVoid();
    }

    /** Deletes the subscription; its deliveries and their attempts go with it (on delete cascade). */
    public Uni<Void> delete(SqlClient client, long subscriptionId) {
        return client.preparedQuery("delete from webhook_subscription where id = $1")
                .execute(Tuple.of(subscriptionId))
                .replaceWithVoid();
    }

    /** Cancels the pending deliveries of a subscription (it was deactivated: an inactive subscription gets nothing). */
    public Uni<Integer> cancelPending(SqlClient client, long subscriptionId) {
        return client.preparedQuery("""
                        update webhook_delivery set state = 'cancelled', next_attempt_at = null, last_error = 'subscription deactivated'
                        where subscription_id = $1 and state = 'pending'""")
                .execute(Tuple.of(subscriptionId))
                .map(RowSet::rowCount);
    }

    private static List<WebhookSubscription> subscriptions(RowSet<Row> rows) {
        List<WebhookSubscription> found = new ArrayList<>(rows.size());
        for (Row row : rows) {
            found.add(subscription(row));
        }
        return found;
    }

    private static WebhookSubscription subscription(Row row) {
        WebhookSubscription subscription = new WebhookSubscription();
        subscription.id = row.getLong("id");
        subscription.webshopId = row.getLong("webshop_id");
        subscription.url = row.getString("url");
        subscription.endpoint = row.getString("endpoint");
        subscription.topic = row.getString("topic");
        subscription.active = row.getBoolean("active");
        subscription.secretEncrypted = row.getString("secret_encrypted");
        subscription.createdAt = row.getOffsetDateTime("created_at").toInstant();
        subscription.updatedAt = row.getOffsetDateTime("updated_at").toInstant();
        return subscription;
    }

    private static OffsetDateTime timestamp(Instant instant) {
        return instant.atOffset(ZoneOffset.UTC);
    }
}
