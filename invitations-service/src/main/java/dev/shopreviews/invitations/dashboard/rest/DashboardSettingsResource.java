package dev.shopreviews.invitations.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.dashboard.service.DashboardSettings;
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
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.function.Supplier;

/**
 * The shop dashboard's invitation defaults of one webshop (the signed-in owner's, declared with @RolesAllowed): the delay of an
 * invitation added without one, the sender name and Reply-To of the e-mails and the days until the one reminder.
 * <p>
 * The change's body stays on common {@code JsonBodies} (issue 41), not a {@code RequestBodies} record: a field left out
 * and a field sent as null mean different things here (reply_to left out keeps the stored address, null clears it;
 * reminder_days left out keeps the stored days, null is refused), and a bound record cannot tell them apart.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/invitations/webshops/{webshop}/settings")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: invitations")
public class DashboardSettingsResource {
    private final SecurityIdentity identity;
    private final DashboardSettings settings;
    private final ObjectMapper mapper;

    public DashboardSettingsResource(SecurityIdentity identity, DashboardSettings settings, ObjectMapper mapper) {
        this.identity = identity;
        this.settings = settings;
        this.mapper = mapper;
    }

    @JsonPropertyOrder({"status", "message", "default_delay", "sender_name", "reminder_days", "reply_to"})
    public record Settings(String status, String message,
                           @JsonProperty("default_delay") @Schema(description = "days 0-365") int defaultDelay,
                           @JsonProperty("sender_name") @Schema(nullable = true,
                                   description = "display name of the invitation e-mail's From; null: the configured one")
                           String senderName,
                           @JsonProperty("reminder_days") @Schema(description = "days after sending of the one reminder; 0: none")
                           int reminderDays,
                           @JsonProperty("reply_to") @Schema(nullable = true, description = "Reply-To of the e-mails; null: none")
                           String replyTo) {
        static Settings of(String message, DashboardSettings.Defaults defaults) {
            return new Settings(Messages.SUCCESS, message, defaults.defaultDelay(), defaults.senderName(),
                    defaults.reminderDays(), defaults.replyTo());
        }
    }

    @Schema(name = "DashboardInvitationDefaults", requiredProperties = {"default_delay"})
    public record SettingsFields(@JsonProperty("default_delay") @Schema(description = "whole number of days 0-365") int defaultDelay,
                                 @JsonProperty("sender_name") @Schema(nullable = true, maxLength = 100,
                                         description = "one line, no control characters, none of < > \" @ , ; : \\; null or blank: none")
                                 String senderName,
                                 @JsonProperty("reminder_days") @Schema(minimum = "0", maximum = "60",
                                         description = "whole number of days 0-60 (0: no reminder); absent: unchanged")
                                 Integer reminderDays,
                                 @JsonProperty("reply_to") @Schema(nullable = true, maxLength = 254,
                                         description = "an e-mail address on one line; null or blank: none; absent: unchanged")
                                 String replyTo) {
    }

    @GET
    @Operation(summary = "The webshop's invitation defaults",
            description = "default_delay: days an invitation added without a delay waits (while none is stored: the "
                    + "spec's default 0). sender_name: display name of the invitation e-mail's From (null: the configured one). "
                    + "reminder_days: days after sending of the one reminder (0: none). reply_to: the e-mails' Reply-To (null: none).")
    @APIResponse(responseCode = "200", description = "The defaults", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = Settings.class)))
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops")
    public Uni<Response> read(@PathParam("webshop") String webshop) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return settings.read(shop).map(found -> Envelope.ok(Settings.of("Invitation defaults retrieved.", found)));
        });
    }

    @PUT
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Set the webshop's invitation defaults (both fields; applies to invitations added or sent afterwards)",
            description = "Needs the header X-Dashboard-Request: 1. Audited (invitation.defaults).")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = SettingsFields.class)))
    @APIResponse(responseCode = "200", description = "Stored; the defaults as stored", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Settings.class)))
    @APIResponse(responseCode = "400", description = "A field invalid, or no JSON object; nothing stored")
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "403", description = "Without X-Dashboard-Request: 1")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops")
    public Uni<Response> change(@PathParam("webshop") String webshop, String body) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            DashboardSettings.Change wanted = DashboardSettings.parse(JsonBodies.object(mapper, body,
                    DashboardInvitationsResource.NOT_JSON, DashboardInvitationsResource.NOT_JSON));
            return settings.change(owner, shop, wanted).map(saved -> Envelope.ok(Settings.of("Invitation defaults saved.", saved)));
        });
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
