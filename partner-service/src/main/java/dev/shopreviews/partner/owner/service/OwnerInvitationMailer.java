package dev.shopreviews.partner.owner.service;

import dev.shopreviews.common.auth.Codes;
import dev.shopreviews.partner.config.PartnerConfig;
import dev.shopreviews.partner.operator.repository.AdvisoryLocks;
import dev.shopreviews.partner.owner.repository.OwnerInvitationRequest;
import dev.shopreviews.partner.owner.repository.OwnerInvitationRequestRepository;
import dev.shopreviews.partner.webshop.repository.WebshopRepository;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;

/**
 * Handles the stored owner invitations after they were answered (every {@code shopreviews.dashboard.reset-poll}, as
 * the reset requests): per address, under its advisory lock, the account when new, the membership, the link and the
 * audit entry in one transaction; the mails after the commit, so a mail never carries a link that is not stored.
 */
@ApplicationScoped
public class OwnerInvitationMailer {
    private static final int BATCH = 50;
    private static final Logger LOG = Logger.getLogger(OwnerInvitationMailer.class);

    private final OwnerInvitationRequestRepository requests;
    private final OwnerInvitations invitations;
    private final WebshopRepository webshops;
    private final AdvisoryLocks locks;
    private final OwnerMail mail;
    private final PartnerConfig.Dashboard config;
    private volatile boolean stopping;

    public OwnerInvitationMailer(OwnerInvitationRequestRepository requests, OwnerInvitations invitations,
                                 WebshopRepository webshops, AdvisoryLocks locks, OwnerMail mail, PartnerConfig config) {
        this.requests = requests;
        this.invitations = invitations;
        this.webshops = webshops;
        this.locks = locks;
        this.mail = mail;
        this.config = config.dashboard();
    }

    private record Mail(String email, String shopName, String token) {
    }

    @Scheduled(every = "${shopreviews.dashboard.reset-poll:1s}", delayed = "1s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    Uni<Void> handleWaiting() {
        if (stopping) {
            return Uni.createFrom().voidItem();  // the pool closes during shutdown: the next start handles them
        }
        return Panache.withTransaction(() -> requests.claim(BATCH).chain(this::admit))
                .chain(this::send)
                .onFailure().recoverWithItem(failure -> {
                    LOG.warnf("Owner invitations not handled, the next run retries: %s", failure.getMessage());
                    return null;
                });
    }

    void onStop(@Observes ShutdownEvent event) {
        stopping = true;
    }

    private Uni<List<Mail>> admit(List<OwnerInvitationRequest> waiting) {
        // In address order: two runs (two replicas) take the addresses' locks in the same order and never wait in a ring.
        List<OwnerInvitationRequest> ordered = waiting.stream()
                .sorted(Comparator.comparing((OwnerInvitationRequest r) -> r.email).thenComparing(r -> r.id)).toList();
        return Multi.createFrom().iterable(ordered)
                .onItem().transformToUniAndConcatenate(request -> requests.delete(request)
                        .chain(() -> locks.lock(AdvisoryLocks.OWNER_RESET, request.email))
                        .chain(() -> webshops.findById(request.webshopId))
                        .chain(shop -> {
                            String token = Codes.random(24);
                            return invitations.admit(request, Duration.ofDays(config.inviteDays()), token)
                                    .map(account -> new Mail(account.email, shop.name, token));
                        }))
                .collect().asList();
    }

    // A failed send is logged; the operator or partner can invite again.
    private Uni<Void> send(List<Mail> mails) {
        return Multi.createFrom().iterable(mails)
                .onItem().transformToUniAndConcatenate(m -> mail.invite(m.email(), m.shopName(), m.token())
                        .onFailure().recoverWithItem(failure -> {
                            LOG.warnf("An owner invitation mail was not sent: %s", failure.getMessage());
                            return null;
                        }))
                .collect().last().replaceWithVoid();
    }
}
