package dev.shopreviews.checks;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every JAX-RS resource of every service is {@code @Cancellable(false)}: a request whose client hangs up runs to
 * completion, because Hibernate Reactive 3.4.1 loses a pooled connection when a request is cancelled while it waits
 * for one (docs/operations.md, Known issues; ratings-service's ClientHangUpTest shows the effect).
 */
class ResourcesRunToCompletionTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern CLASS_LEVEL_PATH = Pattern.compile("(?m)^@Path\\(");
    private static final Pattern NOT_CANCELLABLE = Pattern.compile("(?m)^@Cancellable\\(false\\)");

    @Test
    void everyResourceClassRunsToCompletionWhenItsClientHangsUp() throws IOException {
        List<Path> resources = resourceClasses();
        assertTrue(resources.size() >= 15, "expected the resources of five services, found " + resources);
        List<String> missing = resources.stream().filter(file -> !NOT_CANCELLABLE.matcher(read(file)).find())
                .map(file -> ROOT.relativize(file).toString()).toList();
        assertEquals(List.of(), missing, "resource classes without @Cancellable(false)");
    }

    private static List<Path> resourceClasses() throws IOException {
        try (Stream<Path> modules = Files.list(ROOT)) {
            return modules.filter(module -> module.getFileName().toString().endsWith("-service"))
                    .map(module -> module.resolve("src/main/java"))
                    .filter(Files::isDirectory)
                    .flatMap(ResourcesRunToCompletionTest::javaFiles)
                    .filter(file -> CLASS_LEVEL_PATH.matcher(read(file)).find())
                    .sorted().toList();
        }
    }

    private static Stream<Path> javaFiles(Path sources) {
        try (Stream<Path> files = Files.walk(sources)) {
            return files.filter(file -> file.toString().endsWith(".java")).toList().stream();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
