/**
 * A curl, a TypeScript (openapi-fetch, the client of clients/typescript) and a Python (requests) sample per operation,
 * generated from the operation's own example in the served OpenAPI document (issue 35), so a sample cannot drift from
 * the reference. tests/unit/code-samples.test.ts compiles every TypeScript sample against the generated client types
 * and parses every Python sample.
 */

/** The parts of an OpenAPI operation a sample is made of (as /api/openapi.json serves it). */
export interface SampledOperation {
  method: string;
  path: string;
  security?: Record<string, unknown>[];
  parameters?: { name: string; in: string; schema?: { example?: unknown } }[];
  requestBody?: { content: Record<string, { example?: unknown; examples?: Record<string, { value: unknown }> }> };
  responses: Record<string, { content?: Record<string, { schema?: { format?: string } }> }>;
}

export interface CodeSample {
  language: 'curl' | 'typescript' | 'python';
  label: string;
  code: string;
}

/** `gate`: an authority's eFTI gate, with the credentials the operator gave it (EFTI_INBOUND_USERNAME/_PASSWORD). */
type Auth = 'bearer' | 'client' | 'gate' | 'none';

/** The environment variable holding the bearer token: an account's access token, or the operator's metrics token. */
const tokenVariable = (operation: SampledOperation) => (operation.path === '/metrics' ? 'METRICS_TOKEN' : 'FDS_TOKEN');

function authOf(operation: SampledOperation): Auth {
  if (operation.path === '/metrics') return 'bearer';
  const scheme = Object.keys(operation.security?.[0] ?? {})[0];
  if (scheme === 'oauth2' || scheme === 'bearer') return 'bearer';
  if (scheme === 'eftiGate') return 'gate';
  return scheme === 'client' ? 'client' : 'none';
}

/** The environment variables holding the Basic credentials of each kind of caller that has them. */
const BASIC: Partial<Record<Auth, [user: string, password: string]>> = {
  client: ['CLIENT_ID', 'CLIENT_SECRET'],
  gate: ['EFTI_INBOUND_USERNAME', 'EFTI_INBOUND_PASSWORD'],
};

const FORM = 'application/x-www-form-urlencoded';
const JSON_MEDIA = 'application/json';
/** A plain-text body (the eFTI gate's follow-up): sent as it is, not as a JSON string. */
const TEXT = 'text/plain';

interface Parts {
  auth: Auth;
  pathParameters: Record<string, string>;
  query: Record<string, unknown>;
  body?: { media: string; value: unknown };
  /** What the success answer is, when it is not JSON. */
  binary?: { media: string; file: string };
  text?: string;
  writes: boolean;
}

