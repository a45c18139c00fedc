-- docs/privacy.md: a delivery's payload is the review as a ratings.json item, whose "email" names the reviewer.
-- Erasure (customers.erased) and the privacy export find deliveries by the address's hash (common EmailHash, the
-- same expression as EmailHash.SQL); this function computes it from the payload, and the index makes both a lookup
-- instead of a scan of every delivery of the platform. A payload that is not JSON (none is written so) has no hash.
create function webhook_payload_email_hash(payload text) returns text
    language plpgsql immutable parallel safe as $$
begin
    return encode(sha256(convert_to(lower(trim((payload::jsonb) ->> 'email')), 'UTF8')), 'hex');
exception when others then
    return null;
end;
$$;
create index webhook_delivery_email_hash on webhook_delivery (webhook_payload_email_hash(payload));

-- Retention: finished deliveries (delivered, dead, cancelled) are deleted some time after created_at.
create index webhook_delivery_finished on webhook_delivery (created_at) where state in ('delivered', 'dead', 'cancelled');
