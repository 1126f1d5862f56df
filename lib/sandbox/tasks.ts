import { mkdtemp, open, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SlipInputError as ChoiceInputError } from '@/lib/slips/render/errors';
import type { RollBox, VoterRecord } from '@/lib/slips/types';
import type {
  BannerTaskInput,
  CombineTaskInput,
  LegacyCoverTaskInput,
  LegacyCoverTaskResult,
  ParseTaskInput,
  ParseTaskResult,
  RenderTaskInput,
  RenderTaskResult,
  SlipImagesTaskInput,
  SlipImagesTaskResult,
  SandboxTasks,
  TaskName,
  WordIndexTaskInput,
} from './protocol';

/**
 * The work a sandbox process does (this module runs only inside one): each task reads its input files,
 * does its work and writes its output file. Heavy modules are imported on first use.
 */
export interface TaskContext {
  progress(done: number, total: number): void;
}

/** The voters as a JSON array, written a slice at a time (a 500,000-voter list never becomes one string). */
async function writeVoters(file: string, voters: readonly VoterRecord[]): Promise<void> {
  const handle = await open(file, 'w');
  try {
    const SLICE = 2000;
    for (let i = 0; i < voters.length || i === 0; i += SLICE) {
      const part = voters.slice(i, i + SLICE).map((v) => JSON.stringify(v));
      const head = i === 0 ? '[' : ',';
      const tail = i + SLICE >= voters.length ? ']' : '';
      await handle.write(head + part.join(',') + tail);
    }
  } finally {
    await handle.close();
  }
}

/**
 * The readers' own memory caps inside this process's limit: each of the two PDF parser threads, and the
 * spreadsheet worker, stops at its cap with a plain "page too large" before the process as a whole would
 * be killed at its limit (without a limit given, the readers' defaults).
 */
function readerLimits(): { pdfMemoryMb?: number; excelMemoryMb?: number } {
  const process_ = Number(process.env.VSG_SANDBOX_MEMORY_MB);
  if (!Number.isFinite(process_) || process_ <= 0) return {};
  return { pdfMemoryMb: Math.min(1024, Math.floor(process_ * 0.3)), excelMemoryMb: Math.min(768, Math.floor(process_ * 0.45)) };
}

async function parseTask(input: ParseTaskInput, ctx: TaskContext): Promise<ParseTaskResult> {
  const { VoterListError, parseVoterList } = await import('@/lib/slips/parse');
  const size = (await stat(input.file)).size;
  if (size === 0) throw new VoterListError('empty', 'The file is empty.');
  if (size > input.maxBytes) {
    const mb = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;
    throw new VoterListError('too-large', `The file is ${mb(size)}; the limit is ${mb(input.maxBytes)}.`);
  }
  const bytes = new Uint8Array(await readFile(input.file));
  const list = await parseVoterList({ bytes, filename: input.filename }, { maxBytes: input.maxBytes, ocr: input.ocr, scanIds: input.scanIds, ...readerLimits(), onProgress: (done, total) => ctx.progress(done, total) });
  await writeVoters(input.out, list.voters);
  const { listOverview } = await import('@/lib/slips/overview');
  return { report: list.report, voters: list.voters.length, overview: listOverview(list.voters, list.report.header) };
}

async function renderTask(input: RenderTaskInput, ctx: TaskContext): Promise<RenderTaskResult> {
  return (await renderChosen(input, ctx)).result;
}

