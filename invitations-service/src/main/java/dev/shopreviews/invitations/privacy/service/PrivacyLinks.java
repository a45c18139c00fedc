package dev.shopreviews.invitations.privacy.service;

import dev.shopreviews.common.api.EnvelopeException;
import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.common.links.SignedTokens;
import dev.shopreviews.common.privacy.EmailHash;
import dev.shopreviews.common.privacy.PrivacySessions;
import dev.shopreviews.invitations.config.InvitationsConfig;
import dev.shopreviews.invitations.privacy.repository.PrivacyLinkLog;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * The privacy page's sign-in by e-mail: a link is mailed to any well-formed address (known or not, so the answer
 * never tells), at most a few per address and per client an hour; the link is signed, short-lived and single use,
 * and using it opens a {@link PrivacySessions} cookie.
 */
@ApplicationScoped
public class PrivacyLinks {
    private static final Duration WINDOW = Duration.ofHours(1);

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

    /** Records the request and mails the link; 429 envelope beyond the limits. Call inside a transaction. */
    public Uni<Void> request(String email, String client, String language, Instant now) {
        String emailHash = EmailHash.of(email);
        String clientHash = Codes.sha256Hex("client:" + client);
        return log.recentRequests(emailHash, clientHash, now.minus(WINDOW)).chain(counts -> {
            if (counts[0] >= config.linksPerAddressPerHour() || counts[1] >= config.linksPerClientPerHour()) {
                throw new EnvelopeException(429, "Too many links were asked for. Try again in an hour.");
            }
            PrivacyLink link = new PrivacyLink(PrivacyLink.PURPOSE, email, Codes.random(24), language,
                    now.plus(config.linkValidity()).getEpochSecond());
            return log.addRequest(emailHash, clientHash, now).chain(() -> mail.send(link, tokens.sign(link)));
        });
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
