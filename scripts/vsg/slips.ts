/**
 * `vsg slips`: write the slips PDF and print `{ "pages": N, "slips": N }`.
 *   --voters <roll.pdf | list.xlsx | list.xls | parsed.json>   (.json is `vsg parse --json` output;
 *            give --source <roll.pdf> with it when its voters come from a roll)
 *   --banner <image> --address <text> --out <pdf>
 *   [--page-size a4|a3|letter|legal] [--orientation portrait|landscape] [--per-page N]
 *   [--photos] [--draft] [--preview-pages N]
 *   Polling-day slips, as the draft screen chooses them (any of these turns them on: deleted voters left
 *   out, the roll's facts and a QR code on every slip; the answer also gives deletedLeftOut, leftOutByChoice):
 *   [--deleted] [--serials 1-300,450-460] [--section <name>]... [--order roll|house|family]
 *   [--style campaign|election-code] [--labels list|english] [--no-qr] [--no-facts]
 * Bad input: one-line reason on stderr, non-zero exit.
 */
import { constants } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { withTaskDir, type SandboxPool } from '@/lib/sandbox';
import { ORIENTATIONS, PAGE_SIZES, allowedSlipsPerPage, type Orientation, type PageSize } from '@/lib/slips/layout-options';
import { BannerError, LayoutError, SlipInputError } from '@/lib/slips/render/errors';
import { validateLayout } from '@/lib/slips/render/layout';
import { slipChoicesSchema, type SlipChoices } from '@/lib/slips/choose';
import { rollLanguage } from '@/lib/slips/labels';
import { BANNER_TYPE_ERROR, isBannerName } from '@/lib/documents/upload-rules';
import type { ParseReport, VoterRecord } from '@/lib/slips/types';
import { isInputError, parseInSandbox } from './parse';
import { withCliSandbox } from './sandbox';

class UsageError extends Error {}

async function readInput(file: string, what: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(file));
  } catch {
    throw new UsageError(`${what} not found or not readable: ${file}`);
  }
}

async function checkReadable(file: string, what: string): Promise<void> {
  try {
    await access(file, constants.R_OK);
  } catch {
    throw new UsageError(`${what} not found or not readable: ${file}`);
  }
}

function isVoterArray(value: unknown): value is VoterRecord[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'object' && v !== null && 'page' in v);
}

async function loadVoters(pool: SandboxPool, file: string, source: string | undefined): Promise<{ voters: VoterRecord[]; sourceFile?: string; header?: ParseReport['header'] }> {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.json') {
    const bytes = await readInput(file, 'Voter list');
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(bytes).toString('utf8'));
    } catch {
      throw new UsageError(`${path.basename(file)} is not valid JSON.`);
    }
    const voters = (parsed as { voters?: unknown })?.voters;
    const header = (parsed as { report?: { header?: ParseReport['header'] } })?.report?.header;
    if (!isVoterArray(voters)) throw new UsageError(`${path.basename(file)} has no "voters" array (expected \`vsg parse --json\` output).`);
    const needsSource = voters.some((v) => v.box);
    if (needsSource && !source) throw new UsageError('These voters come from a roll PDF: give the roll with --source <pdf>.');
    if (needsSource && source) await checkReadable(source, 'Source roll PDF');
    return { voters, sourceFile: needsSource && source ? path.resolve(source) : undefined, header };
  }
  await checkReadable(file, 'Voter list');
  const list = await parseInSandbox(pool, file, {});
  return { voters: list.voters, sourceFile: list.voters.some((v) => v.box) ? path.resolve(file) : undefined, header: list.report.header };
}

