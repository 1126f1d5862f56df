// Adds up vitest's and Playwright's JSON reports into the one closing line CI reads.
import fs from 'node:fs';

const [vitestFile, playwrightFile] = process.argv.slice(2);
let passed = 0;
let failed = 0;
let skipped = 0;
const missing = [];

function read(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const vitest = read(vitestFile);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
} else missing.push('vitest');

/** Titles of the Playwright tests with the given outcome ('flaky': failed first, passed on a retry). */
function playwrightTitles(report, outcome) {
  const titles = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === outcome) titles.push([...path, spec.title].filter(Boolean).join(' › '));
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return titles;
}

let flaky = 0;
const playwright = read(playwrightFile);
if (playwright?.stats) {
  // A test that passed only on a retry is flaky, not passed: it is counted and named as such.
  passed += playwright.stats.expected ?? 0;
  flaky = playwright.stats.flaky ?? 0;
  failed += playwright.stats.unexpected ?? 0;
  skipped += playwright.stats.skipped ?? 0;
  for (const title of playwrightTitles(playwright, 'flaky')) console.log(`flaky (passed only on a retry): ${title}`);
} else missing.push('playwright');

if (missing.length) console.log(`(no results from: ${missing.join(', ')})`);
console.log(`tests: ${passed} passed, ${flaky} flaky, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || missing.length > 0 || passed === 0 ? 1 : 0);
