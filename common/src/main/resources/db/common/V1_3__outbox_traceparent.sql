-- The W3C trace context an event was written in (common tracing): the relay sends it as the record's traceparent
-- header, so the consumer's work continues the trace of the request or record that caused the event.
alter table outbox_event add column traceparent varchar(55);
