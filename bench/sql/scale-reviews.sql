-- bench/scale's bulk path for reviews (ratings database, run as postgres): rows exactly as ratings-service's intake
-- stores a published form review (origin form, read, the spec's four sub-ratings), with realistic text lengths
-- (20-800 characters), five languages and a rating mix leaning to 4-5, spread over three years.
-- Variables: shop (webshop id; 0: each review to a random webshop of the session's temporary table scale_shop(id)),
-- n (reviews), products (1: each review also gets a product review), tag (a prefix unique to this call).
-- Writes no events: the endpoints bench/scale measures (ratings.json, ratings_summary.json, product_reviews.xml) read
-- only these tables (bench/README.md, "bench/scale").
\set ON_ERROR_STOP on
with lorem(t) as (select repeat('Snelle levering en goed verpakt, precies zoals beschreven. Fast delivery, well packed and exactly as '
                              || 'described. Schnelle Lieferung, gut verpackt. Livraison rapide et soignée. Envío rápido y bien '
                              || 'embalado, lo recomiendo. ', 8)),
     shops(a) as (select array_agg(id) from scale_shop),
     rows as (
  select g,
         case when :shop > 0 then :shop else shops.a[1 + floor(random() * cardinality(shops.a))::int] end as shop,
         1 + floor(random() * 5)::int as lang_i,
         least(5, 1 + floor(power(random(), 0.35) * 5)::int) as rating,
         now() - random() * interval '1095 days' as at,
         20 + floor(power(random(), 2) * 780)::int as len,
         floor(random() * 300)::int as off
  from generate_series(1, :n) g cross join shops)
insert into review (webshop_id, source_event_id, origin, order_number, name, email, country, language, rating,
                    shippingtime, customerservice, pricequality, aftersale, comment, comment_hash, is_read,
                    verified, created_at, modified_at)
select shop, :'tag' || '-' || g, 'form', :'tag' || '-order-' || g, 'Reviewer ' || g, :'tag' || '.' || g || '@example.com',
       (array['NL', 'GB', 'DE', 'FR', 'ES'])[lang_i], (array['nl', 'en', 'de', 'fr', 'es'])[lang_i], rating,
       greatest(1, rating - (g % 2)), rating, greatest(1, rating - (g % 3 = 0)::int), rating,
       substr((select t from lorem), 1 + off, len), md5(:'tag' || g), true, g % 5 <> 0, at, at
from rows;

insert into product_review (review_id, webshop_id, product_id, name, url, sku, gtin, rating, text)
select r.id, r.webshop_id, 'P' || (r.id % 500), 'Product ' || (r.id % 500), 'https://shop.example/p/' || (r.id % 500),
       'SKU-' || (r.id % 500), lpad((8712345000000 + r.id % 500)::text, 13, '0'), r.rating, left(r.comment, 400)
from review r
where :products = 1 and r.source_event_id like :'tag' || '-%';
