<?php
// The generated PHP client (api-clients/target/clients/php) against the suite: add invitation, list ratings,
// subscribe webhook. Run by e2e/clients.test.mjs: php smoke.php <client dir> base id code hook email
[$script, $clientDir, $base, $id, $code, $hook, $email] = $argv;
require '/usr/share/php/GuzzleHttp/autoload.php';
spl_autoload_register(function ($class) use ($clientDir) {
    $prefix = 'ShopReviews\\Client\\';
    if (strpos($class, $prefix) === 0) {
        $file = "$clientDir/lib/" . str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});
$config = ShopReviews\Client\Configuration::getDefaultConfiguration()->setHost($base)->setApiKey('code', $code);
$http = new GuzzleHttp\Client();
$added = (new ShopReviews\Client\Api\InvitationsApi($http, $config))
    ->addInvitation(email: $email, id: $id, order: 'PHP-1', language: 'nl', delay: '0', customer_name: 'Pia Php',
        phone_numbers: ['+31 6 1234 5678', '020-1234567'], client: 'generated-php-client');
$ratings = (new ShopReviews\Client\Api\RatingsApi($http, $config))->listRatings($id, null, '5', '0');
$request = new ShopReviews\Client\Model\SubscribeRequest(['url' => $hook, 'topic' => 'reviews.created']);
$subscribed = (new ShopReviews\Client\Api\WebhooksApi($http, $config))->subscribeWebhook($request, $id);
echo json_encode(['added' => $added->getMessage(), 'ratings' => $ratings->getStatus(), 'total' => $ratings->getTotal(),
    'webhookId' => $subscribed->getData()->getWebhookId(), 'subscribed' => $subscribed->getMessage()]), "\n";
