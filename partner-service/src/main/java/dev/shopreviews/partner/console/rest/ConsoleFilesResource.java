package dev.shopreviews.partner.console.rest;

import dev.shopreviews.partner.console.web.StaticFiles;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;


/**
 * The operator console's files (resources/console/, and resources/web/ shared with the shop dashboard), the same for everyone: what an operator may see and do
 * is decided by each service's API. Only same-origin scripts, styles and calls; nobody may frame it.
 */
@Cancellable(false)
// Open: the page and its scripts carry no data; the sign-in form is on it.
@PermitAll
@Path("/operator")
@Tag(name = "Operator console: page")
public class ConsoleFilesResource {
    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; "
            + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private final byte[] page = StaticFiles.read("console", "index.html");
    private final byte[] script = StaticFiles.read("console", "console.js");
    private final byte[] sharedScript = StaticFiles.read("web", "pages.js");
    private final byte[] sharedStyle = StaticFiles.read("web", "pages.css");

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
    @Path("/pages.js")
    @Operation(summary = "The script the console shares with the shop dashboard")
    public Response sharedScript() {
        return file(sharedScript, "text/javascript; charset=utf-8");
    }

    @GET
    @Path("/pages.css")
    @Operation(summary = "The console's style sheet (shared with the shop dashboard)")
    public Response style() {
        return file(sharedStyle, "text/css; charset=utf-8");
    }

    private static Response file(byte[] body, String type) {
        return StaticFiles.answer(body, type, POLICY);
    }
}
