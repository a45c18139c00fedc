package dev.shopreviews.partner.owner.rest;

import dev.shopreviews.partner.console.web.StaticFiles;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * The shop dashboard's files (resources/dashboard/, and resources/web/ shared with the operator console), the same for every owner: what an owner may see and do
 * is decided by each service's dashboard API. Only same-origin scripts, styles and calls; the widget preview is the
 * suite's own widget page in a frame; nobody may frame the dashboard.
 */
@Cancellable(false)
// Open: the page and its scripts carry no data; the sign-in form is on it.
@PermitAll
@Path("/dashboard")
@Tag(name = "Shop dashboard: page")
public class DashboardFilesResource {
    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; "
            + "frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    private final byte[] page = StaticFiles.read("dashboard", "index.html");
    private final byte[] script = StaticFiles.read("dashboard", "dashboard.js");
    private final byte[] style = StaticFiles.read("dashboard", "dashboard.css");
    private final byte[] sharedScript = StaticFiles.read("web", "pages.js");
    private final byte[] sharedStyle = StaticFiles.read("web", "pages.css");

    @GET
    @Path("/")
    @Operation(summary = "The shop dashboard (HTML)")
    public Response page() {
        return StaticFiles.answer(page, "text/html; charset=utf-8", POLICY);
    }

    @GET
    @Path("/dashboard.js")
    @Operation(summary = "The shop dashboard's script")
    public Response script() {
        return StaticFiles.answer(script, "text/javascript; charset=utf-8", POLICY);
    }

    @GET
    @Path("/dashboard.css")
    @Operation(summary = "The shop dashboard's style sheet")
    public Response style() {
        return StaticFiles.answer(style, "text/css; charset=utf-8", POLICY);
    }

    @GET
    @Path("/pages.js")
    @Operation(summary = "The script the dashboard shares with the operator console")
    public Response sharedScript() {
        return StaticFiles.answer(sharedScript, "text/javascript; charset=utf-8", POLICY);
    }

    @GET
    @Path("/pages.css")
    @Operation(summary = "The style sheet the dashboard shares with the operator console")
    public Response sharedStyle() {
        return StaticFiles.answer(sharedStyle, "text/css; charset=utf-8", POLICY);
    }
}
