package dev.shopreviews.ratings.report.rest;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.web.ClientAddresses;
import dev.shopreviews.ratings.report.service.ReportRateLimiter;
import dev.shopreviews.ratings.report.service.VisitorReport;
import dev.shopreviews.ratings.report.service.VisitorReports;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
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
 * {@code POST /api/1.0/review_reports.json} (an extension of the spec): a visitor reports a public review from the
 * public page or the widget, without an account. Rate limited per client address (behind the gateway:
 * {@link ClientAddresses}); the pages' form is answered with a redirect to embed-service's report page, JSON with the
 * envelope. A post from another site (a foreign Origin, or Sec-Fetch-Site cross-site) is refused ({@link SameSitePosts}),
 * like the other forms. Every refusal is the envelope with a 4xx and stores nothing.
 */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/review_reports.json")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Visitors' reports")
// Public: visitors report without an account (per-client limits, same-site posts only).
@PermitAll
public class ReviewReportsResource {
    static final String THANKS = "Thank you. The moderators will look at this review.";
    static final String TOO_MANY = "Too many reports from this address. Please try again later.";
    static final String OTHER_SITE = "This report must be sent from the review's report page.";

    private final VisitorReports reports;
    private final ReportRateLimiter limiter;
    private final ClientAddresses clients;
    private final ObjectMapper mapper;
    private final SameSitePosts sameSite;

    public ReviewReportsResource(VisitorReports reports, ReportRateLimiter limiter, ClientAddresses clients,
                                 ObjectMapper mapper, SameSitePosts sameSite) {
        this.reports = reports;
        this.sameSite = sameSite;
        this.limiter = limiter;
        this.clients = clients;
        this.mapper = mapper;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Report a review as a visitor (an extension of the spec)",
            description = "reason: spam, offensive, illegal, personal_data, off_topic or other; text optional (at most "
                    + "1000 characters). The review stays visible while the moderators look at it, except for illegal: "
                    + "then it is hidden until an operator decides. One open report per review and client: a repeat "
                    + "answers as the first and stores nothing. At most 5 reports per client address at once, then one "
                    + "every 12 minutes (429). A form post (application/x-www-form-urlencoded) is answered with 303 to "
                    + "/shop/{webshop_id}/reviews/{review_id}/report?lang=&sent=1. A post from another site (a foreign Origin, "
                    + "or Sec-Fetch-Site: cross-site) is refused (403).")
    @RequestBody(content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = VisitorReportRequest.class),
            examples = @ExampleObject(name = "spam", value = "{\"webshop_id\":1001,\"review_id\":5123,\"reason\":\"spam\","
                    + "\"text\":\"Advertises another shop.\"}")))
    @APIResponse(responseCode = "200", description = "Reported (or already reported by this client).", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "reported", value = "{\"status\":\"success\",\"message\":\"" + THANKS + "\"}")))
    @APIResponse(responseCode = "303", description = "A form post: reported; on to the report page's thanks.")
    @APIResponse(responseCode = "400", description = "A field is missing or not valid.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "unknown reason", value = "{\"status\":\"error\",\"message\":\"Invalid value for "
                    + "reason: expected one of spam, offensive, illegal, personal_data, off_topic, other.\"}")))
    @APIResponse(responseCode = "403", description = "Posted from another site (Origin not this suite's, or "
            + "Sec-Fetch-Site: cross-site).", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "other site", value = "{\"status\":\"error\",\"message\":\"" + OTHER_SITE + "\"}")))
    @APIResponse(responseCode = "404", description = "No such public review of the webshop.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "unknown review", value = "{\"status\":\"error\",\"message\":\"Review not found.\"}")))
    @APIResponse(responseCode = "415", description = "Neither JSON nor a form.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    @APIResponse(responseCode = "429", description = "Too many reports from this client address (Retry-After).", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "flood", value = "{\"status\":\"error\",\"message\":\"" + TOO_MANY + "\"}")))
    public Uni<Response> report(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                                @HeaderParam("Origin") String origin, @HeaderParam("Sec-Fetch-Site") String fetchSite,
                                @Context HttpServerRequest request, String body) {
        String host = request.getHeader("Host");
        // Before the limiter: a post forged by another site must not spend the visitor's own reports.
        if (sameSite.crossSite(origin, fetchSite, host == null ? null : request.scheme() + "://" + host)) {
            return Uni.createFrom().item(Envelope.error(403, OTHER_SITE));
        }
        String client = clients.client(request);
        if (!limiter.tryAcquire(client)) {
            return Uni.createFrom().item(Response.fromResponse(Envelope.error(429, TOO_MANY))
                    .header("Retry-After", limiter.retryAfterSeconds()).build());
        }
        return Envelope.guarded(() -> {
            VisitorReport report = VisitorReportRequest.parse(contentType, body, mapper);
            return reports.report(report, Codes.sha256Hex(client)).map(outcome -> VisitorReportRequest.isForm(contentType)
                    ? thanksPage(report)
                    : Envelope.ok(StatusMessage.success(THANKS)));
        });
    }

    /** A relative Location (same origin behind the gateway; an absolute one would name this service's own address). */
    private static Response thanksPage(VisitorReport report) {
        return Response.status(303).header(HttpHeaders.LOCATION, "/shop/" + report.webshopId() + "/reviews/"
                + report.reviewId() + "/report?lang=" + report.lang() + "&sent=1").build();
    }
}
