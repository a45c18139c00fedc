package dev.shopreviews.common.migration;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.logging.Log;
import org.flywaydb.core.api.logging.LogFactory;
import org.flywaydb.core.api.output.MigrateResult;

import java.util.Map;

/**
 * Applies a service's Flyway migrations (db/common, db/migration of its jar) before the service starts:
 * {@code java -cp <service>-runner.jar dev.shopreviews.common.migration.Migrate}. deploy/local runs it before each
 * start, deploy/k8s as each pod's init container, the tests' FreshEnvironment on each fresh database. The services
 * themselves carry no Flyway, JDBC driver or JDBC pool (~900 classes and ~9 MB of RSS less each); Hibernate only
 * validates the schema at start. Reads the services' own variables: DB_HOST, DB_PORT, DB_NAME, DB_USER,
 * DB_PASSWORD. Exit status 0 when the schema is current, 1 (with the reason) otherwise.
 */
public final class Migrate {
    /** Common's tables first (V1), then the service's own (V2 and up). */
    private static final String[] LOCATIONS = {"classpath:db/common", "classpath:db/migration"};

    private Migrate() {
    }

    public static void main(String[] args) {
        // No Quarkus here to configure a log manager, and the jar's SLF4J binding has no handler: Flyway's "console"
        // logger prints through the fallback creator.
        LogFactory.setFallbackLogCreator(type -> new PrintedLog());
        try {
            MigrateResult result = configuration(System.getenv()).loggers("console").load().migrate();
            System.out.printf("Schema of database %s is at version %s (%d migration(s) applied now)%n",
                    result.database, result.targetSchemaVersion == null ? result.initialSchemaVersion
                            : result.targetSchemaVersion, result.migrationsExecuted);
        } catch (IllegalArgumentException | FlywayException e) {
            System.err.println("Migration failed: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Migrates the database the environment names; waits up to ~2 min for PostgreSQL to accept connections. */
    public static MigrateResult migrate(Map<String, String> env) {
        return configuration(env).load().migrate();
    }

    private static FluentConfiguration configuration(Map<String, String> env) {
        String database = required(env, "DB_NAME");
        String url = "jdbc:postgresql://" + env.getOrDefault("DB_HOST", "127.0.0.1") + ":"
                + env.getOrDefault("DB_PORT", "5432") + "/" + database;
        return Flyway.configure()
                .dataSource(url, env.getOrDefault("DB_USER", database), env.getOrDefault("DB_PASSWORD", ""))
                .locations(LOCATIONS)
                // db/common (V1, V1_1, ...) and each service's db/migration (V2 on) are two independent series:
                // a later common migration is applied after the service's higher versions.
                .outOfOrder(true)
                .connectRetries(10);
    }

    private static String required(Map<String, String> env, String name) {
        String value = env.get(name);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(name + " is not set");
        }
        return value;
    }

    /** Flyway's progress (what it validated and applied) on stdout, its warnings and errors on stderr. */
    private static final class PrintedLog implements Log {
        @Override
        public void debug(String message) {
            // Flyway's debug lines (every statement) stay out of the deploy logs
        }

        @Override
        public void info(String message) {
            System.out.println("INFO  " + message);
        }

        @Override
        public void notice(String message) {
            info(message);
        }

        @Override
        public void warn(String message) {
            System.err.println("WARN  " + message);
        }

        @Override
        public void error(String message) {
            System.err.println("ERROR " + message);
        }

        @Override
        public void error(String message, Exception e) {
            error(message + ": " + e.getMessage());
        }
    }
}
