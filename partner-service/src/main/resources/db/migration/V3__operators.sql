-- Named operators of the console (partner/operator). Passwords as Argon2id PHC strings; the TOTP secret in base32
-- (docs/operator-console.md, Known limits: not encrypted at rest). totp_last_step refuses a code used once already.
create table operator_account (
    id             bigserial primary key,
    name           varchar(64)  not null unique,
    role           varchar(16)  not null,
    password_hash  varchar(255) not null,
    totp_secret    varchar(64)  not null,
    totp_last_step bigint       not null default 0,
    active         boolean      not null default true,
    created_at     timestamp(6) with time zone not null,
    created_by     varchar(200) not null
);

-- Failed sign-ins, counted per name and per client address within a window (OperatorSignIn); kept one day.
create table operator_sign_in_failure (
    id             bigserial primary key,
    name           varchar(64) not null,
    client_address varchar(64) not null,
    at             timestamp(6) with time zone not null
);
create index operator_sign_in_failure_by_name on operator_sign_in_failure (name, at);
create index operator_sign_in_failure_by_client on operator_sign_in_failure (client_address, at);
