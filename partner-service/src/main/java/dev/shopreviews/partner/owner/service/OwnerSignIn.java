package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.owner.Owner;
import dev.shopreviews.partner.config.PartnerConfig;
import dev.shopreviews.partner.operator.repository.AdvisoryLocks;
import dev.shopreviews.partner.operator.service.HashingSlots;
import dev.shopreviews.partner.operator.service.PasswordHashing;
import dev.shopreviews.partner.operator.service.Totp;
import dev.shopreviews.partner.owner.repository.OwnerAccount;
import dev.shopreviews.partner.owner.repository.OwnerAccountRepository;
import dev.shopreviews.partner.owner.repository.OwnerMembershipRepository;
import dev.shopreviews.partner.owner.repository.OwnerSignInFailure;
import dev.shopreviews.partner.owner.repository.OwnerSignInFailureRepository;
import dev.shopreviews.partner.session.service.DashboardSessions;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Signs an owner in with address and password, plus the authenticator code when the owner turned TOTP on. One
 * answer for any mistake; failures counted per address and per client, past the limit 429 before any check. Each
 * attempt is stored as a failure before its password is checked (under the address's and the client's advisory
 * locks, in the transaction that counts) and removed when it succeeds: wrong passwords sent at once take the limit's
 * slots one by one. The session names the owner's webshops at this moment.
 */
@ApplicationScoped
public class OwnerSignIn {
    public static final String WRONG = "E-mail address, password or code is wrong.";
    public static final String TOO_MANY = "Too many failed sign-ins. Try again later.";
    public static final String WRONG_CURRENT = "Your current password or code is wrong.";
    // A valid hash of no password anyone has: an unknown address costs the same time as a known one.
    private static final String ABSENT = PasswordHashing.hash("no owner has this password " + Totp.newSecret());
    private static final long NO_TOTP = -1;

    private final OwnerAccountRepository accounts;
    private final OwnerMembershipRepository memberships;
    private final OwnerSignInFailureRepository failures;
    private final AdvisoryLocks locks;
    private final DashboardSessions sessions;
    private final AuditLog audit;
    private final PartnerConfig.Dashboard config;
    private final HashingSlots hashing;

    public OwnerSignIn(OwnerAccountRepository accounts, OwnerMembershipRepository memberships,
                       OwnerSignInFailureRepository failures, AdvisoryLocks locks, DashboardSessions sessions, AuditLog audit,
                       PartnerConfig config, HashingSlots hashing) {
        this.accounts = accounts;
        this.memberships = memberships;
        this.failures = failures;
        this.locks = locks;
        this.sessions = sessions;
        this.audit = audit;
        this.config = config.dashboard();
        this.hashing = hashing;
    }

    /** The signed session of a successful sign-in; 401 or 429 envelope otherwise. */
    public Uni<String> signIn(String email, String password, String code, String client, String userAgent) {
        String address = OwnerEmails.orEmpty(email);
        return verify(address, password, code, client, () -> new EnvelopeException(401, WRONG))
                .chain(step -> Panache.withTransaction(() -> openSession(address, step, userAgent)));
    }

    /**
     * Proves again that the signed-in owner knows the password, and a current code when the second factor is on
     * (before that factor is replaced or removed); counted and limited like sign-in. 400 envelope for a wrong answer.
     */
    public Uni<Void> reauthenticate(Owner owner, String password, String code, String client) {
        return verify(owner.email(), password, code, client, () -> EnvelopeException.invalid(WRONG_CURRENT)).replaceWithVoid();
    }

