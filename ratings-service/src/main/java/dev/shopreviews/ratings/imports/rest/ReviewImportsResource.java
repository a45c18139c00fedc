package dev.shopreviews.ratings.imports.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.audit.ShopApiCode;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.ratings.imports.service.ImportRequest;
import dev.shopreviews.ratings.imports.service.ReviewImports;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;

/**
 * Import of a shop's reviews from another provider (an extension of the spec). Checks in this order: id/code (400
 * missing, 401 wrong), the body and every row (400, nothing stored), then stores the rows not imported before.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
// Whoever holds the webshop's API code (id and code, checked by the framework: common security's ShopIdentities).
@RolesAllowed(Roles.SHOP)
@Path("/api/1.0/review_imports.json")
@Produces(MediaType.APPLICATION_JSON)
public class ReviewImportsResource {
    public static final String SUCCESS = "Reviews imported";

    private final SecurityIdentity identity;
    private final ReviewImports imports;
    private final ObjectMapper mapper;

    public ReviewImportsResource(SecurityIdentity identity, ReviewImports imports, ObjectMapper mapper) {
        this.identity = identity;
        this.imports = imports;
        this.mapper = mapper;
    }

    @POST
    @WithSession
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Import the shop's reviews from another provider (an extension of the spec)",
            description = "At most " + ImportRequest.MAX_ROWS + " reviews per call, idempotent by (source, source_review_id). "
                    + "Imported reviews keep their date, are never verified and are labelled imported in ratings.json.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "one review",
            value = "{\"source\":\"oldprovider\",\"reviews\":[{\"source_review_id\":\"r-1001\",\"created\":\"2023-05-04T10:15:00Z\","
                    + "\"name\":\"Jan\",\"language\":\"nl\",\"country\":\"NL\",\"rating\":5,\"comment\":\"Snel geleverd.\"}]}")))
    @APIResponse(responseCode = "200", description = "Stored; rows imported before are named, not stored again.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportAnswer.class),
            examples = @ExampleObject(name = "imported", value = "{\"status\":\"success\",\"message\":\"Reviews imported\","
                    + "\"source\":\"oldprovider\",\"imported\":1,\"review_ids\":[5124],\"already_imported\":[]}")))
    @APIResponse(responseCode = "400", description = "id or code missing, or the body or a row is invalid: nothing stored.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = @ExampleObject(name = "bad row", value = "{\"status\":\"error\",\"message\":"
                            + "\"Invalid reviews, nothing was imported: row 2: rating must be an integer from 1 to 5.\"}")))
    @APIResponse(responseCode = "401", description = "Wrong credentials.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "wrong code",
                    value = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\"}")))
    @Parameter(name = "id", in = ParameterIn.QUERY, description = "webshop id",
            schema = @Schema(type = SchemaType.STRING))
    @Parameter(name = "code", in = ParameterIn.QUERY, description = "the webshop's API code",
            schema = @Schema(type = SchemaType.STRING))
    public Uni<Response> importReviews(String body) {
        Uni<Response> work = Uni.createFrom().item(() -> Callers.shop(identity))
                .chain(shop -> imports.store(shop.id, ImportRequest.parse(body, mapper, Instant.now()), new ShopApiCode(shop.id)))
                .map(result -> Envelope.ok(ImportAnswer.of(result)));
        return Envelope.guard(work, ErrorBody.PLAIN);
    }
}
