/**
 * A page's tools as framework-neutral definitions: a name every model API accepts, a
 * description, and a JSON Schema of the params (types, required, options as enums). The
 * adapters (AI SDK, LangChain, Anthropic) wrap these, so all three describe a page alike.
 */
import type { Tool, ToolParam } from '@pagemap/contracts';
import { placeholder, type SiteSecrets } from './secrets.js';

/** A JSON Schema object of a tool's input (the subset the adapters produce). */
export interface InputSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: false;
  [keyword: string]: unknown;
}

export interface ToolDefinition {
  /** The name the model calls it by (`[A-Za-z0-9_-]{1,64}`, unique in the set). */
  name: string;
  description: string;
  inputSchema: InputSchema;
  /** The page tool it runs, for page tools; undefined for the adapter's own tools. */
  pageTool?: string;
  /**
   * Whether secrets may be filled into its params: only tools that take a credential (a login
   * form). Elsewhere a placeholder could carry a secret into a URL or a search box.
   */
  takesSecrets?: boolean;
}

/** Names of the adapter's own tools; a page tool of the same name is called `page_<name>`. */
export const BROWSE_TOOL = 'browse';
export const READ_TOOL = 'read_page';
const RESERVED = new Set([BROWSE_TOOL, READ_TOOL]);

export const BROWSE_DEFINITION: ToolDefinition = {
  name: BROWSE_TOOL,
  description:
    "Open a web page by URL (absolute http/https). Returns the page's title, a short summary and the names of the page's own tools, which become callable tools after this call. The run keeps one browser session: sign-ins stay while you browse.",
  inputSchema: {
    type: 'object',
    properties: { url: { type: 'string', description: 'Absolute http(s) URL of the page to open.' } },
    required: ['url'],
    additionalProperties: false,
  },
};

export const READ_DEFINITION: ToolDefinition = {
  name: READ_TOOL,
  description: "Read the current page's main content as Markdown (with its title, summary and tools).",
  inputSchema: { type: 'object', properties: {}, required: [], additionalProperties: false },
};

const JSON_TYPES: Record<Exclude<ToolParam['type'], 'file' | undefined>, 'string' | 'number' | 'boolean'> = {
  string: 'string',
  text: 'string',
  email: 'string',
  password: 'string',
  url: 'string',
  date: 'string',
  enum: 'string',
  number: 'number',
  boolean: 'boolean',
};

/** Whether a param takes a credential (its type says so, or its name does when the type is missing). */
export function isSecretParam(p: ToolParam): boolean {
  return p.type === 'password' || (p.type === undefined && /pass(word|code|phrase)?$|^pin$/i.test(p.name));
}

/** A file for a file input: its name, and its content as text or as base64 of its bytes. */
const FILE_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'The file name, with its extension (notes.txt, photo.png).' },
    text: { type: 'string', description: 'The content, for a text file.' },
    base64: { type: 'string', description: "The content's bytes in base64, for any other file." },
    type: { type: 'string', description: 'Its media type; left out, taken from the extension.' },
  },
  required: ['name'],
  additionalProperties: false,
};

function paramSchema(p: ToolParam, secretNames: string[]): Record<string, unknown> {
  if (p.type === 'file')
    return { anyOf: [FILE_SCHEMA, { type: 'array', items: FILE_SCHEMA }], description: p.description };
  const schema: Record<string, unknown> = { type: JSON_TYPES[p.type ?? 'string'] };
  let description = p.description;
  if (p.type && !['string', 'text', 'enum', 'number', 'boolean', 'password'].includes(p.type))
    description += ` (${p.type})`;
  if (p.options && p.options.length > 0) schema.enum = p.options;
  if (p.max_length !== undefined) schema.maxLength = p.max_length;
  if (isSecretParam(p)) {
    const hint =
      secretNames.length > 0
        ? `Write a placeholder (${secretNames.map(placeholder).join(', ')}), never a real value.`
        : 'No secret is configured for this site.';
    description = `${description.replace(/\.$/, '')}. ${hint}`;
  }
  schema.description = description;
  return schema;
}

/** A tool name the model APIs accept: `[A-Za-z0-9_-]`, at most 64 characters. */
function modelName(name: string, taken: Set<string>): string {
  let base = name.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 64) || 'tool';
  if (RESERVED.has(base)) base = `page_${base}`;
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base.slice(0, 60)}_${n}`;
  taken.add(candidate);
  return candidate;
}

/**
 * The definitions of a page's tools. `secrets` are the current site's (names only are used):
 * a tool that takes a credential says which placeholders exist.
 */
export function pageToolDefinitions(tools: readonly Tool[], secrets: SiteSecrets): ToolDefinition[] {
  const secretNames = Object.keys(secrets);
  const taken = new Set<string>(RESERVED);
  return tools.map((t) => {
    const properties: InputSchema['properties'] = {};
    for (const p of t.params) properties[p.name] = paramSchema(p, secretNames);
    const takesSecret = t.params.some(isSecretParam);
    const hint =
      takesSecret && secretNames.length > 0
        ? ` Secrets for this site, written as placeholders: ${secretNames.map(placeholder).join(', ')}.`
        : '';
    return {
      name: modelName(t.name, taken),
      description: `${t.description}${hint}`,
      inputSchema: {
        type: 'object',
        properties,
        required: t.params.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      },
      pageTool: t.name,
      takesSecrets: takesSecret,
    };
  });
}
