-- Privacy (docs/privacy.md). An erased review (customers.erased) keeps its row, blanked and deleted, so the detailed
-- product feed reports it as deleted even though its product texts are gone; erased_at marks it.
alter table review add column erased_at timestamp(6) with time zone;

-- The reviewer's privacy page lists an address's reviews on every webshop (addresses are stored trimmed; compared in
-- lower case).
create index review_by_email on review (lower(email));

-- Retention: client addresses are blanked, and sent reply notifications deleted, some days after (RetentionCleanUp).
create index review_client_address_age on review (created_at) where client_address is not null;
create index reply_notification_sent on reply_notification (sent_at) where sent_at is not null;
