/** The secret vault and the tool definitions, without a browser: scoping, masking, schemas. */
import { pageToolDefinitions } from '../../src/agent/page-tools';
import { SecretVault } from '../../src/agent/secrets';

describe('SecretVault', () => {
  const vault = new SecretVault({
    'shop.example': { username: 'alice', password: 'hunter2-shop' },
    'bank.example:8443': { password: 'hunter2-bank' },
  });

  test('fills placeholders with the values of the page’s site, subdomains included', async () => {
    await expect(
      vault.fill({ user: '{{secret:username}}', pw: '{{secret:password}}', n: 3 }, 'https://www.shop.example/login'),
    ).resolves.toEqual({ params: { user: 'alice', pw: 'hunter2-shop', n: 3 } });
  });

  test('a host:port key is that port only', async () => {
    await expect(vault.fill({ pw: '{{secret:password}}' }, 'https://bank.example:8443/')).resolves.toEqual({
      params: { pw: 'hunter2-bank' },
    });
    const other = await vault.fill({ pw: '{{secret:password}}' }, 'https://bank.example/');
    expect(other).toMatchObject({ refused: { code: 'SECRET_NOT_ALLOWED' } });
  });

  test('a secret of another site is refused, a lookalike host too; an unknown name is UNKNOWN_SECRET', async () => {
    for (const url of ['https://evil.example/', 'https://shop.example.evil.test/', 'https://notshop.example/'])
      expect([url, await vault.fill({ pw: '{{secret:password}}' }, url)]).toEqual([
        url,
        { refused: expect.objectContaining({ code: 'SECRET_NOT_ALLOWED' }) },
      ]);
    await expect(vault.fill({ pin: '{{secret:pin}}' }, 'https://shop.example/')).resolves.toMatchObject({
      refused: { code: 'UNKNOWN_SECRET' },
    });
  });

  test('masks every known value, deeply, as its placeholder', () => {
    expect(vault.mask({ a: ['x hunter2-shop y'], b: { c: 'hunter2-bank' }, n: 1 })).toEqual({
      a: ['x {{secret:password}} y'],
      b: { c: '{{secret:password}}' },
      n: 1,
    });
  });

  test('a resolver is asked with the page URL, and what it handed out is masked from then on', async () => {
    const asked: string[] = [];
    const resolved = new SecretVault((url) => {
      asked.push(url.host);
      return url.hostname === 'vault.example' ? { token: 'tok-123456' } : undefined;
    });
    expect(resolved.mask('tok-123456')).toBe('tok-123456');
    await expect(resolved.fill({ t: '{{secret:token}}' }, 'https://vault.example/')).resolves.toEqual({
      params: { t: 'tok-123456' },
    });
    expect(resolved.mask('it was tok-123456')).toBe('it was {{secret:token}}');
    await expect(resolved.fill({ t: '{{secret:token}}' }, 'https://other.example/')).resolves.toMatchObject({
      refused: { code: 'SECRET_NOT_ALLOWED' },
    });
    expect(asked).toEqual(['vault.example', 'other.example']);
  });
});

describe('pageToolDefinitions', () => {
  const defs = pageToolDefinitions(
    [
      {
        name: 'login',
        description: 'Sign in.',
        params: [
          { name: 'username', description: 'User', type: 'string', required: true },
          { name: 'password', description: 'Password', type: 'password', required: true },
          { name: 'remember', description: 'Stay signed in', type: 'boolean' },
        ],
      },
      {
        name: 'filter',
        description: 'Filter.',
        params: [
          { name: 'size', description: 'Size', type: 'enum', options: ['S', 'M'] },
          { name: 'max', description: 'Max price', type: 'number' },
        ],
      },
      { name: 'browse', description: 'A page tool named like the adapter’s own.', params: [] },
      { name: 'add to cart!', description: 'Odd name.', params: [] },
    ],
    { password: 'x' },
  );

  test('JSON schema: types, required, options as enums; login tools name their placeholders', () => {
    expect(defs[0]!.inputSchema).toEqual({
      type: 'object',
      properties: {
        username: { type: 'string', description: 'User' },
        password: {
          type: 'string',
          description: 'Password. Write a placeholder ({{secret:password}}), never a real value.',
        },
        remember: { type: 'boolean', description: 'Stay signed in' },
      },
      required: ['username', 'password'],
      additionalProperties: false,
    });
    expect(defs[0]!.description).toBe('Sign in. Secrets for this site, written as placeholders: {{secret:password}}.');
    expect(defs[1]!.inputSchema.properties).toEqual({
      size: { type: 'string', enum: ['S', 'M'], description: 'Size' },
      max: { type: 'number', description: 'Max price' },
    });
  });

  test('a file param takes a file (its name, and its content as text or base64) or a list of files', () => {
    const [upload] = pageToolDefinitions(
      [
        {
          name: 'apply',
          description: 'Apply.',
          params: [{ name: 'cv', description: 'Your CV', type: 'file', required: true }],
        },
      ],
      {},
    );
    const cv = upload!.inputSchema.properties.cv as { anyOf: Array<Record<string, unknown>>; description: string };
    const [one, list] = cv.anyOf;
    expect(one).toMatchObject({ type: 'object', required: ['name'], additionalProperties: false });
    expect(Object.keys(one!.properties as object)).toEqual(['name', 'text', 'base64', 'type']);
    expect(list).toEqual({ type: 'array', items: one });
    expect(cv.description).toBe('Your CV');
    expect(upload!.inputSchema.required).toEqual(['cv']);
    expect(upload!.takesSecrets).toBe(false);
  });

  test('only a tool that takes a credential may get secrets', () => {
    expect(defs.map((d) => d.takesSecrets)).toEqual([true, false, false, false]);
  });

  test('names every model API accepts, never the adapter’s own', () => {
    expect(defs.map((d) => [d.name, d.pageTool])).toEqual([
      ['login', 'login'],
      ['filter', 'filter'],
      ['page_browse', 'browse'],
      ['add_to_cart_', 'add to cart!'],
    ]);
  });
});
