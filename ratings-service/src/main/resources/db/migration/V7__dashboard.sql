-- The shop dashboard (/dashboard/api/ratings/webshops/{id}/...). Its review list is newest first by (created_at desc,
-- id desc) with a keyset condition: V2's review_by_shop_newest (webshop_id, created_at desc, id desc) serves it, so no
-- new review index is needed.

-- An owner (source 'owner') asks the operator to look at a review; the review stays visible. At most one open report
-- per review and source; any operator decision on the review (publish, hide, delete) resolves its open reports.
create table review_report (
    id          bigserial primary key,
    review_id   bigint        not null references review (id),
    webshop_id  bigint        not null,
    source      varchar(16)   not null,
    reporter    varchar(200)  not null,
    reason      varchar(1000) not null,
    created_at  timestamp(6) with time zone not null,
    resolved_at timestamp(6) with time zone
);
create unique index review_report_open on review_report (review_id, source) where resolved_at is null;
-- The moderation queue's "reported" state and its count (few open reports at any time).
create index review_report_open_by_shop on review_report (webshop_id, review_id) where resolved_at is null;
