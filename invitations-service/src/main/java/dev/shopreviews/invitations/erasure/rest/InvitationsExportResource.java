package dev.shopreviews.invitations.erasure.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.privacy.PrivacySession;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.erasure.repository.ExportQueries;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/** The {@code invitations} part of the person's export on the privacy page (docs/privacy.md, Export). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.PRIVACY)
@Path("/privacy/api/invitations/export")
@Produces(MediaType.APPLICATION_JSON)
public class InvitationsExportResource {
    static final String EXAMPLE = "{\"status\":\"success\",\"message\":\"Everything invitations-service stores about this address.\","
            + "\"email\":\"anna@example.com\",\"invitations\":[{\"webshop_id\":1234,\"email\":\"anna@example.com\","
            + "\"order_number\":\"ORD-10023\",\"customer_name\":\"Anna\",\"language\":\"en\",\"state\":\"sent\",\"delay_days\":5,"
            + "\"phone_numbers\":[],\"order_total\":null,\"products\":null,\"created_at\":\"2026-11-20T14:03:11Z\","
            + "\"scheduled_at\":\"2026-11-25T14:03:11Z\",\"sent_at\":\"2026-11-25T14:03:15Z\"}],\"consents\":[],"
            + "\"opt_outs\":{\"every_webshop\":false,\"webshop_ids\":[]},\"review_links\":[{\"webshop_id\":1234,"
            + "\"invitation_id\":77,\"language\":\"en\",\"created_at\":\"2026-11-25T14:03:15Z\","
            + "\"expires_at\":\"2027-02-23T14:03:15Z\",\"revoked_at\":null}]}";

    private final SecurityIdentity identity;
    private final ExportQueries queries;
    private final ObjectMapper mapper;

    public InvitationsExportResource(SecurityIdentity identity, ExportQueries queries, ObjectMapper mapper) {
        this.identity = identity;
        this.queries = queries;
        this.mapper = mapper;
    }

    @GET
    @WithSession
    @Operation(summary = "Export everything this service stores about the privacy session's address")
    @APIResponse(responseCode = "200", description = "Invitations, consents, opt-outs and review links of the address.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = InvitationsExport.class),
                    examples = @ExampleObject(name = "one invitation", value = EXAMPLE)))
    @APIResponse(responseCode = "401", description = "No, an expired or a forged session cookie.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "expired", value = "{\"status\":\"error\",\"message\":\"Your privacy link has expired. Ask for a new one.\"}")))
    public Uni<Response> export() {
        Uni<Response> work = Uni.createFrom().item(() -> Callers.person(identity))
                .chain(session -> read(session));
        return Envelope.guard(work, ErrorBody.PLAIN)
                .map(response -> Response.fromResponse(response).header("Cache-Control", "no-store").build());
    }

    private Uni<Response> read(PrivacySession session) {
        String hash = EmailHash.of(session.email());
        return queries.invitations(hash).chain(invitations -> queries.consents(hash)
                .chain(consents -> queries.optOutWebshops(hash)
                        .chain(optOuts -> queries.reviewLinks(hash)
                                .map(links -> Envelope.ok(InvitationsExport.of(session.email().trim(), invitations,
                                        consents, optOuts, links, mapper))))));
    }
}
