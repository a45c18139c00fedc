-- pgbench transaction of benchmark 2b: 64 invitations in one statement and one transaction, the most the service's
-- intake groups into one (shopreviews.intake.max-batch), on the scratch copy of the invitation table. Rows/s = tps x 64.
\set n random(1, 1000000000000)
insert into invitation (webshop_id, email, order_number, language, delay_days, customer_name, phone_numbers,
    order_total, products, client, platform_version, plugin_version, state, created_at, scheduled_at, attempts,
    next_attempt_at)
select 1, 'inv.pgb.' || :client_id || '.' || :n || '.' || i || '@example.com', 'pgb-' || :client_id || '-' || :n || '-' || i,
    'en', 30, 'Bench Customer', null, null, null, null, null, null, 'queued', now(), now() + interval '30 days', 0,
    now() + interval '30 days'
from generate_series(1, 64) as i
on conflict (webshop_id, lower(email), order_number) where order_number <> '' do nothing;
