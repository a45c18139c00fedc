package dev.shopreviews.ratings.transparency.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.ratings.transparency.service.Transparency;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * A webshop's transparency statement (an extension of the spec; docs/privacy.md): how its reviews of the last 12
 * months were collected and verified, moderated, and answered. Public: no code.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/transparency.json")
@Produces(MediaType.APPLICATION_JSON)
// Public: the webshop's transparency figures need no code.
@PermitAll
public class TransparencyResource {
    static final String SUCCESS = "Transparency figures.";
    static final String EXAMPLE = "{\"status\":\"success\",\"message\":\"Transparency figures.\",\"webshop_id\":1,"
            + "\"period\":{\"from\":\"2025-11-25\",\"to\":\"2026-11-25\"},\"collected\":[{\"method\":\"invitation\","
            + "\"verified\":10,\"unverified\":0},{\"method\":\"popup\",\"verified\":3,\"unverified\":1},{\"method\":\"form\","
            + "\"verified\":0,\"unverified\":4}],\"moderation\":{\"published\":15,\"quarantined\":1,\"held\":0,\"deleted\":2,"
            + "\"quarantine_reasons\":[{\"reason\":\"contains a link\",\"count\":1}]},\"responses\":{\"reviews\":18,"
            + "\"replied\":6,\"rate\":0.33}}";
    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\"}";

    private final Transparency transparency;

    public TransparencyResource(Transparency transparency) {
        this.transparency = transparency;
    }

    @GET
    @Operation(summary = "A webshop's transparency figures of the last 12 months (public; an extension of the spec)")
    @APIResponse(responseCode = "200", description = "Collection methods with verification, moderation outcomes and "
            + "reasons, the shop's response rate.", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = TransparencyAnswer.class), examples = @ExampleObject(name = "a year", value = EXAMPLE)))
    @APIResponse(responseCode = "401", description = "id not a number, unknown or inactive webshop.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "unknown webshop", value = EXAMPLE_401)))
    @APIResponse(responseCode = "400", description = "id missing.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no id",
                    value = "{\"status\":\"error\",\"message\":\"Not all obligated variables are set.\"}")))
    public Uni<Response> figures(@Parameter(description = "webshop id") @QueryParam("id") String id) {
        return Envelope.guard(transparency.of(id).map(statement -> Envelope.ok(TransparencyAnswer.of(statement))),
                ErrorBody.PLAIN);
    }
}
