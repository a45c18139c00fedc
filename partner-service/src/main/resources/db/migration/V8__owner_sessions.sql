-- The shop dashboard's open sessions (partner/session, docs/dashboard.md): one row per sign-in, its id the cookie's
-- random sid, so the owner can list them and end one. The client is a short description ("Firefox on Windows")
-- from the User-Agent, never the address or the full header. Rows are dropped a day after they expire.
create table owner_session (
    id         varchar(32)  primary key,
    owner_id   bigint       not null references owner_account (id),
    opened_at  timestamp(6) with time zone not null,
    expires_at timestamp(6) with time zone not null,
    client     varchar(80)  not null,
    ended_at   timestamp(6) with time zone
);
create index owner_session_by_owner on owner_session (owner_id, expires_at);
create index owner_session_by_expiry on owner_session (expires_at);
