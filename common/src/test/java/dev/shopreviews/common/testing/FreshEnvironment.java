package dev.shopreviews.common.testing;

import dev.shopreviews.common.migration.Migrate;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Points a service's tests at the real PostgreSQL and Kafka that deploy/local/test started: a fresh database and
 * fresh consumer groups per run, so runs never see each other's data. The database is migrated before the service
 * starts (Migrate, as in deploy/local and deploy/k8s) and dropped afterwards.
 * Kafka is reached as the service's own broker user ({@code <service>-service}, kafka/acls.txt), so the tests run on
 * the authorisation path production uses; its consumer groups start with that name, as the ACLs require.
 * Init arg {@code service} names the database prefix and the broker user.
 */
public class FreshEnvironment implements QuarkusTestResourceLifecycleManager {
    private String service;
    private String database;
    private String pgHostPort;

    @Override
    public void init(Map<String, String> initArgs) {
        service = initArgs.getOrDefault("service", "svc");
        database = service + "_t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        pgHostPort = env("SR_TEST_PG", "127.0.0.1:5432");
    }

    @Override
    public Map<String, String> start() {
        execute("create database " + database);
        // As deploy/local and the k8s init container do before a service starts: the service has no Flyway of its own.
        String[] hostPort = pgHostPort.split(":");
        Migrate.migrate(Map.of("DB_HOST", hostPort[0], "DB_PORT", hostPort[1], "DB_NAME", database,
                "DB_USER", "postgres", "DB_PASSWORD", ""));
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.datasource.username", "postgres");
        config.put("quarkus.datasource.password", "postgres");
        config.put("quarkus.datasource.reactive.url", "postgresql://" + pgHostPort + "/" + database);
        KafkaTestClient.propertiesOf(service + "-service").forEach((key, value) -> config.put("kafka." + key, value.toString()));
        config.put("kafka.group.id", service + "-service." + database);
        config.put("quarkus.mailer.host", "127.0.0.1");
        config.put("quarkus.mailer.port", env("SR_TEST_SMTP_PORT", "12525"));
        config.put("sr-test.database", database);
        config.put("sr-test.mail-api", env("SR_TEST_MAIL_API", "http://127.0.0.1:18025"));
        return config;
    }

    @Override
    public void stop() {
        execute("drop database if exists " + database + " with (force)");
    }

    private void execute(String sql) {
        try (Connection connection = Db.open(pgHostPort, "postgres");
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + pgHostPort
                    + " is needed for the tests; run them with deploy/local/test (" + e.getMessage() + ")", e);
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
