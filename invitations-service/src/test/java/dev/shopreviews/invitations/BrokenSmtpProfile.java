package dev.shopreviews.invitations;

import dev.shopreviews.common.testing.FreshEnvironment;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.io.IOException;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The real environment, except that the mailer points at a local port nobody listens on: every SMTP connection
 * is refused, as when the mail server is down.
 */
public class BrokenSmtpProfile implements QuarkusTestProfile {

    @Override
    public boolean disableGlobalTestResources() {
        return true;
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(Environment.class, Map.of("service", "invitations")));
    }

    public static class Environment extends FreshEnvironment {
        @Override
        public Map<String, String> start() {
            Map<String, String> config = new HashMap<>(super.start());
            config.put("quarkus.mailer.port", String.valueOf(closedPort()));
            return config;
        }

        private static int closedPort() {
            try (ServerSocket socket = new ServerSocket(0)) {
                return socket.getLocalPort();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
