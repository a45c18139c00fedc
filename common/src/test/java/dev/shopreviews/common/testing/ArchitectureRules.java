package dev.shopreviews.common.testing;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.freeze.FreezingArchRule;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

import static com.tngtech.archunit.base.DescribedPredicate.and;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.properties.CanBeAnnotated.Predicates.annotatedWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.methods;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The shape every service keeps (docs/architecture.md), as ArchUnit rules over the service's main classes:
 * {@code dev.shopreviews.<service>.<feature>.{rest,service,repository,messaging,mapping}}.
 * <ul>
 *   <li>no service imports another service;</li>
 *   <li>a service class never uses a class of the HTTP edge ({@code rest});</li>
 *   <li>a repository never calls a service bean (value records of the feature's {@code service} package are shared);</li>
 *   <li>a consumer ({@code @Incoming}) lives in {@code messaging}, and {@code messaging} never uses {@code rest};</li>
 *   <li>no cycle between features.</li>
 * </ul>
 * {@link #assertShape} checks them frozen: what a service broke before the rules existed is listed in its
 * {@code src/test/resources/archunit-store} (the debt, to be paid down: a fixed violation leaves the list), and any
 * new violation fails.
 */
public final class ArchitectureRules {
    public static final List<String> SERVICES = List.of("partner", "invitations", "ratings", "webhooks", "embed");

    private ArchitectureRules() {
    }

    /** The rules for the classes under {@code root} (a service's package, or a test fixture's). */
    public static List<ArchRule> of(String root, List<String> otherRoots) {
        String[] others = otherRoots.stream().map(other -> other + "..").toArray(String[]::new);
        return List.of(
                noClasses().that().resideInAPackage(root + "..").should().dependOnClassesThat().resideInAnyPackage(others)
                        .as("no service imports another service"),
                noClasses().that().resideInAPackage(root + "..service..").should().dependOnClassesThat()
                        .resideInAPackage(root + "..rest..").as("service classes never use the HTTP edge (rest)"),
                noClasses().that().resideInAPackage(root + "..repository..").should().dependOnClassesThat(
                                and(resideInAPackage(root + "..service.."), annotatedWith(ApplicationScoped.class)))
                        .as("repositories never call a service bean"),
                noClasses().that().resideInAPackage(root + "..messaging..").should().dependOnClassesThat()
                        .resideInAPackage(root + "..rest..").as("consumers never use the HTTP edge (rest)"),
                methods().that().areAnnotatedWith("org.eclipse.microprofile.reactive.messaging.Incoming").and()
                        .areDeclaredInClassesThat().resideInAPackage(root + "..")
                        .should().beDeclaredInClassesThat().resideInAPackage(root + "..messaging..")
                        .as("consumers live in a feature's messaging package"),
                slices().matching(root + ".(*)..").should().beFreeOfCycles().as("no cycle between features"));
    }

    /** Every rule over the service's main classes, frozen at the violations its store lists. */
    public static void assertShape(String service) {
        String root = "dev.shopreviews." + service;
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(root);
        if (classes.size() < 20) {
            throw new AssertionError("too few classes of " + root + " found: " + classes.size());
        }
        List<String> others = SERVICES.stream().filter(other -> !other.equals(service)).map(other -> "dev.shopreviews." + other).toList();
        of(root, others).forEach(rule -> FreezingArchRule.freeze(rule).check(classes));
    }
}
