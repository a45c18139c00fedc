package dev.shopreviews.checks;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every shell script of the repository (a {@code .sh} file or a file whose first line runs bash or sh) passes
 * ShellCheck at warning level, with the repository's {@code .shellcheckrc} (sourced files followed). The Maven
 * wrapper is Apache Maven's own file and is left out. deploy/local/test installs ShellCheck (e2e/ensure.sh).
 */
class ScriptsPassShellCheckTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Set<String> SKIPPED_DIRECTORIES = Set.of(".git", "node_modules", "target", ".run", ".mvn");
    private static final Set<String> NOT_OURS = Set.of("mvnw");

    @Test
    void everyShellScriptPassesShellCheck() throws Exception {
        List<String> scripts = scripts();
        assertTrue(scripts.size() >= 20, "the scripts were found: " + scripts);
        List<String> command = new ArrayList<>(List.of("shellcheck", "-S", "warning", "-f", "gcc"));
        command.addAll(scripts);
        Result result = run(command);
        assertEquals(0, result.exit(), "ShellCheck findings:\n" + result.output());
    }

    /** The gate itself: a script with an unquoted, unused variable is refused. */
    @Test
    void shellCheckRefusesAScriptWithAWarning() throws Exception {
        Path bad = Files.createTempFile("bad", ".sh");
        Files.writeString(bad, "#!/usr/bin/env bash\nunused=1\nrm -rf $1/*\n");
        try {
            assertNotEquals(0, run(List.of("shellcheck", "-S", "warning", bad.toString())).exit());
        } finally {
            Files.delete(bad);
        }
    }

    private static List<String> scripts() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(Files::isRegularFile)
                    .filter(file -> outsideSkippedDirectories(ROOT.relativize(file)))
                    .filter(file -> !NOT_OURS.contains(ROOT.relativize(file).toString()))
                    .filter(ScriptsPassShellCheckTest::isShellScript)
                    .map(file -> ROOT.relativize(file).toString()).sorted().toList();
        }
    }

    private static boolean outsideSkippedDirectories(Path relative) {
        for (Path part : relative) {
            if (SKIPPED_DIRECTORIES.contains(part.toString())) {
                return false;
            }
        }
        return true;
    }

    private static boolean isShellScript(Path file) {
        if (file.getFileName().toString().endsWith(".sh")) {
            return true;
        }
        try (var in = Files.newInputStream(file)) {
            String first = new String(in.readNBytes(64), StandardCharsets.ISO_8859_1).lines().findFirst().orElse("");
            return first.startsWith("#!") && (first.contains("bash") || first.matches("#!\\s*/bin/sh.*") || first.endsWith(" sh"));
        } catch (IOException e) {
            return false;
        }
    }

    private record Result(int exit, String output) {
    }

    private static Result run(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return new Result(process.waitFor(), output);
    }
}
