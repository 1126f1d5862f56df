/**
 * The model words served: the first time suggestions are asked for in a script, its model's word list is made
 * into a word index in a sandbox process (up to a few seconds of work, kept off the server's thread), read back
 * and installed into the script's engine. Until then, and if it cannot be made, the built-in lexicon answers;
 * a failed attempt is tried again after a pause that doubles (at most ten minutes).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { getSandbox, withTaskDir } from '@/lib/sandbox';
import { hasWordIndex, installWordIndex } from './engine';
import type { ScriptLanguage } from './scripts';
import { readWordIndex } from './word-index';

/** Makes a script's index and returns its text (UTF-8); null when the script's model is not installed. */
export type WordIndexMaker = (lang: ScriptLanguage) => Promise<Buffer | string | null>;

/** The index made in a sandbox process, its text passed back through a task file. */
export const sandboxWordIndex: WordIndexMaker = (lang) =>
  withTaskDir(async (dir) => {
    const out = path.join(dir, 'words.txt');
    const made = await getSandbox().run('word-index', { lang, out }, { subject: 'read', limits: { cpuSeconds: 120, timeoutSeconds: 300 } });
    return made ? readFile(out) : null;
  });

const MAX_PAUSE_MS = 10 * 60 * 1000;

interface State {
  making: Promise<void> | null;
  failures: number;
  notBefore: number;
  /** The script has no model installed: nothing to wait for. */
  absent: boolean;
}
const states = new Map<ScriptLanguage, State>();

/**
 * Starts making the script's index unless it is installed, being made, absent or waiting after a failure.
 * Returns the attempt in flight (resolved when it ends, however it ends; never rejected), or null when there is none.
 */
export function ensureModelWords(lang: ScriptLanguage, make: WordIndexMaker = sandboxWordIndex, log: (line: string) => void = console.warn, now = Date.now()): Promise<void> | null {
  if (hasWordIndex(lang)) return null;
  const state = states.get(lang) ?? { making: null, failures: 0, notBefore: 0, absent: false };
  states.set(lang, state);
  if (state.making) return state.making;
  if (state.absent || now < state.notBefore) return null;
  state.making = make(lang)
    .then((text) => {
      if (text === null) {
        state.absent = true;
        return;
      }
      installWordIndex(readWordIndex(text));
      state.failures = 0;
    })
    .catch((error: unknown) => {
      state.failures++;
      state.notBefore = Date.now() + Math.min(MAX_PAUSE_MS, 5000 * 2 ** (state.failures - 1));
      log(`transliterate: the ${lang} model's word index could not be made (${error instanceof Error ? error.message : String(error)}); the built-in words answer meanwhile`);
    })
    .finally(() => {
      state.making = null;
    });
  return state.making;
}

/** Forgets attempts (tests). */
export function resetModelWordAttempts(): void {
  states.clear();
}
