-- Reviews a shop imported from another provider (POST /api/1.0/review_imports.json): origin 'import', the source's
-- name and its own review id (one review per webshop, source and id: imports are idempotent), whether the source
-- says it collected the review as a verified purchase (never our verified flag) and when it was imported.
alter table review add column import_source varchar(64);
alter table review add column import_source_id varchar(255);
alter table review add column import_verified_purchase boolean not null default false;
alter table review add column imported_at timestamp(6) with time zone;
create unique index review_import_key on review (webshop_id, import_source, import_source_id)
    where import_source is not null;
