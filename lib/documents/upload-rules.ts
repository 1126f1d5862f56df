/**
 * What the generator's two file inputs accept and the words for a file they refuse, held once for the
 * browser's form, the upload route and the command line. No imports: the client bundle takes it as it is.
 */

export const VOTER_LIST_EXTENSIONS = ['.pdf', '.xls', '.xlsx', '.csv'] as const;
export const BANNER_EXTENSIONS = ['.jpeg', '.jpg', '.png'] as const;

/** The product's fixed words for a refused voter list (a CSV list counts as an Excel one here). */
export const VOTER_LIST_TYPE_ERROR = 'Invalid file type for Voter List. Please select a PDF or Excel file.';
export const BANNER_TYPE_ERROR = 'Invalid file type for Banner. Please select a JPG or PNG image.';

/** A banner is a small picture: bigger files are refused before they are stored (the form refuses them before sending). */
export const MAX_BANNER_MB = 10;
export const MAX_BANNER_BYTES = MAX_BANNER_MB * 1024 * 1024;

/**
 * Whether a file name (no folders) ends in one of the extensions, any case. The extension runs from the
 * last dot, and a dot that opens the name starts none (".pdf" is a hidden file called "pdf"), as Node's
 * path.extname reads a name.
 */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

function hasExtension(name: string, extensions: readonly string[]): boolean {
  return extensions.includes(extensionOf(name));
}

/** Whether a file name (no folders) is a voter list the generator reads: a PDF roll, an Excel workbook or a CSV list. */
export const isVoterListName = (name: string): boolean => hasExtension(name, VOTER_LIST_EXTENSIONS);

/** Whether a file name (no folders) is a ZIP archive (of voter lists, one per part). */
export const isZipName = (name: string): boolean => hasExtension(name, ['.zip']);

/**
 * Whether a voter list's content (its kind judged from its bytes, as lib/slips/ingest/detect.ts names it)
 * is one the generator reads under this name: a PDF or a workbook under any voter-list name (a roll saved
 * with the wrong one of the three extensions is still read), and text only under a .csv name.
 */
export function isVoterListContent(name: string, kind: string): boolean {
  if (!isVoterListName(name)) return false;
  if (kind === 'pdf' || kind === 'xlsx' || kind === 'xls') return true;
  return kind === 'text' && extensionOf(name) === '.csv';
}

/** Whether a file name (no folders) is a banner picture the slips take: JPEG or PNG. */
export const isBannerName = (name: string): boolean => hasExtension(name, BANNER_EXTENSIONS);
