/** Cross-cutting HTTP middleware: request ids, metrics, the request log, JSON bodies, and the error mapper. */
import { randomUUID } from 'node:crypto';
import express, {
  type ErrorRequestHandler,
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { ERROR_CODES, LIMITS, PagemapError } from '@pagemap/contracts';
import { isDatastoreUnavailable } from '@pagemap/queue';
import type { Logger } from '@pagemap/runtime';
import type { GatewayMetrics } from '../metrics';

/** Carries the caller's X-Request-Id (when sane) or a new one; echoed on the response. */
export function requestId(): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && /^[A-Za-z0-9_.:-]{1,128}$/.test(given) ? given : randomUUID();
    res.locals.requestId = id;
    res.setHeader('X-Request-Id', id);
    next();
  };
}

/**
 * The route pattern a request is counted and logged under: the route that served it, else the
 * known route its path names (a body refused before routing — bad JSON, too large, wrong media
 * type — or a wrong method still counts under its route), else `unmatched`. Never the raw URL:
 * labels stay bounded.
 */
export type RouteLabeler = (req: Request) => string;

export function routeLabeler(patterns: string[]): RouteLabeler {
  const compiled = patterns.map((p) => ({ p, re: patternRegExp(p) }));
  return (req) =>
    (req.route?.path as string | undefined) ?? compiled.find((c) => c.re.test(req.path))?.p ?? 'unmatched';
}

/** An Express path pattern with `:params` as a RegExp for concrete paths. */
export function patternRegExp(pattern: string): RegExp {
  return new RegExp(`^${pattern.replace(/:[A-Za-z_]+/g, '[^/]+')}/?$`);
}

/** Latency and counts by route pattern, method and status. */
export function httpMetrics(metrics: GatewayMetrics, routeOf: RouteLabeler): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    metrics.inflight.inc();
    res.once('close', () => {
      metrics.inflight.dec();
      const labels = { route: routeOf(req), method: req.method, status: String(res.statusCode) };
      metrics.requests.inc(labels);
      metrics.requestSeconds.observe(labels, (performance.now() - started) / 1000);
    });
    next();
  };
}

/**
 * One line per request once it is answered (or the client went away): method, route pattern,
 * status, error code, duration, tenant and request id — never the raw path, query or body.
 */
const QUIET_ROUTES = new Set(['/health', '/metrics']);

export function requestLog(log: Logger, routeOf: RouteLabeler): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    res.once('close', () => {
      const line = {
        requestId: res.locals.requestId as string,
        method: req.method,
        route: routeOf(req),
        status: res.statusCode,
        ...(res.locals.errorCode ? { code: res.locals.errorCode as string } : {}),
        ms: Math.round(performance.now() - started),
        ...(res.locals.tenantId ? { tenantId: res.locals.tenantId as string } : {}),
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      if (res.statusCode >= 500) log.warn(line, 'request');
      // Probes and scrapes come every few seconds: at debug unless they fail.
      else if (res.statusCode < 400 && QUIET_ROUTES.has(line.route)) log.debug(line, 'request');
      else log.info(line, 'request');
    });
    next();
  };
}

/**
 * JSON bodies only, bounded in size. A POST must send `Content-Type: application/json` when it
 * has a body; an empty body is treated as `{}` so the schema names what is missing.
 */
export function jsonBody(): RequestHandler[] {
  const parse = express.json({ limit: LIMITS.maxBodyBytes, strict: true, type: () => true });
  return [
    (req, res, next) => {
      if (req.method !== 'POST' && req.method !== 'PUT' && req.method !== 'PATCH') return next();
      const length = Number(req.headers['content-length'] ?? 0);
      const hasBody = length > 0 || req.headers['transfer-encoding'] !== undefined;
      if (!hasBody) {
        req.body = {};
        return next();
      }
      if (!req.is('application/json'))
        return next(
          new PagemapError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as JSON with `Content-Type: application/json`.'),
        );
      // The JSON parser would decode any `utf-*` charset and then fail on the bytes (a 400);
      // only UTF-8 is accepted, and anything else is the media type's fault (415).
      const charset = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(req.headers['content-type'] ?? '')?.[1];
      if (charset !== undefined && !/^utf-?8$/i.test(charset))
        return next(new PagemapError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 JSON.'));
      parse(req, res, next);
    },
  ];
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

/**
 * Maps every error to the contract's `{error, message}`. Known codes keep their message;
 * anything else is logged with its stack and answered with a generic 500 that leaks nothing.
 */
export function errorMapper(log: Logger, metrics: GatewayMetrics): ErrorRequestHandler {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    let e: PagemapError;
    const bp = err as BodyParserError;
    if (err instanceof PagemapError) e = err;
    else if (bp?.type === 'entity.too.large')
      e = new PagemapError('PAYLOAD_TOO_LARGE', `The request body is larger than ${LIMITS.maxBodyBytes} bytes.`);
    else if (bp?.type === 'entity.parse.failed')
      e = new PagemapError('INVALID_JSON', 'The request body is not valid JSON.');
    else if (bp?.type === 'encoding.unsupported' || bp?.type === 'charset.unsupported')
      e = new PagemapError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 JSON.');
    else if (bp?.type === 'request.aborted' || bp?.type === 'request.size.invalid')
      e = new PagemapError('INVALID_REQUEST', 'The request body was incomplete.');
    else if (err instanceof URIError || (bp?.status === 400 && bp?.expose === true))
      e = new PagemapError('INVALID_REQUEST', 'The request path or query is malformed.');
    else if (isDatastoreUnavailable(err)) {
      log.warn(
        { requestId: res.locals.requestId, err: err instanceof Error ? err.message : String(err) },
        'datastore unreachable',
      );
      e = new PagemapError('SERVICE_UNAVAILABLE', 'The datastore is unreachable; retry shortly.', { retryAfterS: 2 });
    } else {
      log.error(
        {
          requestId: res.locals.requestId,
          err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err),
        },
        'unhandled error',
      );
      e = new PagemapError('INTERNAL_ERROR', 'Something went wrong on our side. Nothing was billed.');
    }
    metrics.rejections.inc({ code: e.code });
    res.locals.errorCode = e.code;
    if (res.headersSent) {
      res.end();
      return;
    }
    if (e.retryAfterS !== undefined) res.setHeader('Retry-After', String(e.retryAfterS));
    else if (
      e.code === 'SERVICE_UNAVAILABLE' ||
      e.code === 'NO_CAPACITY' ||
      e.code === 'RATE_LIMITED' ||
      e.code === 'SESSION_LIMIT_EXCEEDED'
    )
      res.setHeader('Retry-After', '2');
    res.status(ERROR_CODES[e.code].status).json(e.toBody());
  };
}
