import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageFolder, resolvePackageFile, tesseractModelFolder } from '@/lib/packages';

describe('installed packages, found from the project root', () => {
  it('a package file resolves to a file on disk', () => {
    const file = resolvePackageFile('@embedpdf/pdfium/pdfium.wasm');
    expect(path.isAbsolute(file)).toBe(true);
    expect(fs.statSync(file).size).toBeGreaterThan(1_000_000);
  });

  it("a package's folder holds its package.json, with its own name", () => {
    const folder = packageFolder('pdfjs-dist');
    expect(JSON.parse(fs.readFileSync(path.join(folder, 'package.json'), 'utf8')).name).toBe('pdfjs-dist');
  });

  it("a tesseract model's folder holds that model, gzipped", () => {
    for (const model of ['eng', 'hin', 'guj']) expect(fs.existsSync(path.join(tesseractModelFolder(model), `${model}.traineddata.gz`))).toBe(true);
  });

  it('a package that is not installed is an error naming it, not a made-up path', () => {
    expect(() => packageFolder('@tesseract.js-data/xyz-not-a-model')).toThrow(/xyz-not-a-model/);
  });
});
