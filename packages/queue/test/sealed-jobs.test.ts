import { generatePayloadKey, openJobPayload, openJobResult, Sealer, sealJobPayload, sealJobResult } from '../src';

const sealer = new Sealer(generatePayloadKey());
const payload = {
  requestId: 'r1',
  tenantId: 't1',
  sessionId: 'A'.repeat(24),
  deadlineAt: Date.now() + 1000,
  url: 'https://example.com/reset?token=secret-token-123',
  toolCount: 0,
  includePageContent: false,
  loginAutomation: false,
};

test('a job payload is stored as one sealed field and opens to the same payload', () => {
  const stored = sealJobPayload<'open'>(sealer, payload);
  expect(Object.keys(stored)).toEqual(['sealed']);
  expect(JSON.stringify(stored)).not.toContain('secret-token-123');
  expect(openJobPayload('open', stored, sealer)).toEqual(payload);
});

test('a payload in clear, or sealed under another key, is refused', () => {
  expect(() => openJobPayload('open', payload, sealer)).toThrow();
  expect(() =>
    openJobPayload('open', sealJobPayload<'open'>(new Sealer(generatePayloadKey()), payload), sealer),
  ).toThrow();
});

test('a result travels sealed and is checked against the catalog when opened', () => {
  const result = { ok: true, workerId: 'w1' };
  const failure = { ok: false, error: { code: 'SESSION_NOT_FOUND', message: 'gone' }, workerId: 'w1' };
  expect(JSON.stringify(sealJobResult(sealer, failure))).not.toContain('gone');
  expect(openJobResult('close', sealJobResult(sealer, failure), sealer)).toEqual(failure);
  expect(() => openJobResult('close', sealJobResult(sealer, { nonsense: true }), sealer)).toThrow();
  expect(openJobResult('close', sealJobResult(sealer, result), sealer)).toMatchObject({ ok: true, workerId: 'w1' });
});
