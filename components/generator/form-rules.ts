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
import { BANNER_TYPE_ERROR, MAX_BANNER_MB, VOTER_LIST_TYPE_ERROR, isBannerName, isVoterListName } from '@/lib/documents/upload-rules';

export const LOGIN_TO_GENERATE = 'You need to be logged in to generate slips. Would you like to log in now?';
export const LOGIN_TO_CONTINUE = 'You need to be logged in to continue. Proceed to login?';

export interface GeneratorValues {
  voterList: File | null;
  banner: File | null;
  pageSize: PageSize;
  orientation: Orientation;
  slipsPerPage: number;
  printPhoto: boolean;
  boothAddress: string;
}

export function initialValues(): GeneratorValues {
  return {
    voterList: null,
    banner: null,
    pageSize: DEFAULT_PAGE_SIZE,
    orientation: DEFAULT_ORIENTATION,
    slipsPerPage: allowedSlipsPerPage(DEFAULT_PAGE_SIZE, DEFAULT_ORIENTATION)[0],
    printPhoto: false,
    boothAddress: '',
  };
}

/** Generate Slips is disabled until the voter list, the banner and a non-blank address are given. */
export function canGenerate(values: GeneratorValues): boolean {
  return values.voterList !== null && values.banner !== null && values.boothAddress.trim() !== '';
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

/** What the form checks before sending, with the server's upload limit once it is known. */
export function generatorSchema(maxMb?: number | null): z.ZodType<GeneratorValues, GeneratorValues> {
  return z.object({
    voterList: fileField('Voter List', isVoterListName, VOTER_LIST_TYPE_ERROR, maxMb),
    banner: fileField('Banner', isBannerName, BANNER_TYPE_ERROR, bannerLimitMb(maxMb)),
    pageSize: z.enum(PAGE_SIZES),
    orientation: z.enum(ORIENTATIONS),
    slipsPerPage: z.number(),
    printPhoto: z.boolean(),
    boothAddress: z.string(),
  });
}

/** The fields in the order the form shows them, for the first problem to name. */
export const GENERATOR_FIELDS = ['voterList', 'banner', 'pageSize', 'orientation', 'slipsPerPage', 'printPhoto', 'boothAddress'] as const satisfies readonly (keyof GeneratorValues)[];

/** 1.5 MB, 320 KB: a file size for people. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The upload's multipart fields: pdf_file, banner_file, slips_per_page, orientation, page_size, print_photo, booth_address. */
export function generateFormData(values: GeneratorValues): FormData {
  if (!values.voterList || !values.banner) throw new Error('voter list and banner are required');
  const form = new FormData();
  // The plain fields first: the server judges each as it arrives, so a bad one is refused before the files go up.
  form.set('slips_per_page', String(values.slipsPerPage));
  form.set('orientation', values.orientation);
  form.set('page_size', values.pageSize);
  form.set('print_photo', values.printPhoto ? 'true' : 'false');
  form.set('booth_address', values.boothAddress.trim());
  form.set('pdf_file', values.voterList, values.voterList.name);
  form.set('banner_file', values.banner, values.banner.name);
  return form;
}
