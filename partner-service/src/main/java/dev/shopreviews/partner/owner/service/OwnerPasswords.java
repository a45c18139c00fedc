package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.partner.config.PartnerConfig;
import dev.shopreviews.partner.operator.service.PasswordHashing;
import dev.shopreviews.partner.owner.repository.OwnerAccount;
import dev.shopreviews.partner.owner.repository.OwnerAccountRepository;
import dev.shopreviews.partner.owner.repository.OwnerLink;
import dev.shopreviews.partner.owner.repository.OwnerLinkRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;

/**
 * An owner's password: set from a mailed link (invitation or reset, each works once and a new password closes every
 * other open link), and the reset request, which answers the same whether the address is known or not.
 */
@ApplicationScoped
public class OwnerPasswords {
    public static final String LINK_INVALID = "This link is invalid, used or expired. Ask for a new one.";
    private static final Logger LOG = Logger.getLogger(OwnerPasswords.class);
    private static final int OPEN_RESETS = 3;

    private final OwnerAccountRepository accounts;
    private final OwnerLinkRepository links;
    private final OwnerInvitations invitations;
    private final OwnerMail mail;
    private final AuditLog audit;
    private final PartnerConfig.Dashboard config;
    private final Vertx vertx;

    public OwnerPasswords(OwnerAccountRepository accounts, OwnerLinkRepository links, OwnerInvitations invitations,
                          OwnerMail mail, AuditLog audit, PartnerConfig config, Vertx vertx) {
        this.accounts = accounts;
        this.links = links;
        this.invitations = invitations;
        this.mail = mail;
        this.audit = audit;
        this.config = config.dashboard();
        this.vertx = vertx;
    }

    /** Sets the password of the link's owner; 400 envelope for a bad password or a link that does not work. */
    public Uni<Void> setFromLink(String token, String password) {
        OwnerPasswordPolicy.check(password);
        String tokenHash = token == null || token.length() > 200 ? "" : Codes.sha256Hex(token.trim());
        return vertx.executeBlocking(Uni.createFrom().item(() -> PasswordHashing.hash(password)))
                .chain(hash -> Panache.withTransaction(() -> links.usable(tokenHash, Instant.now())
                        .onItem().ifNull().failWith(() -> EnvelopeException.invalid(LINK_INVALID))
                        .chain(link -> accounts.findById(link.ownerId).chain(account -> {
                            account.passwordHash = hash;
                            Owner owner = new Owner(account.id, account.email, Set.of());
                            return links.closeAll(account.id, Instant.now())
                                    .chain(() -> audit.record(owner, "owner.password." + link.purpose, "owner:" + account.id,
                                            null, null, Map.of("password", "set")));
                        }))))
                .replaceWithVoid();
    }

    /** Mails a reset link when the address has an account and not too many are open; answers the same either way. */
    public Uni<Void> requestReset(String email) {
        String address = OwnerEmails.orEmpty(email);
        String token = Codes.random(24);
        Instant now = Instant.now();
        return Panache.withTransaction(() -> accounts.findByEmail(address).chain(account -> account == null
                        ? Uni.createFrom().<OwnerAccount>nullItem()
                        : links.countOpen(account.id, OwnerLink.RESET, now).chain(open -> open >= OPEN_RESETS
                                ? Uni.createFrom().<OwnerAccount>nullItem()
                                : invitations.newLink(account, OwnerLink.RESET, Duration.ofMinutes(config.resetMinutes()), token)
                                        .replaceWith(account))))
                .chain(account -> account == null ? Uni.createFrom().voidItem() : mail.reset(account.email, token))
                .onFailure().recoverWithUni(failure -> {
                    // The answer must not tell whether the address is known: a failed send is logged, not shown.
                    LOG.warnf("A password-reset mail was not sent: %s", failure.getMessage());
                    return Uni.createFrom().voidItem();
                });
    }
}
