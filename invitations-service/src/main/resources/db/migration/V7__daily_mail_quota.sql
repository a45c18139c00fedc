-- Issue 21: at most shopreviews.sending.daily-quota invitation e-mails per webshop and UTC day. The sender counts the
-- first attempts it claims here (row locked in the claim transaction, so concurrent senders never exceed it); the
-- API refuses new invitations while the day's quota is used up.
create table daily_mail_count (
    webshop_id bigint  not null,
    day        date    not null,
    claimed    integer not null,
    primary key (webshop_id, day)
);
