package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.Actor;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.partner.config.PartnerConfig;
import dev.shopreviews.partner.owner.repository.OwnerAccount;
import dev.shopreviews.partner.owner.repository.OwnerAccountRepository;
import dev.shopreviews.partner.owner.repository.OwnerLink;
import dev.shopreviews.partner.owner.repository.OwnerLinkRepository;
import dev.shopreviews.partner.owner.repository.OwnerMembership;
import dev.shopreviews.partner.owner.repository.OwnerMembershipRepository;
import dev.shopreviews.partner.webshop.repository.Webshop;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Gives an address access to a webshop's dashboard: the account is created when new, the membership added, and a
 * link to set a password mailed (also to an owner who has one: it then works like a reset). The audit log names the
 * owner by id, never by address.
 */
@ApplicationScoped
public class OwnerInvitations {
    private final OwnerAccountRepository accounts;
    private final OwnerMembershipRepository memberships;
    private final OwnerLinkRepository links;
    private final WebshopRepository webshops;
    private final OwnerMail mail;
    private final AuditLog audit;
    private final PartnerConfig.Dashboard config;

    public OwnerInvitations(OwnerAccountRepository accounts, OwnerMembershipRepository memberships, OwnerLinkRepository links,
                            WebshopRepository webshops, OwnerMail mail, AuditLog audit, PartnerConfig config) {
        this.accounts = accounts;
        this.memberships = memberships;
        this.links = links;
        this.webshops = webshops;
        this.mail = mail;
        this.audit = audit;
        this.config = config.dashboard();
    }

    public record Invited(long ownerId, long webshopId) {
    }

    /** Invites {@code email} to manage {@code webshopId} and mails the link once the transaction committed. */
    public Uni<Invited> invite(Actor who, long webshopId, String email) {
        String address = OwnerEmails.normalise(email);
        String token = Codes.random(24);
        return Panache.withTransaction(() -> webshops.findById(webshopId)
                        .onItem().ifNull().failWith(() -> EnvelopeException.notFound("Webshop not found."))
                        .chain(shop -> accountFor(address, who).chain(account -> join(account, webshopId, who)
                                .chain(() -> newLink(account, OwnerLink.INVITE, Duration.ofDays(config.inviteDays()), token))
                                .call(() -> audit.record(who, "owner.invite", "webshop:" + webshopId, webshopId, null,
                                        Map.of("owner", account.id)))
                                .map(ignored -> new Sent(shop, account)))))
                .call(sent -> mail.invite(address, sent.shop().name, token))
                .map(sent -> new Invited(sent.account().id, webshopId));
    }

    /** The owners of a webshop with their addresses (for the operator console). */
    public Uni<List<OwnerAccount>> ownersOf(long webshopId) {
        return Panache.withSession(() -> memberships.ofWebshop(webshopId).chain(list -> list.isEmpty()
                ? Uni.createFrom().item(List.<OwnerAccount>of())
                : accounts.list("id in ?1 order by email", list.stream().map(m -> m.ownerId).toList())));
    }

    private record Sent(Webshop shop, OwnerAccount account) {
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
