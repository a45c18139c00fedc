-- Wakes the outbox relays (common outbox OutboxWakeUps) when events are appended: one notification per statement,
-- delivered at commit (and only then), so an idle service polls nothing. PostgreSQL folds identical notifications
-- of one transaction into one.
create function outbox_event_appended() returns trigger language plpgsql as $$
begin
    perform pg_notify('outbox_event', '');
    return null;
end
$$;

create trigger outbox_event_appended after insert on outbox_event
    for each statement execute function outbox_event_appended();
