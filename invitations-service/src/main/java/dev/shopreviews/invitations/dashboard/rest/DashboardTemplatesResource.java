package dev.shopreviews.invitations.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.invitations.template.mapping.MailKind;
import dev.shopreviews.invitations.template.mapping.RenderedMail;
import dev.shopreviews.invitations.template.mapping.TemplateSource;
import dev.shopreviews.invitations.template.service.ShopTemplates;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.List;
import java.util.function.Supplier;

/**
 * The shop dashboard's own e-mail templates of one webshop (the signed-in owner's, declared with @RolesAllowed): per kind
 * (invitation, reminder) and mail language; list, read (the built-in text while none is stored), preview with sample
 * data, save (checked first) and delete (back to the built-in text).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/invitations/webshops/{webshop}/templates")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: invitations")
public class DashboardTemplatesResource {
    static final List<String> VARIABLES = List.of("shop_name", "customer_name", "review_link", "opt_out_link", "products");

    private final SecurityIdentity identity;
    private final ShopTemplates templates;
    private final ObjectMapper mapper;

    public DashboardTemplatesResource(SecurityIdentity identity, ShopTemplates templates, ObjectMapper mapper) {
        this.identity = identity;
        this.templates = templates;
        this.mapper = mapper;
    }

    @JsonPropertyOrder({"kind", "language", "custom", "updated"})
    public record Listed(String kind, String language,
                         @Schema(description = "true: the shop's own template; false: the built-in text") boolean custom,
                         @Schema(nullable = true, description = "when the own template was saved (UTC)") String updated) {
    }

    @JsonPropertyOrder({"status", "message", "templates"})
    public record TemplateList(String status, String message, List<Listed> templates) {
    }

    @JsonPropertyOrder({"status", "message", "kind", "language", "custom", "updated", "variables", "subject", "html", "text"})
    public record TemplateAnswer(String status, String message, String kind, String language, boolean custom,
                                 @Schema(nullable = true) String updated,
                                 @Schema(description = "the variables a template may use") List<String> variables,
                                 String subject, String html, String text) {
        static TemplateAnswer of(String message, ShopTemplates.Shown shown) {
            return new TemplateAnswer(Messages.SUCCESS, message, shown.kind().name(), shown.language(), shown.custom(),
                    shown.updatedAt() == null ? null : Times.datetime(shown.updatedAt()), VARIABLES,
                    shown.source().subject(), shown.source().html(), shown.source().text());
        }
    }

    @JsonPropertyOrder({"status", "message", "subject", "html", "text"})
    public record Preview(String status, String message, String subject, String html, String text) {
    }

    @Schema(name = "DashboardMailTemplate", requiredProperties = {"subject", "html", "text"})
    public record TemplateFields(@Schema(maxLength = 200, description = "one line; may use {shop_name}, {customer_name}") String subject,
                                 @Schema(maxLength = 50000, description = "HTML part; must show {review_link} and {opt_out_link}") String html,
                                 @JsonProperty("text") @Schema(maxLength = 20000, description = "plain-text part; must show both links too") String text) {
    }

    @GET
    @Operation(summary = "The webshop's e-mail templates: each kind and mail language, own or built-in")
    @APIResponse(responseCode = "200", description = "The list", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = TemplateList.class)))
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops")
    public Uni<Response> list(@PathParam("webshop") String webshop) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return templates.list(shop).map(all -> Envelope.ok(new TemplateList(Messages.SUCCESS, "E-mail templates retrieved.",
                    all.stream().map(t -> new Listed(t.kind().name(), t.language(), t.custom(),
                            t.updatedAt() == null ? null : Times.datetime(t.updatedAt()))).toList())));
        });
    }

    @GET
    @Path("/{kind}/{language}")
    @Operation(summary = "One e-mail template (the built-in text written with the variables while none is stored)")
    @APIResponse(responseCode = "200", description = "The template", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = TemplateAnswer.class)))
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops, or no such kind or language")
    public Uni<Response> get(@PathParam("webshop") String webshop,
                             @PathParam("kind") String kind, @PathParam("language") String language) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return templates.get(shop, MailKind.named(kind), language)
                    .map(shown -> Envelope.ok(TemplateAnswer.of("E-mail template retrieved.", shown)));
        });
    }

    @POST
    @Path("/{kind}/{language}/preview")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Check a template and render it with sample data (stores nothing)")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TemplateFields.class)))
    @APIResponse(responseCode = "200", description = "The rendered subject, HTML and text", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Preview.class)))
    @APIResponse(responseCode = "400", description = "Not a valid template (the message says why)")
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops, or no such kind or language")
    public Uni<Response> preview(@PathParam("webshop") String webshop,
                                 @PathParam("kind") String kind, @PathParam("language") String language, String body) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            MailKind mailKind = MailKind.named(kind);
            TemplateSource source = source(body);
            return templates.preview(shop, mailKind, language, source).map(rendered -> Envelope.ok(preview(rendered)));
        });
    }

    @PUT
    @Path("/{kind}/{language}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Save the webshop's own template (checked first; applies to e-mails not sent yet)",
            description = "Needs the header X-Dashboard-Request: 1. Audited (invitation.template).")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TemplateFields.class)))
    @APIResponse(responseCode = "200", description = "Stored", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = TemplateAnswer.class)))
    @APIResponse(responseCode = "400", description = "Not a valid template (the message says why); nothing stored")
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "403", description = "Without X-Dashboard-Request: 1")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops, or no such kind or language")
    public Uni<Response> save(@PathParam("webshop") String webshop, @PathParam("kind") String kind,
                              @PathParam("language") String language, String body) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            MailKind mailKind = MailKind.named(kind);
            TemplateSource source = source(body);
            return templates.save(owner, shop, mailKind, language, source)
                    .map(shown -> Envelope.ok(TemplateAnswer.of("E-mail template saved.", shown)));
        });
    }

    @DELETE
    @Path("/{kind}/{language}")
    @Operation(summary = "Delete the webshop's own template: the built-in text applies again",
            description = "Needs the header X-Dashboard-Request: 1. Audited (invitation.template).")
    @APIResponse(responseCode = "200", description = "The built-in template now in use", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = TemplateAnswer.class)))
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "403", description = "Without X-Dashboard-Request: 1")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops, or no such kind or language")
    public Uni<Response> delete(@PathParam("webshop") String webshop, @PathParam("kind") String kind,
                                @PathParam("language") String language) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            return templates.delete(owner, shop, MailKind.named(kind), language)
                    .map(shown -> Envelope.ok(TemplateAnswer.of("E-mail template deleted: the built-in text applies.", shown)));
        });
    }

    private TemplateSource source(String body) {
        ObjectNode json = JsonBodies.object(mapper, body, DashboardInvitationsResource.NOT_JSON, DashboardInvitationsResource.NOT_JSON);
        return new TemplateSource(text(json, "subject"), text(json, "html"), text(json, "text"));
    }

    private static String text(ObjectNode json, String field) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw EnvelopeException.invalid(field + " must be a text.");
        }
        return value.textValue();
    }

    private static Preview preview(RenderedMail rendered) {
        return new Preview(Messages.SUCCESS, "Preview with sample data.", rendered.subject(), rendered.html(), rendered.text());
    }

    private static Uni<Response> guarded(Supplier<Uni<? extends Response>> work) {
        return Envelope.guard(Uni.createFrom().deferred(work), ErrorBody.PLAIN);
    }

    /** The path's webshop id; a malformed one is nobody's webshop (401 without a session, else 404). */
    private static long webshopId(String webshop) {
        Long id = TextInput.id(webshop);
        return id == null ? -1 : id;
    }
}
