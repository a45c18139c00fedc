import dev.shopreviews.client.ApiClient;
import dev.shopreviews.client.api.InvitationsApi;
import dev.shopreviews.client.api.RatingsApi;
import dev.shopreviews.client.api.WebhooksApi;
import dev.shopreviews.client.model.Created;
import dev.shopreviews.client.model.RatingsPage;
import dev.shopreviews.client.model.StatusMessage;
import dev.shopreviews.client.model.SubscribeRequest;

/**
 * The generated Java client (api-clients) against the suite: add invitation, list ratings, subscribe webhook.
 * Run by e2e/clients.test.mjs as a single-file program: java -cp <client> ClientSmoke.java base id code hook email
 */
public class ClientSmoke {
    public static void main(String[] args) throws Exception {
        String base = args[0], id = args[1], code = args[2], hook = args[3], email = args[4];
        ApiClient client = new ApiClient().setBasePath(base);
        client.setApiKey(code);
        // The form fields in the document's order: email, (id), order, language, delay, customer_name, phone_numbers,
        // order_total, order_data, client, platform_version, plugin_version, max_invitations_per_email.
        StatusMessage added = new InvitationsApi(client).addInvitation(email, id, "JAVA-1", "en", "0", "Jay Java",
                java.util.List.of("+31 6 1234 5678"), null, null, "generated-java-client", null, null, "1");
        RatingsPage ratings = new RatingsApi(client).listRatings(id, null, "5", "0");
        Created subscribed = new WebhooksApi(client).subscribeWebhook(
                new SubscribeRequest().url(hook).topic("reviews.created"), id);
        System.out.printf("{\"added\":\"%s\",\"ratings\":\"%s\",\"total\":%d,\"webhookId\":%d,\"subscribed\":\"%s\"}%n",
                added.getMessage(), ratings.getStatus(), ratings.getTotal(), subscribed.getData().getWebhookId(),
                subscribed.getMessage());
    }
}
