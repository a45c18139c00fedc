package dev.shopreviews.partner.owner.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

@ApplicationScoped
public class OwnerInvitationRequestRepository implements PanacheRepositoryBase<OwnerInvitationRequest, Long> {

    /** The oldest waiting invitations, locked for this transaction; rows another run holds are skipped, not waited for. */
    public Uni<List<OwnerInvitationRequest>> claim(int batch) {
        // Native: Panache's lock hints (SKIP LOCKED) are not supported by Hibernate Reactive.
        return getSession().chain(session -> session.createNativeQuery(
                        "select * from owner_invitation_request order by id limit ?1 for update skip locked",
                        OwnerInvitationRequest.class)
                .setParameter(1, batch).getResultList());
    }
}
