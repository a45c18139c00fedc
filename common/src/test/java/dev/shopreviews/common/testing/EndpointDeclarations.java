package dev.shopreviews.common.testing;

import io.quarkus.security.Authenticated;
import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Who may call each endpoint of a service, as its annotations declare it: every JAX-RS resource method found in
 * the service's classes and in common's (which every service serves), with its declaration ("roles: owner",
 * "permit all", …) or "none". A service's test asserts there is no "none" and which endpoints are open.
 */
public final class EndpointDeclarations {
    private static final List<Class<? extends Annotation>> METHODS = List.of(GET.class, POST.class, PUT.class,
            PATCH.class, DELETE.class, HEAD.class, OPTIONS.class);

    private EndpointDeclarations() {
    }

    /** "Resource#method" of every endpoint of the service's package and of common, to its declaration. */
    public static Map<String, String> of(String servicePackage) throws IOException, URISyntaxException {
        Map<String, String> endpoints = new TreeMap<>();
        for (Class<?> resource : resourceClasses(servicePackage)) {
            for (Method method : resource.getDeclaredMethods()) {
                if (METHODS.stream().anyMatch(method::isAnnotationPresent)) {
                    endpoints.put(resource.getSimpleName() + "#" + method.getName(), declaration(resource, method));
                }
            }
        }
        return endpoints;
    }

    /**
     * Every endpoint declares who may call it, and the resources open to everyone are exactly {@code open} (each
     * listed with its reason by the service's test).
     */
    public static void assertDeclaredAndOnlyTheseOpen(Map<String, String> endpoints, Map<String, String> open) {
        Map<String, String> undeclared = new TreeMap<>(endpoints);
        undeclared.values().removeIf(declaration -> !declaration.equals("none"));
        assertEquals(Map.of(), undeclared, "endpoints without a declaration");
        Set<String> opened = new TreeSet<>();
        endpoints.forEach((endpoint, declaration) -> {
            if (declaration.equals("permit all")) {
                opened.add(endpoint.substring(0, endpoint.indexOf('#')));
            }
        });
        assertEquals(new TreeSet<>(open.keySet()), opened,
                "open resources: declare a role or list them with the reason");
    }

    /** The method's own declaration, else its class's; "none" without either. */
    public static String declaration(Class<?> resource, Method method) {
        String own = declared(method.getAnnotation(RolesAllowed.class), method.isAnnotationPresent(PermitAll.class),
                method.isAnnotationPresent(DenyAll.class), method.isAnnotationPresent(Authenticated.class));
        return own != null ? own : Objects.requireNonNullElse(declared(resource.getAnnotation(RolesAllowed.class),
                resource.isAnnotationPresent(PermitAll.class), resource.isAnnotationPresent(DenyAll.class),
                resource.isAnnotationPresent(Authenticated.class)), "none");
    }

    private static String declared(RolesAllowed roles, boolean permitAll, boolean denyAll, boolean authenticated) {
        if (roles != null) {
            return "roles: " + String.join(", ", roles.value());
        }
        return permitAll ? "permit all" : denyAll ? "deny all" : authenticated ? "authenticated" : null;
    }

    private static List<Class<?>> resourceClasses(String servicePackage) throws IOException, URISyntaxException {
        List<Class<?>> found = new ArrayList<>();
        found.addAll(classesUnder(java.nio.file.Path.of("target", "classes"), servicePackage));
        java.nio.file.Path common = java.nio.file.Path.of(
                EndpointDeclarations.class.getClassLoader().getResource("dev/shopreviews/common/api/Envelope.class").toURI()
                        .toString().startsWith("jar:") ? jarOf() : commonClasses());
        if (Files.isDirectory(common)) {
            found.addAll(classesUnder(common, "dev.shopreviews.common"));
        } else {
            try (FileSystem jar = FileSystems.newFileSystem(common)) {
                found.addAll(classesUnder(jar.getPath("/"), "dev.shopreviews.common"));
            }
        }
        return found.stream().filter(type -> type.isAnnotationPresent(Path.class)).toList();
    }

    private static String jarOf() throws URISyntaxException {
        String url = EndpointDeclarations.class.getClassLoader().getResource("dev/shopreviews/common/api/Envelope.class").toString();
        return java.nio.file.Path.of(new URI(url.substring("jar:".length(), url.indexOf("!/")))).toString();
    }

    private static String commonClasses() throws URISyntaxException {
        java.nio.file.Path envelope = java.nio.file.Path.of(EndpointDeclarations.class.getClassLoader()
                .getResource("dev/shopreviews/common/api/Envelope.class").toURI());
        return envelope.getParent().getParent().getParent().getParent().getParent().toString();
    }

    private static List<Class<?>> classesUnder(java.nio.file.Path root, String packageName) throws IOException {
        java.nio.file.Path start = root.resolve(packageName.replace('.', '/'));
        if (!Files.isDirectory(start)) {
            return List.of();
        }
        try (Stream<java.nio.file.Path> files = Files.walk(start)) {
            return files.filter(file -> file.toString().endsWith(".class"))
                    .map(file -> root.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", ""))
                    .map(EndpointDeclarations::load).filter(Objects::nonNull).toList();
        }
    }

    private static Class<?> load(String name) {
        try {
            return Class.forName(name, false, EndpointDeclarations.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
