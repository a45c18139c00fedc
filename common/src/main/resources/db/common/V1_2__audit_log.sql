-- Every change an operator (or, later, a shop owner) makes in this service: who, when, what, before and after
-- (common AuditLog). Append-only: the trigger refuses UPDATE and DELETE, so not even the service can rewrite
-- history. Entries hold states and reasons, never a reviewer's name, address or text (docs/operator-console.md).
create table audit_entry (
    id         bigserial primary key,
    at         timestamp(6) with time zone not null,
    actor      varchar(200) not null,
    action     varchar(100) not null,
    subject    varchar(200) not null,
    webshop_id bigint,
    before     text,
    after      text
);

create index audit_entry_by_webshop on audit_entry (webshop_id, id);

create function audit_entry_is_append_only() returns trigger language plpgsql as $$
begin
    raise exception 'audit_entry is append-only';
end;
$$;

create trigger audit_entry_append_only
    before update or delete on audit_entry
    for each statement execute function audit_entry_is_append_only();
