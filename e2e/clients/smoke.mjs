// The generated TypeScript client (api-clients/target/clients/typescript, compiled by clients.test.mjs) against the
// suite: add invitation, list ratings, subscribe webhook.  node smoke.mjs <compiled index.js> base id code hook email
import { createRequire } from 'node:module';

const [compiled, base, id, code, hook, email] = process.argv.slice(2);
const client = createRequire(import.meta.url)(compiled);
const config = new client.Configuration({ basePath: base, apiKey: code });
const added = await new client.InvitationsApi(config).addInvitation({
  email, id, order: 'TS-1', language: 'de', delay: '0', customerName: 'Tess Script', phoneNumbers: ['+49 30 1234567'],
  client: 'generated-typescript-client',
});
const ratings = await new client.RatingsApi(config).listRatings({ id, limit: '5', offset: '0' });
const subscribed = await new client.WebhooksApi(config).subscribeWebhook({
  id, subscribeRequest: { url: hook, topic: 'reviews.created' },
});
console.log(JSON.stringify({ added: added.message, ratings: ratings.status, total: ratings.total,
  webhookId: subscribed.data.webhookId, subscribed: subscribed.message }));
