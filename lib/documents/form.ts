import { z } from 'zod';
import { codePoints, controlCharacters, hasVisibleCharacter, normaliseSpaces } from '@/lib/api/plain-text';
import { ORIENTATIONS, PAGE_SIZES, allowedSlipsPerPage, type Orientation, type PageSize } from '@/lib/slips/layout-options';
import { unprintableAddressMessage, unprintableCharacters } from '@/lib/slips/render/faces';

/** The longest polling-station address accepted (it is printed on every slip). */
export const MAX_ADDRESS_LENGTH = 300;

/** The longest file name accepted (what file systems allow). */
export const MAX_FILE_NAME_LENGTH = 255;

/** The texts for a file of the wrong type in the two file inputs. */
export const VOTER_LIST_TYPE_ERROR = 'Invalid file type for Voter List. Please select a PDF or Excel file.';
export const BANNER_TYPE_ERROR = 'Invalid file type for Banner. Please select a JPG or PNG image.';

export const VOTER_LIST_EXTENSIONS = ['.pdf', '.xls', '.xlsx'] as const;
export const BANNER_EXTENSIONS = ['.jpeg', '.jpg', '.png'] as const;
/** A banner is a small picture: bigger files are refused before they are stored. */
export const MAX_BANNER_BYTES = 10 * 1024 * 1024;

const ADDRESS_MISSING = 'Please enter the polling station address.';

/**
 * The polling-station address: plain text (no control characters; whitespace of any kind as one space),
 * something visible, at most MAX_ADDRESS_LENGTH characters, only characters the slip faces print.
 */
export const boothAddressField = z
  .string({ error: ADDRESS_MISSING })
  .superRefine((address, ctx) => {
    const controls = controlCharacters(address);
    if (controls.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `The polling station address contains control characters (${codePoints(controls)}) that cannot be printed; please type the address again.`,
        fatal: true,
      });
    }
  })
  .transform(normaliseSpaces)
  .pipe(
    z
      .string()
      .min(1, ADDRESS_MISSING)
      .max(MAX_ADDRESS_LENGTH, `The polling station address is too long (at most ${MAX_ADDRESS_LENGTH} characters).`)
      .superRefine((address, ctx) => {
        if (address.length === 0) return;
        if (!hasVisibleCharacter(address)) {
          ctx.addIssue({ code: 'custom', message: 'The polling station address has no visible letters or digits; please type the address.', fatal: true });
          return;
        }
        const unprintable = unprintableCharacters(address);
        if (unprintable.length > 0) ctx.addIssue({ code: 'custom', message: unprintableAddressMessage(unprintable) });
      }),
  );

/** Each plain field of the generator form on its own, so that a field can be judged as soon as it arrives. */
export const generatorFieldShapes = {
  page_size: z.enum(PAGE_SIZES, { message: `must be one of ${PAGE_SIZES.join(', ')}` }).default('a4'),
  orientation: z.enum(ORIENTATIONS, { message: `must be one of ${ORIENTATIONS.join(', ')}` }).default('portrait'),
  /** Judged with the page size and orientation it goes with (see slipsPerPageProblem). */
  slips_per_page: z.string({ error: 'must be text' }).optional(),
  print_photo: z
    .enum(['true', 'false', '1', '0', 'on', 'off', ''], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1' || v === 'on'),
  booth_address: boothAddressField,
};

function layoutName(size: PageSize, orientation: Orientation): string {
  return `${size.toUpperCase()} ${orientation}`;
}

function listOf(values: readonly number[]): string {
  return values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;
}

/**
 * Why a slips-per-page value cannot be used with a layout, or null. Only a plain decimal is a number here
 * ("8"; not "", " 8", "8.0", "0x8", "1e1"), and it must be one of the layout's values.
 */
export function slipsPerPageProblem(raw: string | undefined, size: PageSize, orientation: Orientation): string | null {
  const allowed = allowedSlipsPerPage(size, orientation);
  const choices = `${listOf(allowed)} for ${layoutName(size, orientation)}`;
  if (raw === undefined || raw === '') return `Please choose the slips per page: ${choices}.`;
  if (!/^[0-9]{1,3}$/.test(raw)) return `Slips per page must be a whole number written in digits: ${choices} (not ${JSON.stringify(raw.slice(0, 20))}).`;
  const value = Number(raw);
  if (!allowed.includes(value)) return `${value} slips per page is not offered for ${layoutName(size, orientation)}; choose ${listOf(allowed)}.`;
  return null;
}

/** The generator form's plain fields (multipart), validated against the allowed layouts (ALLOWED_SLIPS_PER_PAGE). */
export const generatorFieldsSchema = z
  .object(generatorFieldShapes)
  .superRefine((v, ctx) => {
    const problem = slipsPerPageProblem(v.slips_per_page, v.page_size, v.orientation);
    if (problem) ctx.addIssue({ code: 'custom', path: ['slips_per_page'], message: problem });
  })
  .transform((v) => ({ ...v, slips_per_page: Number(v.slips_per_page) }));

export type GeneratorFields = z.output<typeof generatorFieldsSchema>;
