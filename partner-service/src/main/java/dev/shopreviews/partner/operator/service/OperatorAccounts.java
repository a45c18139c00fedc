package dev.shopreviews.partner.operator.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.audit.AuditLog;
import dev.shopreviews.common.input.TextInput;
import dev.shopreviews.common.operator.Operator;
import dev.shopreviews.common.operator.OperatorRole;
import dev.shopreviews.partner.config.PartnerConfig;
import dev.shopreviews.partner.operator.repository.OperatorAccount;
import dev.shopreviews.partner.operator.repository.OperatorAccountRepository;
import dev.shopreviews.partner.session.service.SessionEnds;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The console's operators: the bootstrap admin from configuration (created, or reset to the configured password
 * and TOTP secret, at every start), and the ones an admin creates or deactivates. Every change is audited.
 */
@ApplicationScoped
public class OperatorAccounts {
    private static final Logger LOG = Logger.getLogger(OperatorAccounts.class);
    static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{1,63}");
    static final int MIN_PASSWORD = 12;
    static final int MAX_PASSWORD = 200;

    /** A new operator's TOTP secret, shown once, with the otpauth:// address an authenticator app reads. */
    public record Created(OperatorAccount account, String totpSecret, String otpauthUri) {
    }

    private final OperatorAccountRepository accounts;
    private final AuditLog audit;
    private final PartnerConfig.Console config;
    private final HashingSlots hashing;
    private final SessionEnds sessionEnds;

    public OperatorAccounts(OperatorAccountRepository accounts, AuditLog audit, PartnerConfig config, HashingSlots hashing,
                            SessionEnds sessionEnds) {
        this.sessionEnds = sessionEnds;
        this.accounts = accounts;
        this.audit = audit;
        this.config = config.console();
        this.hashing = hashing;
    }

    void bootstrap(@Observes StartupEvent event) throws Throwable {
        if (config.bootstrapPassword().filter(password -> !password.isBlank()).isEmpty()) {
            LOG.warn("No OPERATOR_BOOTSTRAP_PASSWORD: the console has no bootstrap operator");
            return;
        }
        String name = config.bootstrapName();
        String password = config.bootstrapPassword().get();
        String secret = config.bootstrapTotp().orElse("");
        if (!NAME.matcher(name).matches() || password.length() < MIN_PASSWORD || !Totp.validSecret(secret)) {
            throw new IllegalStateException("The bootstrap operator needs a name like 'alice', a password of at least "
                    + MIN_PASSWORD + " characters and a base32 TOTP secret (OPERATOR_BOOTSTRAP_*)");
        }
        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> accounts.findByName(name)
                .chain(existing -> existing == null ? insertBootstrap(name, password, secret)
                        : resetBootstrap(existing, password, secret))));
    }

    private Uni<Void> insertBootstrap(String name, String password, String secret) {
        OperatorAccount account = newAccount(name, OperatorRole.ADMIN, PasswordHashing.hash(password), secret, "configuration");
        return accounts.persist(account).invoke(() -> LOG.infof("Bootstrap operator %s created", name)).replaceWithVoid();
    }

    private Uni<Void> resetBootstrap(OperatorAccount account, String password, String secret) {
        if (!PasswordHashing.matches(password, account.passwordHash)) {
            account.passwordHash = PasswordHashing.hash(password);
        }
        account.totpSecret = secret.toUpperCase();
        account.role = OperatorRole.ADMIN.value();
        account.active = true;
        return Uni.createFrom().voidItem();
    }

    public Uni<List<OperatorAccount>> list() {
        return Panache.withSession(accounts::listByName);
    }

    /** Creates an operator (admin only); the password is hashed off the event loop. */
    public Uni<Created> create(Operator who, String name, String role, String password) {
        OperatorRole parsedRole = OperatorRole.parse(role)
                .orElseThrow(() -> EnvelopeException.invalid("role must be admin or moderator."));
        if (name == null || !NAME.matcher(name).matches()) {
            throw EnvelopeException.invalid("name must be 2-64 characters: lower-case letters, digits, dot, dash, underscore.");
        }
        if (password == null || password.length() < MIN_PASSWORD || password.length() > MAX_PASSWORD
                || !TextInput.acceptable(password, TextInput.Kind.LINE)) {
            throw EnvelopeException.invalid("password must be one line of " + MIN_PASSWORD + "-" + MAX_PASSWORD + " characters.");
        }
        String secret = Totp.newSecret();
        return hashing.run(() -> PasswordHashing.hash(password))
                .chain(hash -> Panache.withTransaction(() -> accounts.findByName(name).chain(existing -> {
                    if (existing != null) {
                        throw new EnvelopeException(409, "An operator with this name exists.");
                    }
                    OperatorAccount account = newAccount(name, parsedRole, hash, secret, who.actor());
                    return accounts.persist(account)
                            .call(saved -> audit.record(who, "operator.create", "operator:" + name, null, null,
                                    Map.of("role", saved.role, "active", true)));
                })))
                .map(account -> new Created(account, secret, "otpauth://totp/Shop%20reviews:" + name
                        + "?secret=" + secret + "&issuer=Shop%20reviews"));
    }

    /** Deactivates an operator (admin only; not oneself): they can no longer sign in. */
    public Uni<OperatorAccount> deactivate(Operator who, String name) {
        if (name.equals(who.name())) {
            throw new EnvelopeException(409, "You cannot deactivate yourself.");
        }
        return Panache.withTransaction(() -> accounts.findByName(name)
                .onItem().ifNull().failWith(() -> EnvelopeException.notFound("Operator not found."))
                .call(account -> {
                    boolean before = account.active;
                    account.active = false;
                    return audit.record(who, "operator.deactivate", "operator:" + name, null,
                            Map.of("active", before), Map.of("active", false))
                            .chain(() -> sessionEnds.ofOperator(name, "deactivated"));
                }));
    }

    private static OperatorAccount newAccount(String name, OperatorRole role, String hash, String secret, String createdBy) {
        OperatorAccount account = new OperatorAccount();
        account.name = name;
        account.role = role.value();
        account.passwordHash = hash;
        account.totpSecret = secret.toUpperCase();
        account.active = true;
        account.createdAt = Instant.now();
        account.createdBy = createdBy;
        return account;
    }
}
