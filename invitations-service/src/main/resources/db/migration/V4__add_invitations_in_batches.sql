-- Adds several invitations in one statement and one transaction (invitations-service's intake sends the POSTs that
-- arrive while earlier ones are on their way to the database together; one commit instead of one per request).
-- Each row is add_invitation (V3) with p_store_written_review = false, so every rule of a single add holds; answers
-- one row per input position (1-based) with add_invitation's answer. Rows are added in the order of their order locks'
-- keys, so two batches never wait for each other's locks in a cycle; duplicates inside one batch are decided in
-- input order (the first queues, the later ones see its row and answer 'already_used').
create function add_invitations(p_webshop_ids bigint[], p_emails varchar[], p_order_numbers varchar[],
                                p_languages varchar[], p_delay_days integer[], p_customer_names varchar[],
                                p_phone_numbers text[], p_order_totals numeric[], p_products text[],
                                p_clients varchar[], p_platform_versions varchar[], p_plugin_versions varchar[],
                                p_created_at timestamptz[])
    returns table (pos integer, outcome text) language plpgsql volatile as $$
declare
    r record;
begin
    for r in
        select u.*
        from unnest(p_webshop_ids, p_emails, p_order_numbers, p_languages, p_delay_days, p_customer_names,
                    p_phone_numbers, p_order_totals, p_products, p_clients, p_platform_versions, p_plugin_versions,
                    p_created_at) with ordinality
             as u(webshop_id, email, order_number, language, delay_days, customer_name, phone_numbers, order_total,
                  products, client, platform_version, plugin_version, created_at, position)
        -- lock_order's key (V3); rows without an order number take no lock
        order by case when u.order_number <> ''
                      then ((u.webshop_id # (u.webshop_id >> 32))::bit(32))::integer end,
                 case when u.order_number <> '' then hashtext(u.order_number) end,
                 u.position
    loop
        pos := r.position;
        outcome := add_invitation(r.webshop_id, r.email, r.order_number, r.language, r.delay_days, r.customer_name,
                                  r.phone_numbers, r.order_total, r.products, r.client, r.platform_version,
                                  r.plugin_version, r.created_at, false);
        return next;
    end loop;
end
$$;
