package dev.shopreviews.invitations.dashboard.rest;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.JsonBodies;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.dashboard.repository.DashboardInvitationQueries;
import dev.shopreviews.invitations.dashboard.service.CsvImport;
import dev.shopreviews.invitations.dashboard.service.DashboardInvitations;
import dev.shopreviews.invitations.invitation.rest.AddInvitationForm;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The shop dashboard's invitations of one webshop (the signed-in owner's, declared with @RolesAllowed): the list, adding one as
 * the spec's POST does, a CSV upload of orders and the outcomes per week or month.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/invitations/webshops/{webshop}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: invitations")
public class DashboardInvitationsResource {
    static final String NOT_JSON = "The body must be a JSON object.";

    private final SecurityIdentity identity;
    private final DashboardInvitations invitations;
    private final CsvImport csv;
    private final ObjectMapper mapper;

    public DashboardInvitationsResource(SecurityIdentity identity, DashboardInvitations invitations, CsvImport csv, ObjectMapper mapper) {
        this.identity = identity;
        this.invitations = invitations;
        this.csv = csv;
        this.mapper = mapper;
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonPropertyOrder({"id", "email", "order", "customer_name", "language", "delay", "created", "send_at", "sent_at",
            "status", "failure_reason", "attempts", "reviewed"})
    public record InvitationItem(long id, String email, String order, String customerName, String language, int delay,
                                 Instant created, Instant sendAt, Instant sentAt,
                                 @Schema(enumeration = {"queued", "sent", "failed", "opted_out", "reviewed"}) String status,
                                 String failureReason, int attempts, boolean reviewed) {
        static InvitationItem of(DashboardInvitationQueries.Listed row) {
            return new InvitationItem(row.id(), row.email(), row.order(), row.customerName(), row.language(), row.delayDays(),
                    row.created(), row.scheduled(), row.sent(), DashboardInvitations.status(row.state()), row.lastError(),
                    row.attempts(), row.reviewed());
        }
    }

    @JsonPropertyOrder({"status", "message", "items", "next", "total"})
    public record InvitationList(String status, String message, List<InvitationItem> items,
                                 @Schema(description = "after of the next page; null on the last page") String next,
                                 long total) {
    }

    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    @JsonPropertyOrder({"period", "sent", "opened", "reviewed", "opted_out", "failed"})
    public record Period(@Schema(description = "First day (UTC) of the week (Monday) or month, YYYY-MM-DD") String period,
                        long sent, @Schema(description = "Always 0: this service does not record opened links") long opened,
                        long reviewed, long optedOut, long failed) {
    }

    @JsonPropertyOrder({"status", "message", "by", "series"})
    public record Outcomes(String status, String message, String by, List<Period> series) {
    }

    @JsonPropertyOrder({"status", "message", "dry_run", "rows", "valid", "invalid", "added"})
    public record CsvAnswer(String status, String message,
                            @com.fasterxml.jackson.annotation.JsonProperty("dry_run") boolean dryRun,
                            List<CsvImport.RowResult> rows, int valid, int invalid, int added) {
    }

    @Schema(name = "DashboardInvitation", description = "One invitation; the fields of spec 4.1 as JSON (strings or numbers)",
            requiredProperties = {"email"})
    public record NewInvitationFields(String email, String order,
                                      @com.fasterxml.jackson.annotation.JsonProperty("customer_name") String customerName,
                                      String language, @Schema(description = "days 0-365") String delay,
                                      @com.fasterxml.jackson.annotation.JsonProperty("phone_numbers") List<String> phoneNumbers,
                                      @com.fasterxml.jackson.annotation.JsonProperty("order_total") String orderTotal,
                                      @com.fasterxml.jackson.annotation.JsonProperty("order_data")
                                      @Schema(description = "JSON text or object with a products array") String orderData) {
    }

    @GET
    @Path("/invitations")
    @WithSession
    @Operation(summary = "The webshop's invitations, newest first, one page at a time",
            description = "status: queued (waiting, being sent, or to be tried again), sent, failed (failure_reason says "
                    + "why), opted_out (the address opted out; not sent), reviewed (written in the consent pop-up; not sent). "
                    + "after: next of the previous page. limit 1-100 (default 25).")
    @APIResponse(responseCode = "200", description = "One page", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = InvitationList.class)))
    @APIResponse(responseCode = "400", description = "A filter, cursor or limit not understood")
    @APIResponse(responseCode = "401", description = "No dashboard session")
    @APIResponse(responseCode = "404", description = "Not one of the owner's webshops")
    public Uni<Response> list(@PathParam("webshop") String webshop,
                              @Parameter(description = "queued, sent, failed, opted_out or reviewed") @QueryParam("status") String status,
                              @Parameter(description = "next of the previous page") @QueryParam("after") String after,
                              @Parameter(description = "page size 1-100, default 25") @QueryParam("limit") String limit) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return invitations.page(shop, status, after, limit).map(page -> Envelope.ok(new InvitationList(Messages.SUCCESS,
                    "Invitations retrieved.", page.items().stream().map(InvitationItem::of).toList(), page.next(), page.total())));
        });
    }

    @POST
    @Path("/invitations")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Add one invitation, with the checks and messages of the spec's POST /api/1.0/invitations.json",
            description = "Needs the header X-Dashboard-Request: 1.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = NewInvitationFields.class)))
    @APIResponse(responseCode = "200", description = "Queued, or already sent for this order (both status success)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    @APIResponse(responseCode = "400", description = "A field invalid (the spec's messages), or no JSON object")
    @APIResponse(responseCode = "403", description = "Without X-Dashboard-Request: 1, or the webshop is deactivated")
    @APIResponse(responseCode = "429", description = "The webshop's daily e-mail quota is used up")
    public Uni<Response> add(@PathParam("webshop") String webshop, String body) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            AddInvitationForm form = form(JsonBodies.object(mapper, body, NOT_JSON, NOT_JSON));
            return invitations.add(owner, shop, form).map(added -> Envelope.ok(StatusMessage.success(added.message())));
        });
    }

    @POST
    @Path("/invitations/csv")
    @Operation(summary = "Upload orders as CSV: check every row (dry_run=true) or add the valid ones",
            description = "Body text/csv (UTF-8, UTF-16 with a byte order mark or Windows-1252; comma, semicolon or tab), at most 1 MB and 1,000 rows below a header row naming the columns in any "
                    + "order: email (required), order, name, language, delay, products (sku|name pairs separated by ;). "
                    + "Quotes per RFC 4180. Each row is checked and added as one invitation of the spec's POST. "
                    + "Needs the header X-Dashboard-Request: 1.")
    @RequestBody(content = @Content(mediaType = "text/csv", schema = @Schema(type = org.eclipse.microprofile.openapi.annotations.enums.SchemaType.STRING)))
    @APIResponse(responseCode = "200", description = "Per row: ok (valid; on import: already sent for this order), error (message) or added",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = CsvAnswer.class)))
    @APIResponse(responseCode = "400", description = "Not text/csv, not UTF-8, empty, no header or an unknown column; nothing stored")
    @APIResponse(responseCode = "413", description = "More than 1,000 rows or 1 MB; nothing stored")
    public Uni<Response> upload(@HeaderParam("Content-Type") String contentType,
                                @PathParam("webshop") String webshop,
                                @Parameter(description = "true: check only, store nothing (default false)") @QueryParam("dry_run") String dryRun,
                                byte[] body) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Owner owner = Callers.ownerOf(identity, shop);
            boolean check = dryRun(dryRun);
            return csv.upload(owner, shop, contentType, body, check).map(result -> Envelope.ok(new CsvAnswer(Messages.SUCCESS,
                    check ? "File checked; nothing was stored." : "File imported.", check, result.rows(), result.valid(),
                    result.invalid(), result.added())));
        });
    }

    @GET
    @Path("/invitations/outcomes")
    @WithSession
    @Operation(summary = "What became of the invitations added in each of the last 26 weeks or 12 months (UTC)",
            description = "Counted by the week or month the invitation was added. opened is always 0: this service does "
                    + "not record opened links. reviewed counts reviews written in the consent pop-up only.")
    @APIResponse(responseCode = "200", description = "Oldest period first", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = Outcomes.class)))
    public Uni<Response> outcomes(@PathParam("webshop") String webshop,
                                  @Parameter(description = "week (default) or month") @QueryParam("by") String by) {
        return guarded(() -> {
            long shop = webshopId(webshop);
            Callers.ownerOf(identity, shop);
            return invitations.outcomes(shop, by).map(series -> Envelope.ok(new Outcomes(Messages.SUCCESS,
                    "Outcomes retrieved.", by == null || by.isBlank() ? "week" : by.trim().toLowerCase(java.util.Locale.ROOT),
                    series.stream().map(p -> new Period(p.period(), p.sent(), 0, p.reviewed(), p.optedOut(), p.failed())).toList())));
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

    private static boolean dryRun(String value) {
        if (value == null || value.isBlank() || value.trim().equalsIgnoreCase("false")) {
            return false;
        }
        if (value.trim().equalsIgnoreCase("true")) {
            return true;
        }
        throw EnvelopeException.invalid("dry_run must be true or false.");
    }

    /** The JSON object as the spec's form fields: strings, or numbers taken as their text; order_data also an object. */
    private AddInvitationForm form(ObjectNode json) {
        AddInvitationForm form = new AddInvitationForm();
        form.email = text(json, "email");
        form.order = text(json, "order");
        form.customerName = text(json, "customer_name");
        form.language = text(json, "language");
        form.delay = text(json, "delay");
        form.orderTotal = text(json, "order_total");
        JsonNode orderData = json.get("order_data");
        form.orderData = orderData != null && orderData.isObject() ? orderData.toString() : text(json, "order_data");
        JsonNode phones = json.get("phone_numbers");
        if (phones != null && !phones.isNull()) {
            if (!phones.isArray()) {
                throw EnvelopeException.invalid("phone_numbers must be a list of texts.");
            }
            List<String> numbers = new ArrayList<>();
            for (JsonNode phone : phones) {
                if (!phone.isTextual() && !phone.isNumber()) {
                    throw EnvelopeException.invalid("phone_numbers must be a list of texts.");
                }
                numbers.add(phone.asText());
            }
            form.phoneNumbers = numbers;
        }
        return form;
    }

    private static String text(ObjectNode json, String field) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isIntegralNumber() || value.isNumber()) {
            return value.asText();
        }
        throw EnvelopeException.invalid(field + " must be a text.");
    }
}
