package dev.shopreviews.common.outbox;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.Vertx;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Wakes the {@link OutboxRelay} when a transaction appended events, in this instance or any other: one connection of
 * its own LISTENs on {@code outbox_event} (the table's statement trigger notifies at commit, migration V1_4). While
 * the connection is up the relay only polls as a safety net; when it is lost the relay polls at its normal pace
 * again until the connection is back (and then relays once, for what was appended in between).
 */
@ApplicationScoped
public class OutboxWakeUps {
    static final String CHANNEL = "outbox_event";
    private static final Logger LOG = Logger.getLogger(OutboxWakeUps.class);

    private final OutboxRelay relay;
    private final OutboxConfig config;
    private final Vertx vertx;
    private final PgConnectOptions options;
    private volatile PgConnection connection;
    private volatile boolean stopped;
    private volatile boolean failing;

    public OutboxWakeUps(OutboxRelay relay, OutboxConfig config, Vertx vertx,
                         @ConfigProperty(name = "quarkus.datasource.reactive.url") String url,
                         @ConfigProperty(name = "quarkus.datasource.username") String user,
                         @ConfigProperty(name = "quarkus.datasource.password", defaultValue = "") String password) {
        this.relay = relay;
        this.config = config;
        this.vertx = vertx;
        this.options = PgConnectOptions.fromUri(url).setUser(user).setPassword(password)
                .addProperty("application_name", "outbox-listener");
        config.listenHost().filter(host -> !host.isBlank()).ifPresent(options::setHost);
    }

    void start(@Observes StartupEvent event) {
        if (config.listen()) {
            connect();
        }
    }

    void stop(@Observes ShutdownEvent event) {
        stopped = true;
        PgConnection current = connection;
        if (current != null) {
            current.close();
        }
    }

    /** Whether the relay is being woken by notifications right now. */
    public boolean listening() {
        return connection != null;
    }

    private void connect() {
        if (stopped) {
            return;
        }
        PgConnection.connect(vertx, options)
                .compose(opened -> opened.query("LISTEN " + CHANNEL).execute().map(ignored -> opened)
                        .onFailure(ignored -> opened.close()))
                .onSuccess(this::listenOn)
                .onFailure(failure -> {
                    // Once per outage at WARN: a database that is away would otherwise fill the log every few seconds.
                    if (!failing) {
                        LOG.warnf("Outbox notifications unavailable, the relay polls every %s until they are back: %s",
                                config.pollInterval(), failure.getMessage());
                    }
                    failing = true;
                    reconnectLater();
                });
    }

    private void listenOn(PgConnection opened) {
        opened.notificationHandler(notification -> relay.nudge());
        opened.closeHandler(closed -> {
            connection = null;
            relay.pollEvery(config.pollInterval());
            if (!stopped) {
                LOG.warnf("Outbox notifications lost, the relay polls every %s until they are back", config.pollInterval());
                failing = true;
                reconnectLater();
            }
        });
        connection = opened;
        failing = false;
        relay.pollEvery(config.quietPollInterval());
        relay.nudge();
        if (stopped) {
            opened.close();
        }
    }

    private void reconnectLater() {
        if (!stopped) {
            vertx.setTimer(config.reconnectDelay().toMillis(), id -> connect());
        }
    }
}
