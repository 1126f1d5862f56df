import { z } from 'zod';
import { ORIENTATIONS, PAGE_SIZES, allowedSlipsPerPage, isAllowedLayout } from '@/lib/slips/layout-options';
import { unprintableAddressMessage, unprintableCharacters } from '@/lib/slips/render/faces';

/** The longest polling-station address accepted (it is printed on every slip). */
export const MAX_ADDRESS_LENGTH = 300;

/** SPEC §5 texts for the two file inputs. */
export const VOTER_LIST_TYPE_ERROR = 'Invalid file type for Voter List. Please select a PDF or Excel file.';
export const BANNER_TYPE_ERROR = 'Invalid file type for Banner. Please select a JPG or PNG image.';

export const VOTER_LIST_EXTENSIONS = ['.pdf', '.xls', '.xlsx'] as const;
export const BANNER_EXTENSIONS = ['.jpeg', '.jpg', '.png'] as const;
/** A banner is a small picture: bigger files are refused before they are stored. */
export const MAX_BANNER_BYTES = 10 * 1024 * 1024;

/** The generator form's plain fields (multipart), validated against SPEC §5's layout table. */
export const generatorFieldsSchema = z
  .object({
    page_size: z.enum(PAGE_SIZES, { message: `must be one of ${PAGE_SIZES.join(', ')}` }).default('a4'),
    orientation: z.enum(ORIENTATIONS, { message: `must be one of ${ORIENTATIONS.join(', ')}` }).default('portrait'),
    slips_per_page: z.coerce.number({ message: 'must be a number' }).int('must be a whole number'),
    print_photo: z
      .enum(['true', 'false', '1', '0', 'on', 'off', ''], { message: 'must be true or false' })
      .default('false')
      .transform((v) => v === 'true' || v === '1' || v === 'on'),
    booth_address: z
      .string()
      .transform((v) => v.trim())
      .pipe(
        z
          .string()
          .min(1, 'Please enter the polling station address.')
          .max(MAX_ADDRESS_LENGTH, `The polling station address is too long (at most ${MAX_ADDRESS_LENGTH} characters).`)
          .superRefine((address, ctx) => {
            const unprintable = unprintableCharacters(address);
            if (unprintable.length > 0) ctx.addIssue({ code: 'custom', message: unprintableAddressMessage(unprintable) });
          }),
      ),
  })
  .superRefine((v, ctx) => {
    if (!isAllowedLayout(v.page_size, v.orientation, v.slips_per_page)) {
      ctx.addIssue({
        code: 'custom',
        path: ['slips_per_page'],
        message: `${v.slips_per_page} slips per page is not offered for ${v.page_size.toUpperCase()} ${v.orientation}; choose ${allowedSlipsPerPage(v.page_size, v.orientation).join(', ')}.`,
      });
    }
  });

export type GeneratorFields = z.infer<typeof generatorFieldsSchema>;
