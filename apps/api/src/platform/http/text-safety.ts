import { RequestHandler } from 'express';
import { HttpProblem } from './problem';

const NUL = '\u0000';
// A percent-encoded NUL anywhere in the target (path or query), before any decoding.
const ENCODED_NUL = /%00/;

const hasLoneSurrogate: (text: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (text) => !(text as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (text) => /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text);

const nulProblem = (where: string) =>
  new HttpProblem(400, 'REQUEST.NUL_CHARACTER', `the request ${where} contains a NUL character, which no field accepts`);
const surrogateProblem = (where: string) =>
  new HttpProblem(400, 'REQUEST.LONE_SURROGATE', `the request ${where} contains a lone UTF-16 surrogate (not valid Unicode text)`);

function checkString(text: string, where: string): void {
  if (text.includes(NUL)) throw nulProblem(where);
  if (hasLoneSurrogate(text)) throw surrogateProblem(where);
}

/**
 * Throws the 400 problem when any string in `value` (values and object keys,
 * at any depth) holds a NUL character or a lone surrogate: PostgreSQL cannot
 * store either in text or jsonb, and no field of the interface means one.
 * Walks without recursion, so a deep body cannot exhaust the stack.
 */
export function checkText(value: unknown, where: string): void {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') checkString(node, where);
    else if (Array.isArray(node)) for (const item of node) stack.push(item);
    else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        checkString(key, where);
        stack.push(item);
      }
    }
  }
}

/** For every request, first: a percent-encoded NUL in the path or query is refused before any route or mount sees it. */
export function rejectEncodedNul(): RequestHandler {
  return (req, _res, next) => {
    next(ENCODED_NUL.test(req.url) ? nulProblem('target (path or query)') : undefined);
  };
}

/** For every declared route, after its body parser: path parameters, query and body hold only valid text. */
export function rejectUnsafeText(): RequestHandler {
  return (req, _res, next) => {
    try {
      checkText(req.params, 'path');
      checkText(req.query, 'query');
      checkText(req.body, 'body');
      next();
    } catch (error) {
      next(error);
    }
  };
}
