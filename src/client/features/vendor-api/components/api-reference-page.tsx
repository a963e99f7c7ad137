import { Fragment, type ReactNode } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Banner } from '@client/components/ui/banner';
import { Card } from '@client/components/ui/card';
import { PageHeader } from '@client/components/ui/page-header';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/use-document-title';
import {
  useApiReference,
  type ApiDocument,
  type ApiOperation,
  type JsonSchema,
} from '@client/features/vendor-api/api/get-api-reference';

/** `code` spans of the document's descriptions, as text (never HTML). */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split('\n\n').map((paragraph, index) => (
        <p key={index} className="mt-2 text-sm leading-6 text-stone-700">
          {paragraph.split('`').map((part, partIndex) =>
            partIndex % 2 === 1 ? (
              <code key={partIndex} className="rounded bg-stone-100 px-1 font-mono text-[0.8125rem] text-stone-900">
                {part}
              </code>
            ) : (
              <Fragment key={partIndex}>{part}</Fragment>
            ),
          )}
        </p>
      ))}
    </>
  );
}

function CodeBlock({ children, label }: { children: string; label: string }) {
  return (
    <pre
      aria-label={label}
      className="mt-2 overflow-x-auto rounded-lg bg-stone-900 p-3 font-mono text-xs leading-5 text-stone-100"
    >
      {children}
    </pre>
  );
}

function resolve(schema: JsonSchema, document: ApiDocument): JsonSchema {
  return schema.$ref ? (document.components.schemas[schema.$ref.split('/').pop() ?? ''] ?? schema) : schema;
}

function typeOf(schema: JsonSchema, document: ApiDocument): string {
  const resolved = resolve(schema, document);
  if (resolved.anyOf) return resolved.anyOf.map((each) => typeOf(each, document)).join(' or ');
  if (resolved.enum) return resolved.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (resolved.type === 'array' && resolved.items) return `${typeOf(resolved.items, document)}[]`;
  const type = Array.isArray(resolved.type) ? resolved.type.join(' or ') : (resolved.type ?? 'any');
  return resolved.format ? `${type} (${resolved.format})` : type;
}

