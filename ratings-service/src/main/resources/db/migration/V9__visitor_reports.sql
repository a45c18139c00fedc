-- Visitors report reviews from the public page and the widget (POST /api/1.0/review_reports.json, an extension):
-- source 'visitor', a reason from a fixed list (category) and an optional text (reason; '' without one). The owner
-- keeps one open report per review; a visitor client one per review (client_key: SHA-256 of the client address,
-- blanked when an operator decides on the review, so a repeated report is answered without a second row).
alter table review_report add column category varchar(32);
alter table review_report add column client_key varchar(64);
drop index review_report_open;
create unique index review_report_open on review_report (review_id, source) where resolved_at is null and source = 'owner';
create unique index review_report_open_by_client on review_report (review_id, client_key)
    where resolved_at is null and source = 'visitor';
