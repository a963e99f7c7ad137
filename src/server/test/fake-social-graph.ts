import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Meta's Graph API on loopback, for the Social Media Agent's tests and journeys: a Facebook Page
 * and its linked Instagram business account, which check what the app sends as Meta does (the
 * Page access token, the Page's and the account's ids, the parameters of a photo post, of a media
 * container and of its publication) and refuse with Meta's error shapes (`{ error: { message,
 * type, code, error_subcode, fbtrace_id } }`). It can be told to fail the next calls with a 5xx,
 * as Meta does when it is down, so retries can be tested; and, where the app is really listening
 * (the journeys), it fetches each picture as Meta does and refuses what Instagram refuses: a
 * picture that is not a JPEG.
 */

/** The version path the app is configured with, as Meta's addresses carry one. */
export const FAKE_GRAPH_VERSION = 'v21.0';

export interface PublishedSocialPost {
  network: 'facebook' | 'instagram';
  /** The Page's or the Instagram account's id. */
  ownerId: string;
  id: string;
  caption: string;
  imageUrl: string;
  permalink: string;
  /** Where the fake fetched the picture: its content type. */
  imageType?: string;
}

interface Account {
  pageId: string;
  instagramId: string;
  token: string;
}

interface Container {
  id: string;
  account: Account;
  imageUrl: string;
  caption: string;
  imageType?: string;
  published: boolean;
}

const fbtrace = () => randomBytes(8).toString('base64url');

function answer(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Meta's refusal: most are a 400 whatever went wrong (a bad token included), with the code saying what. */
function metaError(
  response: ServerResponse,
  status: number,
  error: { code: number; message: string; subcode?: number; type?: string; transient?: boolean },
) {
  answer(response, status, {
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.subcode ? { error_subcode: error.subcode } : {}),
      ...(error.transient ? { is_transient: true } : {}),
      fbtrace_id: fbtrace(),
    },
  });
}

/** Parameters as Meta reads them: the query string, then a form-encoded or JSON body. */
async function readParameters(request: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const parameters: Record<string, string> = Object.fromEntries(url.searchParams);
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const type = request.headers['content-type'] ?? '';
  if (type.startsWith('application/x-www-form-urlencoded'))
    Object.assign(parameters, Object.fromEntries(new URLSearchParams(text)));
  else if (type.startsWith('application/json') && text) {
    try {
      const body = JSON.parse(text) as Record<string, unknown>;
      for (const [key, value] of Object.entries(body)) parameters[key] = String(value);
    } catch {
      // Meta ignores a body it cannot read; the missing parameters are refused below.
    }
  }
  const bearer = request.headers.authorization?.match(/^(?:Bearer|OAuth) (.+)$/)?.[1];
  if (bearer && !parameters.access_token) parameters.access_token = bearer;
  return parameters;
}

function isWebAddress(value: string | undefined): value is string {
  if (!value) return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export async function startFakeSocialGraph(options: { fetchImages?: boolean } = {}) {
  const accounts: Account[] = [];
  const containers = new Map<string, Container>();
  const published: PublishedSocialPost[] = [];
  let sequence = 17_900_000_000_000;
  let failuresLeft = 0;
  let failureStatus = 503;
  const calls: Array<{ method: string; path: string }> = [];

  const nextId = () => String((sequence += 1));

  /** Fetches the picture as Meta's crawler does, following redirects; its content type, or why not. */
  async function fetchImage(imageUrl: string): Promise<{ type: string } | { error: string }> {
    try {
      const response = await fetch(imageUrl, { redirect: 'follow', signal: AbortSignal.timeout(15_000) });
      if (!response.ok) return { error: `the picture answered ${response.status}` };
      const bytes = Buffer.from(await response.arrayBuffer());
      const type = response.headers.get('content-type') ?? '';
      const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
      const isPng = bytes.subarray(1, 4).toString('latin1') === 'PNG';
      if (!isJpeg && !isPng) return { error: 'the address is not a picture' };
      return { type: isJpeg ? 'image/jpeg' : type };
    } catch {
      return { error: 'the picture could not be fetched' };
    }
  }

  function accountOf(parameters: Record<string, string>) {
    return accounts.find((candidate) => candidate.token === parameters.access_token);
  }

  function unknownObject(response: ServerResponse, id: string) {
    metaError(response, 400, {
      code: 100,
      subcode: 33,
      type: 'GraphMethodException',
      message: `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    });
  }

  async function photos(response: ServerResponse, account: Account, parameters: Record<string, string>) {
    if (!isWebAddress(parameters.url)) {
      if (!parameters.url) return metaError(response, 400, { code: 324, message: '(#324) Requires upload file' });
      return metaError(response, 400, { code: 100, message: '(#100) url should represent a valid URL' });
    }
    let imageType: string | undefined;
    if (options.fetchImages) {
      const fetched = await fetchImage(parameters.url);
      if ('error' in fetched)
        return metaError(response, 400, {
          code: 324,
          message: `(#324) Missing or invalid image file: ${fetched.error}`,
        });
      imageType = fetched.type;
    }
    const photoId = nextId();
    const postId = `${account.pageId}_${nextId()}`;
    published.push({
      network: 'facebook',
      ownerId: account.pageId,
      id: postId,
      caption: parameters.caption ?? parameters.message ?? '',
      imageUrl: parameters.url,
      permalink: `https://www.facebook.com/${account.pageId}/posts/${postId.split('_')[1]}`,
      imageType,
    });
    answer(response, 200, { id: photoId, post_id: postId });
  }

  async function media(response: ServerResponse, account: Account, parameters: Record<string, string>) {
    const imageUrl = parameters.image_url;
    if (!imageUrl)
      return metaError(response, 400, { code: 100, message: '(#100) The parameter image_url is required.' });
    if (!isWebAddress(imageUrl))
      return metaError(response, 400, { code: 100, message: '(#100) image_url should represent a valid URL' });
    if ((parameters.caption ?? '').length > 2200)
      return metaError(response, 400, { code: 100, message: '(#100) The caption is longer than 2200 characters.' });
    let imageType: string | undefined;
    if (options.fetchImages) {
      const fetched = await fetchImage(imageUrl);
      if ('error' in fetched) {
        return metaError(response, 400, {
          code: 9004,
          subcode: 2207052,
          message: `(#9004) The media could not be fetched from this uri: ${fetched.error}`,
        });
      }
      imageType = fetched.type;
    } else {
      imageType = /\.jpe?g$/i.test(new URL(imageUrl).pathname) ? 'image/jpeg' : 'unknown';
    }
    // Instagram publishes JPEG only.
    if (imageType !== 'image/jpeg') {
      return metaError(response, 400, {
        code: 9004,
        subcode: 2207083,
        message: '(#9004) Only JPEG images are supported for image posts.',
      });
    }
    const container: Container = {
      id: nextId(),
      account,
      imageUrl,
      caption: parameters.caption ?? '',
      imageType,
      published: false,
    };
    containers.set(container.id, container);
    answer(response, 200, { id: container.id });
  }

  function mediaPublish(response: ServerResponse, account: Account, parameters: Record<string, string>) {
    const creationId = parameters.creation_id;
    if (!creationId)
      return metaError(response, 400, { code: 100, message: '(#100) The parameter creation_id is required.' });
    const container = containers.get(creationId);
    if (!container || container.account !== account) return unknownObject(response, creationId);
    if (container.published)
      return metaError(response, 400, {
        code: 9007,
        subcode: 2207008,
        message: 'The media has already been published.',
      });
    container.published = true;
    const mediaId = nextId();
    published.push({
      network: 'instagram',
      ownerId: account.instagramId,
      id: mediaId,
      caption: container.caption,
      imageUrl: container.imageUrl,
      permalink: `https://www.instagram.com/p/FAKE${mediaId.slice(-6)}/`,
      imageType: container.imageType,
    });
    answer(response, 200, { id: mediaId });
  }

  function read(response: ServerResponse, account: Account, id: string, fields: string) {
    const post = published.find(
      (candidate) => candidate.id === id && [account.pageId, account.instagramId].includes(candidate.ownerId),
    );
    if (!post) return unknownObject(response, id);
    const values: Record<string, string> = { id: post.id };
    for (const field of fields.split(',')) {
      if (field === 'permalink' && post.network === 'instagram') values.permalink = post.permalink;
      if (field === 'permalink_url' && post.network === 'facebook') values.permalink_url = post.permalink;
    }
    answer(response, 200, values);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', 'http://graph');
    // The journeys' side door: what was published, and failures to come.
    if (url.pathname === '/_fake/published') return answer(response, 200, published);
    if (url.pathname === '/_fake/fail-next' && request.method === 'POST') {
      failuresLeft = Number(url.searchParams.get('count') ?? '1');
      failureStatus = Number(url.searchParams.get('status') ?? '503');
      return answer(response, 200, { failing: failuresLeft });
    }
    const match = new RegExp(`^/${FAKE_GRAPH_VERSION}/([0-9_]+)(?:/(photos|media|media_publish))?$`).exec(url.pathname);
    if (!match) return metaError(response, 400, { code: 2500, message: 'Unknown path components' });
    calls.push({ method: request.method ?? '', path: url.pathname });
    const parameters = await readParameters(request, url);
    if (failuresLeft > 0) {
      failuresLeft -= 1;
      return metaError(response, failureStatus, {
        code: 2,
        transient: true,
        message: 'An unexpected error has occurred. Please retry your request later.',
      });
    }
    const account = accountOf(parameters);
    if (!parameters.access_token)
      return metaError(response, 400, { code: 104, message: 'An access token is required to request this resource.' });
    if (!account)
      return metaError(response, 400, { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' });
    const [, id = '', edge] = match;
    if (request.method === 'GET' && !edge) return read(response, account, id, url.searchParams.get('fields') ?? '');
    if (request.method !== 'POST') return unknownObject(response, id);
    if (edge === 'photos')
      return id === account.pageId ? photos(response, account, parameters) : unknownObject(response, id);
    if (edge === 'media')
      return id === account.instagramId ? media(response, account, parameters) : unknownObject(response, id);
    if (edge === 'media_publish')
      return id === account.instagramId ? mediaPublish(response, account, parameters) : unknownObject(response, id);
    return unknownObject(response, id);
  }

  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** A Page and its Instagram account with a token of their own: the settings an app posts to them with. */
    settings(): Record<string, string> {
      const account: Account = {
        pageId: String(100_200_300_000 + accounts.length),
        instagramId: String(17_841_400_000_000 + accounts.length),
        token: `EAAG${randomBytes(24).toString('base64url')}`,
      };
      accounts.push(account);
      return {
        SOCIAL_GRAPH_API_URL: `${url}/${FAKE_GRAPH_VERSION}`,
        FACEBOOK_PAGE_ID: account.pageId,
        FACEBOOK_PAGE_ACCESS_TOKEN: account.token,
        INSTAGRAM_ACCOUNT_ID: account.instagramId,
      };
    },
    /** The next `count` calls answer `status` (a 5xx by default) with Meta's transient error. */
    failNext(count: number, status = 503) {
      failuresLeft = count;
      failureStatus = status;
    },
    published,
    calls,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeSocialGraph = Awaited<ReturnType<typeof startFakeSocialGraph>>;

/** What the fake published (for a journey, whose fake runs in another process). */
export async function publishedOn(graphUrl: string): Promise<PublishedSocialPost[]> {
  return (await (await fetch(`${graphUrl}/_fake/published`)).json()) as PublishedSocialPost[];
}
