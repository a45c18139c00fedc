-- Webhook subscriptions of the webshops, the delivery queue (one row per event and subscription) and the
-- attempt log. The secret is stored encrypted (AES-256-GCM, key from SECRET_ENCRYPTION_KEY), never in clear.
create table webhook_subscription (
    id               bigserial primary key,
    webshop_id       bigint        not null,
    url              varchar(2048) not null,
    endpoint         varchar(300)  not null,
    topic            varchar(32)   not null,
    active           boolean       not null,
    secret_encrypted varchar(200)  not null,
    created_at       timestamp(6) with time zone not null,
    updated_at       timestamp(6) with time zone not null
);
create index webhook_subscription_shop on webhook_subscription (webshop_id, topic) where active;

-- state: pending (waiting for next_attempt_at), in_flight (claimed until lease_until), delivered, dead, cancelled.
create table webhook_delivery (
    id               bigserial primary key,
    subscription_id  bigint        not null references webhook_subscription (id) on delete cascade,
    webshop_id       bigint        not null,
    event_id         varchar(64)   not null,
    topic            varchar(32)   not null,
    endpoint         varchar(300)  not null,
    payload          text          not null,
    published        boolean       not null,
    state            varchar(16)   not null,
    attempts         integer       not null default 0,
    next_attempt_at  timestamp(6) with time zone,
    lease_until      timestamp(6) with time zone,
    last_attempt_at  timestamp(6) with time zone,
    last_status_code integer,
    last_latency_ms  integer,
    last_error       varchar(500),
    delivered_at     timestamp(6) with time zone,
    redelivery_of    bigint,
    created_at       timestamp(6) with time zone not null
);
create index webhook_delivery_due on webhook_delivery (next_attempt_at) where state = 'pending';
create index webhook_delivery_lease on webhook_delivery (lease_until) where state = 'in_flight';
create index webhook_delivery_subscription on webhook_delivery (subscription_id, id desc);

create table webhook_attempt (
    id           bigserial primary key,
    delivery_id  bigint       not null references webhook_delivery (id) on delete cascade,
    attempt      integer      not null,
    attempted_at timestamp(6) with time zone not null,
    status_code  integer,
    latency_ms   integer      not null,
    error        varchar(500)
);
create index webhook_attempt_delivery on webhook_attempt (delivery_id, attempt);
