package dev.shopreviews.embed.sidebar.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.RequestBodies;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.embed.sidebar.service.SidebarSettings;
import dev.shopreviews.embed.sidebar.service.SidebarSettingsStore;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * The shop dashboard's sidebar settings of one webshop (the signed-in owner's): what sidebar.js does when the shop's
 * page sets no page variable (spec 4.12: "they override dashboard settings").
 * <p>
 * A save answers in this order: the dashboard session and header (401, 403, by the framework), the webshop is the
 * caller's (404), the body (400, the first wrong field). The body is therefore read where that order puts it
 * ({@link RequestBodies#read}: the strict binding and Bean Validation of a {@code @Valid} parameter, which would be
 * checked before the endpoint runs, ahead of the ownership).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/embed/webshops/{webshop}/sidebar")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: sidebar")
public class DashboardSidebarResource {
    static final String RETRIEVED = "Sidebar settings retrieved.";
    static final String SAVED = "Sidebar settings saved.";
    static final String EXAMPLE = """
            {"status":"success","message":"Sidebar settings retrieved.","sidebar":true,"position":"right","top":"40%",\
            "theme":"light","mobile":"bottom_right","mobile_tab":"left","tooltip":true,"language":""}""";

    private final SecurityIdentity identity;
    private final SidebarSettingsStore store;
    private final RequestBodies bodies;

    public DashboardSidebarResource(SecurityIdentity identity, SidebarSettingsStore store, RequestBodies bodies) {
        this.identity = identity;
        this.store = store;
        this.bodies = bodies;
    }

    @JsonPropertyOrder({"status", "message"})
    public record SettingsAnswer(String status, String message, @JsonUnwrapped SidebarSettings settings) {
    }

    @GET
    @WithSession
    @Operation(summary = "The webshop's sidebar settings (the spec's defaults until the owner saves any)")
    @APIResponse(responseCode = "200", description = "The settings.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = SettingsAnswer.class), examples = @ExampleObject(name = "saved", value = EXAMPLE)))
    @APIResponse(responseCode = "404", description = "Not the owner's webshop.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    public Uni<Response> read(@PathParam("webshop") String webshop) {
        return Envelope.guarded(() -> {
            long webshopId = ownerWebshop(webshop);
            return store.of(webshopId).map(settings -> Envelope.ok(new SettingsAnswer(Messages.SUCCESS, RETRIEVED, settings)));
        });
    }

    @PUT
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Save the webshop's sidebar settings",
            description = "Every field is required (the values of spec 4.12's page variables; language empty for the "
                    + "webshop's default). The first wrong field in the order of the answer is refused with 400. Needs the "
                    + "header X-Dashboard-Request: 1. Audited as sidebar.settings.change. The sidebar shows them within "
                    + "its cache time (at most ten minutes).")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SidebarSettings.class)))
    @APIResponse(responseCode = "200", description = "Saved; the settings as stored.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SettingsAnswer.class)))
    @APIResponse(responseCode = "400", description = "Not a JSON object, or a field missing or not one of its values.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = @ExampleObject(name = "position", value = "{\"status\":\"error\",\"message\":"
                            + "\"Invalid value for position: expected left, right.\"}")))
    @APIResponse(responseCode = "404", description = "Not the owner's webshop.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    public Uni<Response> save(@PathParam("webshop") String webshop, String body) {
        return Envelope.guarded(() -> {
            long webshopId = ownerWebshop(webshop);
            var owner = Callers.owner(identity);
            SidebarSettings wanted = bodies.read(body, SidebarSettings.class);
            return store.save(owner, webshopId, wanted).map(settings -> Envelope.ok(new SettingsAnswer(Messages.SUCCESS, SAVED, settings)));
        });
    }

    /** The path's webshop if it is one of the caller's; a malformed id is nobody's (404 as another owner's). */
    private long ownerWebshop(String webshop) {
        Long id = TextInput.id(webshop);
        long webshopId = id == null ? -1 : id;
        Callers.ownerOf(identity, webshopId);
        return webshopId;
    }
}
