/**
 * The security headers of every answer (pages, API answers, PDFs), built as plain data so they can be
 * tested without a server; proxy.ts sets them per request with a fresh nonce.
 *
 * The policy allows our own origin and Razorpay Checkout only: its script from checkout.razorpay.com,
 * its frames from api/checkout.razorpay.com, its calls to api/lumberjack.razorpay.com and its images.
 * pdf.js renders in the browser with a blob: worker and blob:/data: images; our PDF view/download routes
 * are shown in same-origin iframes. Inline scripts run only with the request's nonce (Next's own and the
 * theme script); style attributes are allowed (React and Radix set them, and Checkout injects styles).
 */
export const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  img: ['https://*.razorpay.com'],
} as const;

export function contentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // 'unsafe-eval' only for `next dev` (React's dev tooling); never in production.
    'script-src': ["'self'", `'nonce-${nonce}'`, ...RAZORPAY.script, ...(options.dev ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...RAZORPAY.img],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...RAZORPAY.connect, ...(options.dev ? ['ws:'] : [])],
    'frame-src': ["'self'", ...RAZORPAY.frame],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** The headers besides the policy. HSTS only in production (a browser ignores it over plain http anyway). */
export function securityHeaders(options: { production: boolean }): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'SAMEORIGIN',
    // Checkout needs the Payment Request API in our page; nothing else powerful is used.
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), usb=(), interest-cohort=(), payment=(self "https://checkout.razorpay.com" "https://api.razorpay.com")',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    ...(options.production ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } : {}),
  };
}

/**
 * The policy of API answers (JSON, and the PDFs shown in our own iframes): they are never documents
 * with scripts, so only framing by other sites is refused. (A stricter default-src would reach Chrome's
 * built-in PDF viewer, which renders inside the PDF answer's document.)
 */
export const API_CONTENT_SECURITY_POLICY = "frame-ancestors 'self'";

/** next.config.ts `headers()` entries: the common headers on every path, the API policy on /api. */
export function configHeaders(production: boolean): { source: string; headers: { key: string; value: string }[] }[] {
  const list = (record: Record<string, string>) => Object.entries(record).map(([key, value]) => ({ key, value }));
  return [
    { source: '/:path*', headers: list(securityHeaders({ production })) },
    { source: '/api/:path*', headers: list({ 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY }) },
  ];
}

/** A fresh nonce per request: 16 random bytes, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}
