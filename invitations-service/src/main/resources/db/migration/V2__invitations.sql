-- Invitations, their send queue, order consents and e-mail opt-outs.
create table invitation (
    id               bigserial primary key,
    webshop_id       bigint       not null,
    email            varchar(254) not null,
    order_number     varchar(255) not null default '',
    language         varchar(8)   not null,
    delay_days       integer      not null,
    customer_name    varchar(255) not null default '',
    phone_numbers    text,
    order_total      numeric(18, 4),
    products         text,
    client           varchar(255),
    platform_version varchar(255),
    plugin_version   varchar(255),
    -- queued, sending, retrying, sent, failed, opted_out, review_written (see InvitationState)
    state            varchar(16)  not null,
    created_at       timestamp(6) with time zone not null,
    scheduled_at     timestamp(6) with time zone not null,
    sent_at          timestamp(6) with time zone,
    attempts         integer      not null default 0,
    -- when the sender may (next) take it: scheduled_at, a retry time, or the end of a claim's lease
    next_attempt_at  timestamp(6) with time zone not null,
    last_error       varchar(1000)
);

-- Spec 3.1: one invitation per email+order combination and webshop. E-mail addresses compare case-insensitively.
-- An empty order never counts as "used before" (API-NOTES.md), hence the partial index.
create unique index invitation_email_order_unique
    on invitation (webshop_id, lower(email), order_number) where order_number <> '';
create index invitation_due on invitation (next_attempt_at) where state in ('queued', 'retrying', 'sending');
create index invitation_newest on invitation (webshop_id, created_at desc, id desc);
create index invitation_order on invitation (webshop_id, order_number);

create table order_consent (
    webshop_id        bigint       not null,
    order_number      varchar(255) not null,
    choice            varchar(32)  not null,
    invite_delay_days integer      not null,
    email             varchar(254),
    recorded_at       timestamp(6) with time zone not null,
    -- set once orders.confirmed went out for this order (review written in the pop-up + invitation added)
    confirmed_at      timestamp(6) with time zone,
    primary key (webshop_id, order_number)
);

create table opt_out (
    webshop_id bigint       not null,
    email      varchar(254) not null, -- lower case
    created_at timestamp(6) with time zone not null,
    primary key (webshop_id, email)
);
