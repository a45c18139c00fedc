package dev.shopreviews.invitations.invitation.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.auth.WebshopAuthenticator;
import dev.shopreviews.invitations.invitation.mapping.InvitationRequests;
import dev.shopreviews.invitations.invitation.mapping.InvitationView;
import dev.shopreviews.invitations.invitation.mapping.Paging;
import dev.shopreviews.invitations.invitation.service.InvitationService;
import dev.shopreviews.invitations.invitation.service.WebshopLookups;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import dev.shopreviews.invitations.sending.service.DailyMailQuota;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.List;
import java.time.Instant;
import java.util.Map;
import org.jboss.resteasy.reactive.server.Cancellable;

/** Spec 4.1 (add invitation) and 4.2 (retrieve invitations). */
// Not cancelled when the client hangs up: see docs/operations.md, Known issues (pooled connection leak).
@Cancellable(false)
@Path("/api/1.0/invitations.json")
@Produces(MediaType.APPLICATION_JSON)
public class InvitationsResource {
    static final String ADDED = "Invitation successfully added to queue!";
    static final String ALREADY_SENT = "Invitation already sent for this order.";
    static final String RETRIEVED = "Invitations successfully retrieved!";

    private final WebshopAuthenticator authenticator;
    private final InvitationService invitations;
    private final WebshopLookups webshops;
    private final DailyMailQuota quota;

    public InvitationsResource(WebshopAuthenticator authenticator, InvitationService invitations,
                               WebshopLookups webshops, DailyMailQuota quota) {
        this.authenticator = authenticator;
        this.quota = quota;
        this.invitations = invitations;
        this.webshops = webshops;
    }

    @POST // no session: the add goes to the database with those of other requests (InvitationService)
    public Uni<Response> add(@BeanParam AddInvitationForm form) {
        return Envelope.guard(Uni.createFrom().voidItem()
                        .invoke(() -> InvitationRequests.requirePresent(form))
                        .chain(() -> authenticator.authenticateWith(form.id, form.code, webshops::find))
                        .call(shop -> quota.refuseWhenUsedUp(shop.id, Instant.now()))
                        .chain(shop -> invitations.add(shop.id, InvitationRequests.toNewInvitation(form, shop)))
                        .map(added -> Envelope.success(
                                added == InvitationService.Added.QUEUED ? ADDED : ALREADY_SENT, Map.of())),
                Map.of());
    }

    @GET
    @WithSession
    public Uni<Response> retrieve(@QueryParam("id") String id, @QueryParam("code") String code,
                                  @QueryParam("offset") String offset, @QueryParam("order") String order) {
        return Envelope.guard(authenticator.authenticate(id, code)
                        .chain(shop -> {
                            Paging paging = Paging.of(offset, order);
                            return invitations.newest(shop.id, paging.offset(), paging.order());
                        })
                        .map(list -> Envelope.success(RETRIEVED,
                                Map.of("invitations", list.stream().map(InvitationView::of).toList()))),
                Map.of("invitations", List.of()));
    }
}
