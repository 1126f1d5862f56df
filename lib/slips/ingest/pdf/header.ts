import type { ParseReport } from '../../types';

/** Header facts of a roll from clean text lines (English, Hindi, Gujarati labels). */
export function readHeader(lines: string[]): ParseReport['header'] {
  const header: ParseReport['header'] = {};
  const text = lines.join('\n');
  const part = /(?:Part\s*No\.?|Part\s*Number|भाग\s*(?:संख्या|सं\.?|नं\.?)|ભાગ\s*(?:નંબર|નં\.?))\s*[:：\-]*\s*(\d{1,4})/iu.exec(text);
  if (part) header.part = part[1];
  const ac = /(?:Assembly\s*Constituency|विधान\s*सभा\s*(?:निर्वाचन\s*)?क्षेत्र|વિધાનસભા\s*મતવિસ્તાર)[^:：\n]*[:：\-]+\s*([^\n]+)/iu.exec(text);
  if (ac) header.assembly = ac[1].trim().slice(0, 120);
  const ps = /(?:Polling\s*Station|मतदान\s*के(?:न्द्र|ंद्र)|મતદાન\s*મથક)[^:：\n]*[:：\-]+\s*([^\n]+)/iu.exec(text);
  if (ps) header.pollingStation = ps[1].trim().slice(0, 160);
  return header;
}
