package dev.shopreviews.common.testing;

import org.eclipse.microprofile.config.ConfigProvider;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Plain JDBC on the test run's own database: to observe state no API shows, and to seed bulk data. */
public final class Db {
    private Db() {
    }

    public static Connection connect() throws SQLException {
        String database = ConfigProvider.getConfig().getValue("sr-test.database", String.class);
        String host = System.getenv().getOrDefault("SR_TEST_PG", "127.0.0.1:5432");
        return DriverManager.getConnection("jdbc:postgresql://" + host + "/" + database, "postgres", "");
    }

    public static long count(String sql, Object... parameters) {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return rows.getLong(1);
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    public static int update(String sql, Object... parameters) {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            return statement.executeUpdate();
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
