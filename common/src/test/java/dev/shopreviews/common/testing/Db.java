package dev.shopreviews.common.testing;

import org.eclipse.microprofile.config.ConfigProvider;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Properties;

/** Plain JDBC on the test run's own database: to observe state no API shows, and to seed bulk data. */
public final class Db {
    private Db() {
    }

    public static Connection connect() throws SQLException {
        String database = ConfigProvider.getConfig().getValue("sr-test.database", String.class);
        String host = System.getenv().getOrDefault("SR_TEST_PG", "127.0.0.1:5432");
        return open(host, database);
    }

    /**
     * A connection as the superuser. Through the driver itself, not DriverManager: DriverManager only hands out
     * drivers the caller's class loader sees, and a test profile restarts the application in a new class loader
     * (the services carry no Quarkus JDBC extension that would register the driver again).
     */
    public static Connection open(String hostPort, String database) throws SQLException {
        Properties credentials = new Properties();
        credentials.setProperty("user", "postgres");
        credentials.setProperty("password", "");
        return new org.postgresql.Driver().connect("jdbc:postgresql://" + hostPort + "/" + database, credentials);
    }

    public static long count(String sql, Object... parameters) {
        return firstColumn(sql, parameters, rows -> rows.getLong(1));
    }

    /** The first column of the first row as text (null for SQL null). */
    public static String text(String sql, Object... parameters) {
        return firstColumn(sql, parameters, rows -> rows.getString(1));
    }

    private interface Column<T> {
        T read(ResultSet rows) throws SQLException;
    }

    private static <T> T firstColumn(String sql, Object[] parameters, Column<T> column) {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < parameters.length; i++) {
                statement.setObject(i + 1, parameters[i]);
            }
            try (ResultSet rows = statement.executeQuery()) {
                rows.next();
                return column.read(rows);
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
