import type { z } from 'zod';

/** One readable sentence for a zod error: the first problem, with the field it is about. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request body is invalid.';
  const field = issue.path.length ? issue.path.join('.') : '';
  if (issue.code === 'unrecognized_keys') return `Unknown field(s): ${issue.keys.join(', ')}.`;
  if (issue.code === 'invalid_type' && issue.input === undefined && field) return `\`${field}\` is required.`;
  return field
    ? `\`${field}\`: ${issue.message}.`
    : `${issue.message.charAt(0).toUpperCase()}${issue.message.slice(1)}.`;
}
