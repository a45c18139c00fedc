-- pgbench transaction of benchmark 2: the insert invitations-service runs to add one invitation
-- (inside the database function add_invitation, migration V3), on a scratch copy of the invitation table. Unique e-mail per transaction.
\set n random(1, 1000000000000)
insert into invitation (webshop_id, email, order_number, language, delay_days, customer_name, phone_numbers,
    order_total, products, client, platform_version, plugin_version, state, created_at, scheduled_at, attempts,
    next_attempt_at)
values (1, 'inv.pg.' || :client_id || '.' || :n || '@example.com', 'pg-' || :client_id || '-' || :n, 'en', 30,
    'Bench Customer', null, null, null, null, null, null, 'queued', now(), now() + interval '30 days', 0,
    now() + interval '30 days')
on conflict (webshop_id, lower(email), order_number) where order_number <> '' do nothing;
