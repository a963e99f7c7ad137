import type { SocialConfig } from '@server/config';
import type { SocialNetwork } from '@shared/marketplace/social-posts';

/** One post to one network: the words, the picture (an absolute address the network fetches) and the deal's page. */
export interface SocialPostContent {
  network: SocialNetwork;
  caption: string;
  imageUrl: string;
  link: string;
}

/**
 * How publishing one post ended: the network's id of the post (and its address where it gave
 * one), or why not, and whether trying again may help (a timeout, a 5xx, a rate limit) or
 * cannot (a bad token, a refused picture).
 */
export type PublishOutcome =
  { ok: true; externalId: string; externalUrl: string | null } | { ok: false; retryable: boolean; error: string };

/** Where the Social Media Agent posts: Meta's Graph API in production, a fake of it in tests. */
export interface SocialPublisher {
  publish(post: SocialPostContent): Promise<PublishOutcome>;
}

/** How long one call to the Graph API may take before it counts as a failure worth retrying. */
export const GRAPH_TIMEOUT_MS = 20_000;

/**
 * Meta's error codes that say "later": unknown and service errors (1, 2), the app's, the user's
 * and the Page's call limits (4, 17, 32, 613, 80001 and its family), the app limit (341), a
 * temporary block (368), and Instagram's "the media is not ready yet" (9007).
 */
const RETRYABLE_CODES = new Set([1, 2, 4, 17, 32, 341, 368, 613, 9007]);

const NETWORK_NAMES: Record<SocialNetwork, string> = { facebook: 'Facebook', instagram: 'Instagram' };

interface GraphErrorBody {
  error?: { message?: unknown; code?: unknown; error_subcode?: unknown; is_transient?: unknown };
}

class GraphCallFailed extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

/** Whether a refusal of the Graph API may pass by itself: Meta's shape `{ error: { code, is_transient } }`. */
export function isRetryableGraphError(status: number, body: unknown): boolean {
  if (status >= 500 || status === 429) return true;
  const error = (body as GraphErrorBody | null)?.error;
  if (error?.is_transient === true) return true;
  const code = typeof error?.code === 'number' ? error.code : undefined;
  return code !== undefined && (RETRYABLE_CODES.has(code) || (code >= 80_000 && code < 80_100));
}

/** Meta's own words for a refusal, short and without the token (it never echoes it; we make sure). */
function describeRefusal(network: SocialNetwork, status: number, body: unknown, token: string): string {
  const error = (body as GraphErrorBody | null)?.error;
  const code = typeof error?.code === 'number' ? ` (#${error.code})` : '';
  const said = typeof error?.message === 'string' ? error.message : `HTTP ${status}`;
  return redact(`${NETWORK_NAMES[network]} refused the post${code}: ${said}`, token).slice(0, 300);
}

function redact(text: string, token: string): string {
  return token ? text.split(token).join('[token]') : text;
}

/**
 * One Graph API call: form-encoded parameters in the body (the access token among them, never in
 * the address, so it stays out of every log of a proxy on the way), bounded by GRAPH_TIMEOUT_MS.
 */
async function graphCall(
  network: SocialNetwork,
  method: 'GET' | 'POST',
  url: string,
  parameters: Record<string, string>,
  token: string,
): Promise<Record<string, unknown>> {
  const body = new URLSearchParams({ ...parameters, access_token: token });
  let response: Response;
  try {
    response =
      method === 'POST'
        ? await fetch(url, {
            method,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body,
            signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
          })
        : await fetch(url, {
            // A read carries the token in its header (a GET has no body).
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(GRAPH_TIMEOUT_MS),
          });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'no answer in time' : 'no connection';
    throw new GraphCallFailed(`${NETWORK_NAMES[network]} did not answer (${reason}).`, true);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    throw new GraphCallFailed(
      describeRefusal(network, response.status, answer, token),
      isRetryableGraphError(response.status, answer),
    );
  }
  return answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
}

/** A Graph id as Meta writes them: digits, and an underscore between a Page's and a post's. */
function graphId(value: unknown): string | null {
  return typeof value === 'string' && /^[0-9_]{1,64}$/.test(value) ? value : null;
}

/** The published post's address, read after publishing; a post without one is still published. */
async function readPermalink(
  network: SocialNetwork,
  apiUrl: string,
  id: string,
  field: 'permalink' | 'permalink_url',
  token: string,
): Promise<string | null> {
  try {
    const answer = await graphCall(network, 'GET', `${apiUrl}/${id}?fields=${field}`, {}, token);
    const link = answer[field];
    return typeof link === 'string' && /^https:\/\/[^\s]{1,500}$/.test(link) ? link : null;
  } catch {
    return null;
  }
}

/**
 * The Graph API publisher. Facebook: one photo post on the Page (POST /{page-id}/photos with the
 * picture's address and the caption). Instagram: a media container from the picture's address
 * and the caption (POST /{ig-user-id}/media), then its publication (POST
 * /{ig-user-id}/media_publish with the container's id). A network without its settings answers
 * "not configured" without calling anyone.
 */
export function createGraphPublisher(config: SocialConfig): SocialPublisher {
  async function publishToFacebook(post: SocialPostContent): Promise<PublishOutcome> {
    const page = config.facebook!;
    const answer = await graphCall(
      'facebook',
      'POST',
      `${config.apiUrl}/${page.pageId}/photos`,
      { url: post.imageUrl, caption: post.caption, published: 'true' },
      page.accessToken,
    );
    // post_id is the feed story ("pageid_postid"); id alone is the photo.
    const externalId = graphId(answer.post_id) ?? graphId(answer.id);
    // Taken but not named: trying again could post it twice.
    if (!externalId) throw new GraphCallFailed('Facebook took the post but answered without its id.', false);
    const externalUrl = await readPermalink('facebook', config.apiUrl, externalId, 'permalink_url', page.accessToken);
    return { ok: true, externalId, externalUrl };
  }

  async function publishToInstagram(post: SocialPostContent): Promise<PublishOutcome> {
    const account = config.instagram!;
    const base = `${config.apiUrl}/${account.accountId}`;
    const container = await graphCall(
      'instagram',
      'POST',
      `${base}/media`,
      { image_url: post.imageUrl, caption: post.caption },
      account.accessToken,
    );
    const creationId = graphId(container.id);
    if (!creationId) throw new GraphCallFailed('Instagram answered without a media container id.', true);
    const published = await graphCall(
      'instagram',
      'POST',
      `${base}/media_publish`,
      { creation_id: creationId },
      account.accessToken,
    );
    const externalId = graphId(published.id);
    if (!externalId) throw new GraphCallFailed('Instagram published the post but answered without its id.', false);
    const externalUrl = await readPermalink('instagram', config.apiUrl, externalId, 'permalink', account.accessToken);
    return { ok: true, externalId, externalUrl };
  }

  return {
    async publish(post) {
      if (!config[post.network]) {
        return {
          ok: false,
          retryable: false,
          error: `${NETWORK_NAMES[post.network]} is not configured: set ${config.missing[post.network].join(', ')}.`,
        };
      }
      try {
        return post.network === 'facebook' ? await publishToFacebook(post) : await publishToInstagram(post);
      } catch (error) {
        if (error instanceof GraphCallFailed) return { ok: false, retryable: error.retryable, error: error.message };
        throw error;
      }
    },
  };
}