export async function slipsCommand(argv: string[]): Promise<number> {
  try {
    let values;
    try {
      ({ values } = parseArgs({
        args: argv,
        options: {
          voters: { type: 'string' },
          source: { type: 'string' },
          banner: { type: 'string' },
          address: { type: 'string' },
          out: { type: 'string' },
          'page-size': { type: 'string', default: 'a4' },
          orientation: { type: 'string', default: 'portrait' },
          'per-page': { type: 'string' },
          photos: { type: 'boolean', default: false },
          draft: { type: 'boolean', default: false },
          'preview-pages': { type: 'string' },
          // who gets a slip, in what order, and how slips look (as on the draft screen)
          deleted: { type: 'boolean' },
          serials: { type: 'string' },
          section: { type: 'string', multiple: true },
          order: { type: 'string' },
          style: { type: 'string' },
          labels: { type: 'string' },
          'no-qr': { type: 'boolean' },
          'no-facts': { type: 'boolean' },
        },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    for (const key of ['voters', 'banner', 'address', 'out'] as const) {
      if (!values[key] || values[key].trim() === '') throw new UsageError(`--${key} is required.`);
    }
    const pageSize = values['page-size'] as PageSize;
    const orientation = values.orientation as Orientation;
    if (!(PAGE_SIZES as readonly string[]).includes(pageSize)) throw new UsageError(`--page-size must be one of ${PAGE_SIZES.join(', ')}.`);
    if (!(ORIENTATIONS as readonly string[]).includes(orientation)) throw new UsageError(`--orientation must be one of ${ORIENTATIONS.join(', ')}.`);
    const perPageRaw = values['per-page'];
    const slipsPerPage = perPageRaw === undefined ? allowedSlipsPerPage(pageSize, orientation)[0] : Number(perPageRaw);
    const layout = { pageSize, orientation, slipsPerPage };
    validateLayout(layout);
    const previewPages = values['preview-pages'] === undefined ? undefined : Number(values['preview-pages']);
    const chosen = [values.deleted, values.serials, values.section, values.order, values.style, values.labels, values['no-qr'], values['no-facts']].some((v) => v !== undefined);
    let choices: SlipChoices | undefined;
    if (chosen) {
      const parsed = slipChoicesSchema.safeParse({
        deleted: values.deleted ?? false,
        serials: values.serials ?? '',
        sections: values.section ?? [],
        order: values.order ?? 'roll',
        style: values.style ?? 'campaign',
        labels: values.labels ?? 'list',
        qr: !values['no-qr'],
        facts: !values['no-facts'],
      });
      if (!parsed.success) throw new UsageError(`--order takes roll, house or family; --style campaign or election-code; --labels list or english.`);
      choices = parsed.data;
    }

    const bannerPath = values.banner as string;
    if (!isBannerName(path.basename(bannerPath))) throw new UsageError(BANNER_TYPE_ERROR);
    await checkReadable(bannerPath, 'Banner');
    const result = await withCliSandbox((pool) =>
      withTaskDir(async (dir) => {
        const { voters, sourceFile, header } = await loadVoters(pool, values.voters as string, values.source);
        const roll = header ? { part: header.part, pollingStation: header.pollingStation, assemblyNumber: header.assemblyNumber } : undefined;
        const votersFile = path.join(dir, 'voters.json');
        await writeFile(votersFile, JSON.stringify(voters));
        return pool.run(
          'render',
          {
            votersFile,
            sourceFile,
            bannerFile: path.resolve(bannerPath),
            out: path.resolve(values.out as string),
            address: values.address as string,
            layout,
            printPhotos: values.photos === true,
            mode: values.draft ? { kind: 'draft', previewPages } : { kind: 'final' },
            choices,
            roll,
            language: header ? rollLanguage(voters, header) : undefined,
          },
          { subject: 'render' },
        );
      }),
    );
    process.stdout.write(`${JSON.stringify(choices ? { pages: result.pages, slips: result.slips, deletedLeftOut: result.deletedLeftOut, leftOutByChoice: result.leftOutByChoice, ...(result.orderNote ? { orderNote: result.orderNote } : {}) } : { pages: result.pages, slips: result.slips })}\n`);
    return 0;
  } catch (error) {
    const known = error instanceof UsageError || error instanceof LayoutError || error instanceof BannerError || error instanceof SlipInputError || isInputError(error);
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`vsg slips: ${known ? message : `failed: ${message}`}\n`);
    return known ? 2 : 1;
  }
}
