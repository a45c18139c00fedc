<?php
// WordPress and WooCommerce faked, just enough to run the platform's public WordPress plugin (its own, unchanged
// code) from the command line against the local suite. State lives in a JSON file between runs (SHOP_STATE).
// Only WordPress is faked: every HTTP call the plugin makes goes to the suite for real.

$GLOBALS['shop'] = [];

function shop_state_load(string $file): void {
    $GLOBALS['shop'] = is_file($file) ? json_decode(file_get_contents($file), true) : [];
    $GLOBALS['shop'] += ['options' => [], 'orders' => [], 'products' => [], 'comments' => [], 'notes' => [],
        'transients' => [], 'next_comment_id' => 1, 'api_errors' => [], 'requests' => []];
}

function shop_state_save(string $file): void {
    file_put_contents($file, json_encode($GLOBALS['shop'], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES));
}

// ---- hooks, options, i18n, escaping --------------------------------------------------------------------------
function add_action(...$args) {}
function add_shortcode(...$args) {}
function register_activation_hook(...$args) {}
function register_deactivation_hook(...$args) {}
function wp_next_scheduled($hook) { return time() + 3600; }
function wp_schedule_event(...$args) {}
function wp_clear_scheduled_hook(...$args) {}
function apply_filters($name, $value, ...$args) { return $value; }
function has_filter($name) { return false; }
function is_admin() { return false; }
function is_multisite() { return false; }
function is_plugin_active($name) { return false; }
function wp_using_themes() { return false; }
function get_locale() { return $GLOBALS['shop']['locale'] ?? 'nl_NL'; }
function __($text, $domain = null) { return $text; }
function esc_attr($text) { return htmlspecialchars((string) $text, ENT_QUOTES); }
function esc_html($text) { return htmlspecialchars((string) $text, ENT_QUOTES); }
function absint($value) { return abs((int) $value); }
function wc_clean($value) { return is_string($value) ? trim(strip_tags($value)) : $value; }
function wp_unslash($value) { return $value; }
function get_admin_page_title() { return ''; }
function check_ajax_referer(...$args) { return true; }
function wp_die(...$args) {}
function wp_send_json($data) { $GLOBALS['shop']['last_ajax'] = $data; }
function get_option($name, $default = false) {
    return array_key_exists($name, $GLOBALS['shop']['options']) ? $GLOBALS['shop']['options'][$name] : $default;
}
function update_option($name, $value) { $GLOBALS['shop']['options'][$name] = $value; return true; }
function get_transient($name) { return $GLOBALS['shop']['transients'][$name] ?? false; }
function set_transient($name, $value, $ttl = 0) { $GLOBALS['shop']['transients'][$name] = $value; return true; }
function get_query_var($name) { return $GLOBALS['shop']['query_vars'][$name] ?? ''; }
function is_wc_endpoint_url($endpoint) { return ($GLOBALS['shop']['endpoint'] ?? '') === $endpoint; }
function get_user_by($field, $value) { return false; }
function get_permalink($id) { return "https://shop.example/?p=$id"; }
function wp_get_attachment_image_src($id) { return $id ? ["https://shop.example/wp-content/uploads/$id.jpg", 300, 300] : false; }
function get_post_meta($id, $key = '', $single = false) {
    $value = $GLOBALS['shop']['products'][$id]['meta'][$key] ?? null;
    return $single ? ($value ?? '') : ($value === null ? [] : [$value]);
}
/** WordPress's rule, shortened: no tags, no line breaks or tabs, no surrounding white space. */
function sanitize_text_field($text) {
    return trim(preg_replace('/[\r\n\t ]+/', ' ', strip_tags((string) $text)));
}

class WP_Error {
    private $message;
    public function __construct($code = '', $message = '') { $this->message = $message; }
    public function get_error_message() { return $this->message; }
}

