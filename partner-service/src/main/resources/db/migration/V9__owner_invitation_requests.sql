-- Owner invitations waiting for OwnerInvitationMailer (partner/owner): the invitation stores one row and answers, the
-- same for an address with or without an account; the mailer creates the account when new, the membership and the
-- link, audits it as the inviter, then sends the mail after the commit and deletes the row (kept seconds).
create table owner_invitation_request (
    id           bigserial primary key,
    webshop_id   bigint       not null references webshop (id),
    email        varchar(254) not null,
    invited_by   varchar(300) not null,
    requested_at timestamp(6) with time zone not null
);
