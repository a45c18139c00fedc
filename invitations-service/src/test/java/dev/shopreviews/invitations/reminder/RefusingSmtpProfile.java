package dev.shopreviews.invitations.reminder;

import dev.shopreviews.common.testing.FreshEnvironment;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The real environment, except that the mailer talks to a small SMTP server of this test over TCP that refuses some
 * recipients as a real mail server does (the local GreenMail accepts every address, so it cannot bounce anything):
 * an address starting with {@code refused} gets {@code 550 5.1.1} at RCPT TO, one starting with {@code refused-data}
 * is accepted at RCPT and refused with {@code 554 5.6.0} after DATA, one starting with {@code later} gets the
 * temporary {@code 451 4.3.0} at RCPT; every other mail is accepted (and dropped).
 */
public class RefusingSmtpProfile implements QuarkusTestProfile {

    @Override
    public boolean disableGlobalTestResources() {
        return true;
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(Environment.class, Map.of("service", "invitations")));
    }

    public static class Environment extends FreshEnvironment {
        private ServerSocket server;

        @Override
        public Map<String, String> start() {
            Map<String, String> config = new HashMap<>(super.start());
            try {
                server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            Thread acceptor = new Thread(this::accept, "refusing-smtp");
            acceptor.setDaemon(true);
            acceptor.start();
            config.put("quarkus.mailer.port", String.valueOf(server.getLocalPort()));
            return config;
        }

        @Override
        public void stop() {
            try {
                server.close();
            } catch (IOException ignored) {
                // closing anyway
            }
            super.stop();
        }

        private void accept() {
            while (!server.isClosed()) {
                try {
                    Socket socket = server.accept();
                    Thread session = new Thread(() -> serve(socket), "refusing-smtp-session");
                    session.setDaemon(true);
                    session.start();
                } catch (IOException closed) {
                    return;
                }
            }
        }

        private static void serve(Socket socket) {
            try (socket; BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8))) {
                OutputStream out = socket.getOutputStream();
                send(out, "220 refusing.test ESMTP");
                boolean refuseData = false;
                for (String line; (line = in.readLine()) != null; ) {
                    String command = line.toUpperCase(Locale.ROOT);
                    if (command.startsWith("EHLO") || command.startsWith("HELO")) {
                        send(out, "250 refusing.test");
                    } else if (command.startsWith("MAIL FROM")) {
                        refuseData = false;
                        send(out, "250 2.1.0 OK");
                    } else if (command.startsWith("RCPT TO:<REFUSED-DATA")) {
                        refuseData = true;
                        send(out, "250 2.1.5 OK");
                    } else if (command.startsWith("RCPT TO:<REFUSED")) {
                        send(out, "550 5.1.1 " + line.substring(8) + ": recipient address rejected: mailbox unavailable");
                    } else if (command.startsWith("RCPT TO:<LATER")) {
                        send(out, "451 4.3.0 try again later");
                    } else if (command.startsWith("RCPT TO")) {
                        send(out, "250 2.1.5 OK");
                    } else if (command.equals("DATA")) {
                        send(out, "354 end with <CRLF>.<CRLF>");
                        for (String data; (data = in.readLine()) != null && !data.equals("."); ) {
                            // the message is dropped
                        }
                        send(out, refuseData ? "554 5.6.0 message content rejected" : "250 2.0.0 queued");
                    } else if (command.equals("QUIT")) {
                        send(out, "221 2.0.0 bye");
                        return;
                    } else {
                        send(out, "250 OK");  // RSET, NOOP
                    }
                }
            } catch (IOException ignored) {
                // the client went away
            }
        }

        private static void send(OutputStream out, String reply) throws IOException {
            out.write((reply + "\r\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
    }
}
