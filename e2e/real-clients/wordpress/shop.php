<?php
// One step of a WooCommerce shop that runs the platform's WordPress plugin, against the local suite:
//   php shop.php <plugin dir> <state file> <command> [argument]
// commands: configure <json: options, products, locale> | order <json: an order> | complete <order id>
//           | thank-you <order id> | sync [all] | rich-snippet | state
// Prints one JSON object: what the plugin answered or printed, a PHP error if it broke ("fatal"), and the shop's state.
[$script, $pluginDir, $stateFile, $command] = array_pad($argv, 4, null);
$argument = $argv[4] ?? null;
if (!$pluginDir || !$stateFile || !$command) {
    fwrite(STDERR, "usage: php shop.php <plugin dir> <state file> <command> [argument]\n");
    exit(2);
}

require __DIR__ . '/fake-wordpress.php';
define('ABSPATH', '/nonexistent/');
$GLOBALS['wp_version'] = '6.8.2';
$_SERVER['SCRIPT_FILENAME'] = '/var/www/index.php';
shop_state_load($stateFile);

require "$pluginDir/webwinkelkeur/common/autoload.php";
require "$pluginDir/webwinkelkeur/src/Plugin.php";

/** The plugin as shipped, but for the one thing a self-hosted installation changes: its API domain. */
class LocalPlugin extends \WebwinkelKeur\WordPress\Plugin {
    public function getDashboardDomain() {
        return getenv('WP_API_DOMAIN');
    }
}

$plugin = LocalPlugin::getInstance();
$out = ['command' => $command];
ob_start();
try {
    switch ($command) {
        case 'configure':
            $config = json_decode($argument, true);
            foreach ($config['options'] ?? [] as $name => $value) {
                update_option($plugin->getOptionName($name), $value);
            }
            foreach ($config['products'] ?? [] as $id => $product) {
                $GLOBALS['shop']['products'][(int) $id] = $product;
            }
            if (isset($config['locale'])) {
                $GLOBALS['shop']['locale'] = $config['locale'];
            }
            break;
        case 'order':
            $order = json_decode($argument, true);
            $GLOBALS['shop']['orders'][(string) $order['id']] = $order;
            break;
        case 'complete':
            (new \Valued\WordPress\WooCommerce($plugin))->orderStatusChanged((int) $argument, 'processing', 'completed');
            break;
        case 'thank-you':
            $GLOBALS['shop']['endpoint'] = 'order-received';
            $GLOBALS['shop']['query_vars'] = ['order-received' => $argument];
            update_option('woocommerce_checkout_order_received_endpoint', 'order-received');
            (new \Valued\WordPress\WooCommerce($plugin))->addOrderDataJsonThankYouPage();
            unset($GLOBALS['shop']['endpoint'], $GLOBALS['shop']['query_vars']);
            break;
        case 'sync':
            $_POST['sync_all'] = $argument === 'all' ? 'yes' : 'no';
            unset($GLOBALS['shop']['last_ajax']);
            (new \Valued\WordPress\WooCommerce($plugin))->manualReviewSync();
            $out['answer'] = $GLOBALS['shop']['last_ajax'] ?? null;
            break;
        case 'rich-snippet':
            $GLOBALS['shop']['transients'] = [];
            update_option($plugin->getOptionName('rich_snippet'), true);
            (new \Valued\WordPress\Frontend($plugin))->rich_snippet();
            break;
        case 'state':
            break;
        default:
            throw new InvalidArgumentException("unknown command $command");
    }
} catch (Throwable $e) {
    // What WordPress would show as a fatal error (an uncaught Error or exception in the plugin).
    $out['fatal'] = get_class($e) . ': ' . $e->getMessage() . ' at ' . basename($e->getFile()) . ':' . $e->getLine();
}
$out['printed'] = ob_get_clean();
shop_state_save($stateFile);
$out['state'] = $GLOBALS['shop'];
echo json_encode($out, JSON_UNESCAPED_SLASHES), "\n";
