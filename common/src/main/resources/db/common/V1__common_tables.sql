-- Tables every service has: the webshop replica, the transactional outbox and the processed-event log.
create table webshop_replica (
    id            bigint primary key,
    api_code_hash varchar(64)  not null,
    public_code   varchar(64)  not null,
    name          varchar(255) not null,
    main_language varchar(8)   not null,
    languages     varchar(255) not null,
    reply_access  boolean      not null default false,
    active        boolean      not null default true,
    version       bigint       not null,
    snapshot      text         not null,
    updated_at    timestamp(6) with time zone not null
);

create table outbox_event (
    id         bigserial primary key,
    topic      varchar(255) not null,
    event_key  varchar(255) not null,
    payload    text         not null,
    created_at timestamp(6) with time zone not null
);

create table processed_event (
    event_id     varchar(64) primary key,
    processed_at timestamp(6) with time zone not null
);
