package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.partner.operator.service.HashingSlots;
import dev.shopreviews.partner.operator.service.PasswordHashing;
import dev.shopreviews.partner.owner.repository.OwnerAccountRepository;
import dev.shopreviews.partner.owner.repository.OwnerLinkRepository;
import dev.shopreviews.partner.owner.repository.OwnerResetRequest;
import dev.shopreviews.partner.owner.repository.OwnerResetRequestRepository;
import dev.shopreviews.partner.session.service.SessionEnds;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * An owner's password: set from a mailed link (invitation or reset, each works once and a new password closes every
 * other open link), and the reset request, which answers the same whether the address is known or not: it only
 * stores the request, and {@link OwnerResetMailer} makes the link and sends the mail after the answer.
 */
@ApplicationScoped
public class OwnerPasswords {
    public static final String LINK_INVALID = "This link is invalid, used or expired. Ask for a new one.";

    private final OwnerAccountRepository accounts;
    private final OwnerLinkRepository links;
    private final OwnerResetRequestRepository resetRequests;
    private final AuditLog audit;
    private final HashingSlots hashing;
    private final SessionEnds sessionEnds;

    public OwnerPasswords(OwnerAccountRepository accounts, OwnerLinkRepository links, OwnerResetRequestRepository resetRequests,
                          AuditLog audit, HashingSlots hashing, SessionEnds sessionEnds) {
        this.sessionEnds = sessionEnds;
        this.accounts = accounts;
        this.links = links;
        this.resetRequests = resetRequests;
        this.audit = audit;
        this.hashing = hashing;
    }

    /**
     * Sets the password of the link's owner and ends every session of theirs (a reset is what an owner does who fears
     * someone else has signed in); 400 envelope for a bad password or a link that does not work.
     */
    public Uni<Void> setFromLink(String token, String password) {
        OwnerPasswordPolicy.check(password);
        String tokenHash = token == null || token.length() > 200 ? "" : Codes.sha256Hex(token.trim());
        return hashing.run(() -> PasswordHashing.hash(password))
                .chain(hash -> Panache.withTransaction(() -> links.usable(tokenHash, Instant.now())
                        .onItem().ifNull().failWith(() -> EnvelopeException.invalid(LINK_INVALID))
                        .chain(link -> accounts.findById(link.ownerId).chain(account -> {
                            account.passwordHash = hash;
                            Owner owner = new Owner(account.id, account.email, Set.of());
                            return links.closeAll(account.id, Instant.now())
                                    .chain(() -> audit.record(owner, "owner.password." + link.purpose, "owner:" + account.id,
                                            null, null, Map.of("password", "set")))
                                    .chain(() -> sessionEnds.ofOwner(account.id, "password"));
                        }))))
                .replaceWithVoid();
    }

    /**
     * Stores the request for {@link OwnerResetMailer}: the same one insert for a known, an unknown and a malformed
     * address, so neither the answer nor its time tells which it was.
     */
    public Uni<Void> requestReset(String email) {
        OwnerResetRequest request = new OwnerResetRequest();
        request.email = OwnerEmails.orEmpty(email);
        request.requestedAt = Instant.now();
        return Panache.withTransaction(() -> resetRequests.persist(request)).replaceWithVoid();
    }
}
