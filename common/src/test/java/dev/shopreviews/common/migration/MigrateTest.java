package dev.shopreviews.common.migration;

import dev.shopreviews.common.testing.Db;
import org.flywaydb.core.api.output.MigrateResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.UUID;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The migration step deploy/local and deploy/k8s run before a service starts, against the real PostgreSQL. */
class MigrateTest {
    private static final String PG = System.getenv().getOrDefault("SR_TEST_PG", "127.0.0.1:5432");
    private static final String DATABASE = "sr_migrate_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);

    @BeforeAll
    static void createEmptyDatabase() throws SQLException {
        admin("create database " + DATABASE);
    }

    @AfterAll
    static void dropDatabase() throws SQLException {
        admin("drop database if exists " + DATABASE + " with (force)");
    }

    @Test
    void migratesAnEmptyDatabaseOnceAndThenFindsItCurrent() throws SQLException {
        String[] hostPort = PG.split(":");
        Map<String, String> env = Map.of("DB_HOST", hostPort[0], "DB_PORT", hostPort[1], "DB_NAME", DATABASE,
                "DB_USER", "postgres", "DB_PASSWORD", "");

        MigrateResult first = Migrate.migrate(env);
        assertTrue(first.success);
        assertEquals(5, first.migrationsExecuted, "common's V1, V1_1, V1_2, V1_3 and V1_4 (this module has no db/migration of its own)");
        assertEquals("1.4", first.targetSchemaVersion);
        try (Connection connection = Db.open(PG, DATABASE);
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery(
                     "select count(*) from flyway_schema_history where version = '1' and success")) {
            rows.next();
            assertEquals(1, rows.getInt(1), "recorded in Flyway's history table");
        }

        MigrateResult second = Migrate.migrate(env);
        assertEquals(0, second.migrationsExecuted, "nothing applied twice");
        assertEquals("1.4", second.initialSchemaVersion);
    }

    @Test
    void refusesWithoutADatabaseName() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Migrate.migrate(Map.of("DB_HOST", "127.0.0.1")));
        assertEquals("DB_NAME is not set", refused.getMessage());
    }

    private static void admin(String sql) throws SQLException {
        try (Connection connection = Db.open(PG, "postgres");
             Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }
}
