package dev.shopreviews.common.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The architecture rules fail when broken on purpose (a fixture that breaks each), and common uses no service. */
class ArchitectureRulesTest {

    @Test
    void everyRuleFailsOnAFixtureThatBreaksIt() {
        JavaClasses fixture = new ClassFileImporter().importPackages("dev.shopreviews.common.archfixture");
        List<ArchRule> rules = ArchitectureRules.of("dev.shopreviews.common.archfixture",
                List.of("dev.shopreviews.common.archfixture.other"));
        List<String> passing = rules.stream().filter(rule -> !rule.evaluate(fixture).hasViolation())
                .map(ArchRule::getDescription).toList();
        assertEquals(List.of(), passing, "rules the fixture should break but does not");
    }

    @Test
    void commonUsesNoService() {
        JavaClasses common = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.shopreviews.common");
        noClasses().should().dependOnClassesThat().resideInAnyPackage(ArchitectureRules.SERVICES.stream()
                .map(service -> "dev.shopreviews." + service + "..").toArray(String[]::new)).check(common);
    }
}
