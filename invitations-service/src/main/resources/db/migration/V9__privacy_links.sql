-- The privacy page's e-mailed links (docs/privacy.md): who asked when, to limit requests per address and per client
-- (both kept only as hashes, for a day), and which links were used (single use; kept until they expire).
create table privacy_link_request (
    id           bigserial primary key,
    email_hash   varchar(64) not null,
    client_hash  varchar(64) not null,
    requested_at timestamp(6) with time zone not null
);
create index privacy_link_request_by_email on privacy_link_request (email_hash, requested_at);
create index privacy_link_request_by_client on privacy_link_request (client_hash, requested_at);

create table privacy_link_use (
    nonce_hash varchar(64) primary key,
    used_at    timestamp(6) with time zone not null,
    expires_at timestamp(6) with time zone not null
);
