package dev.shopreviews.invitations.invitation.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.ErrorBody;
import dev.shopreviews.common.api.StatusMessage;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.invitations.invitation.mapping.InvitationRequests;
import dev.shopreviews.invitations.invitation.mapping.InvitationView;
import dev.shopreviews.invitations.invitation.mapping.Paging;
import dev.shopreviews.invitations.invitation.service.InvitationService;
import dev.shopreviews.invitations.invitation.service.WebshopLookups;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import dev.shopreviews.invitations.invitation.service.InvitationAdds;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.1 (add invitation) and 4.2 (retrieve invitations). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/invitations.json")
@Produces(MediaType.APPLICATION_JSON)
public class InvitationsResource {
    static final String ADDED = InvitationAdds.ADDED;
    static final String ALREADY_SENT = InvitationAdds.ALREADY_SENT;
    static final String RETRIEVED = "Invitations successfully retrieved!";
    static final String EXAMPLE_LIST = "{\"status\":\"success\",\"message\":\"Invitations successfully retrieved!\",\"total\":2,\"invitations\":[{\"email\":\"anna@example.com\",\"order\":\"ORD-10023\",\"delay\":5,\"datetimes\":{\"created\":\"2026-11-20 14:03:11\",\"scheduled\":\"2026-11-25 14:03:11\",\"sent\":\"2026-11-25 14:03:15\"},\"status\":\"reminded\",\"failure_reason\":null,\"reminded\":\"2026-12-02 14:03:20\"},{\"email\":\"tom@example.org\",\"order\":\"ORD-10024\",\"delay\":5,\"datetimes\":{\"created\":\"2026-11-20 15:40:02\",\"scheduled\":\"2026-11-25 15:40:02\",\"sent\":false},\"status\":\"failed\",\"failure_reason\":\"Refused by the mail server: 550 5.1.1 mailbox unavailable\",\"reminded\":null}]}";
    static final String EXAMPLE_401 = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\",\"total\":0,\"invitations\":[]}";

    private final WebshopAuthenticator authenticator;
    private final InvitationService invitations;
    private final WebshopLookups webshops;
    private final InvitationAdds adds;
    private final SecurityIdentity identity;

    public InvitationsResource(WebshopAuthenticator authenticator, InvitationService invitations,
                               WebshopLookups webshops, InvitationAdds adds, SecurityIdentity identity) {
        this.authenticator = authenticator;
        this.invitations = invitations;
        this.webshops = webshops;
        this.adds = adds;
        this.identity = identity;
    }

    @POST // no session: the add goes to the database with those of other requests (InvitationService)
    // Open to the framework, the code checked in the endpoint: spec 7 refuses a missing email (a form field, not read
    // when the framework checks credentials) before a wrong code, and the add answers in the plain error body.
    @PermitAll
    @Operation(summary = "Add an invitation to the e-mail queue (spec 4.1)",
            description = "Form fields (application/x-www-form-urlencoded or multipart/form-data): email (required), order, "
                    + "language, delay (days 0-365), customer_name, phone_numbers[] (also phone_numbers[0], phone_numbers[1], … "
                    + "as PHP writes a list), order_total, order_data (JSON with a products array), client, "
                    + "platform_version, plugin_version, max_invitations_per_email (1 or more: with that many invitations "
                    + "of this webshop for the address already, nothing is queued; the answer is still success).")
    @RequestBody(content = {
            @Content(mediaType = MediaType.APPLICATION_FORM_URLENCODED, schema = @Schema(implementation = AddInvitationFields.class)),
            @Content(mediaType = MediaType.MULTIPART_FORM_DATA, schema = @Schema(implementation = AddInvitationFields.class))})
    @APIResponse(responseCode = "200", description = "Queued, or already sent for this order (also status success).",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
                    examples = {@ExampleObject(name = "queued", value = "{\"status\":\"success\",\"message\":\"Invitation successfully added to queue!\"}"),
                            @ExampleObject(name = "already sent", value = "{\"status\":\"success\",\"message\":\"Invitation already sent for this order.\"}"),
                            @ExampleObject(name = "limit per address reached", value = "{\"status\":\"success\",\"message\":\"" + InvitationAdds.LIMIT_REACHED + "\"}")}))
    @APIResponse(responseCode = "400", description = "id, code or email missing, or a field invalid.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "bad e-mail", value = "{\"status\":\"error\",\"message\":\"The email address is not valid.\"}")))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class),
            examples = @ExampleObject(name = "wrong code", value = "{\"status\":\"error\",\"message\":\"Incorrect authentication credentials.\"}")))
    @APIResponse(responseCode = "403", description = "The right code of a webshop the operator deactivated.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    @APIResponse(responseCode = "429", description = "The webshop's daily e-mail quota is used up.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = StatusMessage.class)))
    public Uni<Response> add(@BeanParam AddInvitationForm form) {
        IndexedFormFields.read(form); // phone_numbers[0]=… as PHP writes a list: no annotation names those fields
        return Envelope.guard(Uni.createFrom().voidItem()
                        .invoke(() -> InvitationRequests.requirePresent(form))
                        .chain(() -> authenticator.authenticateWith(form.id, form.code, webshops::find))
                        .chain(shop -> adds.add(shop, form))
                        .map(added -> Envelope.ok(StatusMessage.success(added.message()))),
                ErrorBody.PLAIN);
    }

    @GET
    @RolesAllowed(Roles.SHOP)
    @WithSession
    @Operation(summary = "Retrieve the webshop's invitations, newest first (spec 4.2)")
    @APIResponse(responseCode = "200", description = "One page of invitations; sent is false until the e-mail went out.",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = InvitationAnswers.class),
                    examples = @ExampleObject(name = "two invitations", value = EXAMPLE_LIST)))
    @APIResponse(responseCode = "401", description = "Unknown webshop or wrong code.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = InvitationAnswers.class),
            examples = @ExampleObject(name = "wrong code", value = EXAMPLE_401)))
    @APIResponse(responseCode = "403", description = "The right code of a webshop the operator deactivated.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = InvitationAnswers.class)))
    @APIResponse(responseCode = "400", description = "id or code missing, or offset or order invalid.", content = @Content(
            mediaType = MediaType.APPLICATION_JSON, schema = @Schema(implementation = InvitationAnswers.class)))
    public Uni<Response> retrieve(@Parameter(description = "webshop id") @QueryParam("id") String id,
                                  @Parameter(description = "the webshop's API code") @QueryParam("code") String code,
                                  @Parameter(description = "invitations to skip, 0 or more (default 0)") @QueryParam("offset") String offset,
                                  @Parameter(description = "page size 1-100 (default 10)") @QueryParam("order") String order,
                                  @Parameter(description = "page size 1-100, read when order is not given (the PHP client library's name)")
                                  @QueryParam("limit") String limit) {
        long webshop = Callers.shop(identity).id;
        return Envelope.guard(Uni.createFrom().deferred(() -> {
                            Paging paging = Paging.of(offset, order, limit);
                            return invitations.newest(webshop, paging.offset(), paging.order())
                                    .chain(page -> invitations.total(webshop).map(total -> InvitationAnswers.of(total, page)));
                        })
                        .map(Envelope::ok),
                InvitationAnswers::error);
    }
}