/** The render task's work, and the voters whose slips it drew, in the PDF's order. */
async function renderChosen(input: RenderTaskInput, ctx: TaskContext): Promise<{ result: RenderTaskResult; voters: VoterRecord[] }> {
  const [{ renderSlips, LayoutError, BannerError, SlipInputError, SourcePdfDamagedError }, { repairedPdfs }] = await Promise.all([
    import('@/lib/slips/render'),
    import('@/lib/slips/render/repair-pdf'),
  ]);
  const [{ chooseVoters, SlipChoiceError }, { listLanguage }] = await Promise.all([import('@/lib/slips/choose'), import('@/lib/slips/labels')]);
  const all = JSON.parse(await readFile(input.votersFile, 'utf8')) as VoterRecord[];
  const { choices, selected } = input;
  let chosen: ReturnType<typeof chooseVoters>;
  try {
    if (selected) chosen = { voters: selectedVoters(all, selected.indices), deletedLeftOut: [], leftOutByChoice: all.length - selected.indices.length, orderNote: null };
    else chosen = choices ? chooseVoters(all, choices) : { voters: all, deletedLeftOut: [], leftOutByChoice: 0, orderNote: null };
  } catch (error) {
    throw error instanceof SlipChoiceError ? new SlipInputError(error.message) : error;
  }
  if (chosen.voters.length === 0) {
    throw new SlipInputError(
      chosen.deletedLeftOut.length === all.length
        ? 'Every voter in this list is marked deleted, and deleted voters get no slip; choose to print them if you need their slips.'
        : 'No voter is chosen: the serial ranges and sections leave every voter out. Widen the choice.',
    );
  }
  const slip = choices
    ? {
        style: choices.style,
        facts: choices.facts,
        qr: choices.qr,
        look: { language: input.language ?? listLanguage(all), englishOnly: choices.labels === 'english', roll: input.roll ?? {} },
      }
    : undefined;
  const voters = chosen.voters;
  const [sourcePdf, banner] = await Promise.all([input.sourceFile ? readFile(input.sourceFile) : undefined, readFile(input.bannerFile)]);
  const counts = { printed: voters.length, deletedLeftOut: chosen.deletedLeftOut.length, leftOutByChoice: chosen.leftOutByChoice, orderNote: chosen.orderNote };
  const render = async (roll: Uint8Array | undefined) => {
    // selected slips: every copy of the roll given to the renderer (a repaired one too) is cut down first
    const cut = selected && roll && voters.some((v) => v.box) ? await cutSource(roll, voters) : { pdf: roll, voters };
    return renderOf(cut.pdf, cut.voters);
  };
  const renderOf = async (source: Uint8Array | undefined, drawn: VoterRecord[]) => ({
    ...(await renderSlips(
      {
        voters: drawn,
        sourcePdf: source,
        banner,
        address: input.address,
        layout: input.layout,
        onePerPage: selected?.onePerPage ?? input.onePerPage,
        printPhotos: input.printPhotos,
        mode: input.mode,
        slip,
        onProgress: (done, total) => ctx.progress(done, total),
      },
      input.out,
    )),
    ...counts,
  });
  try {
    return { result: { ...(await render(sourcePdf)), repaired: false }, voters };
  } catch (error) {
    // Bad choices (layout, banner, address) are not the roll's fault; anything else the roll caused
    // (pdf-lib refusing a damaged file, or failing on an object while copying a page) is tried once
    // more on the roll as PDFium re-saves it.
    const rollMayBeAtFault = error instanceof SourcePdfDamagedError || !(error instanceof LayoutError || error instanceof BannerError || error instanceof SlipInputError);
    if (!sourcePdf || !rollMayBeAtFault || error instanceof RangeError) throw error;
    let last: unknown = error;
    for await (const repaired of repairedPdfs(sourcePdf)) {
      try {
        return { result: { ...(await render(repaired)), repaired: true }, voters };
      } catch (again) {
        if (again instanceof LayoutError || again instanceof BannerError || again instanceof RangeError) throw again;
        last = again;
      }
    }
    if (last instanceof SlipInputError) throw last;
    throw new SourcePdfDamagedError(last instanceof Error ? last.message : String(last));
  }
}

/** The voters at these positions, in this order; a position outside the list is refused. */
function selectedVoters(all: readonly VoterRecord[], indices: readonly number[]): VoterRecord[] {
  return indices.map((i) => {
    const voter = Number.isInteger(i) && i >= 0 ? all[i] : undefined;
    if (!voter) throw new ChoiceInputError(`This list has no voter number ${i}.`);
    return voter;
  });
}

/**
 * The roll cut down to the chosen voters' boxes, a page each (strip-source.ts), and the voters pointing at
 * their pages. The slips then carry no other voter's text; a roll PDFium cannot cut is refused rather
 * than shared whole.
 */
async function cutSource(source: Uint8Array, voters: readonly VoterRecord[]): Promise<{ pdf: Uint8Array; voters: VoterRecord[] }> {
  const { keepOnlyBoxes } = await import('@/lib/slips/render/strip-source');
  const boxed = voters.filter((v): v is VoterRecord & { box: RollBox } => v.box !== undefined);
  const cut = await keepOnlyBoxes(source, boxed.map((v) => ({ page: v.box.page, rect: v.box.rect })));
  // the k-th boxed voter's page is page k of the cut file
  let k = 0;
  return { pdf: cut.pdf, voters: voters.map((v) => (v.box ? { ...v, box: { ...v.box, page: ++k } } : v)) };
}

async function bannerTask(input: BannerTaskInput): Promise<{ format: string; width: number; height: number }> {
  const { inspectBanner } = await import('@/lib/slips/render/banner');
  return inspectBanner(new Uint8Array(await readFile(input.file)));
}

async function wordIndexTask(input: WordIndexTaskInput): Promise<{ words: number } | null> {
  const { modelWordIndex } = await import('@/lib/transliterate/model-words');
  const index = modelWordIndex(input.lang);
  if (!index) return null;
  await writeFile(input.out, index.text, 'utf8');
  return { words: index.words };
}