function partsOf(operation: SampledOperation): Parts {
  const examples = (place: string) =>
    Object.fromEntries(
      (operation.parameters ?? [])
        .filter((parameter) => parameter.in === place && parameter.schema?.example !== undefined)
        .map((parameter) => [parameter.name, parameter.schema!.example]),
    );
  const [media, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
  const value = content ? (content.example ?? Object.values(content.examples ?? {})[0]?.value) : undefined;
  const success = Object.entries(operation.responses).find(([status]) => /^2/.test(status))?.[1];
  const [answerMedia, answer] = Object.entries(success?.content ?? {})[0] ?? [];
  // Bytes (a PDF, an attachment's file) are saved to a file; other non-JSON answers (PGP, keys, metrics) are text.
  const bytes = answer?.schema?.format === 'binary';
  const file = answerMedia === 'application/pdf' ? (operation.path.includes('receipt') ? 'receipt.pdf' : 'document.pdf') : 'attachment';
  const binary = answerMedia && bytes ? { media: answerMedia, file } : undefined;
  const text = answerMedia && answerMedia !== JSON_MEDIA && !binary ? answerMedia : undefined;
  const auth = authOf(operation);
  return {
    auth,
    pathParameters: Object.fromEntries(Object.entries(examples('path')).map(([name, example]) => [name, String(example)])),
    query: examples('query'),
    body: media && value !== undefined ? { media, value } : undefined,
    binary,
    text,
    // Idempotency-Key on the writes it protects; the OAuth forms and the gate's calls are not kept answers.
    writes: ['post', 'put', 'patch'].includes(operation.method) && media !== FORM && auth !== 'gate',
  };
}

/** The path with its example values in place of `{name}`. */
const filledPath = (path: string, values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
/** A shell word in single quotes. */
const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

function curlSample(operation: SampledOperation, parts: Parts): string {
  const lines = [`curl -X ${operation.method.toUpperCase()} "$FDS_API${filledPath(operation.path, parts.pathParameters)}"`];
  if (parts.auth === 'bearer') lines.push(`-H "Authorization: Bearer $${tokenVariable(operation)}"`);
  const basic = BASIC[parts.auth];
  if (basic) lines.push(`-u "$${basic[0]}:$${basic[1]}"`);
  // The gate names each request by its own id, which the audit trail keeps.
  if (parts.auth === 'gate') lines.push('-H "X-Request-ID: $(uuidgen)"');
  if (parts.binary) lines.push(`-o ${parts.binary.file}`);
  if (parts.writes) lines.push('-H "Idempotency-Key: $(uuidgen)"');
  if (Object.keys(parts.query).length) {
    lines[0] = `curl -G "$FDS_API${filledPath(operation.path, parts.pathParameters)}"`;
    for (const [name, value] of Object.entries(parts.query)) lines.push(`--data-urlencode ${quoted(`${name}=${String(value)}`)}`);
  }
  if (parts.body?.media === FORM) {
    for (const [name, value] of Object.entries(parts.body.value as Record<string, string>)) lines.push(`--data-urlencode ${quoted(`${name}=${value}`)}`);
  } else if (parts.body?.media === TEXT) {
    lines.push(`-H 'Content-Type: ${TEXT}; charset=utf-8'`, `--data-binary ${quoted(String(parts.body.value))}`);
  } else if (parts.body) {
    lines.push(`-H 'Content-Type: application/json'`, `-d ${quoted(JSON.stringify(parts.body.value))}`);
  }
  return lines.join(' \\\n  ');
}

/** A JSON value as TypeScript source: unquoted keys where they may be, single-quoted strings, indented by two. */
function tsValue(value: unknown, indent = ''): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${indent}  ${tsValue(item, `${indent}  `)}`).join(',\n')},\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name.replaceAll("'", "\\'")}'`);
    return `{\n${entries.map(([name, item]) => `${indent}  ${key(name)}: ${tsValue(item, `${indent}  `)}`).join(',\n')},\n${indent}}`;
  }
  if (typeof value === 'string') return `'${JSON.stringify(value).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
  return JSON.stringify(value);
}

function typescriptSample(operation: SampledOperation, parts: Parts): string {
  const client =
    parts.auth === 'bearer'
      ? `createFdsClient({ baseUrl: process.env.FDS_API!, accessToken: process.env.${tokenVariable(operation)}! })`
      : 'createFdsClient({ baseUrl: process.env.FDS_API! })';
  const options: string[] = [];
  const params = {
    ...(Object.keys(parts.pathParameters).length ? { path: parts.pathParameters } : {}),
    ...(Object.keys(parts.query).length ? { query: parts.query } : {}),
  };
  if (Object.keys(params).length) options.push(`params: ${tsValue(params, '  ')}`);
  const headers: string[] = [];
  const basic = BASIC[parts.auth];
  if (basic) headers.push(`Authorization: \`Basic \${btoa(\`\${process.env.${basic[0]}}:\${process.env.${basic[1]}}\`)}\``);
  if (parts.auth === 'gate') headers.push(`'X-Request-ID': crypto.randomUUID()`);
  if (parts.body?.media === FORM) headers.push(`'Content-Type': '${FORM}'`);
  if (parts.body?.media === TEXT) headers.push(`'Content-Type': '${TEXT}; charset=utf-8'`);
  if (parts.writes) headers.push(`'Idempotency-Key': crypto.randomUUID()`);
  if (parts.body) options.push(`body: ${tsValue(parts.body.value, '  ')}`);
  if (parts.body?.media === FORM) options.push('bodySerializer: (form) => new URLSearchParams(form as Record<string, string>).toString()');
  if (parts.body?.media === TEXT) options.push('bodySerializer: (text) => text');
  if (headers.length) options.push(`headers: { ${headers.join(', ')} }`);
  if (parts.binary) options.push("parseAs: 'arrayBuffer'");
  else if (parts.text) options.push("parseAs: 'text'");
  if (operation.path === '/oauth/authorize' || operation.path.startsWith('/accounts/activation/')) options.push("redirect: 'manual'");
  const call = `fds.${operation.method.toUpperCase()}('${operation.path}'${options.length ? `, {\n  ${options.join(',\n  ')},\n}` : ''})`;
  const redirects = /^3/.test(Object.keys(operation.responses)[0] ?? '');
  const use = parts.binary
    ? `if (data) writeFileSync('${parts.binary.file}', Buffer.from(data));`
    : redirects
      ? "console.log(response.status, response.headers.get('Location'));"
      : 'console.log(data);';
  return [
    "import { createFdsClient } from './clients/typescript';",
    ...(parts.binary ? ["import { writeFileSync } from 'node:fs';"] : []),
    '',
    `const fds = ${client};`,
    `const { ${redirects ? 'error, response' : 'data, error'} } = await ${call};`,
    'if (error) throw new Error(JSON.stringify(error)); // {"errors":[{code, description, field?}]}',
    use,
  ].join('\n');
}

