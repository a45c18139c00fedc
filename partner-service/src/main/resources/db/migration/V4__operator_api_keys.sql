-- Named, revocable API keys for operators' scripts (operator/service/OperatorApiKeys): stored as SHA-256 hashes; a
-- key is exchanged for a short-lived console session token, so revoking it takes effect within that token's lifetime.
create table operator_api_key (
    id           bigserial primary key,
    name         varchar(64)  not null unique,
    role         varchar(16)  not null,
    key_hash     varchar(64)  not null unique,
    created_at   timestamp(6) with time zone not null,
    created_by   varchar(200) not null,
    revoked_at   timestamp(6) with time zone,
    last_used_at timestamp(6) with time zone
);
