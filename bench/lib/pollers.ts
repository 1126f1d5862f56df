import http from 'node:http';

/**
 * Clients that poll one URL as the generator page does: each asks, waits for the whole answer, then
 * waits `everyMs` before asking again, each starting at its own moment within the first interval, so that
 * their requests arrive spread out as a crowd of browsers' would. (A load tool's per-second rate limit
 * sends a second's quota at once at the start of every second: a burst every second that no set of
 * browsers makes, and whose queue is what its latency figures then measure.)
 */
export interface PollFigures {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function get(url: URL, token: string, agent: http.Agent, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { authorization: `Bearer ${token}` }, timeout: timeoutMs }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

export async function pollLikeBrowsers(options: { url: string; token: string; clients: number; everyMs: number; seconds: number; timeoutMs?: number }): Promise<PollFigures> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.clients });
  const deadline = performance.now() + options.seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const client = async () => {
    await sleep(Math.random() * options.everyMs);
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const status = await get(url, options.token, agent, options.timeoutMs ?? 10_000);
        latencies.push(performance.now() - t0);
        if (status < 200 || status >= 300) non2xx++;
      } catch {
        errors++;
      }
      await sleep(options.everyMs);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { requests: latencies.length + errors, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies.at(-1) ?? Number.NaN, errors, non2xx };
}
