-- bench/scale's bulk path for webhook deliveries (webhooks database, run as postgres): :n pending deliveries of one
-- subscription, due 30-60 days ahead: the queue the delivery claim reads past. Variables: subscription, n, tag.
\set ON_ERROR_STOP on
insert into webhook_delivery (subscription_id, webshop_id, event_id, topic, endpoint, payload, published, state,
                              attempts, next_attempt_at, created_at)
select s.id, s.webshop_id, :'tag' || '-' || g, 'reviews.created', s.url, '{"id":' || g || ',"name":"Queued"}', true,
       'pending', 0, now() + interval '30 days' + random() * interval '30 days', now()
from webhook_subscription s cross join generate_series(1, :n) g
where s.id = :subscription;
