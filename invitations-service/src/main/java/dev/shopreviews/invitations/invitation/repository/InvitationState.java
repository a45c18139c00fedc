package dev.shopreviews.invitations.invitation.repository;

/**
 * Where an invitation is. Spec 3.1 shows two states (queued: sent is false; sent); the others are this service's
 * detail of "queued" and of invitations that are never e-mailed. Stored in lower case.
 */
public enum InvitationState {
    /** Waiting for its scheduled time. */
    queued,
    /** Claimed by a sender (lease until next_attempt_at). */
    sending,
    /** The last SMTP attempt failed; tried again at next_attempt_at. */
    retrying,
    /** E-mailed (sent_at set). */
    sent,
    /** Every attempt failed; kept, never dropped (see last_error). */
    failed,
    /** The address opted out of this shop's e-mails. */
    opted_out,
    /** The customer already wrote the review in the consent pop-up; no e-mail, the order was confirmed instead. */
    review_written
}
