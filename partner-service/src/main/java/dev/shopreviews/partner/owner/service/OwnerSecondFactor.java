package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.partner.operator.service.Totp;
import dev.shopreviews.partner.owner.repository.OwnerAccount;
import dev.shopreviews.partner.owner.repository.OwnerAccountRepository;
import dev.shopreviews.partner.session.service.SessionEnds;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;

/**
 * The owner's optional second factor: a TOTP secret shown once, switched on only after a code from it was entered.
 * A new secret (also one replacing the factor) and turning it off need the current password and, while a factor is
 * on, a current code of it ({@link OwnerSignIn#reauthenticate}): a stolen session alone cannot lock the owner out.
 * Switching it on or off ends every other session of the owner; the browser that did it gets a new one.
 */
@ApplicationScoped
public class OwnerSecondFactor {
    public static final String WRONG_CODE = "The code does not match. Enter the current code of your authenticator app.";

    private final OwnerAccountRepository accounts;
    private final OwnerSignIn signIn;
    private final AuditLog audit;
    private final SessionEnds sessionEnds;

    public OwnerSecondFactor(OwnerAccountRepository accounts, OwnerSignIn signIn, AuditLog audit, SessionEnds sessionEnds) {
        this.sessionEnds = sessionEnds;
        this.accounts = accounts;
        this.signIn = signIn;
        this.audit = audit;
    }

    public record Pending(String secret, String otpauthUri) {
    }

    /** A new secret to load into an authenticator app; not active until {@link #confirm}. */
    public Uni<Pending> start(Owner owner, String password, String code, String client) {
        String secret = Totp.newSecret();
        return signIn.reauthenticate(owner, password, code, client)
                .chain(() -> Panache.withTransaction(() -> account(owner).invoke(account -> account.totpPending = secret)
                        .call(account -> audit.record(owner, "owner.totp.start", "owner:" + owner.id(), null,
                                Map.of("totp", account.totpSecret != null), Map.of("totp", account.totpSecret != null, "pending", true)))))
                .map(account -> new Pending(secret, "otpauth://totp/Shop%20reviews:"
                        + URLEncoder.encode(account.email, StandardCharsets.UTF_8).replace("+", "%20")
                        + "?secret=" + secret + "&issuer=Shop%20reviews"));
    }

    /** Switches the pending secret on when {@code code} matches it; 400 envelope otherwise. */
    public Uni<Void> confirm(Owner owner, String code) {
        long now = Instant.now().getEpochSecond();
        return Panache.withTransaction(() -> account(owner).chain(account -> {
            OptionalLong step = account.totpPending == null ? OptionalLong.empty()
                    : Totp.matchingStep(account.totpPending, code, now);
            if (step.isEmpty()) {
                throw EnvelopeException.invalid(WRONG_CODE);
            }
            boolean replaced = account.totpSecret != null;
            account.totpSecret = account.totpPending;
            account.totpPending = null;
            account.totpLastStep = step.getAsLong();
            return audit.record(owner, "owner.totp.on", "owner:" + owner.id(), null, Map.of("totp", replaced),
                    Map.of("totp", true, "replaced", replaced)).chain(() -> sessionEnds.ofOwner(owner.id(), "second-factor"));
        })).replaceWithVoid();
    }

    /** Turns the second factor off (and drops a pending secret) after the password and a current code were proven. */
    public Uni<Void> turnOff(Owner owner, String password, String code, String client) {
        return signIn.reauthenticate(owner, password, code, client)
                .chain(() -> Panache.withTransaction(() -> account(owner).chain(account -> {
                    boolean wasOn = account.totpSecret != null;
                    account.totpSecret = null;
                    account.totpPending = null;
                    return audit.record(owner, "owner.totp.off", "owner:" + owner.id(), null, Map.of("totp", wasOn),
                            Map.of("totp", false)).chain(() -> sessionEnds.ofOwner(owner.id(), "second-factor"));
                }))).replaceWithVoid();
    }

    private Uni<OwnerAccount> account(Owner owner) {
        return accounts.findById(owner.id()).onItem().ifNull().failWith(() -> new EnvelopeException(401, "Sign in to the dashboard."));
    }
}
