package dev.shopreviews.ratings.dashboard.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.api.RequestBodies;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.auth.OwnerAuth;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.ratings.dashboard.service.Cursors;
import dev.shopreviews.ratings.dashboard.service.DashboardReviewList;
import dev.shopreviews.ratings.dashboard.service.Incentives;
import dev.shopreviews.ratings.dashboard.service.Overviews;
import dev.shopreviews.ratings.dashboard.service.OwnerReplies;
import dev.shopreviews.ratings.dashboard.service.Reporting;
import dev.shopreviews.ratings.imports.service.CsvImport;
import dev.shopreviews.ratings.imports.service.ImportRequest;
import dev.shopreviews.ratings.imports.service.ReviewImports;
import dev.shopreviews.ratings.reply.rest.ReviewRepliesResource;
import dev.shopreviews.ratings.reply.service.Replies;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.validation.Valid;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
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
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.function.Supplier;

/**
 * ratings-service's part of the shop dashboard API under {@code /dashboard/api/ratings/webshops/{webshop}/} (the
 * gateway routes {@code /dashboard/api/ratings/} here): reads need the owner's dashboard session naming the webshop
 * (declared, checked by the framework: 401 signed out, 404 for a webshop not theirs), changes also the dashboard's request header
 * (403 without). JSON bodies are validated records (common {@code JsonRequest}): report and incentivized take them as
 * {@code @Valid} parameters, checked after the session and before the review's id; reply reads its body after the
 * reply access (403 first, as {@code POST /api/1.0/review_replies.json} orders it).
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
// A template class path: no other resource class of this service starts with /dashboard, so nothing is shadowed.
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/ratings/webshops/{webshop}")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: ratings")
@APIResponse(responseCode = "401", description = "No valid dashboard session.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "signed out", value = "{\"status\":\"error\",\"message\":\"" + OwnerAuth.SIGN_IN + "\"}")))
@APIResponse(responseCode = "404", description = "Not one of the owner's webshops, or no such review of it.", content = @Content(
        mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
        examples = @ExampleObject(name = "another's webshop", value = "{\"status\":\"error\",\"message\":\"" + OwnerAuth.NOT_YOURS + "\"}")))
public class DashboardResource {
    static final String OVERVIEW_EXAMPLE = "{\"status\":\"success\",\"message\":\"Ratings overview retrieved.\",\"by\":\"month\","
            + "\"amount\":132,\"average\":4.31,\"sub_ratings\":{\"shippingtime\":4.40,\"customerservice\":4.12,"
            + "\"pricequality\":4.25,\"aftersale\":4.02},\"series\":[{\"period\":\"2025-12-01\",\"amount\":0,\"average\":null},"
            + "{\"period\":\"2026-11-01\",\"amount\":14,\"average\":4.50}]}";
    static final String REVIEWS_EXAMPLE = "{\"status\":\"success\",\"message\":\"Reviews retrieved.\",\"items\":[{\"id\":5123,"
            + "\"created\":\"2026-11-20T10:15:00Z\",\"name\":\"Jan\",\"email\":\"jan@example.com\",\"order_number\":\"A-1001\","
            + "\"rating\":4,\"ratings\":{\"shippingtime\":5,\"customerservice\":4,\"pricequality\":3,\"aftersale\":4},"
            + "\"comment\":\"Snel geleverd.\",\"language\":\"nl\",\"country\":\"NL\",\"verified\":true,\"state\":\"published\","
            + "\"quarantine\":false,\"held\":false,\"hidden\":false,\"reply\":\"Dank je wel!\",\"replied_at\":\"2026-11-21T08:00:00Z\","
            + "\"reported\":false,\"visitor_reports\":0,\"incentivized\":false,\"import_source\":null}],\"next\":\"MToxNzYzNjMzNzAwOjA6NTEyMw\",\"total\":132}";
    static final String REPORT_EXAMPLE = "{\"status\":\"success\",\"message\":\"Review reported.\",\"report\":{\"id\":17,"
            + "\"review_id\":5123,\"source\":\"owner\",\"reason\":\"This person never ordered from us.\","
            + "\"created\":\"2026-11-26T09:00:00Z\"}}";

    static final String INCENTIVE_STORED = "Incentive flag stored.";

    private final SecurityIdentity identity;
    private final Overviews overviews;
    private final DashboardReviewList reviews;
    private final OwnerReplies replies;
    private final Reporting reporting;
    private final Incentives incentives;
    private final ReviewImports imports;
    private final RequestBodies bodies;

    public DashboardResource(SecurityIdentity identity, Overviews overviews, DashboardReviewList reviews, OwnerReplies replies,
                             Reporting reporting, Incentives incentives, ReviewImports imports, RequestBodies bodies) {
        this.imports = imports;
        this.identity = identity;
        this.overviews = overviews;
        this.reviews = reviews;
        this.replies = replies;
        this.reporting = reporting;
        this.incentives = incentives;
        this.bodies = bodies;
    }

    @GET
    @Path("/overview")
    @Operation(summary = "The webshop's ratings: amount and averages of its published reviews, and per week or month",
            description = "As ratings_summary.json counts reviews (published: not deleted, held or quarantined). by=month "
                    + "(default): the last 12 months; by=week: the last 26 ISO weeks (from Monday); UTC, the current one "
                    + "included, periods without reviews with amount 0 and average null.")
    @APIResponse(responseCode = "200", description = "The overview.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = OverviewAnswer.class),
            examples = @ExampleObject(name = "by month", value = OVERVIEW_EXAMPLE)))
    @APIResponse(responseCode = "400", description = "by is neither week nor month.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "unknown period", value = "{\"status\":\"error\",\"message\":\"Invalid value for by: expected week or month.\"}")))
    public Uni<Response> overview(@PathParam("webshop") String webshop,
                                  @Parameter(description = "week or month (default)") @QueryParam("by") String by) {
        return guarded(() -> {
            long webshopId = webshopId(webshop);
            Callers.ownerOf(identity, webshopId);
            Overviews.Period period = by == null || by.isBlank() ? Overviews.Period.MONTH
                    : Overviews.Period.parse(by.trim()).orElseThrow(
                            () -> EnvelopeException.invalid(TextInput.invalid("by", "expected week or month")));
            return overviews.of(webshopId, period, LocalDate.now(ZoneOffset.UTC)).map(found -> Envelope.ok(OverviewAnswer.of(found)));
        });
    }

    @GET
    @Path("/reviews")
    @Operation(summary = "The webshop's reviews, newest first, filtered and paged with a cursor",
            description = "Every not deleted review, quarantined, held and hidden ones too (state says which). Pass the "
                    + "answer's next as after for the next page; total counts every review matching the filters.")
    @APIResponse(responseCode = "200", description = "One page.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DashboardReviewsAnswer.class),
            examples = @ExampleObject(name = "one page", value = REVIEWS_EXAMPLE)))
    @APIResponse(responseCode = "400", description = "A query parameter is not valid.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "rating out of range",
                    value = "{\"status\":\"error\",\"message\":\"Invalid value for rating: expected an integer from 1 to 5.\"}")))
    public Uni<Response> list(@PathParam("webshop") String webshop,
                              @Parameter(description = "only reviews with this rating, 1-5") @QueryParam("rating") String rating,
                              @Parameter(description = "true or false: only (not) verified reviews") @QueryParam("verified") String verified,
                              @Parameter(description = "true or false: only reviews with (without) the shop's reply") @QueryParam("replied") String replied,
                              @Parameter(description = "only reviews in this language (ISO-639-1)") @QueryParam("language") String language,
                              @Parameter(description = "only reviews written on or after this day, YYYY-MM-DD (UTC)") @QueryParam("from") String from,
                              @Parameter(description = "only reviews written on or before this day, YYYY-MM-DD (UTC)") @QueryParam("to") String to,
                              @Parameter(description = "only reviews whose name or comment contains this text (any case)") @QueryParam("q") String q,
                              @Parameter(description = "the previous page's next") @QueryParam("after") String after,
                              @Parameter(description = "1-100, default 25") @QueryParam("limit") String limit) {
        return guarded(() -> {
            long webshopId = webshopId(webshop);
            Callers.ownerOf(identity, webshopId);
            ReviewListQuery query = ReviewListQuery.parse(webshopId, rating, verified, replied, language, from, to, q, after, limit);
            return reviews.page(query.filter(), query.after(), query.limit()).map(page -> Envelope.ok(new DashboardReviewsAnswer(
                    Messages.SUCCESS, "Reviews retrieved.",
                    page.reviews().stream().map(review -> DashboardReview.of(review, page.reported().contains(review.id),
                            page.visitorReports(review.id))).toList(),
                    page.next() == null ? null : Cursors.of(page.next()), page.total())));
        });
    }

    @POST
    @Path("/reviews/{review}/reply")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Reply to a review as the shop (as POST /api/1.0/review_replies.json, spec 4.8)",
            description = "Needs reply access granted by the operator (403 with the spec's message without it). With "
                    + "notify the reviewer gets an e-mail (the daily quota applies: 429). Audited as the owner.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = DashboardReplyRequest.class),
            examples = @ExampleObject(name = "reply and notify", value = "{\"reply\":\"Thank you for your review!\",\"notify\":true}")))
    @APIResponse(responseCode = "200", description = "The reply is stored (and the reviewer notified when asked).", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "added", value = "{\"status\":\"success\",\"message\":\"" + ReviewRepliesResource.SUCCESS + "\"}")))
    @APIResponse(responseCode = "400", description = "The body is not a valid reply.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "empty reply",
                    value = "{\"status\":\"error\",\"message\":\"Invalid value for reply: expected a non-empty string.\"}")))
    @APIResponse(responseCode = "403", description = "Not sent by the dashboard, or no reply access.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no reply access", value = "{\"status\":\"error\",\"message\":\"" + Replies.NO_REPLY_ACCESS + "\"}")))
    public Uni<Response> reply(@PathParam("webshop") String webshop, @PathParam("review") String review, String body) {
        return guarded(() -> {
            long webshopId = webshopId(webshop);
            var owner = Callers.ownerOf(identity, webshopId);
            long reviewId = reviewId(review);
            return replies.reply(owner, webshopId, () -> bodies.read(body, DashboardReplyRequest.class).forReview(reviewId))
                    .map(done -> Envelope.ok(StatusMessage.success(ReviewRepliesResource.SUCCESS)));
        });
    }

    @POST
    @Path("/reviews/{review}/report")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Ask the operator to look at a review (it stays visible)",
            description = "The review enters the operator's moderation queue as reported, with this reason, until an "
                    + "operator publishes, hides or deletes it. One open report per review (409). Audited as the owner.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReportRequest.class),
            examples = @ExampleObject(name = "reason", value = "{\"reason\":\"This person never ordered from us.\"}")))
    @APIResponse(responseCode = "200", description = "The report is stored.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ReportAnswer.class),
            examples = @ExampleObject(name = "reported", value = REPORT_EXAMPLE)))
    @APIResponse(responseCode = "400", description = "The reason is missing or not 3 to 1000 characters.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "too short", value = "{\"status\":\"error\",\"message\":\"Invalid value for reason: expected 3 to 1000 characters.\"}")))
    @APIResponse(responseCode = "403", description = "Not sent by the dashboard.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no dashboard header", value = "{\"status\":\"error\",\"message\":\"" + OwnerAuth.FROM_DASHBOARD + "\"}")))
    @APIResponse(responseCode = "409", description = "The review already has an open report.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "already reported", value = "{\"status\":\"error\",\"message\":\"" + Reporting.ALREADY_REPORTED + "\"}")))
    public Uni<Response> report(@PathParam("webshop") String webshop, @PathParam("review") String review,
                                @Valid ReportRequest body) {
        return guarded(() -> {
            long webshopId = webshopId(webshop);
            var owner = Callers.ownerOf(identity, webshopId);
            long reviewId = reviewId(review);
            String reason = body.trimmedReason();
            return reporting.report(owner, webshopId, reviewId, reason).map(report -> Envelope.ok(new ReportAnswer(
                    Messages.SUCCESS, "Review reported.", ReportAnswer.Report.of(report))));
        });
    }

    @POST
    @Path("/reviews/{review}/incentivized")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Say whether the shop offered the reviewer something for the review (an extension)",
            description = "Shown as is_incentivized_review in the product review feed 2.4 (schema=2.4); false until "
                    + "set. A change moves the review's modified time (last_synced). Audited as the owner.")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = IncentiveRequest.class),
            examples = @ExampleObject(name = "incentivized", value = "{\"incentivized\":true}")))
    @APIResponse(responseCode = "200", description = "The flag is stored.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "stored", value = "{\"status\":\"success\",\"message\":\"" + INCENTIVE_STORED + "\"}")))
    @APIResponse(responseCode = "400", description = "The body is not {\"incentivized\": true|false}.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "not a boolean", value = "{\"status\":\"error\",\"message\":\"" + IncentiveRequest.INVALID + "\"}")))
    @APIResponse(responseCode = "403", description = "Not sent by the dashboard.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no dashboard header", value = "{\"status\":\"error\",\"message\":\"" + OwnerAuth.FROM_DASHBOARD + "\"}")))
    public Uni<Response> incentivized(@PathParam("webshop") String webshop, @PathParam("review") String review,
                                      @Valid IncentiveRequest body) {
        return guarded(() -> {
            long webshopId = webshopId(webshop);
            var owner = Callers.ownerOf(identity, webshopId);
            long reviewId = reviewId(review);
            boolean incentivized = body.incentivized();
            return incentives.mark(owner, webshopId, reviewId, incentivized)
                    .map(done -> Envelope.ok(StatusMessage.success(INCENTIVE_STORED)));
        });
    }

    @POST
    @Path("/imports")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Import the shop's reviews from another provider as a CSV file (an extension)",
            description = "The rules of POST /api/1.0/review_imports.json (docs/api-notes.md); a header row names the "
                    + "columns source_review_id, created, name, email, country, language, rating, shippingtime, "
                    + "customerservice, pricequality, aftersale, comment, verified_purchase. dry_run (default true) checks "
                    + "every row and stores nothing; dry_run=false stores. Audited as the owner.")
    @RequestBody(content = @Content(mediaType = "text/csv", examples = @ExampleObject(name = "two reviews",
            value = "source_review_id,created,name,language,rating,comment\nr-1,2023-05-04,Jan,nl,5,Snel geleverd.\n"
                    + "r-2,2023-05-06,Piet,nl,4,\"Goed, netjes verpakt\"\n")))
    @APIResponse(responseCode = "200", description = "Checked (dry run) or imported.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = ImportPreviewAnswer.class),
            examples = @ExampleObject(name = "dry run", value = "{\"status\":\"success\",\"message\":\"" + ImportPreviewAnswer.CHECKED
                    + "\",\"source\":\"oldprovider\",\"dry_run\":true,\"imported\":2,\"review_ids\":[],\"already_imported\":[]}")))
    @APIResponse(responseCode = "400", description = "Not a valid CSV file of reviews, or a row is invalid: nothing stored.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "bad row", value = "{\"status\":\"error\",\"message\":"
                    + "\"Invalid reviews, nothing was imported: row 2: created is in the future.\"}")))
    @APIResponse(responseCode = "403", description = "Not sent by the dashboard.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "no dashboard header", value = "{\"status\":\"error\",\"message\":\"" + OwnerAuth.FROM_DASHBOARD + "\"}")))
    public Uni<Response> importCsv(@PathParam("webshop") String webshop,
                                   @Parameter(description = "the provider the reviews come from") @QueryParam("source") String source,
                                   @Parameter(description = "true (default): check only") @QueryParam("dry_run") String dryRun, byte[] body) {
        return guarded(() -> {
            long webshopId = webshopId(webshop);
            var owner = Callers.ownerOf(identity, webshopId);
            boolean check = dryRun(dryRun);
            ImportRequest request = ImportRequest.of(CsvImport.toTree(body, source), Instant.now());
            return (check ? imports.preview(webshopId, request) : imports.store(webshopId, request, owner))
                    .map(result -> Envelope.ok(ImportPreviewAnswer.of(result, check)));
        });
    }

    private static boolean dryRun(String value) {
        if (value == null || value.equals("true")) {
            return true;
        }
        if (value.equals("false")) {
            return false;
        }
        throw EnvelopeException.invalid("Invalid value for dry_run: expected true or false.");
    }

    private static Uni<Response> guarded(Supplier<Uni<Response>> work) {
        return Envelope.guard(Uni.createFrom().<Response>deferred(work::get), ErrorBody.PLAIN);
    }

    /** -1 for a malformed id: no owner manages it, so it is answered as another's webshop. */
    private static long webshopId(String value) {
        Long parsed = TextInput.id(value);
        return parsed == null ? -1 : parsed;
    }

    private static long reviewId(String value) {
        Long parsed = TextInput.id(value);
        if (parsed == null) {
            throw EnvelopeException.notFound(Replies.REVIEW_NOT_FOUND);
        }
        return parsed;
    }
}
