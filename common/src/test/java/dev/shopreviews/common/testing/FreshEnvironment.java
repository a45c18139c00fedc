package dev.shopreviews.common.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * Points a service's tests at the real PostgreSQL and Kafka that deploy/local/test started: a fresh database and
 * fresh consumer groups per run, so runs never see each other's data. The database is dropped afterwards.
 * Init arg {@code service} names the database prefix.
 */
public class FreshEnvironment implements QuarkusTestResourceLifecycleManager {
    private String database;
    private String pgHostPort;

    @Override
    public void init(Map<String, String> initArgs) {
        String service = initArgs.getOrDefault("service", "svc");
        database = service + "_t" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        pgHostPort = env("SR_TEST_PG", "127.0.0.1:5432");
    }

    @Override
    public Map<String, String> start() {
        execute("create database " + database);
        Map<String, String> config = new HashMap<>();
        config.put("quarkus.datasource.username", "postgres");
        config.put("quarkus.datasource.password", "postgres");
        config.put("quarkus.datasource.reactive.url", "postgresql://" + pgHostPort + "/" + database);
        config.put("quarkus.datasource.jdbc.url", "jdbc:postgresql://" + pgHostPort + "/" + database);
        config.put("kafka.bootstrap.servers", env("SR_TEST_KAFKA", "127.0.0.1:19092"));
        config.put("kafka.group.id", database);
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
        try (Connection connection = DriverManager.getConnection("jdbc:postgresql://" + pgHostPort + "/postgres", "postgres", "");
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
