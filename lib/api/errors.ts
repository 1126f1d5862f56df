/**
 * The one error type of the API. Route handlers and lib/ code throw it; `withApi` turns it into
 * `{"detail": "..."}` with the status code (clients read `detail`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly headers?: Record<string, string>;

  constructor(status: number, detail: string, headers?: Record<string, string>) {
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.headers = headers;
  }

  static badRequest(detail: string) {
    return new ApiError(400, detail);
  }
  static unauthorized(detail = 'Not authenticated.') {
    return new ApiError(401, detail, { 'WWW-Authenticate': 'Bearer' });
  }
  static forbidden(detail = 'You are not allowed to do this.') {
    return new ApiError(403, detail);
  }
  static notFound(detail = 'Not found.') {
    return new ApiError(404, detail);
  }
  static conflict(detail: string) {
    return new ApiError(409, detail);
  }
  static tooLarge(detail: string) {
    return new ApiError(413, detail);
  }
  static unprocessable(detail: string) {
    return new ApiError(422, detail);
  }
  static tooManyRequests(detail: string, retryAfterSeconds: number) {
    return new ApiError(429, detail, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
