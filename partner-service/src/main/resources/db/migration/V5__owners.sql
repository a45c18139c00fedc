-- Shop owners of the dashboard (partner/owner, docs/dashboard.md). The address is stored lower-cased; the password
-- as an Argon2id PHC string, null until the owner sets it from the invitation mail; the TOTP secret only once the
-- owner turned the second factor on (totp_pending holds a secret not yet confirmed with a code).
create table owner_account (
    id             bigserial primary key,
    email          varchar(254) not null unique,
    password_hash  varchar(255),
    totp_secret    varchar(64),
    totp_pending   varchar(64),
    totp_last_step bigint       not null default 0,
    created_at     timestamp(6) with time zone not null,
    created_by     varchar(200) not null
);

-- Which owner manages which webshop; an owner can have several, a webshop several owners.
create table owner_membership (
    id         bigserial primary key,
    owner_id   bigint not null references owner_account (id),
    webshop_id bigint not null references webshop (id),
    created_at timestamp(6) with time zone not null,
    created_by varchar(200) not null,
    unique (owner_id, webshop_id)
);
create index owner_membership_by_webshop on owner_membership (webshop_id);

-- Links mailed to owners (purpose invite or reset): only the SHA-256 of the token is kept; a link works once.
create table owner_link (
    id         bigserial primary key,
    owner_id   bigint      not null references owner_account (id),
    token_hash varchar(64) not null unique,
    purpose    varchar(16) not null,
    expires_at timestamp(6) with time zone not null,
    used_at    timestamp(6) with time zone
);
create index owner_link_by_owner on owner_link (owner_id, purpose);

-- Failed dashboard sign-ins, counted per address and per client address within a window (OwnerSignIn); kept one day.
create table owner_sign_in_failure (
    id             bigserial primary key,
    email          varchar(254) not null,
    client_address varchar(64)  not null,
    at             timestamp(6) with time zone not null
);
create index owner_sign_in_failure_by_email on owner_sign_in_failure (email, at);
create index owner_sign_in_failure_by_client on owner_sign_in_failure (client_address, at);