// ---- HTTP: WordPress's bundled Requests library and wp_remote_get, sent for real ----------------------------------
/** The plugin builds https://{its API domain}/...; the local suite's gateway speaks plain HTTP on loopback. */
function shop_local_url(string $url): string {
    $domain = getenv('WP_API_DOMAIN');
    $prefix = "https://$domain/";
    if (strpos($url, $prefix) !== 0) {
        throw new RuntimeException("the plugin called an address outside its API domain: $url");
    }
    return rtrim(getenv('BASE_URL'), '/') . '/' . substr($url, strlen($prefix));
}

function shop_http(string $method, string $url, $data = null): array {
    $curl = curl_init(shop_local_url($url));
    curl_setopt_array($curl, [CURLOPT_RETURNTRANSFER => true, CURLOPT_CUSTOMREQUEST => $method, CURLOPT_TIMEOUT => 30]);
    if ($data !== null) {
        // What Requests does with an array body: http_build_query, form-encoded.
        $body = is_array($data) ? http_build_query($data, '', '&') : (string) $data;
        curl_setopt($curl, CURLOPT_POSTFIELDS, $body);
        curl_setopt($curl, CURLOPT_HTTPHEADER, ['Content-Type: application/x-www-form-urlencoded; charset=UTF-8']);
    }
    $body = curl_exec($curl);
    $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
    curl_close($curl);
    $GLOBALS['shop']['requests'][] = ['method' => $method, 'url' => $url, 'status' => $status,
        'sent' => isset($body) && $data !== null ? http_build_query($data, '', '&') : null];
    return [$status, $body === false ? '' : $body];
}

class Requests_Response {
    public $status_code;
    public $body;
    public $url;
    public function throw_for_status() {
        if ($this->status_code < 200 || $this->status_code >= 300) {
            throw new RuntimeException("HTTP {$this->status_code} from {$this->url}");
        }
    }
}

class Requests {
    public static function get($url, $headers = [], $options = []) { return self::send('GET', $url, null); }
    public static function post($url, $headers = [], $data = [], $options = []) { return self::send('POST', $url, $data); }
    private static function send($method, $url, $data) {
        [$status, $body] = shop_http($method, $url, $data);
        $response = new Requests_Response();
        $response->status_code = $status;
        $response->body = $body;
        $response->url = $url;
        return $response;
    }
}

function wp_remote_get($url) {
    [$status, $body] = shop_http('GET', $url);
    return $status ? ['body' => $body, 'response' => ['code' => $status]] : new WP_Error('http', 'no answer');
}

// ---- comments (product reviews and order notes) and $wpdb -----------------------------------------------------------
function wp_insert_comment(array $data) {
    $id = $GLOBALS['shop']['next_comment_id']++;
    $data['comment_ID'] = $id;
    if (($data['comment_type'] ?? '') === 'order_note') {
        $GLOBALS['shop']['notes'][] = ['order' => $data['comment_post_ID'], 'text' => $data['comment_content']];
        return $id;
    }
    $GLOBALS['shop']['comments'][(string) $id] = $data;
    return $id;
}

function wp_update_comment(array $data) {
    $id = (string) $data['comment_ID'];
    if (!isset($GLOBALS['shop']['comments'][$id])) {
        return false;
    }
    $GLOBALS['shop']['comments'][$id] = array_replace($GLOBALS['shop']['comments'][$id], $data);
    return 1;
}

function wp_delete_comment($id) {
    if (!isset($GLOBALS['shop']['comments'][(string) $id])) {
        return false;
    }
    unset($GLOBALS['shop']['comments'][(string) $id]);
    return true;
}

class WpdbFake {
    public $prefix = 'wp_';
    public $comments = 'wp_comments';
    public $commentmeta = 'wp_commentmeta';
    public $postmeta = 'wp_postmeta';
    public $posts = 'wp_posts';
    public function prepare($query, $args) { return ['query' => $query, 'args' => $args]; }
    public function insert($table, $row) { $GLOBALS['shop']['api_errors'][] = $row; return 1; }
    /** The plugin's one lookup: a review comment by its review-id meta, product and author e-mail. */
    public function get_var($prepared) {
        if (!is_array($prepared) || strpos($prepared['query'], 'meta.meta_key = %s') === false) {
            throw new RuntimeException('query not faked: ' . json_encode($prepared));
        }
        [$key, $value, $post, $email] = $prepared['args'];
        foreach ($GLOBALS['shop']['comments'] as $id => $comment) {
            if ((string) ($comment['comment_meta'][$key] ?? '') === (string) $value
                && (int) $comment['comment_post_ID'] === (int) $post
                && $comment['comment_author_email'] === $email) {
                return (string) $id;
            }
        }
        return null;
    }
    public function get_col($query) { return []; }
    public function get_results($query) { return []; }
}
$GLOBALS['wpdb'] = new WpdbFake();

