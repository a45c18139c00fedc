package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.partner.config.PartnerConfig;
import dev.shopreviews.partner.operator.repository.AdvisoryLocks;
import dev.shopreviews.partner.owner.repository.OwnerAccountRepository;
import dev.shopreviews.partner.owner.repository.OwnerLink;
import dev.shopreviews.partner.owner.repository.OwnerLinkRepository;
import dev.shopreviews.partner.owner.repository.OwnerResetRequest;
import dev.shopreviews.partner.owner.repository.OwnerResetRequestRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Handles the stored password-reset requests after they were answered (every {@code shopreviews.dashboard.reset-poll}):
 * a known address gets a new link and its mail unless {@value #OPEN_RESETS} reset links are open already. The count
 * and the new link happen under the address's advisory lock, so requests that arrive at once cannot pass the limit.
 */
@ApplicationScoped
public class OwnerResetMailer {
    static final int OPEN_RESETS = 3;
    private static final int BATCH = 50;
    private static final Logger LOG = Logger.getLogger(OwnerResetMailer.class);

    private final OwnerResetRequestRepository requests;
    private final OwnerAccountRepository accounts;
    private final OwnerLinkRepository links;
    private final OwnerInvitations invitations;
    private final AdvisoryLocks locks;
    private final OwnerMail mail;
    private final PartnerConfig.Dashboard config;
    private volatile boolean stopping;

    public OwnerResetMailer(OwnerResetRequestRepository requests, OwnerAccountRepository accounts, OwnerLinkRepository links,
                            OwnerInvitations invitations, AdvisoryLocks locks, OwnerMail mail, PartnerConfig config) {
        this.requests = requests;
        this.accounts = accounts;
        this.links = links;
        this.invitations = invitations;
        this.locks = locks;
        this.mail = mail;
        this.config = config.dashboard();
    }

    private record Mail(String email, String token) {
    }

    @Scheduled(every = "${shopreviews.dashboard.reset-poll:1s}", delayed = "1s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> handleWaiting() {
        if (stopping) {
            return Uni.createFrom().voidItem();  // the pool closes during shutdown: the next start handles them
        }
        return Panache.withTransaction(() -> requests.claim(BATCH).chain(this::linksFor))
                .chain(this::send)
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("Password-reset requests not handled, the next run retries: %s", failure.getMessage());
                    return null;
                });
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    private Uni<List<Mail>> linksFor(List<OwnerResetRequest> waiting) {
        // In address order: two runs (two replicas) take the addresses' locks in the same order and never wait in a ring.
        List<OwnerResetRequest> ordered = waiting.stream().sorted(Comparator.comparing((OwnerResetRequest r) -> r.email)).toList();
        return Multi.createFrom().iterable(ordered)
                .onItem().transformToUniAndConcatenate(request -> requests.delete(request).chain(() -> linkFor(request.email)))
                .collect().asList()
                .map(mails -> mails.stream().flatMap(Optional::stream).toList());
    }

    private Uni<Optional<Mail>> linkFor(String email) {
        Instant now = Instant.now();
        return locks.lock(AdvisoryLocks.OWNER_RESET, email)
                .chain(() -> accounts.findByEmail(email))
                .chain(account -> account == null ? Uni.createFrom().item(Optional.<Mail>empty())
                        : links.countOpen(account.id, OwnerLink.RESET, now).chain(open -> {
                            if (open >= OPEN_RESETS) {
                                return Uni.createFrom().item(Optional.<Mail>empty());
                            }
                            String token = Codes.random(24);
                            return invitations.newLink(account, OwnerLink.RESET, Duration.ofMinutes(config.resetMinutes()), token)
                                    .map(link -> Optional.of(new Mail(account.email, token)));
                        }));
    }

    // After the commit: a mail never carries a link that is not stored. A failed send is logged; the owner asks again.
    private Uni<Void> send(List<Mail> mails) {
        return Multi.createFrom().iterable(mails)
                .onItem().transformToUniAndConcatenate(m -> mail.reset(m.email(), m.token()).onFailure().recoverWithItem(failure -> {
                    LOG.warnf("A password-reset mail was not sent: %s", failure.getMessage());
                    return null;
                }))
                .collect().last().replaceWithVoid();
    }
}
