package dev.shopreviews.partner.console.rest;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The operator console's three files (resources/console/), the same for everyone: what an operator may see and do
 * is decided by each service's API. Only same-origin scripts, styles and calls; nobody may frame it.
 */
@Cancellable(false)
@Path("/operator")
@Tag(name = "Operator console: page")
public class ConsoleFilesResource {
    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private final byte[] page = read("index.html");
    private final byte[] script = read("console.js");
    private final byte[] style = read("console.css");

    @GET
    @Path("/")
    @Operation(summary = "The operator console (HTML)")
    public Response page() {
        return file(page, "text/html; charset=utf-8");
    }

    @GET
    @Path("/console.js")
    @Operation(summary = "The operator console's script")
    public Response script() {
        return file(script, "text/javascript; charset=utf-8");
    }

    @GET
    @Path("/console.css")
    @Operation(summary = "The operator console's style sheet")
    public Response style() {
        return file(style, "text/css; charset=utf-8");
    }

    private static Response file(byte[] body, String type) {
        return Response.ok(body, type).header("Content-Security-Policy", POLICY).header("Referrer-Policy", "same-origin")
                .header("Cache-Control", "no-cache").build();
    }

    private static byte[] read(String name) {
        try (InputStream in = ConsoleFilesResource.class.getResourceAsStream("/console/" + name)) {
            if (in == null) {
                throw new IllegalStateException("console/" + name + " is missing from the jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
