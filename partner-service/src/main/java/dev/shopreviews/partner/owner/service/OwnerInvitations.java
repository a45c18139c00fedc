package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.partner.owner.repository.OwnerAccount;
import dev.shopreviews.partner.owner.repository.OwnerAccountRepository;
import dev.shopreviews.partner.owner.repository.OwnerInvitationRequest;
import dev.shopreviews.partner.owner.repository.OwnerInvitationRequestRepository;
import dev.shopreviews.partner.owner.repository.OwnerLink;
import dev.shopreviews.partner.owner.repository.OwnerLinkRepository;
import dev.shopreviews.partner.owner.repository.OwnerMembership;
import dev.shopreviews.partner.owner.repository.OwnerMembershipRepository;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Gives an address access to a webshop's dashboard. The invitation only stores a request and answers, the same for
 * an address with or without an account (neither the answer nor its time tells them apart); {@link
 * OwnerInvitationMailer} then creates the account when new, adds the membership and mails a link to set a password
 * (to an owner who has one it works like a reset). The audit log names the owner by id, never by address.
 */
@ApplicationScoped
public class OwnerInvitations {
    private final OwnerAccountRepository accounts;
    private final OwnerMembershipRepository memberships;
    private final OwnerLinkRepository links;
    private final WebshopRepository webshops;
    private final OwnerInvitationRequestRepository requests;
    private final AuditLog audit;

    public OwnerInvitations(OwnerAccountRepository accounts, OwnerMembershipRepository memberships, OwnerLinkRepository links,
                            WebshopRepository webshops, OwnerInvitationRequestRepository requests, AuditLog audit) {
        this.accounts = accounts;
        this.memberships = memberships;
        this.links = links;
        this.webshops = webshops;
        this.requests = requests;
        this.audit = audit;
    }

    /** What the answer says: the webshop only, never whether the address had an account. */
    public record Invited(long webshopId) {
    }

    /** Stores the invitation of {@code email} to manage {@code webshopId}; 400 for a bad address, 404 for no webshop. */
    public Uni<Invited> invite(Actor who, long webshopId, String email) {
        String address = OwnerEmails.normalise(email);
        return Panache.withTransaction(() -> webshops.findById(webshopId)
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound("Webshop not found."))
                .chain(shop -> {
                    OwnerInvitationRequest request = new OwnerInvitationRequest();
                    request.webshopId = webshopId;
                    request.email = address;
                    request.invitedBy = who.actor();
                    request.requestedAt = Instant.now();
                    return requests.persist(request);
                })
                .map(stored -> new Invited(webshopId)));
    }

    /**
     * The account (created when new) joined to the webshop, an invitation link with {@code token} and its audit entry
     * (as the inviter); call inside the mailer's transaction, under the address's lock.
     */
    Uni<OwnerAccount> admit(OwnerInvitationRequest request, Duration lifetime, String token) {
        String inviter = request.invitedBy;
        Actor who = () -> inviter;
        return accountFor(request.email, who).chain(account -> join(account, request.webshopId, who)
                .chain(() -> newLink(account, OwnerLink.INVITE, lifetime, token))
                .call(() -> audit.record(who, "owner.invite", "webshop:" + request.webshopId, request.webshopId, null,
                        Map.of("owner", account.id)))
                .replaceWith(account));
    }

    /** The owners of a webshop with their addresses (for the operator console). */
    public Uni<List<OwnerAccount>> ownersOf(long webshopId) {
        return Panache.withSession(() -> memberships.ofWebshop(webshopId).chain(list -> list.isEmpty()
                ? Uni.createFrom().item(List.<OwnerAccount>of())
                : accounts.list("id in ?1 order by email", list.stream().map(m -> m.ownerId).toList())));
    }

    private Uni<OwnerAccount> accountFor(String address, Actor who) {
        return accounts.findByEmail(address).chain(existing -> {
            if (existing != null) {
                return Uni.createFrom().item(existing);
            }
            OwnerAccount account = new OwnerAccount();
            account.email = address;
            account.createdAt = Instant.now();
            account.createdBy = who.actor();
            return accounts.persist(account);
        });
    }

    private Uni<Void> join(OwnerAccount account, long webshopId, Actor who) {
        return memberships.exists(account.id, webshopId).chain(exists -> {
            if (exists) {
                return Uni.createFrom().voidItem();
            }
            OwnerMembership membership = new OwnerMembership();
            membership.ownerId = account.id;
            membership.webshopId = webshopId;
            membership.createdAt = Instant.now();
            membership.createdBy = who.actor();
            return memberships.persist(membership).replaceWithVoid();
        });
    }

    Uni<OwnerLink> newLink(OwnerAccount account, String purpose, Duration lifetime, String token) {
        OwnerLink link = new OwnerLink();
        link.ownerId = account.id;
        link.tokenHash = Codes.sha256Hex(token);
        link.purpose = purpose;
        link.expiresAt = Instant.now().plus(lifetime);
        return links.persist(link);
    }
}
