import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { HAVE_ROLLS, NO_ROLLS_REASON, ROLLS_DIR } from './roll-truth';

// the cover reader fails as it would on a server without OCR; the parse itself is real (in its sandbox process)
vi.mock('@/lib/sandbox', async (original) => {
  const real = await original<typeof import('@/lib/sandbox')>();
  class CoverlessPool extends real.SandboxPool {
    override run: InstanceType<typeof real.SandboxPool>['run'] = (task, input, options) =>
      task === 'legacy-cover' ? Promise.reject(new Error('OCR is not available on this server (no model)')) : super.run(task, input, options);
  }
  return { ...real, SandboxPool: CoverlessPool };
});

const { parseCommand } = await import('@/scripts/vsg/parse');

describe.skipIf(!HAVE_ROLLS)(`vsg parse on a legacy-font roll whose cover cannot be read${HAVE_ROLLS ? '' : ` (skipped: ${NO_ROLLS_REASON})`}`, () => {
  it('still prints the voters, and says on stderr that the facts were not read', { timeout: 60_000 }, async () => {
    let out = '';
    let err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out += String(chunk);
      return true;
    });
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      err += `${args.join(' ')}\n`;
    });
    const code = await parseCommand([path.join(ROLLS_DIR, 'daman-2017-part1-gujarati.pdf')]);
    vi.restoreAllMocks();
    expect(code).toBe(0);
    expect(out).toMatch(/voters: 993/);
    expect(out).toContain('header: year 2017');
    expect(err.trim()).toBe("vsg parse: the cover's facts could not be read (OCR is not available on this server (no model))");
  });
});