// ---- WooCommerce --------------------------------------------------------------------------------------------------
class woocommerce {}

class WC_Comments {
    public static function clear_transients($id) {}
}

class WC_Product {
    private $id;
    public function __construct($id) { $this->id = (int) $id; }
    private function field($name, $default = null) { return $GLOBALS['shop']['products'][$this->id][$name] ?? $default; }
    public function get_id() { return $this->id; }
    public function get_name() { return $this->field('name'); }
    public function get_sku() { return $this->field('sku', ''); }
    public function get_image_id() { return (string) $this->field('image_id', ''); }
    public function get_reviews_allowed() { return true; }
    public function get_parent_id() { return $this->field('parent_id', 0); }
    public function get_attribute($name) { return ''; }
}

class WC_Product_Factory {
    public function get_product($id) { return isset($GLOBALS['shop']['products'][(int) $id]) ? new WC_Product($id) : false; }
}

class WC_Customer {
    public function __construct($id) {}
    public function get_data() { return []; }
}

class WC_DateTime_Fake {
    private $at;
    public function __construct($at) { $this->at = $at; }
    public function getTimestamp() { return $this->at; }
}

class WC_Order {
    private $data;
    public function __construct(array $data) { $this->data = $data; }
    public function get_type() { return 'shop_order'; }
    public function get_order_number() { return $this->data['number']; }
    public function get_billing_email() { return $this->data['billing']['email']; }
    public function get_billing_first_name() { return $this->data['billing']['first_name']; }
    public function get_address($kind) { return $this->data[$kind]; }
    public function get_meta($key) { return $this->data['meta'][$key] ?? ''; }
    public function update_meta_data($key, $value) { $this->data['meta'][$key] = $value; }
    public function save_meta_data() {}
    public function get_total() { return $this->data['total']; }
    public function get_date_created() { return new WC_DateTime_Fake($this->data['created'] ?? time()); }
    /** WooCommerce's order array: what the plugin puts whole into order_data. */
    public function get_data() {
        return [
            'id' => $this->data['id'], 'parent_id' => 0, 'status' => 'completed', 'currency' => 'EUR',
            'version' => '9.4.2', 'prices_include_tax' => true, 'discount_total' => '0', 'discount_tax' => '0',
            'shipping_total' => '4.95', 'shipping_tax' => '0.86', 'cart_tax' => '2.60', 'total' => $this->data['total'],
            'total_tax' => '3.46', 'customer_id' => 0, 'order_key' => 'wc_order_' . md5((string) $this->data['id']),
            'billing' => $this->data['billing'], 'shipping' => $this->data['shipping'], 'payment_method' => 'ideal',
            'payment_method_title' => 'iDEAL', 'transaction_id' => '', 'customer_ip_address' => '203.0.113.9',
            'customer_user_agent' => 'Mozilla/5.0', 'created_via' => 'checkout', 'customer_note' => '',
            'date_completed' => null, 'date_paid' => null, 'cart_hash' => md5('cart'),
            'meta_data' => [], 'line_items' => array_map(fn ($id) => ['product_id' => $id, 'variation_id' => 0, 'quantity' => 1],
                $this->data['products']),
            'tax_lines' => [], 'shipping_lines' => [], 'fee_lines' => [], 'coupon_lines' => [],
        ];
    }
}

function wc_get_order($id) {
    $order = $GLOBALS['shop']['orders'][(string) $id] ?? null;
    return $order ? new WC_Order($order) : false;
}

function get_plugins($folder = '') {
    return ['woocommerce.php' => ['Version' => '9.4.2'], 'webwinkelkeur.php' => ['Version' => '3.30']];
}
