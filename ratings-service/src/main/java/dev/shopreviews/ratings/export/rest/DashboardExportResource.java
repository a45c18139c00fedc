package dev.shopreviews.ratings.export.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.common.time.Times;
import dev.shopreviews.ratings.export.service.ReviewCsv;
import dev.shopreviews.ratings.export.service.ReviewExport;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Multi;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.RestMulti;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;

/**
 * The owner takes all of a webshop's reviews along: {@code GET …/export?format=json|csv}, a download of every review
 * that is not deleted, in the spec's ratings.json item shape (JSON) or as one CSV line each. Streamed page by page.
 * Written in the framework's style: the caller is declared, not checked by hand.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/ratings/webshops/{webshop}/export")
@Tag(name = "Shop dashboard: reviews")
public class DashboardExportResource {
    static final String BAD_FORMAT = "format must be json or csv.";

    private final SecurityIdentity identity;
    private final ReviewExport export;
    private final ObjectMapper mapper;

    public DashboardExportResource(SecurityIdentity identity, ReviewExport export, ObjectMapper mapper) {
        this.identity = identity;
        this.export = export;
        this.mapper = mapper;
    }

    @GET
    @Operation(summary = "Download every review of the webshop (not deleted), newest first, as JSON or CSV",
            description = "JSON: {status, message, webshop_id, exported_at, reviews: [ratings.json items]}. CSV: a header "
                    + "line and one line per review with the same fields (sub-ratings as columns); text that a "
                    + "spreadsheet would run as a formula starts with an apostrophe. Audited as reviews.export.")
    @APIResponse(responseCode = "200", description = "The download (Content-Disposition: attachment)")
    @APIResponse(responseCode = "400", description = "format is neither json nor csv")
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops")
    public RestMulti<String> download(@PathParam("webshop") String webshop,
                                      @Parameter(description = "json (default) or csv") @QueryParam("format") String format) {
        Long id = TextInput.id(webshop);
        Owner owner = Callers.ownerOf(identity, id == null ? -1 : id);
        String kind = format == null || format.isEmpty() ? "json" : format;
        if (!kind.equals("json") && !kind.equals("csv")) {
            throw EnvelopeException.invalid(BAD_FORMAT);
        }
        long shop = id;
        Instant now = Instant.now();
        Multi<String> body = export.recordExport(owner, shop, kind).onItem().transformToMulti(ignored -> kind.equals("csv")
                ? Multi.createBy().concatenating().streams(Multi.createFrom().item(ReviewCsv.HEADER),
                        export.items(shop).map(ReviewCsv::row))
                : json(shop, now));
        String file = "reviews-" + shop + "-" + now.toString().substring(0, 10) + "." + kind;
        return RestMulti.fromMultiData(body)
                .header("Content-Type", kind.equals("csv") ? "text/csv; charset=utf-8" : "application/json")
                .header("Content-Disposition", "attachment; filename=\"" + file + "\"")
                .build();
    }

    /** The JSON envelope around the items, written as the items arrive (no list in memory). */
    private Multi<String> json(long shop, Instant now) {
        String head = "{\"status\":\"success\",\"message\":\"Reviews exported.\",\"webshop_id\":" + shop
                + ",\"exported_at\":\"" + Times.datetime(now) + "\",\"reviews\":[";
        boolean[] first = {true};
        return Multi.createBy().concatenating().streams(Multi.createFrom().item(head),
                export.items(shop).map(item -> {
                    String separator = first[0] ? "" : ",";
                    first[0] = false;
                    return separator + write(item);
                }),
                Multi.createFrom().item("]}"));
    }

    private String write(Object item) {
        try {
            return mapper.writeValueAsString(item);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a review that cannot be written as JSON", e);
        }
    }
}