/** A JSON value as a Python literal (dicts, lists, True/False/None; JSON strings are Python strings). */
function pythonValue(value: unknown, indent = ''): string {
  if (value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${indent}    ${pythonValue(item, `${indent}    `)}`).join(',\n')},\n${indent}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, item]) => `${indent}    ${JSON.stringify(key)}: ${pythonValue(item, `${indent}    `)}`).join(',\n')},\n${indent}}`;
  }
  return JSON.stringify(value);
}

function pythonSample(operation: SampledOperation, parts: Parts): string {
  const imports = ['os', ...(parts.writes || parts.auth === 'gate' ? ['uuid'] : [])];
  const headers: string[] = [];
  if (parts.auth === 'bearer') headers.push(`"Authorization": f"Bearer {os.environ['${tokenVariable(operation)}']}"`);
  if (parts.auth === 'gate') headers.push('"X-Request-ID": str(uuid.uuid4())');
  if (parts.body?.media === TEXT) headers.push(`"Content-Type": "${TEXT}; charset=utf-8"`);
  if (parts.writes) headers.push('"Idempotency-Key": str(uuid.uuid4())');
  const args = [`f"{os.environ['FDS_API']}${filledPath(operation.path, parts.pathParameters)}"`];
  if (headers.length) args.push(`headers={${headers.join(', ')}}`);
  const basic = BASIC[parts.auth];
  if (basic) args.push(`auth=(os.environ["${basic[0]}"], os.environ["${basic[1]}"])`);
  if (Object.keys(parts.query).length) args.push(`params=${pythonValue(parts.query, '    ')}`);
  if (parts.body?.media === FORM) args.push(`data=${pythonValue(parts.body.value, '    ')}`);
  else if (parts.body?.media === TEXT) args.push(`data=${JSON.stringify(String(parts.body.value))}.encode("utf-8")`);
  else if (parts.body) args.push(`json=${pythonValue(parts.body.value, '    ')}`);
  if (operation.path === '/oauth/authorize' || operation.path.startsWith('/accounts/activation/')) args.push('allow_redirects=False');
  const use = parts.binary
    ? `with open("${parts.binary.file}", "wb") as file:\n    file.write(response.content)`
    : parts.text
      ? 'print(response.text)'
      : /^3/.test(Object.keys(operation.responses)[0] ?? '')
        ? 'print(response.status_code, response.headers["Location"])'
        : 'print(response.json() if response.content else response.status_code)';
  return [
    `import ${imports.join(', ')}`,
    '',
    'import requests  # pip install requests',
    '',
    `response = requests.${operation.method}(\n    ${args.join(',\n    ')},\n)`,
    'response.raise_for_status()  # errors: response.json()["errors"]',
    use,
  ].join('\n');
}

/** The three samples of one operation, from its example request. */
export function codeSamples(operation: SampledOperation): CodeSample[] {
  const parts = partsOf(operation);
  return [
    { language: 'curl', label: 'curl', code: curlSample(operation, parts) },
    { language: 'typescript', label: 'TypeScript (openapi-fetch)', code: typescriptSample(operation, parts) },
    { language: 'python', label: 'Python (requests)', code: pythonSample(operation, parts) },
  ];
}
