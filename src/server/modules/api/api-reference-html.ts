import { escapeHtml } from '@server/modules/notifications/templates/layout';

/**
 * The readable reference of the vendor API (/developers), rendered on the server from the OpenAPI
 * document: endpoints with scope, parameters, body fields and example, answer fields and errors;
 * each webhook's example; the Node signature check. Plain HTML and inline styles, no script, so
 * it reads without the app and adds nothing to any page's download.
 */

type Json = Record<string, unknown>;
interface Schema {
  type?: string | string[];
  $ref?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
}

const html = (value: unknown) => escapeHtml(String(value ?? ''));

/** `code` spans of a description, as escaped HTML. */
function prose(text: string): string {
  return text
    .split('\n\n')
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('`')
          .map((part, index) => (index % 2 === 1 ? `<code>${html(part)}</code>` : html(part)))
          .join('')}</p>`,
    )
    .join('');
}

function pre(text: string, label: string): string {
  return `<pre aria-label="${html(label)}"><code>${html(text)}</code></pre>`;
}

export function renderApiReferenceHtml(document: Json): string {
  const schemas = ((document.components as Json).schemas ?? {}) as Record<string, Schema>;
  const resolve = (schema: Schema): Schema =>
    schema.$ref ? (schemas[schema.$ref.split('/').pop() ?? ''] ?? schema) : schema;
  const typeOf = (schema: Schema): string => {
    const resolved = resolve(schema);
    if (resolved.anyOf) return resolved.anyOf.map(typeOf).join(' or ');
    if (resolved.enum) return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
    if (resolved.type === 'array' && resolved.items) return `${typeOf(resolved.items)}[]`;
    const type = Array.isArray(resolved.type) ? resolved.type.join(' or ') : (resolved.type ?? 'any');
    return resolved.format ? `${type} (${resolved.format})` : type;
  };
  const fields = (schema: Schema, depth = 0): string => {
    const resolved = resolve(schema);
    const object = resolved.type === 'array' && resolved.items ? resolve(resolved.items) : resolved;
    const target = object.anyOf?.map(resolve).find((each) => each.properties) ?? object;
    if (!target.properties || depth > 3) return '';
    return `<ul>${Object.entries(target.properties)
      .map(([name, field]) => {
        const description = resolve(field).description;
        return `<li><code><b>${html(name)}</b></code> <small>${html(typeOf(field))}${target.required?.includes(name) ? '' : ' · optional'}</small>${description ? ` — ${html(description)}` : ''}${fields(field, depth + 1)}</li>`;
      })
      .join('')}</ul>`;
  };

  const info = document.info as { title: string; description: string };
  const server = ((document.servers as Array<{ url: string }>)[0]?.url ?? '') as string;
  const paths = document.paths as Record<string, Record<string, Json>>;
  const operations = Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  const endpoint = ({ path, method, operation }: (typeof operations)[number]) => {
    const parameters = (operation.parameters ?? []) as Array<{
      name: string;
      in: string;
      required?: boolean;
      description?: string;
      schema: Schema;
    }>;
    const body = (
      operation.requestBody as { content: { 'application/json': { schema: Schema; example?: unknown } } } | undefined
    )?.content['application/json'];
    const responses = operation.responses as Record<
      string,
      { description: string; content?: { 'application/json': { schema: Schema } } }
    >;
    const ok = responses['200']?.content?.['application/json'].schema;
    return `<article id="${html(operation.operationId)}">
