/**
 * The generator form's rules: its values and their schema (the files' type and size), when Generate
 * Slips is enabled, the layout's slips per page, the multipart body and the error texts. Which files are
 * accepted is lib/documents/upload-rules', shared with the server.
 */
import { z } from 'zod';
import {
  coerceSlipsPerPage,
  DEFAULT_ORIENTATION,
  DEFAULT_PAGE_SIZE,
  ORIENTATIONS,
  PAGE_SIZES,
  allowedSlipsPerPage,
  type Orientation,
  type PageSize,
} from '@/lib/slips/layout-options';
import { SCRIPT_LANGUAGES, type ScriptLanguage } from '@/lib/transliterate/scripts';
import { BANNER_TYPE_ERROR, MAX_BANNER_MB, VOTER_LIST_TYPE_ERROR, isBannerName, isVoterListName, isZipName } from '@/lib/documents/upload-rules';

export const LOGIN_TO_GENERATE = 'You need to be logged in to generate slips. Would you like to log in now?';
export const LOGIN_TO_CONTINUE = 'You need to be logged in to continue. Proceed to login?';

export interface GeneratorValues {
  /** The voter lists: one roll or sheet, or several (a ward's or a constituency's parts, or a ZIP of them). */
  voterLists: File[];
  banner: File | null;
  pageSize: PageSize;
  orientation: Orientation;
  slipsPerPage: number;
  printPhoto: boolean;
  boothAddress: string;
  /** The script the address suggestions are in (kept with the rest across a login or a cancelled task). */
  addressLang: ScriptLanguage;
}

export function initialValues(): GeneratorValues {
  return {
    voterLists: [],
    banner: null,
    pageSize: DEFAULT_PAGE_SIZE,
    orientation: DEFAULT_ORIENTATION,
    slipsPerPage: allowedSlipsPerPage(DEFAULT_PAGE_SIZE, DEFAULT_ORIENTATION)[0],
    printPhoto: false,
    boothAddress: '',
    // the roll is not read yet: Hindi's suggestions until the typist picks the roll's script
    addressLang: 'hi',
  };
}

/** Generate Slips is disabled until a voter list, the banner and a non-blank address are given. */
export function canGenerate(values: GeneratorValues): boolean {
  return values.voterLists.length > 0 && values.banner !== null && values.boothAddress.trim() !== '';
}

/** What one task's voter lists may be, as the server says (absent: only the one-list limit is known). */
export interface ListLimits {
  maxMb?: number | null;
  taskMb?: number | null;
  taskFiles?: number | null;
}

/** Whether a name is a voter list or a ZIP of them (the voter-list field takes both). */
export const isListOrZipName = (name: string): boolean => isVoterListName(name) || isZipName(name);

/** The first problem with the voter lists chosen, in the user's words, or null. */
export function listsProblem(files: readonly File[], limits: ListLimits): string | null {
  if (files.length === 0 || files.some((f) => !isListOrZipName(f.name))) return VOTER_LIST_TYPE_ERROR;
  if (limits.taskFiles && files.length > limits.taskFiles) return `One task takes at most ${limits.taskFiles} voter lists; you chose ${files.length}.`;
  for (const file of files) {
    // a ZIP holds many lists: it is judged against the task's limit
    const limit = isZipName(file.name) ? (limits.taskMb ?? limits.maxMb) : limits.maxMb;
    const tooLarge = tooLargeError(files.length === 1 ? 'Voter List' : file.name, file, limit);
    if (tooLarge) return files.length === 1 ? tooLarge : tooLarge.replace(/^The /, '');
  }
  const total = files.reduce((n, f) => n + f.size, 0);
  if (limits.taskMb && files.length > 1 && total > limits.taskMb * 1024 * 1024) {
    return `The voter lists together are ${formatSize(total)}; the limit for one task is ${limits.taskMb} MB.`;
  }
  return null;
}

