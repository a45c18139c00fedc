<?php
// One call of the platform's public PHP client library (its own code, unchanged) against the local suite:
//   php client.php <library checkout> <base url> <webshop id> <api code> <command> [json argument]
// commands: invite <json fields> | invitations | ratings | summary | webshop | rich-snippet
// Prints one JSON object: what the library returned, or the exception it threw ("error"), or a PHP error ("fatal").
[$script, $library, $base, $id, $code, $command] = $argv;
$argument = isset($argv[6]) ? json_decode($argv[6], true) : [];
require '/usr/share/php/GuzzleHttp/autoload.php';
spl_autoload_register(function ($class) use ($library) {
    if (strpos($class, 'WebwinkelKeur\\') === 0) {
        $file = "$library/src/" . str_replace('\\', '/', substr($class, strlen('WebwinkelKeur\\'))) . '.php';
        if (is_file($file)) {
            require $file;
        }
    }
});

/** The library as shipped, but for the addresses a self-hosted installation has (its API endpoint is settable). */
class LocalClient extends WebwinkelKeur\Client {
    public function __construct($id, $code, $base) {
        parent::__construct($id, $code);
        $this->setEndpoint(rtrim($base, '/') . '/api/1.0/');
        $this->richSnippetURL = rtrim($base, '/') . '/shop_rich_snippet.php';
    }
}

$client = new LocalClient($id, $code, $base);
$out = ['command' => $command, 'warnings' => []];
// A notice or warning (an answer without a field the library reads) is an incompatibility too; deprecations are the
// library's own age, not ours.
set_error_handler(function ($level, $message, $file, $line) use (&$out) {
    if (!($level & (E_DEPRECATED | E_USER_DEPRECATED))) {
        $out['warnings'][] = "$message at " . basename($file) . ":$line";
    }
    return true;
});
try {
    switch ($command) {
        case 'invite':
            $invitation = new WebwinkelKeur\Client\Request\Invitation();
            $invitation->setEmailAddress($argument['email'])->setOrderNumber($argument['order'])
                ->setDelay($argument['delay'])->setCustomerName($argument['name'])->setLanguage($argument['language'])
                ->setPhoneNumbers($argument['phones'])->setOrderTotal($argument['total'])->setClient('php-client')
                ->setMaxInvitationsPerEmail($argument['max'] ?? 0);
            $client->sendInvitation($invitation);
            $out['result'] = 'sent';
            break;
        case 'invitations':
            $out['result'] = [];
            foreach ($client->getSentInvitations() as $sent) {
                $out['result'][] = ['email' => $sent->getEmail(), 'order' => $sent->getOrderNumber(), 'delay' => $sent->getDelay()];
            }
            break;
        case 'ratings':
            $out['result'] = [];
            foreach ($client->getRatings() as $rating) {
                $out['result'][] = ['name' => $rating->getName(), 'rating' => $rating->getRating(), 'comment' => $rating->getComment(),
                    'date' => $rating->getDate()->format('Y-m-d'), 'quarantined' => $rating->isQuarantined()];
            }
            break;
        case 'summary':
            $summary = $client->getRatingsSummary();
            $out['result'] = ['amount' => $summary->getAmount(), 'average' => $summary->getRatingAverage()];
            break;
        case 'webshop':
            $webshop = $client->getWebshop();
            $out['result'] = ['name' => $webshop->getName(), 'languages' => array_keys($webshop->getLanguages())];
            break;
        case 'rich-snippet':
            $out['result'] = $client->getRichSnippet();
            break;
        default:
            throw new InvalidArgumentException("unknown command $command");
    }
} catch (WebwinkelKeur\Client\Exception $e) {
    $out['error'] = get_class($e) . ': ' . $e->getMessage();
} catch (Throwable $e) {
    $out['fatal'] = get_class($e) . ': ' . $e->getMessage() . ' at ' . basename($e->getFile()) . ':' . $e->getLine();
}
echo json_encode($out, JSON_UNESCAPED_SLASHES), "\n";
