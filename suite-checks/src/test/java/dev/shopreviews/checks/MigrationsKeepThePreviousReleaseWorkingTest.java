package dev.shopreviews.checks;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rolling upgrades (docs/operations.md, "Upgrades"): while release N+1 rolls out, N's pods run against N+1's schema,
 * so a migration that is new since the last release (not in deploy/releases.tsv) may only expand it. Dropping or
 * renaming a table, a column or a function, or changing a column's type, waits for the release after the one whose
 * code stopped using it, and then says so in a comment right above the statement:
 * {@code -- contract: <what> unused since release <X.Y.Z>}, naming a release already shipped.
 */
class MigrationsKeepThePreviousReleaseWorkingTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** Statements that break the previous release's code while it still runs. */
    private static final Pattern DESTRUCTIVE = Pattern.compile(
            "\\b(drop\\s+(table|column|function|view|type|schema)|rename\\s+(to|column)|alter\\s+column\\s+\\S+\\s+(set\\s+data\\s+)?type)\\b");
    private static final Pattern CONTRACT = Pattern.compile("--\\s*contract:.*unused since release (\\d+\\.\\d+\\.\\d+)");

    @Test
    void migrationsNewSinceTheLastReleaseOnlyExpandTheSchema() throws IOException {
        Set<String> released = releasedMigrations();
        Set<String> shipped = releases();
        List<String> problems = new ArrayList<>();
        int newOnes = 0;
        for (Path migration : migrations()) {
            if (released.contains(key(migration))) {
                continue;
            }
            newOnes++;
            problems.addAll(destructiveStatements(key(migration), Files.readString(migration), shipped));
        }
        assertEquals(List.of(), problems, newOnes + " migration(s) new since the last release");
    }

    @Test
    void everyReleasedMigrationStillExists() throws IOException {
        Set<String> present = migrations().stream().map(MigrationsKeepThePreviousReleaseWorkingTest::key)
                .collect(Collectors.toCollection(TreeSet::new));
        Set<String> missing = new TreeSet<>(releasedMigrations());
        missing.removeAll(present);
        assertEquals(Set.of(), missing, "a shipped migration is never removed or renamed (Flyway's history names it)");
    }

    /** The checker itself, on migrations written for the purpose (the check can fail). */
    @Test
    void theCheckRefusesWhatBreaksThePreviousReleaseAndAcceptsAContractNamingAShippedRelease() {
        Set<String> shipped = Set.of("1.0.0");
        assertFalse(destructiveStatements("x", "alter table review drop column email;", shipped).isEmpty());
        assertFalse(destructiveStatements("x", "ALTER TABLE review RENAME COLUMN email TO address;", shipped).isEmpty());
        assertFalse(destructiveStatements("x", "alter table review alter column rating type bigint;", shipped).isEmpty());
        assertFalse(destructiveStatements("x", "drop function claim_deliveries(text[], int);", shipped).isEmpty());
        assertFalse(destructiveStatements("x", "drop table review;", shipped).isEmpty());
        assertFalse(destructiveStatements("x", "-- contract: email unused since release 1.1.0\nalter table review drop column email;",
                shipped).isEmpty(), "a release not shipped yet does not count");
        assertTrue(destructiveStatements("x", "-- contract: email unused since release 1.0.0\nalter table review drop column email;",
                shipped).isEmpty());
        assertTrue(destructiveStatements("x", """
                create table owner_session (id text primary key);
                alter table review add column photo text;
                create index review_photo on review (photo);
                drop index if exists review_old;
                alter table review drop constraint review_check;""", shipped).isEmpty(), "expanding is fine");
    }

    static List<String> destructiveStatements(String name, String sql, Set<String> shipped) {
        List<String> problems = new ArrayList<>();
        String previous = "";
        for (String line : sql.split("\n")) {
            String code = line.replaceFirst("--.*$", "").toLowerCase(Locale.ROOT);
            if (DESTRUCTIVE.matcher(code).find()) {
                Matcher contract = CONTRACT.matcher(previous);
                if (!contract.find() || !shipped.contains(contract.group(1))) {
                    problems.add(name + ": '" + line.trim() + "' breaks the previous release while it runs (expand now, "
                            + "contract in a later release with '-- contract: … unused since release <shipped release>')");
                }
            }
            if (!line.isBlank()) {
                previous = line;
            }
        }
        return problems;
    }

    private static List<Path> migrations() throws IOException {
        List<Path> found = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path db : modules.map(module -> module.resolve("src/main/resources/db")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.walk(db)) {
                    files.filter(file -> file.getFileName().toString().matches("V.*\\.sql")).forEach(found::add);
                }
            }
        }
        assertTrue(found.size() > 40, "migrations found: " + found.size());
        return found;
    }

    /** "module/file" of a migration. */
    private static String key(Path migration) {
        return ROOT.relativize(migration).getName(0) + "/" + migration.getFileName();
    }

    private static List<String[]> rows() throws IOException {
        return Files.readAllLines(ROOT.resolve("deploy/releases.tsv")).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#")).map(line -> line.split("\t")).toList();
    }

    private static Set<String> releasedMigrations() throws IOException {
        return rows().stream().map(row -> row[1] + "/" + row[2]).collect(Collectors.toCollection(TreeSet::new));
    }

    private static Set<String> releases() throws IOException {
        return rows().stream().map(row -> row[0]).collect(Collectors.toCollection(TreeSet::new));
    }
}
