-- Issue 21: the review links of invitation e-mails carry an opaque reference; invitations-service announces each on
-- topic review-links with what the form shows (kept here as JSON). Stored only as the reference's SHA-256.
create table known_review_link (
    ref_hash      varchar(64)  primary key,
    invitation_id bigint       not null,
    webshop_id    bigint       not null,
    link          text         not null,
    expires_at    timestamp(6) with time zone not null,
    revoked_at    timestamp(6) with time zone
);
create index known_review_link_invitation on known_review_link (invitation_id);
