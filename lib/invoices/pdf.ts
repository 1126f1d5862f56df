/**
 * The invoice, bill of supply and credit note as an A4 PDF, drawn from the stored row alone (what an
 * issued document states never changes). Text goes through the slip renderer's font code (Noto Sans,
 * shaped by HarfBuzz, with ActualText), so it is extractable and a customer's name in an Indian script
 * prints as typed.
 */
import { PDFDocument, PDFName } from '@cantoo/pdf-lib';
import type { InvoiceRow } from '@/db/schema';
import { DocumentFont, textWidth, type TextStyle } from '@/lib/slips/render/font';
import { fmt2 } from '@/lib/slips/render/num';
import { amountInWords, formatIndianDate, formatPaise, formatRate, GST_STATES, stateLabel } from './gst';

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 48;
const CONTENT_W = PAGE_W - 2 * MARGIN;

export function documentTitle(row: Pick<InvoiceRow, 'kind' | 'taxInvoice'>): string {
  if (row.kind === 'credit_note') return 'Credit Note';
  return row.taxInvoice ? 'Tax Invoice' : 'Bill of Supply';
}

/** The file name a download gets: "invoice-2026-27-000123.pdf". */
export function documentFileName(row: Pick<InvoiceRow, 'kind' | 'number'>): string {
  return `${row.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${row.number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

function placeLabel(code: string | null): string {
  return code && GST_STATES[code] ? stateLabel(code) : '—';
}

/** Splits `text` into lines no wider than `width` at `size` (at spaces; a longer word is cut). */
function wrap(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (textWidth(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (textWidth(rest, size) > width && rest.length > 1) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(rest.slice(0, cut), size) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

class Canvas {
  ops = '';
  constructor(readonly font: DocumentFont) {}

  text(text: string, x: number, y: number, style: TextStyle): void {
    if (text) this.ops += this.font.show(text, x, y, style);
  }

  right(text: string, xRight: number, y: number, style: TextStyle): void {
    this.text(text, xRight - textWidth(text, style.size), y, style);
  }

  /** Lines of wrapped text from (x, y) down; answers the y under the last line. */
  para(text: string, x: number, y: number, width: number, style: TextStyle, leading = style.size * 1.35): number {
    for (const line of wrap(text, style.size, width)) {
      this.text(line, x, y, style);
      y -= leading;
    }
    return y;
  }

  line(x1: number, y1: number, x2: number, y2: number, width = 0.6, gray = 0.55): void {
    this.ops += `q ${fmt2(gray)} G ${fmt2(width)} w ${fmt2(x1)} ${fmt2(y1)} m ${fmt2(x2)} ${fmt2(y2)} l S Q\n`;
  }

  fill(x: number, y: number, w: number, h: number, gray: number): void {
    this.ops += `q ${fmt2(gray)} g ${fmt2(x)} ${fmt2(y)} ${fmt2(w)} ${fmt2(h)} re f Q\n`;
  }
}

export interface RenderOptions {
  /** A credit note's invoice: its number and date are stated. */
  invoice?: Pick<InvoiceRow, 'number' | 'issuedAt'> | null;
}

/** The PDF of an issued invoice, bill of supply or credit note. */
export async function renderInvoicePdf(row: InvoiceRow, options: RenderOptions = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const page = pdf.addPage([PAGE_W, PAGE_H]);
  const font = new DocumentFont(pdf.context, () => {});
  const c = new Canvas(font);
  const s = row.supplier;
  const title = documentTitle(row);
  const rupee = (paise: number) => `₹${formatPaise(paise)}`;
  const small: TextStyle = { size: 8.5, gray: 0.3 };
  const body: TextStyle = { size: 10 };
  const label: TextStyle = { size: 8.5, gray: 0.4 };
  const right = PAGE_W - MARGIN;

  // Heading: the document's kind, then the supplier and the document's own facts side by side.
  let y = PAGE_H - MARGIN - 6;
  c.text(title.toUpperCase(), MARGIN, y, { size: 18, bold: true });
  if (row.testMode) c.right('TEST MODE — NO MONEY WAS CHARGED', right, y + 2, { size: 9, bold: true, gray: 0.35 });
  y -= 10;
  c.line(MARGIN, y, right, y, 1.2, 0.2);
  y -= 20;

  const leftW = CONTENT_W * 0.55;
  let ly = y;
  c.text(s.legalName, MARGIN, ly, { size: 12, bold: true });
  ly -= 15;
  for (const addressLine of s.addressLines) ly = c.para(addressLine, MARGIN, ly, leftW, body);
  ly = c.para(s.gstin ? `GSTIN: ${s.gstin}` : 'Not registered under GST (no GSTIN)', MARGIN, ly, leftW, body);
  ly = c.para(`State: ${s.stateCode ? stateLabel(s.stateCode) : s.stateName}`, MARGIN, ly, leftW, body);
  ly = c.para(`E-mail: ${s.email}`, MARGIN, ly, leftW, body);

  const factsX = MARGIN + leftW + 16;
  const facts: [string, string][] = [
    [row.kind === 'credit_note' ? 'Credit note no.' : `${title} no.`, row.number],
    ['Date', formatIndianDate(row.issuedAt)],
  ];
  if (row.kind === 'credit_note' && options.invoice) facts.push(['Against invoice', `${options.invoice.number} of ${formatIndianDate(options.invoice.issuedAt)}`]);
  facts.push(['Place of supply', placeLabel(row.placeOfSupply)]);
  if (row.taxInvoice) facts.push(['Reverse charge', 'No']);
  facts.push(['Order ID', row.orderId], ['Payment ID', row.paymentId]);
  let ry = y;
  for (const [k, v] of facts) {
    c.text(k, factsX, ry, label);
    ry = c.para(v, factsX, ry - 11, right - factsX, { size: 10, bold: k.endsWith('no.') }) - 3;
  }
  y = Math.min(ly, ry) - 12;

  // The customer.
  c.fill(MARGIN, y - 4, CONTENT_W, 16, 0.93);
  c.text(row.kind === 'credit_note' ? 'ISSUED TO' : 'BILL TO', MARGIN + 6, y, { size: 9, bold: true, gray: 0.25 });
  y -= 20;
  y = c.para(row.customerName, MARGIN, y, CONTENT_W, { size: 11, bold: true });
  if (row.customerEmail) y = c.para(row.customerEmail, MARGIN, y, CONTENT_W, body);
  if (row.customerGstin) y = c.para(`GSTIN: ${row.customerGstin}`, MARGIN, y, CONTENT_W, body);
  if (row.customerStateCode) y = c.para(`State: ${placeLabel(row.customerStateCode)}`, MARGIN, y, CONTENT_W, body);
  y -= 14;

  // The line: one service.
  const cols = { no: MARGIN + 6, desc: MARGIN + 30, sac: MARGIN + 300, qty: MARGIN + 360, amount: right - 6 };
  c.fill(MARGIN, y - 5, CONTENT_W, 18, 0.2);
  const head: TextStyle = { size: 9, bold: true, gray: 1 };
  c.text('#', cols.no, y, head);
  c.text('Description', cols.desc, y, head);
  c.text('SAC', cols.sac, y, head);
  c.text('Qty', cols.qty, y, head);
  c.right(row.taxInvoice ? 'Taxable value (₹)' : 'Amount (₹)', cols.amount, y, head);
  y -= 22;
  const what =
    row.kind === 'credit_note'
      ? `Refund of the voter slip generation fee${row.documentId !== null ? ` (task ${row.documentId})` : ''}`
      : `Voter slip generation: final slips PDF${row.documentId !== null ? ` for task ${row.documentId}` : ''}`;
  c.text('1', cols.no, y, body);
  const descBottom = c.para(what, cols.desc, y, cols.sac - cols.desc - 10, body);
  c.text(s.sac, cols.sac, y, body);
  c.text(row.pages === null ? '1' : `${row.pages} ${row.pages === 1 ? 'page' : 'pages'}`, cols.qty, y, body);
  c.right(formatPaise(row.taxablePaise), cols.amount, y, body);
  y = Math.min(descBottom, y - 14) - 2;
  c.line(MARGIN, y, right, y);
  y -= 18;

  // Totals.
  const totals: [string, string, boolean][] = [];
  if (row.taxInvoice) {
    totals.push(['Taxable value', rupee(row.taxablePaise), false]);
    if (row.igstPaise > 0 || (row.cgstPaise === 0 && row.sgstPaise === 0 && row.placeOfSupply !== s.stateCode)) {
      totals.push([`IGST @ ${formatRate(row.rateBp)}`, rupee(row.igstPaise), false]);
    } else {
      totals.push([`CGST @ ${formatRate(row.rateBp / 2)}`, rupee(row.cgstPaise), false]);
      totals.push([`SGST @ ${formatRate(row.rateBp / 2)}`, rupee(row.sgstPaise), false]);
    }
  }
  totals.push([row.kind === 'credit_note' ? 'Total refunded' : row.taxInvoice ? 'Total (GST included)' : 'Total', rupee(row.totalPaise), true]);
  const labelX = MARGIN + CONTENT_W * 0.5;
  for (const [k, v, strong] of totals) {
    if (strong) {
      c.line(labelX, y + 12, right, y + 12, 0.8, 0.3);
      y -= 4;
    }
    c.text(k, labelX, y, { size: strong ? 11 : 10, bold: strong });
    c.right(v, cols.amount, y, { size: strong ? 11 : 10, bold: strong });
    y -= strong ? 18 : 15;
  }
  y -= 4;
  c.text('Amount in words', MARGIN, y, label);
  y = c.para(amountInWords(row.totalPaise), MARGIN, y - 12, CONTENT_W, { size: 10, bold: true }) - 10;

  if (!row.taxInvoice) {
    y = c.para('The supplier is not registered under GST: no tax is charged on this supply.', MARGIN, y, CONTENT_W, small) - 4;
  }
  if (row.kind === 'credit_note') {
    y = c.para('Issued for a refund of the payment named above, under section 34 of the CGST Act, 2017.', MARGIN, y, CONTENT_W, small) - 4;
  }
  y = c.para(`Paid online through Razorpay; the prices are ${row.taxInvoice ? 'inclusive of GST' : 'final'}.`, MARGIN, y, CONTENT_W, small) - 24;

  c.right(`For ${s.legalName}`, right, y, { size: 10 });
  c.right('Authorised signatory (computer-generated document, no signature needed)', right, y - 14, small);

  font.finalize();
  const stream = pdf.context.flateStream(c.ops);
  page.node.set(PDFName.of('Contents'), pdf.context.register(stream));
  page.node.set(PDFName.of('Resources'), pdf.context.obj({ Font: pdf.context.obj(font.resources()) }));
  pdf.setTitle(`${title} ${row.number}`);
  pdf.setAuthor(s.legalName);
  pdf.setCreator(s.legalName);
  pdf.setProducer(s.legalName);
  pdf.setCreationDate(row.issuedAt);
  pdf.setModificationDate(row.issuedAt);
  return pdf.save({ useObjectStreams: false });
}
