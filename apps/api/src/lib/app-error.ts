/** An error a person caused and can fix; the error handler turns it into DESIGN.md's error shape. */
export class AppError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** For 429s: sent as Retry-After. */
  readonly retryAfterMs: number | undefined;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    fields?: Record<string, string>,
    options: { retryAfterMs?: number } = {},
  ) {
    super(message);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.retryAfterMs = options.retryAfterMs;
  }
}