async function combineTask(input: CombineTaskInput, ctx: TaskContext): Promise<{ pages: number }> {
  const { combinePdfs } = await import('@/lib/slips/render/combine-pdfs');
  const { pdf, pages } = await combinePdfs(
    input.files.map((file) => async () => new Uint8Array(await readFile(file))),
    (done, total) => ctx.progress(done, total),
  );
  await writeFile(input.out, pdf);
  return { pages };
}

async function legacyCoverTask(input: LegacyCoverTaskInput): Promise<LegacyCoverTaskResult | null> {
  const { readLegacyCover } = await import('@/lib/slips/ingest/pdf/legacy-cover');
  const cover = await readLegacyCover(new Uint8Array(await readFile(input.file)));
  return cover ? { header: cover.header } : null;
}

/**
 * A small roll page (drawn boxes, serials and IDs) parsed and a few slips rendered from it: loads the
 * parser threads, PDFium, the fonts and HarfBuzz and lets the JIT see the hot paths before real work.
 */
async function warmTask(): Promise<null> {
  const [{ PDFDocument, StandardFonts }, { parseVoterList }, { renderSlips }, sharp] = await Promise.all([
    import('@cantoo/pdf-lib'),
    import('@/lib/slips/parse'),
    import('@/lib/slips/render'),
    import('sharp'),
  ]);
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let row = 0; row < 10; row++) {
    for (let col = 0; col < 3; col++) {
      const x = 20 + col * 185;
      const y = 760 - row * 75;
      page.drawRectangle({ x, y, width: 180, height: 72, borderWidth: 0.5 });
      page.drawRectangle({ x, y: y + 58, width: 30, height: 14, borderWidth: 0.5 });
      page.drawText(String(row * 3 + col + 1), { x: x + 4, y: y + 61, size: 8, font });
      page.drawText(`ABC${String(1000000 + row * 3 + col)}`, { x: x + 110, y: y + 61, size: 8, font });
      page.drawText('Name : Voter', { x: x + 4, y: y + 40, size: 8, font });
    }
  }
  const bytes = await doc.save();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vsg-warm-'));
  try {
    const list = await parseVoterList({ bytes, filename: 'warm.pdf' }, { ocr: 'off' }).catch(() => null);
    const banner = await sharp.default({ create: { width: 600, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const voters: VoterRecord[] = list?.voters.length ? list.voters : [{ serial: 1, epic: 'ABC1000000', page: 1, name: 'नाम' }];
    await renderSlips(
      { voters, sourcePdf: bytes, banner, address: 'मतदान केंद्र, Polling Station', layout: { pageSize: 'a4', orientation: 'portrait', slipsPerPage: 10 }, printPhotos: false, mode: { kind: 'draft', previewPages: 1 } },
      path.join(dir, 'warm.pdf'),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return null;
}

/** The task's slips one per page, then this process's share of the pages as pictures (SlipImagesTaskInput). */
async function slipImagesTask(input: SlipImagesTaskInput, ctx: TaskContext): Promise<SlipImagesTaskResult> {
  const { voters: printed } = await renderChosen({ ...input, onePerPage: true }, { ...ctx, progress: () => undefined });
  const { writeSlipImages } = await import('@/lib/slips/images');
  const pages = await writeSlipImages(new Uint8Array(await readFile(input.out)), input.dir, {
    width: input.width,
    share: input.share,
    onProgress: (done, total) => ctx.progress(done, total),
  });
  return { pages, slips: printed.map((v) => ({ serial: v.serial, epic: v.epic ?? null })) };
}

export async function runTask<N extends TaskName>(name: N, input: SandboxTasks[N]['input'], ctx: TaskContext): Promise<SandboxTasks[N]['result']> {
  switch (name) {
    case 'parse':
      return (await parseTask(input as ParseTaskInput, ctx)) as SandboxTasks[N]['result'];
    case 'render':
      return (await renderTask(input as RenderTaskInput, ctx)) as SandboxTasks[N]['result'];
    case 'slip-images':
      return (await slipImagesTask(input as SlipImagesTaskInput, ctx)) as SandboxTasks[N]['result'];
    case 'combine':
      return (await combineTask(input as CombineTaskInput, ctx)) as SandboxTasks[N]['result'];
    case 'legacy-cover':
      return (await legacyCoverTask(input as LegacyCoverTaskInput)) as SandboxTasks[N]['result'];
    case 'banner':
      return (await bannerTask(input as BannerTaskInput)) as SandboxTasks[N]['result'];
    case 'word-index':
      return (await wordIndexTask(input as WordIndexTaskInput)) as SandboxTasks[N]['result'];
    case 'warm':
      return (await warmTask()) as SandboxTasks[N]['result'];
    default:
      throw new Error(`Unknown sandbox task ${String(name)}.`);
  }
}
