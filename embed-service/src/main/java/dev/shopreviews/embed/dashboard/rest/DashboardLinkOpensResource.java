package dev.shopreviews.embed.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.embed.dashboard.repository.DashboardLinkOpenQueries.Unit;
import dev.shopreviews.embed.dashboard.repository.DashboardLinkOpenQueries;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
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
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.util.List;

/**
 * The shop dashboard's "opened link" outcome of one webshop (the signed-in owner's): how many of
 * the review links announced in each of the last 26 weeks or 12 months were opened. The periods are those of
 * invitations-service's {@code /dashboard/api/invitations/webshops/{id}/invitations/outcomes}, so the dashboard merges
 * the two series by {@code period}.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/embed/webshops/{webshop}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: review links")
public class DashboardLinkOpensResource {
    static final String RETRIEVED = "Opened review links retrieved.";
    static final String BAD_BY = "by must be week or month.";
    static final String EXAMPLE_200 = """
            {"status":"success","message":"Opened review links retrieved.","by":"month","series":[\
            {"period":"2026-10-01","opened":0},{"period":"2026-11-01","opened":3}]}""";
    static final String EXAMPLE_400 = """
            {"status":"error","message":"by must be week or month."}""";

    private final SecurityIdentity identity;
    private final DashboardLinkOpenQueries queries;

    public DashboardLinkOpensResource(SecurityIdentity identity, DashboardLinkOpenQueries queries) {
        this.identity = identity;
        this.queries = queries;
    }

    @JsonPropertyOrder({"period", "opened"})
    public record Period(@Schema(description = "First day (UTC) of the week (Monday) or month, YYYY-MM-DD") String period,
                         @Schema(description = "Links announced in this period whose review form was opened since") long opened) {
    }

    @JsonPropertyOrder({"status", "message", "by", "series"})
    public record LinkOpens(String status, String message, @Schema(enumeration = {"week", "month"}) String by,
                            List<Period> series) {
    }

    @GET
    @Path("/link-opens")
    @WithSession
    @Operation(summary = "How many of the review links announced in each of the last 26 weeks or 12 months (UTC) were opened",
            description = "Counted by the week (from Monday) or month in which invitations-service announced the link "
                    + "(issued it for an e-mail); opened means the link's review form was served (GET) at least once. "
                    + "Periods and period strings as invitations-service's invitations/outcomes. A mail scanner that "
                    + "fetches links before the customer counts as an opening. Links of mails sent before openings "
                    + "were recorded are not counted.")
    @APIResponse(responseCode = "200", description = "Oldest period first, every period present (0 without openings)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = LinkOpens.class),
                    examples = @ExampleObject(name = "by month (shortened)", value = EXAMPLE_200)))
    @APIResponse(responseCode = "400", description = "by is neither week nor month",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = @ExampleObject(name = "bad by", value = EXAMPLE_400)))
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops")
    public Uni<Response> linkOpens(@PathParam("webshop") String webshop,
                                   @Parameter(description = "week (default) or month") @QueryParam("by") String by) {
        return Envelope.guard(Uni.createFrom().deferred(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            Unit unit = Unit.of(by);
            if (unit == null) {
                throw EnvelopeException.invalid(BAD_BY);
            }
            return queries.opens(shop, unit).map(series -> Envelope.ok(new LinkOpens(Messages.SUCCESS, RETRIEVED,
                    unit.label(), series.stream().map(p -> new Period(p.period(), p.opened())).toList())));
        }), ErrorBody.PLAIN);
    }

    /** The path's webshop id; a malformed one is nobody's webshop (401 without a session, else 404). */
    private static long webshopId(String webshop) {
        Long id = TextInput.id(webshop);
        return id == null ? -1 : id;
    }
}
