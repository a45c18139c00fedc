-- The summary (ratings_summary.json, ratings.summary after every intake batch) aggregates a webshop's published
-- reviews: an index-only scan over this partial covering index instead of reading every review row of the shop.
create index review_published_ratings on review (webshop_id)
    include (rating, shippingtime, customerservice, pricequality, aftersale)
    where deleted_at is null and not held and not quarantine;
