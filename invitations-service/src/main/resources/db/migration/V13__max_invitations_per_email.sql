-- max_invitations_per_email (docs/api-notes.md, "What real clients send"): the plugins' "invite only after the first
-- order" sends 1; with that many invitations of the webshop for the address already stored, nothing is queued.

-- Counting an address's invitations: rows with an order number are found through invitation_email_order_unique (V2);
-- this index finds the rest, so rows with an order number (nearly all) cost no second index entry.
create index invitation_email_without_order on invitation (webshop_id, lower(email)) where order_number = '';

-- The address's lock: pg_advisory_xact_lock with ONE bigint key, a key space apart from lock_order's two-integer
-- keys (V3), so an address lock never collides with an order lock. Order of locks: the address, then (inside
-- add_invitation) the order; batches (add_invitations, V4) take order locks only and never wait for an address
-- lock, so no cycle can form.
create function lock_email(p_webshop_id bigint, p_email varchar) returns void
    language sql volatile as $$
    select pg_advisory_xact_lock(hashtextextended(p_webshop_id::text || ':' || lower(p_email), 0))
$$;

-- add_invitation (V11) when the request names a limit: under the address's lock, answers 'already_used' when this
-- address+order was invited before (as add_invitation would), 'limit_reached' when the webshop holds p_max
-- invitations for the address (any order, any state), else add_invitation's own answer. Two limited adds of one
-- address wait for each other; each statement of this volatile function takes a new snapshot, so the count sees
-- an add committed while the lock was awaited.
create function add_invitation_within_limit(p_webshop_id bigint, p_email varchar, p_order_number varchar,
                                            p_language varchar, p_delay_days integer, p_customer_name varchar,
                                            p_phone_numbers text, p_order_total numeric, p_products text,
                                            p_client varchar, p_platform_version varchar, p_plugin_version varchar,
                                            p_created_at timestamptz, p_max integer)
    returns text language plpgsql volatile as $$
declare
    held integer;
begin
    perform lock_email(p_webshop_id, p_email);
    if p_order_number <> '' and exists (
            select 1 from invitation i
            where i.webshop_id = p_webshop_id and lower(i.email) = lower(p_email) and i.order_number = p_order_number
              and i.order_number <> '') then
        return 'already_used';
    end if;
    select (select count(*) from (
                select 1 from invitation i
                where i.webshop_id = p_webshop_id and lower(i.email) = lower(p_email) and i.order_number <> ''
                limit p_max) with_order)
         + (select count(*) from (
                select 1 from invitation i
                where i.webshop_id = p_webshop_id and lower(i.email) = lower(p_email) and i.order_number = ''
                limit p_max) without_order)
      into held;
    if held >= p_max then
        return 'limit_reached';
    end if;
    return add_invitation(p_webshop_id, p_email, p_order_number, p_language, p_delay_days, p_customer_name,
                          p_phone_numbers, p_order_total, p_products, p_client, p_platform_version, p_plugin_version,
                          p_created_at, false);
end
$$;
