-- A pop-up review is verified only by the shop's confirmation of its order FOR ITS E-MAIL ADDRESS (the invitation
-- the shop added): confirmations are kept per order and e-mail (lower case). Rows from before carry '' and verify
-- nothing new.
alter table order_confirmation add column email varchar(254) not null default '';
alter table order_confirmation drop constraint order_confirmation_pkey;
alter table order_confirmation add primary key (webshop_id, order_number, email);

-- One review per invitation (a used link edits the review within the edit window) and one verified review per order.
create index review_by_invitation on review (webshop_id, invitation_id) where invitation_id is not null;
create index review_verified_by_order on review (webshop_id, order_number) where verified and order_number <> '';

-- The daily reply-notification quota counts a webshop's notifications of the day.
create index reply_notification_by_created on reply_notification (created_at, review_id);
