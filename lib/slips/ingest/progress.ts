/**
 * Page progress of one PDF parse: a page counts once, when the last stage that works on it has
 * finished with it (pages that go on to OCR are counted after their OCR), so the figure never
 * goes back and "page 12 of 38" means twelve pages are done.
 */
export class PageProgress {
  private readonly done = new Set<number>();

  constructor(
    readonly total: number,
    private readonly report?: (done: number, total: number) => void,
  ) {}

  /** Marks page `n` (1-based) done; a page marked twice counts once. */
  page(n: number): void {
    if (this.done.has(n)) return;
    this.done.add(n);
    this.report?.(this.done.size, this.total);
  }

  /** Marks every page done (the parse has finished). */
  finish(): void {
    for (let n = 1; n <= this.total; n++) this.page(n);
  }
}
