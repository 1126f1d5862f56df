import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '@/db/schema';
import { splitInclusive } from './gst';
import { creditSplit, customerOf } from './service';

function invoiceOf(total: number, sameState: boolean, registered = true): InvoiceRow {
  const s = splitInclusive(total, registered ? 1800 : null, sameState);
  return {
    taxInvoice: registered,
    placeOfSupply: sameState ? '29' : '27',
    supplier: { stateCode: '29' },
    rateBp: s.rateBp,
    totalPaise: s.totalPaise,
    taxablePaise: s.taxablePaise,
    cgstPaise: s.cgstPaise,
    sgstPaise: s.sgstPaise,
    igstPaise: s.igstPaise,
  } as InvoiceRow;
}

const asNote = (s: ReturnType<typeof creditSplit>) => ({ ...s }) as unknown as InvoiceRow;

describe('credit notes of refunds', () => {
  it('partial refunds split like the invoice; the last one takes exactly what is left of each part', () => {
    for (const [total, same] of [[19_200, true], [19_201, true], [777, false], [101, true]] as const) {
      const invoice = invoiceOf(total, same);
      const notes: InvoiceRow[] = [];
      let left = total;
      for (const part of [Math.floor(total / 3), Math.floor(total / 5)]) {
        const split = creditSplit(invoice, notes, part);
        expect(split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise).toBe(part);
        expect(split.kind).toBe(same ? 'intra' : 'inter');
        notes.push(asNote(split));
        left -= part;
      }
      notes.push(asNote(creditSplit(invoice, notes, left)));
      for (const key of ['totalPaise', 'taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
        expect(notes.reduce((sum, n) => sum + n[key], 0), `${total} ${key}`).toBe(invoice[key]);
      }
    }
  });

  it('a bill of supply is credited without tax', () => {
    expect(creditSplit(invoiceOf(5000, true, false), [], 2000)).toMatchObject({ taxablePaise: 2000, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, kind: 'none' });
  });
});

describe('the customer on an invoice', () => {
  it('the billing name over the account name; the GSTIN decides the state', () => {
    expect(customerOf({ name: 'Asha', email: 'a@x.in', billingName: null, billingGstin: null, billingStateCode: null })).toEqual({ customerName: 'Asha', customerEmail: 'a@x.in', customerGstin: null, customerStateCode: null });
    expect(customerOf({ name: 'Asha', email: 'a@x.in', billingName: ' Ward 5 Office ', billingGstin: '27AAPFU0939F1ZV', billingStateCode: '29' })).toMatchObject({ customerName: 'Ward 5 Office', customerGstin: '27AAPFU0939F1ZV', customerStateCode: '27' });
    expect(customerOf({ name: ' ', email: 'a@x.in', billingName: '', billingGstin: null, billingStateCode: '33' })).toMatchObject({ customerName: 'a@x.in', customerStateCode: '33' });
  });
});
