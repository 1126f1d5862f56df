/** Bad input to the renderer (an empty list, a blank address, a source PDF it cannot copy pages from). */
export class SlipInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SlipInputError';
  }
}

/** A banner image that cannot be used (not an image, damaged, too large). */
export class BannerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BannerError';
  }
}

/** A page size, orientation and slips-per-page combination that is not offered. */
export class LayoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LayoutError';
  }
}

/**
 * The source roll PDF cannot be loaded to copy its pages (damaged: truncated, a broken cross-reference
 * table), though it may have been read: the caller may repair it (re-save it with PDFium) and try again.
 */
export class SourcePdfDamagedError extends SlipInputError {
  constructor(readonly detail: string) {
    super(
      "This roll PDF is damaged: its pages cannot be copied onto slips. Download the roll again from the election office's site and upload that file.",
    );
    this.name = 'SourcePdfDamagedError';
  }
}
