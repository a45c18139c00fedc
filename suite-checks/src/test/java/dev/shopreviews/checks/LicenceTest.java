package dev.shopreviews.checks;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The project is Apache-2.0: the licence text is in the repository and every module's POM names it. */
class LicenceTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final String NAMED = "<license>\\s*<name>Apache-2.0</name>\\s*"
            + "<url>https://www.apache.org/licenses/LICENSE-2.0.txt</url>";

    @Test
    void theLicenceFileIsTheApacheLicenceVersionTwo() throws IOException {
        String text = Files.readString(ROOT.resolve("LICENSE"));
        assertTrue(text.contains("Apache License") && text.contains("Version 2.0, January 2004"), "LICENSE is Apache-2.0");
        assertTrue(text.contains("END OF TERMS AND CONDITIONS"), "LICENSE holds the whole text");
    }

    @Test
    void everyModulePomNamesTheLicence() throws IOException {
        List<Path> poms = new ArrayList<>(List.of(ROOT.resolve("pom.xml")));
        Matcher modules = MODULE.matcher(Files.readString(ROOT.resolve("pom.xml")));
        while (modules.find()) {
            poms.add(ROOT.resolve(modules.group(1)).resolve("pom.xml"));
        }
        assertFalse(poms.size() < 2, "the parent lists its modules");
        List<Path> without = poms.stream().filter(pom -> !namesLicence(pom)).toList();
        assertEquals(List.of(), without, "POMs that do not name Apache-2.0 in <licenses>");
    }

    private static boolean namesLicence(Path pom) {
        try {
            return Pattern.compile(NAMED).matcher(Files.readString(pom)).find();
        } catch (IOException e) {
            throw new IllegalStateException(pom + " unreadable", e);
        }
    }
}
