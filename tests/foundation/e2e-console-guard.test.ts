import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const E2E = path.resolve(__dirname, '../../e2e');

describe('browser tests watch the console', () => {
  it('every spec takes test and expect from e2e/helpers/test (whose fixture fails a test on a console error), not from Playwright directly', () => {
    const specs = fs.readdirSync(E2E).filter((f) => f.endsWith('.spec.ts'));
    expect(specs.length).toBeGreaterThan(5);
    const direct = specs.filter((f) => {
      const source = fs.readFileSync(path.join(E2E, f), 'utf8');
      return [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@playwright\/test'/g)].some((m) =>
        m[1].split(',').some((name) => /^(test|expect)$/.test(name.trim())),
      );
    });
    expect(direct).toEqual([]);
  });
});
