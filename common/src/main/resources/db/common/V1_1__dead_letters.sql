-- Records a consumer could never apply, until the operator replays or discards them (common DeadLetters).
create table dead_letter (
    id              bigserial primary key,
    channel         varchar(255) not null,
    topic           varchar(255) not null,
    kafka_partition integer,
    kafka_offset    bigint,
    record_key      varchar(255),
    payload         bytea,
    reason          varchar(500) not null,
    error           text,
    state           varchar(16)  not null,
    created_at      timestamp(6) with time zone not null,
    resolved_at     timestamp(6) with time zone
);

create index dead_letter_by_state on dead_letter (state, id);
