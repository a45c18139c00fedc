package dev.shopreviews.common.audit;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * For each service's audit test: every POST, PUT, PATCH and DELETE ("Resource#method") of the classes with
 * {@code @Path} under the service's package in {@code target/classes}, and the check that each is audited (with a
 * scenario) or listed with the reason it is not.
 */
public final class StateChangingEndpoints {
    private StateChangingEndpoints() {
    }

    public static TreeSet<String> of(String packagePath) throws IOException {
        java.nio.file.Path classes = java.nio.file.Path.of("target", "classes");
        TreeSet<String> endpoints = new TreeSet<>();
        try (Stream<java.nio.file.Path> files = Files.walk(classes.resolve(packagePath))) {
            for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> type;
                try {
                    type = Class.forName(name, false, StateChangingEndpoints.class.getClassLoader());
                } catch (ClassNotFoundException | LinkageError e) {
                    continue;
                }
                if (!type.isAnnotationPresent(Path.class)) {
                    continue;
                }
                for (Method method : type.getDeclaredMethods()) {
                    if (Stream.of(POST.class, PUT.class, PATCH.class, DELETE.class).anyMatch(method::isAnnotationPresent)) {
                        endpoints.add(type.getSimpleName() + "#" + method.getName());
                    }
                }
            }
        }
        assertFalse(endpoints.isEmpty(), "no endpoint found under " + classes.toAbsolutePath().resolve(packagePath));
        return endpoints;
    }

    /** Every endpoint found is in {@code audited} or {@code notAudited}, and every listed one still exists. */
    public static void assertAccountedFor(String packagePath, Set<String> audited, Map<String, String> notAudited) throws IOException {
        TreeSet<String> found = of(packagePath);
        TreeSet<String> unaccounted = new TreeSet<>(found);
        unaccounted.removeAll(audited);
        unaccounted.removeAll(notAudited.keySet());
        assertEquals(new TreeSet<>(), unaccounted, "state-changing endpoints neither audited nor listed with a reason");
        TreeSet<String> stale = new TreeSet<>(audited);
        stale.addAll(notAudited.keySet());
        stale.removeAll(found);
        assertEquals(new TreeSet<>(), stale, "listed endpoints that no longer exist");
        TreeSet<String> both = new TreeSet<>(audited);
        both.retainAll(notAudited.keySet());
        assertEquals(new TreeSet<>(), both, "endpoints listed as audited and as not audited");
    }
}
