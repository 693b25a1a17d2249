import express, { RequestHandler } from 'express';
import { HttpProblem } from './problem';

const JSON_TYPES = ['application/json', 'application/*+json'];

export interface TextBodySpec {
  maxBytes: number;
  description: string;
  /** The member a JSON object body carries the value in (`{"tag": "..."}`). */
  jsonField: string;
}

const hasBody = (headers: Record<string, string | string[] | undefined>) =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

/**
 * The body of a text route: `text/plain` as it is, or, as many clients send
 * it, a JSON body: a JSON string (`"news"`), an object with the one member
 * `jsonField` (`{"tag": "news"}`), or a bare word sent with a JSON media type
 * (`news`). Any other media type is 415; a JSON body of another shape 400;
 * a value of more than `maxBytes` bytes 413.
 */
export function textBody(spec: TextBodySpec): RequestHandler[] {
  const plain = express.text({ type: 'text/plain', limit: spec.maxBytes, defaultCharset: 'utf-8' });
  // JSON escapes make the body longer than its value; the value's own size is checked once decoded.
  const json = express.text({ type: JSON_TYPES, limit: spec.maxBytes * 6 + 64, defaultCharset: 'utf-8' });
  const shape = `a JSON string or {"${spec.jsonField}": string}`;
  return [
    (req, _res, next) => {
      if (hasBody(req.headers) && !req.is(['text/plain', ...JSON_TYPES])) {
        next(new HttpProblem(415, 'REQUEST.UNSUPPORTED_MEDIA_TYPE', 'the request body must be text/plain or JSON'));
      } else next();
    },
    (req, res, next) => (req.is(JSON_TYPES) ? json : plain)(req, res, next),
    (req, _res, next) => {
      if (!req.is(JSON_TYPES) || typeof req.body !== 'string') return next();
      const raw: string = req.body;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch {
        // A bare word; something that starts like JSON but is not is malformed.
        if (/^\s*[[{"]/.test(raw)) return next(new HttpProblem(400, 'REQUEST.MALFORMED_BODY', `the request body is not valid JSON; send ${shape}`));
        value = raw;
      }
      if (typeof value === 'number' || typeof value === 'boolean') value = raw.trim();
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        const members = Object.keys(value);
        const member = (value as Record<string, unknown>)[spec.jsonField];
        if (members.length === 1 && typeof member === 'string') value = member;
      }
      if (typeof value !== 'string') {
        return next(new HttpProblem(400, 'REQUEST.BAD_TEXT_BODY', `the JSON body must be ${shape}`));
      }
      if (Buffer.byteLength(value) > spec.maxBytes) {
        return next(new HttpProblem(413, 'REQUEST.TOO_LARGE', 'the request body is too large'));
      }
      req.body = value;
      next();
    },
  ];
}