/** Changing size or orientation keeps slips per page if allowed, else the first allowed value. */
export function withLayout(values: GeneratorValues, change: { pageSize?: PageSize; orientation?: Orientation }): GeneratorValues {
  const pageSize = change.pageSize ?? values.pageSize;
  const orientation = change.orientation ?? values.orientation;
  return { ...values, pageSize, orientation, slipsPerPage: coerceSlipsPerPage(pageSize, orientation, values.slipsPerPage) };
}

/** "The Voter List is 61.2 MB; the limit is 50 MB." when a file is over the server's upload limit. */
export function tooLargeError(label: string, file: File, maxMb: number | null | undefined): string | null {
  if (!maxMb || file.size <= maxMb * 1024 * 1024) return null;
  return `The ${label} is ${formatSize(file.size)}; the limit is ${maxMb} MB.`;
}

/** A chosen file: of an accepted type (else `typeError`) and within the upload limit. */
function fileField(label: string, isAccepted: (name: string) => boolean, typeError: string, maxMb: number | null | undefined) {
  return z
    .custom<File | null>((value) => value === null || value instanceof Blob)
    .superRefine((file, ctx) => {
      if (!file || !isAccepted(file.name)) {
        ctx.addIssue({ code: 'custom', message: typeError });
        return;
      }
      const tooLarge = tooLargeError(label, file, maxMb);
      if (tooLarge) ctx.addIssue({ code: 'custom', message: tooLarge });
    });
}

/** The banner's own limit (a picture, 10 MB), or the upload limit when that is lower. */
export function bannerLimitMb(maxMb?: number | null): number {
  return maxMb ? Math.min(maxMb, MAX_BANNER_MB) : MAX_BANNER_MB;
}

/** What the form checks before sending, with the server's upload limits once they are known. */
export function generatorSchema(maxMb?: number | null, task: Omit<ListLimits, 'maxMb'> = {}): z.ZodType<GeneratorValues, GeneratorValues> {
  return z.object({
    voterLists: z.array(z.custom<File>((value) => value instanceof Blob)).superRefine((files, ctx) => {
      const problem = listsProblem(files, { maxMb, ...task });
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    banner: fileField('Banner', isBannerName, BANNER_TYPE_ERROR, bannerLimitMb(maxMb)),
    pageSize: z.enum(PAGE_SIZES),
    orientation: z.enum(ORIENTATIONS),
    slipsPerPage: z.number(),
    printPhoto: z.boolean(),
    boothAddress: z.string(),
    addressLang: z.enum(SCRIPT_LANGUAGES),
  });
}

/** The fields in the order the form shows them, for the first problem to name. */
export const GENERATOR_FIELDS = ['voterLists', 'banner', 'pageSize', 'orientation', 'slipsPerPage', 'printPhoto', 'boothAddress'] as const satisfies readonly (keyof GeneratorValues)[];

/** 1.5 MB, 320 KB: a file size for people. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The task's multipart fields: slips_per_page, orientation, page_size, print_photo, booth_address, then the
 * files — as pdf_file (once per list) and banner_file, or, when they went up before as resumable uploads,
 * as pdf_upload (once per list) and banner_upload naming them.
 */
export function generateFormData(values: GeneratorValues, uploaded?: { lists: readonly string[]; banner: string }): FormData {
  if (values.voterLists.length === 0 || !values.banner) throw new Error('voter list and banner are required');
  const form = new FormData();
  // The plain fields first: the server judges each as it arrives, so a bad one is refused before the files go up.
  form.set('slips_per_page', String(values.slipsPerPage));
  form.set('orientation', values.orientation);
  form.set('page_size', values.pageSize);
  form.set('print_photo', values.printPhoto ? 'true' : 'false');
  form.set('booth_address', values.boothAddress.trim());
  if (uploaded) {
    for (const id of uploaded.lists) form.append('pdf_upload', id);
    form.set('banner_upload', uploaded.banner);
    return form;
  }
  for (const list of values.voterLists) form.append('pdf_file', list, list.name);
  form.set('banner_file', values.banner, values.banner.name);
  return form;
}
