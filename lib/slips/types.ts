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
  /**
   * Where the box may be cut in two when photos are off (ingest/text-cut.ts): null when it may not
   * (no photo, or no blank line between text lines near the photo's top); absent in lists read before
   * it was recorded. Either way such a box is drawn whole, its photo blanked.
   */
  textCut?: TextCut | null;
}

/**
 * A safe cut of a voter box, in the PDF user space of its (unrotated) page: the strip above `y` (serial and
 * ID, the box's full width) and the text part below it, left of `right` (the photo column's edge), hold
 * all of the box's text, and the line y crosses none of it.
 */
export interface TextCut {
  y: number;
  right: number;
}

/** An entry in an assembly constituency's electoral roll: constituency number, part number, serial in the part. */
export interface AssemblyEntry {
  assemblyNumber: string;
  part: string;
  serial: number;
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
  /** The roll's part number, when the roll states it (its header); `serial` is the serial in that part. */
  part?: string;
  /**
   * The voter's entry in the assembly constituency's roll, for lists built from assembly rolls (a State
   * Election Commission ward list prints it in each box as "AC/part/serial", e.g. 40/259/911). `serial`
   * and `part` above stay the list's own.
   */
  assemblyEntry?: AssemblyEntry;
  section?: string;
  pollingStation?: string;
  /** The roll marks this entry as deleted. Deleted voters are reported, not dropped. */
  deleted?: boolean;
  /**
   * Why, when the roll says: the letter it prints in the serial cell (S shifted, E expired, R repeated,
   * M missing, Q disqualified) or the deletion list's code.
   */
  deletionReason?: string;
  /** Printed in a supplement to the roll (additions, deletions, corrections), not the main list. */
  supplement?: Supplement;
  /** Present for voters read from a roll PDF: the renderer crops this box from the source page. */
  box?: RollBox;
}

/**
 * What a roll page is: the cover (the roll's facts), a map or photo page, voter boxes, the heading
 * page of a supplement list, the summary of electors at the end, or something else.
 */
export type PageKind = 'cover' | 'map' | 'voters' | 'supplement' | 'summary' | 'other';

/**
 * A supplement list of a roll, as its heading names it. A voter without one is in the main list; one
 * with it is in supplement `number` (when the roll numbers them), in its list of `kind`.
 */
export interface Supplement {
  kind: 'additions' | 'deletions' | 'corrections' | 'supplement';
  /** The heading as printed, e.g. "Component - 1 : Additions list 2" (lines of a heading block joined by " · "). */
  heading: string;
  /** The supplement's number as printed ("Supplement 2", "Additions List 2", "पुरवणी यादी क्र. 2"), when it has one. */
  number?: number;
}

export interface ParseWarning {
  /** 1-based page (PDF) or row (Excel) the warning is about, if any. */
  page?: number;
  /** What was found, in plain words, naming the pages, rows or serials concerned. */
  message: string;
  /** What the user can do about it, when there is something to do. */
  action?: string;
  /** How the reader came to it, for whoever wants the technical detail (shown behind a toggle). */
  detail?: string;
}

export interface ParseReport {
  source: 'pdf' | 'excel';
  /** Number of voters found. */
  voters: number;
  /** Pages (PDF) by kind; for Excel, the number of data rows read is in `rows`. */
  pages: Record<PageKind, number>;
  /** What each page is (PDF), in page order; empty for Excel. */
  pageKinds?: PageKind[];
  totalPages: number;
  rows?: number;
  /** How the PDF text layer was judged. */
  textLayer?: 'clean' | 'scrambled' | 'none';
  withoutEpic: number;
  deleted: number;
  /**
   * The deleted voters by the reason the roll prints (S, E, R, M, Q, or a deletion list's code), and under
   * "unknown" those marked without a readable one (the DELETED stamp alone); e.g. { E: 4, S: 2, unknown: 1 }.
   */
  deletedByReason?: Record<string, number>;
  /** Numbers read by OCR, and how many of them the checks changed (serial continuity, the roll's ID prefixes, a reprinted entry's serial from its ID). */
  ocrRead: number;
  ocrRepaired: number;
  /**
   * Voters whose IDs were left unread for a later, complete parse (ParseOptions.scanIds 'later': image-only
   * pages read to the draft first); absent when every ID was read or tried.
   */
  idsLater?: number;
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
    /** A spreadsheet's district and ward, as the rows above its table state them. */
    district?: string;
    ward?: string;
  };
  warnings: ParseWarning[];
  /**
   * A roll with supplements (PDF): its lists in roll order, the main list first, each with the voters read
   * in it, how many of them are deleted, and the count printed under it when the roll states one.
   */
  lists?: RollList[];
}

export interface RollList {
  kind: 'main' | Supplement['kind'];
  heading?: string;
  number?: number;
  voters: number;
  deleted: number;
  stated?: number;
}

export interface VoterList {
  voters: VoterRecord[];
  report: ParseReport;
}