<h3><span class="method ${method}">${html(method.toUpperCase())}</span> <code>/api/v1${html(path)}</code></h3>
<p><b>${html(operation.summary)}</b> · scope <span class="scope">${html(operation['x-scope'])}</span></p>
${prose(String(operation.description ?? ''))}
${
  parameters.length > 0
    ? `<h4>Parameters</h4><ul>${parameters
        .map(
          (parameter) =>
            `<li><code><b>${html(parameter.name)}</b></code> <small>${html(parameter.in)} · ${html(typeOf(parameter.schema))}${parameter.required ? ' · required' : ''}</small>${parameter.description ? ` — ${html(parameter.description)}` : ''}</li>`,
        )
        .join('')}</ul>`
    : ''
}
${body ? `<h4>Body</h4>${fields(body.schema)}${body.example ? pre(JSON.stringify(body.example, null, 2), `${String(operation.summary)}: example body`) : ''}` : ''}
${ok ? `<h4>Answer (200)</h4>${fields(ok)}` : ''}
<h4>Errors</h4><ul>${Object.entries(responses)
      .filter(([status]) => status !== '200')
      .map(([status, response]) => `<li><code><b>${html(status)}</b></code> ${html(response.description)}</li>`)
      .join('')}</ul>
</article>`;
  };
  const webhooks = document.webhooks as Record<
    string,
    { post: { summary: string; requestBody: { content: { 'application/json': { example: unknown } } } } }
  >;
  const curl = `curl -X POST ${server}/stamps \\
  -H "Authorization: Bearer chk_live_…" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" \\
  -d '{"customerCode":"K7QF-2MXD","cardId":"3f0c2a9e-5d7b-4c1e-9a55-0d7c1b9e1f11"}'`;

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(info.title)} reference</title>
<meta name="description" content="How a point-of-sale system looks customers up, stamps and redeems rewards, and verifies signed webhooks.">
<style>
body{margin:0;font:15px/1.55 system-ui,-apple-system,"Segoe UI",sans-serif;color:#292524;background:#fafaf9}
main{max-width:56rem;margin:0 auto;padding:2rem 1rem 4rem}
h1{font-size:1.75rem;margin:0 0 .25rem}h2{margin-top:2.5rem;font-size:1.25rem}h3{font-size:1rem;margin:0 0 .25rem;word-break:break-all}h4{margin:1rem 0 .25rem;font-size:.875rem}
article,section.box{background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f5f5f4;padding:0 .2rem;border-radius:.25rem}
pre{background:#1c1917;color:#f5f5f4;padding:.75rem;border-radius:.5rem;overflow-x:auto}pre code{background:none;color:inherit;padding:0}
ul{padding-left:1.25rem;margin:.25rem 0}li{margin:.15rem 0}small{color:#78716c}
.method{display:inline-block;border-radius:.375rem;padding:0 .4rem;font-size:.75rem;color:#fff;background:#15803d}.method.get{background:#1d4ed8}
.scope{background:#f3e8ff;color:#6b21a8;border-radius:.375rem;padding:0 .4rem;font-size:.8125rem}
nav a,a{color:#9a3412}nav{display:flex;flex-wrap:wrap;gap:.5rem 1rem}
</style>
</head>
<body>
<main>
<h1>${html(info.title)}</h1>
<p>For point-of-sale systems and integrations of vendors on the Enterprise plan. Base address <code>${html(server)}</code> · OpenAPI document <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> · keys on <a href="/vendor/api">API &amp; Webhooks</a></p>
<section class="box" aria-labelledby="overview">
<h2 id="overview" style="margin-top:0">Overview</h2>
${prose(info.description)}
${pre(curl, 'Example request')}
</section>
<nav aria-label="Endpoints">${operations.map(({ operation }) => `<a href="#${html(operation.operationId)}">${html(operation.summary)}</a>`).join('')}</nav>
<h2 id="endpoints">Endpoints</h2>
${operations.map(endpoint).join('\n')}
<h2 id="webhooks">Webhooks</h2>
<section class="box" aria-labelledby="verify"><h3 id="verify">Verifying a signature (Node.js)</h3>
${pre(String(document['x-signature-verification-node'] ?? ''), 'Signature verification in Node.js')}</section>
${Object.entries(webhooks)
  .map(
    ([type, webhook]) =>
      `<article><h3><code>${html(type)}</code></h3><p>${html(webhook.post.summary)}</p>${pre(JSON.stringify(webhook.post.requestBody.content['application/json'].example, null, 2), `${type} example`)}</article>`,
  )
  .join('\n')}
</main>
</body>
</html>`;
}
