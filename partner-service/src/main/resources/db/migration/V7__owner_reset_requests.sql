-- Password-reset requests waiting for OwnerResetMailer (partner/owner): every request stores one row, known address
-- or not, and answers; the mailer looks the address up, makes the link and sends the mail after the answer, then
-- deletes the row (kept seconds, never longer than until the next run). Empty for an address that was no address.
create table owner_reset_request (
    id           bigserial primary key,
    email        varchar(254) not null,
    requested_at timestamp(6) with time zone not null
);
