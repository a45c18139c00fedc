-- The operator console's moderation (docs/api-notes.md, "Operator console: moderation"). hidden_reason: set while the
-- moderators keep a review hidden; the review stays public and counted, but every public output shows the notice
-- with this reason in place of its texts (the original comment stays here).
alter table review add column hidden_reason varchar(300);

-- The moderation queue lists each state newest first (by id, paged with before=id) and counts the states; few
-- reviews are in any of them, so partial indexes keep the queue cheap on a large review table.
create index review_quarantined on review (id) where quarantine and deleted_at is null;
create index review_held on review (id) where held and deleted_at is null;
create index review_hidden on review (id) where hidden_reason is not null and deleted_at is null;
