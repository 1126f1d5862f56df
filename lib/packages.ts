import { createRequire } from 'node:module';
import path from 'node:path';

let projectRequire: NodeJS.Require | null = null;

/**
 * Where a file of an installed package is (a font, a model, a worker script, a WebAssembly binary), resolved
 * from the project root at run time. Never from a module's own place: in a Next bundle the bundler rewrites a
 * resolve of a constant (to a module id, not a path; a font or a model cannot be bundled).
 */
export function resolvePackageFile(specifier: string): string {
  projectRequire ??= createRequire(path.join(process.cwd(), 'package.json'));
  return projectRequire.resolve(specifier);
}

/** The folder an installed package lives in. */
export function packageFolder(name: string): string {
  return path.dirname(resolvePackageFile(`${name}/package.json`));
}

/** The folder of a tesseract model package (`@tesseract.js-data/<model>`) holding its gzipped integer model. */
export function tesseractModelFolder(model: string): string {
  return path.join(packageFolder(`@tesseract.js-data/${model}`), '4.0.0_best_int');
}
