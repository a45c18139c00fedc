package dev.shopreviews.partner.owner.rest;

import dev.shopreviews.common.api.Envelope;
import dev.shopreviews.common.api.Messages;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.common.security.Callers;
import dev.shopreviews.common.security.Roles;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.Answer;
import dev.shopreviews.partner.owner.rest.DashboardAnswers.SessionLine;
import dev.shopreviews.partner.session.service.DashboardSessions;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.resteasy.reactive.server.Cancellable;

/**
 * The owner's open dashboard sessions (gateway path {@code /dashboard/api/partner/account/sessions}): where they are
 * signed in, and ending one of them in every service. Another owner's session answers like an unknown one.
 */
@Cancellable(false)
@RolesAllowed(Roles.OWNER)
@Path("/dashboard/api/partner/account/sessions")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Shop dashboard: account")
public class DashboardSessionsResource {
    private final DashboardSessions sessions;
    private final SecurityIdentity identity;

    public DashboardSessionsResource(DashboardSessions sessions, SecurityIdentity identity) {
        this.sessions = sessions;
        this.identity = identity;
    }

    @GET
    @Operation(summary = "The owner's open sessions, newest first (browser and system, opened, expires); current marks this one")
    public Uni<Response> list() {
        return Envelope.guarded(() -> {
            Owner owner = Callers.owner(identity);
            return sessions.of(owner).map(open -> Envelope.ok(new Answer<>(Messages.SUCCESS, "Your open sessions.",
                    open.stream().map(session -> SessionLine.of(session, owner.sessionId())).toList())));
        });
    }

    @POST
    @Path("/{id}/end")
    @Operation(summary = "End one of the owner's sessions in every service; the owner's other sessions go on")
    public Uni<Response> end(@PathParam("id") String id) {
        return Envelope.guarded(() -> {
            Owner owner = Callers.owner(identity);
            boolean own = id.equals(owner.sessionId());
            return sessions.end(owner, id).map(ended -> {
                Response answer = Envelope.ok(new Answer<>(Messages.SUCCESS, "Session ended.", null));
                // Ending this browser's own session signs it out here too.
                return own ? Response.fromResponse(answer).cookie(DashboardSessionResource.cookie("", 0)).build() : answer;
            });
        });
    }
}