    /** The TOTP step the answer used (marked used), or {@value #NO_TOTP}; {@code wrong} or 429 otherwise. */
    private Uni<Long> verify(String address, String password, String code, String client, Supplier<EnvelopeException> wrong) {
        Instant now = Instant.now();
        AtomicReference<HashingSlots.Ticket> ticket = new AtomicReference<>();
        return Panache.withTransaction(() -> reserve(address, client, now, ticket)
                        .chain(attempt -> accounts.findByEmail(address).map(account -> new Attempt(attempt, account))))
                .chain(attempt -> ticket.get().hash(() -> check(attempt.account(), password, code, now))
                        .chain(step -> step.isPresent()
                                ? Panache.withTransaction(() -> useStep(address, step.getAsLong(), attempt.id(), wrong))
                                : Uni.createFrom().failure(wrong.get())))
                .eventually(() -> {
                    if (ticket.get() != null) {
                        ticket.get().release();
                    }
                });
    }

    private record Attempt(long id, OwnerAccount account) {
    }

    /**
     * The id of this attempt's failure row, stored while the address's and the client's locks are held; 429 past a
     * limit, or when hashing is full (then the transaction stores nothing: the attempt was not checked).
     */
    private Uni<Long> reserve(String address, String client, Instant now, AtomicReference<HashingSlots.Ticket> ticket) {
        Instant since = now.minus(Duration.ofMinutes(config.failureWindowMinutes()));
        return locks.lock(AdvisoryLocks.OWNER_EMAIL, address)
                .chain(() -> locks.lock(AdvisoryLocks.OWNER_CLIENT, client))
                .chain(() -> failures.countForEmail(address, since))
                .chain(byEmail -> failures.countForClient(client, since).map(byClient ->
                        byEmail >= config.failuresPerEmail() || byClient >= config.failuresPerClient()))
                .chain(limited -> {
                    if (limited) {
                        return Uni.createFrom().failure(new EnvelopeException(429, TOO_MANY));
                    }
                    ticket.set(hashing.take());
                    OwnerSignInFailure failure = new OwnerSignInFailure();
                    failure.email = address;
                    failure.clientAddress = client;
                    failure.at = now;
                    return failures.persist(failure).map(stored -> stored.id);
                })
                .call(() -> failures.deleteBefore(now.minus(Duration.ofDays(1))));
    }

    /** The TOTP step used ({@value #NO_TOTP} when the owner has no second factor), or empty for a wrong answer. */
    private static OptionalLong check(OwnerAccount account, String password, String code, Instant now) {
        boolean passwordRight = PasswordHashing.matches(password == null || password.length() > OwnerPasswordPolicy.MAX ? "" : password,
                account == null || account.passwordHash == null ? ABSENT : account.passwordHash);
        if (account == null || account.passwordHash == null || !passwordRight) {
            return OptionalLong.empty();
        }
        if (account.totpSecret == null) {
            return OptionalLong.of(NO_TOTP);
        }
        OptionalLong step = Totp.matchingStep(account.totpSecret, code, now.getEpochSecond());
        return step.isPresent() && step.getAsLong() > account.totpLastStep ? step : OptionalLong.empty();
    }

    // With TOTP, the update's condition makes a code that two requests present at once work for one of them only.
    // A right answer gives its attempt's failure row back.
    private Uni<Long> useStep(String address, long step, long attempt, Supplier<EnvelopeException> wrong) {
        Uni<Integer> used = step == NO_TOTP ? Uni.createFrom().item(1)
                : accounts.update("totpLastStep = ?1 where email = ?2 and totpLastStep < ?1", step, address);
        return used.chain(updated -> updated == 0 ? Uni.createFrom().failure(wrong.get())
                : failures.deleteById(attempt).replaceWith(step));
    }

    private Uni<String> openSession(String address, long step, String userAgent) {
        return accounts.findByEmail(address)
                .chain(account -> memberships.webshopsOf(account.id).chain(webshops -> {
                    Owner owner = new Owner(account.id, account.email, Set.copyOf(webshops));
                    return audit.record(owner, "owner.sign-in", "owner:" + account.id, null, null,
                                    Map.of("webshops", webshops, "totp", step != NO_TOTP))
                            .chain(() -> sessions.open(account.id, account.email, webshops, userAgent));
                }));
    }
}
