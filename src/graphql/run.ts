// Run: one operation sent to the delivery API with the link's environment, drafts and strict mode (cache tags
// asked for), and what the answer says, read off its headers: time, complexity against the maximum, CDN
// cacheability and size against its limit, the number of cache tags (Next.js takes 64 per fetch), and the errors at
// their place in the document. No vscode import.
import type { Translate } from '../platform/translate';
import { postCda, type CdaResponse } from './cdaHttp';
import type { CdaTokens } from './cdaTokens';
import type { CdaOptions, CdaTarget } from './link';
import type { Place, SentQuery } from './operations';
import { previewJson, type Preview } from './resultPreview';

/** Next.js refuses more cache tags than this on one fetch. */
const NEXT_CACHE_TAG_LIMIT = 64;

export interface RunRequest {
  endpoint: string;
  target: CdaTarget;
  options: CdaOptions;
  sent: SentQuery;
  operationName?: string;
  variables?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** One error of the API, at its first place (and its other places, if it gave several): one problem per error. */
export interface LocatedError {
  message: string;
  /** undefined when the API gave no place (or one outside what was sent) */
  at: Place | undefined;
  also: Place[];
}

export interface RunResult {
  response: CdaResponse;
  errors: LocatedError[];
}

export async function runOperation(tokens: Pick<CdaTokens, 'run'>, request: RunRequest): Promise<RunResult> {
  const response = await tokens.run(request.target.project, request.options.drafts, (token, secrets) =>
    postCda({
      endpoint: request.endpoint,
      token,
      secrets,
      environment: request.target.environment,
      drafts: request.options.drafts,
      strict: request.options.strict,
      cacheTags: true,
      query: request.sent.text,
      ...(request.variables && Object.keys(request.variables).length ? { variables: request.variables } : {}),
      ...(request.operationName ? { operationName: request.operationName } : {}),
      signal: request.signal,
    }),
  );
  return { response, errors: locateErrors(response, request.sent) };
}

function locateErrors(response: CdaResponse, sent: SentQuery): LocatedError[] {
  const errors = Array.isArray(response.body.errors) ? response.body.errors : [];
  return errors.map((error) => {
    const message = typeof error?.message === 'string' ? error.message : JSON.stringify(error);
    const locations = Array.isArray(error?.locations) ? error.locations : [];
    const places = locations.flatMap((l) => sent.place(l?.line, l?.column) ?? []);
    return { message, at: places[0], also: places.slice(1) };
  });
}

export interface SummaryContext {
  t: Translate;
  /** BCP 47 locale for numbers */
  locale: string;
  /** "Articles" or "anonymous query" */
  operation: string;
  projectName: string;
  environment: string;
  options: CdaOptions;
}

/** The summary as lines (the result document's header); warnings start with ⚠. */
export function summaryLines(response: CdaResponse, errors: LocatedError[], context: SummaryContext): string[] {
  const { t } = context;
  const number = (n: number) => n.toLocaleString(context.locale);
  const lines = [
    t('{0}: {1} in {2} ms', context.operation, response.status, Math.round(response.ms)),
    `${context.projectName} · ${context.environment} · ${context.options.drafts ? t('drafts') : t('published')} · ${context.options.strict ? t('strict') : t('not strict')}`,
  ];
  if (response.complexity !== undefined) {
    const max = response.maxComplexity;
    const share = max
      ? ` (${(response.complexity / max).toLocaleString(context.locale, { style: 'percent', maximumFractionDigits: 3 })})`
      : '';
    const text = max
      ? t('Complexity {0} of {1}{2}', number(response.complexity), number(max), share)
      : t('Complexity {0}', number(response.complexity));
    lines.push(max && response.complexity > max ? `⚠ ${text}` : text);
  }
  if (response.cacheable !== undefined || response.cdnLimit !== undefined) {
    const size =
      response.cdnSize !== undefined && response.cdnLimit !== undefined
        ? t('request {0} of {1} bytes', number(response.cdnSize), number(response.cdnLimit))
        : response.cdnLimit !== undefined
          ? t('limit {0} bytes', number(response.cdnLimit))
          : undefined;
    const text = response.cacheable === false ? t('CDN: not cacheable') : t('CDN: cacheable');
    lines.push(`${response.cacheable === false ? '⚠ ' : ''}${text}${size ? ` — ${size}` : ''}`);
  }
  if (response.cacheTags !== undefined) {
    const count = response.cacheTags.length;
    lines.push(
      count > NEXT_CACHE_TAG_LIMIT
        ? `⚠ ${t('Cache tags: {0} (Next.js allows {1} per fetch)', count, NEXT_CACHE_TAG_LIMIT)}`
        : t('Cache tags: {0}', count),
    );
  }
  if (errors.length) lines.push(`⚠ ${t('Errors: {0} (also shown at their place in the query)', errors.length)}`);
  return lines;
}

/** The result document: the summary as `//` comments (JSON with comments), then the answer (a preview of a big one). */
export function resultText(response: CdaResponse, errors: LocatedError[], context: SummaryContext): Preview {
  const lines = summaryLines(response, errors, context);
  const preview = previewJson(response.body, context.t);
  if (preview.cut)
    lines.push(
      `⚠ ${context.t('The answer is {0} MB: a preview is shown. Save Whole Answer… keeps all of it.', (response.text.length / 1024 / 1024).toLocaleString(context.locale, { maximumFractionDigits: 1 }))}`,
    );
  return { text: `${lines.map((line) => `// ${line}`).join('\n')}\n${preview.text}\n`, cut: preview.cut };
}

export interface CopyRequest {
  endpoint: string;
  /** X-Environment; left out for the primary environment */
  environment?: string;
  options: CdaOptions;
  query: string;
  variables?: Record<string, unknown>;
}

/** A curl command line; the token is `$DATOCMS_CDA_TOKEN`, for the shell to fill in, never the token itself. */
export function curlOf(request: CopyRequest): string {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const lines = [
    `curl ${quote(request.endpoint)}`,
    `-H "Authorization: Bearer $DATOCMS_CDA_TOKEN"`,
    `-H 'Accept: application/json'`,
    `-H 'Content-Type: application/json'`,
  ];
  if (request.environment !== undefined) lines.push(`-H ${quote(`X-Environment: ${request.environment}`)}`);
  if (request.options.drafts) lines.push(`-H 'X-Include-Drafts: true'`);
  if (request.options.strict) lines.push(`-H 'X-Exclude-Invalid: true'`);
  const body = JSON.stringify({
    query: request.query,
    ...(request.variables && Object.keys(request.variables).length ? { variables: request.variables } : {}),
  });
  lines.push(`--data-raw ${quote(body)}`);
  return lines.join(' \\\n  ');
}

/** The official client's call (`@datocms/cda-client`), the token read from DATOCMS_CDA_TOKEN. */
export function executeQueryOf(request: CopyRequest): string {
  const template = request.query.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  const options = [`  token: process.env.DATOCMS_CDA_TOKEN ?? '',`];
  if (request.environment !== undefined) options.push(`  environment: ${JSON.stringify(request.environment)},`);
  if (request.options.drafts) options.push('  includeDrafts: true,');
  if (request.options.strict) options.push('  excludeInvalid: true,');
  if (request.variables && Object.keys(request.variables).length)
    options.push(`  variables: ${JSON.stringify(request.variables, null, 2).replace(/\n/g, '\n  ')},`);
  return [
    "import { executeQuery } from '@datocms/cda-client';",
    '',
    `const query = \`\n${template}\n\`;`,
    '',
    'const result = await executeQuery(query, {',
    ...options,
    '});',
    '',
  ].join('\n');
}
