-- ReviewChanged.import_source: the provider a review was imported from (ratings-service's review_imports.json), null
-- for our own reviews. Every browser part labels such a review "Imported from <source>" and never as verified; product
-- reviews are shown with their review's row (shown_product_review joins shown_review), so they need no column.
-- Reviews imported before the events carried it stay unlabelled until their next reviews.updated event.
alter table shown_review add column import_source varchar(64);
