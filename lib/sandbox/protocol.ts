import type { SlipChoices } from '@/lib/slips/choose';
import type { LabelLanguage } from '@/lib/slips/labels';
import type { Orientation, PageSize } from '@/lib/slips/layout-options';
import type { ListOverview } from '@/lib/slips/overview';
import type { RenderMode, RenderResult } from '@/lib/slips/render';
import type { ParseReport } from '@/lib/slips/types';
import type { ScriptLanguage } from '@/lib/transliterate/scripts';
import type { WireError } from './errors';

/**
 * What a sandbox process can be asked to do, and the messages between it and its parent. Inputs and
 * outputs are files in a directory the parent made for the task: large data never crosses the IPC
 * channel, and what a task writes is bounded by the process's file-size limit.
 */
export interface ParseTaskInput {
  /** The uploaded voter list. */
  file: string;
  /** The name the user's file had (messages and the type hint only; never a path). */
  filename: string;
  /** Where the voters are written, as a JSON array. */
  out: string;
  maxBytes: number;
  ocr?: 'auto' | 'off' | 'always';
  /** ParseOptions.scanIds: 'later' reads an image-only roll to its draft first, its IDs left for a complete parse. */
  scanIds?: 'now' | 'later';
}

export interface ParseTaskResult {
  report: ParseReport;
  voters: number;
  overview: ListOverview;
}

export interface RenderTaskInput {
  /** The voters, as a JSON array (what the parse task wrote). */
  votersFile: string;
  /** The roll PDF the voters' boxes are cut from, when they have boxes. */
  sourceFile?: string;
  bannerFile: string;
  out: string;
  address: string;
  layout: { pageSize: PageSize; orientation: Orientation; slipsPerPage: number };
  printPhotos: boolean;
  mode: RenderMode;
  /**
   * Who gets a slip, in what order, and how slips look; without it every voter in the list's order, as
   * slips were before these choices existed (the CLI's default).
   */
  choices?: SlipChoices;
  /** The list's language (ListOverview.language) and the roll's own facts, for the labels, facts line and QR code. */
  language?: LabelLanguage;
  roll?: { part?: string; pollingStation?: string; assemblyNumber?: string };
  /**
   * Only these voters (positions in the voters file, in this order), whatever the choices say of who gets
   * a slip; on `layout`'s sheets or one per page. Their boxes are cut from a copy of the roll holding
   * nothing else (strip-source.ts): the PDF carries no other voter's text.
   */
  selected?: { indices: number[]; onePerPage: boolean };
  /** Every voter chosen, one slip per page (a page the size of the layout's cell with its margin): pictures of slips. */
  onePerPage?: boolean;
}

/**
 * Pictures of slips for phones: the task's slips rendered one per page (`out` is that PDF), then this process's
 * share of its pages drawn as PNGs into `dir` (0001.png, … by page).
 */
export interface SlipImagesTaskInput extends RenderTaskInput {
  dir: string;
  width: number;
  share: { index: number; of: number };
}

export interface SlipImagesTaskResult {
  /** The pages drawn by this process, in order. */
  pages: number[];
  /** Each slip in the PDF, page by page: who it is for (the picture's file name in a ZIP). */
  slips: { serial: number | null; epic: string | null }[];
}

export interface RenderTaskResult extends RenderResult {
  /** The source roll could not be loaded as it was and was re-saved by PDFium first. */
  repaired: boolean;
  /** Slips printed (the voters chosen). */
  printed: number;
  /** Deleted voters left out, and voters the choices left out. */
  deletedLeftOut: number;
  leftOutByChoice: number;
  /** Why the order asked for was not kept, or null. */
  orderNote: string | null;
}

export interface LegacyCoverTaskInput {
  file: string;
}

export interface LegacyCoverTaskResult {
  header: ParseReport['header'];
}

export interface BannerTaskInput {
  file: string;
}

/** A script's model words as a word index (lib/transliterate/word-index.ts), its text written to `out`. */
export interface WordIndexTaskInput {
  lang: ScriptLanguage;
  out: string;
}

/** PDFs (our own slips) to put one after another into `out`. */
export interface CombineTaskInput {
  files: string[];
  out: string;
}

export interface SandboxTasks {
  parse: { input: ParseTaskInput; result: ParseTaskResult };
  /** An uploaded banner checked: its header, then the whole picture decoded once (a damaged one is refused). */
  banner: { input: BannerTaskInput; result: { format: string; width: number; height: number } };
  render: { input: RenderTaskInput; result: RenderTaskResult };
  'slip-images': { input: SlipImagesTaskInput; result: SlipImagesTaskResult };
  'legacy-cover': { input: LegacyCoverTaskInput; result: LegacyCoverTaskResult | null };
  /** A task's lists' final PDFs as one PDF (PDFium copies the pages). */
  combine: { input: CombineTaskInput; result: { pages: number } };
  /** The index of a script's model words; null when the script's model is not installed. */
  'word-index': { input: WordIndexTaskInput; result: { words: number } | null };
  /** Loads and exercises the readers once (a fresh process's first parse is several times slower). */
  warm: { input: Record<string, never>; result: null };
}

export type TaskName = keyof SandboxTasks;

/** `cpuSeconds`: the CPU time the task may use (the process sets its own RLIMIT_CPU to its total so far plus this). */
export type ParentMessage = { type: 'run'; id: number; task: TaskName; input: unknown; cpuSeconds: number };

export type ChildMessage =
  | { type: 'ready' }
  /** The main thread is alive (sent every second, whatever it is doing). */
  | { type: 'beat' }
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'done'; id: number; result: unknown }
  | { type: 'failed'; id: number; error: WireError };

/** How often the process says it is alive. */
export const BEAT_MS = 1000;
