package dev.shopreviews.webhooks;

import dev.shopreviews.common.events.Topics;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The receivers' verification examples of docs/webhook-verification/ (Java, Python, Node.js, shell), each run as a
 * process on a real delivery captured by a local receiver: its raw body and X-Hash are valid, the body with one
 * byte changed is not, and neither is the body checked with another subscription's secret. A missing python3,
 * node, bash or openssl fails the test: the examples are documentation, and an example nobody runs goes wrong.
 */
@QuarkusTest
class VerificationExamplesTest {
    private static final Path EXAMPLES = Path.of("..", "docs", "webhook-verification").toAbsolutePath().normalize();
    private static final Duration WAIT = Duration.ofSeconds(60);

    private TestReceiver receiver;
    private Fixtures.Shop shop;

    @BeforeEach
    void start() throws Exception {
        receiver = new TestReceiver();
        shop = Fixtures.webshop();
    }

    @AfterEach
    void stop() {
        receiver.close();
    }

    @Test
    void everyExampleAcceptsARealDeliveryAndRefusesAChangedByteAndAnotherSecret() throws Exception {
        Fixtures.Subscription hook = Fixtures.subscribe(shop, receiver.url("/verified"), Topics.REVIEWS_CREATED.name());
        Fixtures.Subscription other = Fixtures.subscribe(shop, receiver.url("/other"), Topics.REVIEWS_CREATED.name());
        assertNotEquals(hook.secret(), other.secret());
        Fixtures.publishReview(shop, Topics.REVIEWS_CREATED.name(), 8128, true);
        await().atMost(WAIT).until(() -> receiver.on("/verified").size() == 1);
        TestReceiver.Received delivery = receiver.on("/verified").get(0);
        byte[] body = delivery.body();
        String xHash = delivery.header("X-Hash");
        assertEquals(Topics.REVIEWS_CREATED.name(), delivery.header("X-Topic"));
        assertTrue(xHash != null && xHash.matches("[0-9a-f]{64}"), "X-Hash is 64 lowercase hex digits: " + xHash);
        assertTrue(delivery.text().contains("én"), "the body holds non-ASCII text, so the examples must keep raw bytes");

        Path dir = Files.createTempDirectory("webhook-verification");
        Path valid = Files.write(dir.resolve("valid.json"), body);
        byte[] changed = body.clone();
        int at = delivery.text().indexOf("\"rating\":5") + "\"rating\":".length();
        changed[at] ^= 0x01; // '5' becomes '4': one byte, still valid JSON
        assertEquals("4", new String(changed, at, 1, StandardCharsets.UTF_8));
        Path tampered = Files.write(dir.resolve("tampered.json"), changed);

        List<String> failures = new ArrayList<>();
        for (Example example : examples()) {
            Run ok = example.run(hook.secret(), xHash, valid);
            if (ok.exit() != 0) {
                failures.add(example.name() + ": a valid delivery must exit 0, got " + ok);
            }
            Run oneByte = example.run(hook.secret(), xHash, tampered);
            if (oneByte.exit() == 0) {
                failures.add(example.name() + ": the body with one byte changed must exit non-zero, got " + oneByte);
            }
            Run wrongSecret = example.run(other.secret(), xHash, valid);
            if (wrongSecret.exit() == 0) {
                failures.add(example.name() + ": another subscription's secret must exit non-zero, got " + wrongSecret);
            }
            Run otherDelivery = example.run(other.secret(), otherHash(), valid);
            if (otherDelivery.exit() != 0) {
                failures.add(example.name() + ": the other subscription's own delivery must exit 0, got " + otherDelivery);
            }
        }
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    /** X-Hash of the same event delivered to the second subscription (same body, its own secret). */
    private String otherHash() {
        await().atMost(WAIT).until(() -> receiver.on("/other").size() == 1);
        return receiver.on("/other").get(0).header("X-Hash");
    }

    private static List<Example> examples() {
        for (String file : List.of("Verify.java", "verify.py", "verify.mjs", "verify.sh")) {
            assertTrue(Files.isRegularFile(EXAMPLES.resolve(file)), "example " + EXAMPLES.resolve(file));
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return List.of(
                new Example("Java", List.of(java, "Verify.java")),
                new Example("Python", List.of(required("python3"), "verify.py")),
                new Example("Node.js", List.of(required("node"), "verify.mjs")),
                new Example("shell", List.of(required("bash"), "verify.sh")));
    }

    /** The program's path on PATH; fails (never skips) when it is missing. The shell example needs openssl too. */
    private static String required(String program) {
        if (program.equals("bash")) {
            required("openssl");
        }
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, program))
                .filter(Files::isExecutable)
                .findFirst()
                .map(Path::toString)
                .orElseGet(() -> fail(program + " is not on PATH: the webhook verification examples cannot be checked"));
    }

    private record Run(int exit, String output) {
        @Override
        public String toString() {
            return "exit " + exit + " (" + output.strip() + ")";
        }
    }

    private record Example(String name, List<String> command) {
        /** Runs the example with secret and header as arguments and the body on stdin, as a receiver would. */
        Run run(String secret, String xHash, Path body) throws Exception {
            List<String> line = new ArrayList<>(command);
            line.add(secret);
            line.add(xHash);
            Process process = new ProcessBuilder(line).directory(EXAMPLES.toFile())
                    .redirectInput(body.toFile()).redirectErrorStream(true).start();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail(name + " did not finish within 60 s");
            }
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertFalse(output.contains(secret), name + " must not print the secret");
            return new Run(process.exitValue(), output);
        }
    }
}
