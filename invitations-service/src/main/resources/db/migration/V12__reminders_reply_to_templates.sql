-- Reminders (one per invitation), the reply-to address and the shops' own e-mail templates (issue 28).

-- reminder_days 0 = no reminders (the default); reply_to null = no Reply-To header.
alter table invitation_defaults
    add column reminder_days integer not null default 0 check (reminder_days between 0 and 60),
    add column reply_to      varchar(254);

-- reviewed_at: a review written through the invitation's link (reviews.created names the invitation).
-- reminder_due_at: set when the invitation is sent and its shop has reminders on (sent_at + reminder_days); the
-- sender's lease and retry time of the reminder afterwards; null once reminded, given up or never due.
-- reminded_at: the reminder went out (at most one). reminder_attempts: SMTP attempts of the reminder.
alter table invitation
    add column reviewed_at       timestamp(6) with time zone,
    add column reminder_due_at   timestamp(6) with time zone,
    add column reminded_at       timestamp(6) with time zone,
    add column reminder_attempts integer not null default 0;

create index invitation_reminder_due on invitation (reminder_due_at) where reminder_due_at is not null;

-- A shop's own e-mail text for one kind of e-mail (invitation, reminder) and language; none: the built-in text.
create table mail_template (
    webshop_id bigint        not null,
    kind       varchar(16)   not null check (kind in ('invitation', 'reminder')),
    language   varchar(8)    not null,
    subject    varchar(200)  not null,
    html       text          not null,
    text       text          not null,
    updated_at timestamp(6) with time zone not null,
    updated_by varchar(200)  not null,
    primary key (webshop_id, kind, language)
);
