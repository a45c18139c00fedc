-- The shop dashboard's delivery log (dashboard/repository/DashboardDeliveries) pages through one webshop's
-- deliveries of every subscription, newest first.
create index webhook_delivery_webshop on webhook_delivery (webshop_id, id desc);
