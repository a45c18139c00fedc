package dev.shopreviews.partner.operator.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.common.operator.OperatorSessions;
import dev.shopreviews.partner.config.PartnerConfig;
import dev.shopreviews.partner.operator.repository.AdvisoryLocks;
import dev.shopreviews.partner.operator.repository.OperatorAccount;
import dev.shopreviews.partner.operator.repository.OperatorAccountRepository;
import dev.shopreviews.partner.operator.repository.SignInFailure;
import dev.shopreviews.partner.operator.repository.SignInFailureRepository;
import dev.shopreviews.partner.session.service.SessionEnds;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Signs an operator in with name, password and TOTP code (all three always checked, one answer for any mistake).
 * Failures are counted per name and per client address; past the limit sign-in answers 429 before any check. Each
 * attempt is stored as a failure before its password is checked (under the name's and the client's advisory locks,
 * in the transaction that counts) and removed when it succeeds, so attempts sent at once cannot pass the limit.
 * A TOTP code works once: its step must be newer than the last one used.
 */
@ApplicationScoped
public class OperatorSignIn {
    public static final String WRONG = "Name, password or code is wrong.";
    public static final String TOO_MANY = "Too many failed sign-ins. Try again later.";
    // A valid hash of no password anyone has: an unknown name costs the same time as a known one.
    private static final String ABSENT = PasswordHashing.hash("no operator has this password " + Totp.newSecret());

    private final OperatorAccountRepository accounts;
    private final SignInFailureRepository failures;
    private final AdvisoryLocks locks;
    private final OperatorSessions sessions;
    private final AuditLog audit;
    private final PartnerConfig.Console config;
    private final HashingSlots hashing;
    private final SessionEnds sessionEnds;

    public OperatorSignIn(OperatorAccountRepository accounts, SignInFailureRepository failures, AdvisoryLocks locks,
                          OperatorSessions sessions, AuditLog audit, PartnerConfig config, HashingSlots hashing,
                          SessionEnds sessionEnds) {
        this.sessionEnds = sessionEnds;
        this.accounts = accounts;
        this.failures = failures;
        this.locks = locks;
        this.sessions = sessions;
        this.audit = audit;
        this.config = config.console();
        this.hashing = hashing;
    }

    /** Sign-out: every session of the operator ends in every service, audited in the same transaction. */
    public Uni<Void> signOut(Operator operator) {
        return Panache.withTransaction(() -> audit.record(operator, "operator.sign-out", "operator:" + operator.name(), null,
                        null, Map.of("sessions", "ended"))
                .chain(() -> sessionEnds.ofOperator(operator.name(), "sign-out")));
    }

    /** The signed session of a successful sign-in; 401 or 429 envelope otherwise. */
    public Uni<String> signIn(String name, String password, String code, String client) {
        String safeName = name != null && name.length() <= 64 && TextInput.acceptable(name, TextInput.Kind.LINE) ? name.trim() : "";
        Instant now = Instant.now();
        AtomicReference<HashingSlots.Ticket> ticket = new AtomicReference<>();
        return Panache.withTransaction(() -> reserve(safeName, client, now, ticket)
                        .chain(attempt -> accounts.findByName(safeName).map(account -> new Attempt(attempt, account))))
                .chain(attempt -> ticket.get().hash(() -> check(attempt.account(), password, code, now))
                        .chain(step -> step.isPresent()
                                ? Panache.withTransaction(() -> accept(safeName, step.getAsLong(), attempt.id()))
                                : Uni.createFrom().failure(new EnvelopeException(401, WRONG))))
                .eventually(() -> {
                    if (ticket.get() != null) {
                        ticket.get().release();
                    }
                });
    }

    private record Attempt(long id, OperatorAccount account) {
    }

    /**
     * The id of this attempt's failure row, stored while the name's and the client's locks are held; 429 past a
     * limit, or when hashing is full (then the transaction stores nothing: the attempt was not checked).
     */
    private Uni<Long> reserve(String name, String client, Instant now, AtomicReference<HashingSlots.Ticket> ticket) {
        Instant since = now.minus(Duration.ofMinutes(config.failureWindowMinutes()));
        return locks.lock(AdvisoryLocks.OPERATOR_NAME, name)
                .chain(() -> locks.lock(AdvisoryLocks.OPERATOR_CLIENT, client))
                .chain(() -> failures.countForName(name, since))
                .chain(byName -> failures.countForClient(client, since).map(byClient ->
                        byName >= config.failuresPerName() || byClient >= config.failuresPerClient()))
                .chain(limited -> {
                    if (limited) {
                        return Uni.createFrom().failure(new EnvelopeException(429, TOO_MANY));
                    }
                    ticket.set(hashing.take());
                    SignInFailure failure = new SignInFailure();
                    failure.name = name;
                    failure.clientAddress = client;
                    failure.at = now;
                    return failures.persist(failure).map(stored -> stored.id);
                })
                .call(() -> failures.deleteBefore(now.minus(Duration.ofDays(1))));
    }

    private static OptionalLong check(OperatorAccount account, String password, String code, Instant now) {
        boolean passwordRight = PasswordHashing.matches(password == null || password.length() > 200 ? "" : password,
                account == null ? ABSENT : account.passwordHash);
        if (account == null || !account.active || !passwordRight) {
            return OptionalLong.empty();
        }
        OptionalLong step = Totp.matchingStep(account.totpSecret, code, now.getEpochSecond());
        return step.isPresent() && step.getAsLong() > account.totpLastStep ? step : OptionalLong.empty();
    }

    // The update's condition makes a code that two requests present at once work for one of them only.
    private Uni<String> accept(String name, long step, long attempt) {
        return accounts.update("totpLastStep = ?1 where name = ?2 and totpLastStep < ?1 and active = true", step, name)
                .chain(updated -> updated == 0 ? Uni.createFrom().failure(new EnvelopeException(401, WRONG))
                        : accounts.findByName(name))
                .call(() -> failures.deleteById(attempt))
                .chain(account -> {
                    Operator operator = new Operator(account.name, OperatorRole.parse(account.role).orElseThrow(), false);
                    return audit.record(operator, "operator.sign-in", "operator:" + name, null, null, Map.of("role", account.role))
                            .map(ignored -> sessions.open(account.name, operator.role(), Instant.now()));
                });
    }
}