/** A JSON Schema's fields as a nested list: name, type, required, description. */
function Fields({
  schema,
  document,
  depth = 0,
}: {
  schema: JsonSchema;
  document: ApiDocument;
  depth?: number;
}): ReactNode {
  const resolved = resolve(schema, document);
  const object = resolved.type === 'array' && resolved.items ? resolve(resolved.items, document) : resolved;
  const nullable = object.anyOf?.map((each) => resolve(each, document)).find((each) => each.properties);
  const target = nullable ?? object;
  if (!target.properties || depth > 3) return null;
  return (
    <ul
      className={
        depth === 0 ? 'mt-2 flex flex-col gap-1' : 'mt-1 ml-4 flex flex-col gap-1 border-l border-stone-200 pl-3'
      }
    >
      {Object.entries(target.properties).map(([name, field]) => (
        <li key={name} className="text-sm">
          <code className="font-mono font-semibold text-stone-900">{name}</code>{' '}
          <span className="font-mono text-xs text-stone-500">{typeOf(field, document)}</span>
          {target.required?.includes(name) ? null : <span className="text-xs text-stone-500"> · optional</span>}
          {resolve(field, document).description ? (
            <span className="text-stone-700"> — {resolve(field, document).description}</span>
          ) : null}
          <Fields schema={field} document={document} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

function Operation({
  method,
  path,
  operation,
  document,
}: {
  method: string;
  path: string;
  operation: ApiOperation;
  document: ApiDocument;
}) {
  const body = operation.requestBody?.content['application/json'];
  const ok = operation.responses['200']?.content?.['application/json'].schema;
  return (
    <Card as="article" id={operation.operationId}>
      <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-stone-900">
        <Badge tone={method === 'get' ? 'blue' : 'green'}>{method.toUpperCase()}</Badge>
        <code className="font-mono text-sm break-all">/api/v1{path}</code>
      </h3>
      <p className="mt-1 font-semibold text-stone-900">{operation.summary}</p>
      <p className="mt-1 text-sm text-stone-600">
        Scope: <Badge tone="purple">{operation['x-scope']}</Badge>
      </p>
      <Prose text={operation.description} />
      {operation.parameters?.length ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-stone-900">Parameters</h4>
          <ul className="mt-2 flex flex-col gap-1">
            {operation.parameters.map((parameter) => (
              <li key={`${parameter.in}-${parameter.name}`} className="text-sm">
                <code className="font-mono font-semibold text-stone-900">{parameter.name}</code>{' '}
                <span className="font-mono text-xs text-stone-500">
                  {parameter.in} · {typeOf(parameter.schema, document)}
                  {parameter.required ? ' · required' : ''}
                </span>
                {parameter.description ? <span className="text-stone-700"> — {parameter.description}</span> : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {body ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-stone-900">Body</h4>
          <Fields schema={body.schema} document={document} />
          {body.example ? (
            <CodeBlock label={`${operation.summary}: example body`}>{JSON.stringify(body.example, null, 2)}</CodeBlock>
          ) : null}
        </>
      ) : null}
      {ok ? (
        <>
          <h4 className="mt-4 text-sm font-semibold text-stone-900">Answer (200)</h4>
          <Fields schema={ok} document={document} />
        </>
      ) : null}
      <h4 className="mt-4 text-sm font-semibold text-stone-900">Errors</h4>
      <ul className="mt-1 flex flex-col gap-1">
        {Object.entries(operation.responses)
          .filter(([status]) => status !== '200')
          .map(([status, response]) => (
            <li key={status} className="text-sm text-stone-700">
              <span className="font-mono font-semibold text-stone-900">{status}</span> {response.description}
            </li>
          ))}
      </ul>
    </Card>
  );
}

function Reference({ document }: { document: ApiDocument }) {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );
  return (
    <div className="flex flex-col gap-6">
      <Card title="Overview">
        <p className="text-sm text-stone-700">
          Base address: <code className="font-mono text-stone-900">{document.servers[0]?.url}</code> · OpenAPI:{' '}
          <a href="/api/v1/openapi.json" className="font-medium text-brand-800 underline underline-offset-2">
            /api/v1/openapi.json
          </a>
        </p>
        <Prose text={document.info.description} />
        <CodeBlock label="Example request">{`curl -X POST ${document.servers[0]?.url ?? ''}/stamps \\
  -H "Authorization: Bearer chk_live_…" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" \\
  -d '{"customerCode":"K7QF-2MXD","cardId":"3f0c2a9e-5d7b-4c1e-9a55-0d7c1b9e1f11"}'`}</CodeBlock>
      </Card>
      <nav aria-label="Endpoints" className="flex flex-wrap gap-2">
        {operations.map(({ operation }) => (
          <a
            key={operation.operationId}
            href={`#${operation.operationId}`}
            className="text-sm font-medium text-brand-800 underline underline-offset-2"
          >
            {operation.summary}
          </a>
        ))}
      </nav>
      <section aria-labelledby="endpoints-heading" className="flex flex-col gap-4">
        <h2 id="endpoints-heading" className="text-lg font-semibold text-stone-900">
          Endpoints
        </h2>
        {operations.map(({ path, method, operation }) => (
          <Operation
            key={operation.operationId}
            path={path}
            method={method}
            operation={operation}
            document={document}
          />
        ))}
      </section>
      <section aria-labelledby="webhooks-heading" className="flex flex-col gap-4">
        <h2 id="webhooks-heading" className="text-lg font-semibold text-stone-900">
          Webhooks
        </h2>
        <Card title="Verifying a signature (Node.js)">
          <CodeBlock label="Signature verification in Node.js">{document['x-signature-verification-node']}</CodeBlock>
        </Card>
        {Object.entries(document.webhooks).map(([type, webhook]) => (
          <Card
            key={type}
            as="article"
            title={<code className="font-mono">{type}</code>}
            description={webhook.post.summary}
          >
            <CodeBlock label={`${type} example`}>
              {JSON.stringify(webhook.post.requestBody.content['application/json'].example, null, 2)}
            </CodeBlock>
          </Card>
        ))}
      </section>
    </div>
  );
}

/** /developers: the vendor API's reference, rendered from its OpenAPI document. */
export function ApiReferencePage() {
  useDocumentTitle('Vendor API reference');
  const reference = useApiReference();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      <PageHeader
        title={reference.data?.info.title ?? 'Vendor API reference'}
        description="For point-of-sale systems and integrations of vendors on the Enterprise plan."
      />
      {reference.isPending ? (
        <div className="flex justify-center p-8 text-brand-700">
          <Spinner label="Loading the reference" />
        </div>
      ) : reference.isError ? (
        <Banner tone="error" title="The reference could not load">
          {reference.error.message}
        </Banner>
      ) : (
        <Reference document={reference.data} />
      )}
    </div>
  );
}
