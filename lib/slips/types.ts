/**
 * The contract between voter-list ingestion (PDF rolls, Excel sheets) and the slip renderer.
 * Plain data only: everything here must survive JSON and structured clone (workers, jobs, the CLI).
 */

/** A rectangle in PDF user space of the source page (points, origin bottom-left, before /Rotate). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a roll voter's printed box sits in the source PDF. */
export interface RollBox {
  /** 1-based page number in the source PDF. */
  page: number;
  /** The voter box as printed. */
  rect: Rect;
  /** The photo area inside the box, when one was found. */
  photo: Rect | null;
}

export interface VoterRecord {
  /** Serial number in the part (roll order); null only when it could not be read at all. */
  serial: number | null;
  /** EPIC (voter ID card) number, upper case, or null when the box has none. */
  epic: string | null;
  /** 1-based source page (PDF) or 1-based sheet row (Excel). */
  page: number;
  name?: string;
  relation?: string;
  relativeName?: string;
  houseNumber?: string;
  age?: number;
  gender?: string;
  part?: string;
  section?: string;
  pollingStation?: string;
  /** The roll marks this entry as deleted. Deleted voters are reported, not dropped. */
  deleted?: boolean;
  /** Present for voters read from a roll PDF: the renderer crops this box from the source page. */
  box?: RollBox;
}

export type PageKind = 'cover' | 'voters' | 'summary' | 'other';

export interface ParseWarning {
  /** 1-based page (PDF) or row (Excel) the warning is about, if any. */
  page?: number;
  message: string;
}

export interface ParseReport {
  source: 'pdf' | 'excel';
  /** Number of voters found. */
  voters: number;
  /** Pages (PDF) by kind; for Excel, the number of data rows read is in `rows`. */
  pages: Record<PageKind, number>;
  totalPages: number;
  rows?: number;
  /** How the PDF text layer was judged. */
  textLayer?: 'clean' | 'scrambled' | 'none';
  withoutEpic: number;
  deleted: number;
  /** Numbers read by OCR, and how many of them were repaired from serial continuity. */
  ocrRead: number;
  ocrRepaired: number;
  /**
   * The roll's own facts from its cover and page headers (text rolls with a clean text layer).
   * `assembly` is "number - name"; the parts are also given apart.
   */
  header: {
    part?: string;
    assembly?: string;
    pollingStation?: string;
    assemblyNumber?: string;
    assemblyName?: string;
    section?: string;
    pollingStationAddress?: string;
    year?: string;
  };
  warnings: ParseWarning[];
}

export interface VoterList {
  voters: VoterRecord[];
  report: ParseReport;
}
