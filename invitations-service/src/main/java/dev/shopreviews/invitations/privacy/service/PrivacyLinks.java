package dev.shopreviews.invitations.privacy.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.privacy.repository.PrivacyLinkLog;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import org.jboss.logging.Logger;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The privacy page's sign-in by e-mail: a link is mailed to any well-formed address (known or not, so the answer
 * never tells, neither by its text nor by its timing), at most a few per address and per client an hour; the link is signed, short-lived and single use,
 * and using it opens a {@link PrivacySessions} cookie.
 */
@ApplicationScoped
public class PrivacyLinks {
    private static final Duration WINDOW = Duration.ofHours(1);
    private static final Logger LOG = Logger.getLogger(PrivacyLinks.class);

    private final SignedTokens tokens;
    private final PrivacySessions sessions;
    private final PrivacyLinkLog log;
    private final PrivacyLinkMail mail;
    private final InvitationsConfig.Privacy config;

    public PrivacyLinks(SignedTokens tokens, PrivacySessions sessions, PrivacyLinkLog log, PrivacyLinkMail mail,
                        InvitationsConfig config) {
        this.tokens = tokens;
        this.sessions = sessions;
        this.log = log;
        this.mail = mail;
        this.config = config.privacy();
    }

    /**
     * Reserves one of the address's and the client's requests of the hour (checked and recorded in one step, so
     * parallel requests cannot pass the limit together) and answers the link to mail; 429 envelope beyond the limits.
     * Known and unknown addresses do exactly this work; the mail goes out afterwards ({@link #handOver}).
     */
    @WithTransaction
    public Uni<PrivacyLink> reserve(String email, String client, String language, Instant now) {
        String emailHash = EmailHash.of(email);
        String clientHash = Codes.sha256Hex("client:" + client);
        return log.reserve(emailHash, clientHash, now, now.minus(WINDOW), config.linksPerAddressPerHour(),
                config.linksPerClientPerHour()).map(reserved -> {
            if (!reserved) {
                throw new EnvelopeException(429, "Too many links were asked for. Try again in an hour.");
            }
            return new PrivacyLink(PrivacyLink.PURPOSE, email, Codes.random(24), language,
                    now.plus(config.linkValidity()).getEpochSecond());
        });
    }

    /**
     * Mails the reserved link without waiting for the mail server, so neither its speed nor its verdict on the
     * address reaches the answer. A mail that fails is logged (without the address) and not retried: the person asks again.
     */
    public void handOver(PrivacyLink link) {
        Runnable send = () -> mail.send(link, tokens.sign(link)).subscribe().with(sent -> { },
                failure -> LOG.warnf("A privacy link mail could not be handed over: %s", failure.getClass().getName()));
        Context context = Vertx.currentContext();
        if (context != null) {
            context.runOnContext(ignored -> send.run());  // after the answer being written on this context
        } else {
            send.run();
        }
    }

    /** The link's content when it is genuine and not expired (a used one too: {@link #use} tells). */
    public Optional<PrivacyLink> read(String token, Instant now) {
        return tokens.verify(token, PrivacyLink.class).filter(link -> link.genuineAt(now.getEpochSecond()));
    }

    /** Uses the link once: the session cookie's value, or empty for a forged, expired or used link. Call inside a transaction. */
    public Uni<Optional<String>> use(String token, Instant now) {
        Optional<PrivacyLink> link = read(token, now);
        if (link.isEmpty()) {
            return Uni.createFrom().item(Optional.empty());
        }
        return log.use(Codes.sha256Hex(link.get().nonce()), now, Instant.ofEpochSecond(link.get().expiresAt()))
                .map(first -> first ? Optional.of(sessions.open(link.get().email(), now)) : Optional.empty());
    }
}
